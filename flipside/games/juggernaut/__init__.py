"""Juggernaut coin poker (docs/rules/juggernaut.md): four seats, a 108-card deck with wild
jokers, silver and gold coins, and a champion everyone hunts. Standard library only.

`GAME` is its `flipside.engine.game.Game`.
"""

from .game import GAME

__all__ = ["GAME"]
