"""Oink Poker, the two-player poker with dice-made jokers (docs/rules/oink.md): cards, the
joker evaluator, the decider, views and computer players. Standard library only.

`GAME` is its `flipside.engine.game.Game`.
"""

from .game import GAME

__all__ = ["GAME"]
