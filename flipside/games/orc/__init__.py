"""Orc Poker, the push-your-luck chip game for 3 to 8 players on a Pairs deck
(docs/rules/orc.md): the deck, the decider, views, shuffles and computer players. Standard
library only.

`GAME` is its `flipside.engine.game.Game`.
"""

from .game import GAME

__all__ = ["GAME"]
