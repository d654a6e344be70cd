"""Texas Hold'em (docs/rules/holdem.md): cards, hand values, the decider over a freeze-out
of many hands, views, chance, computer players and records. Standard library only.

`GAME` is its `flipside.engine.game.Game`.
"""

from .game import GAME

__all__ = ["GAME"]
