"""Flipside, the two-sided 78-card poker (docs/rules/flipside.md): cards, hands, the decider,
views, shuffles and computer players. Standard library only.

`GAME` is its `flipside.engine.game.Game`.
"""

from .game import GAME

__all__ = ["GAME"]
