"""Every installed game's action space and observation (`GameSpaces`), by game id."""

from __future__ import annotations

import importlib

from .base import GameSpaces


def spaces_of(game: str) -> GameSpaces:
    """The spaces of `game`; ``KeyError`` for a game the environment does not cover."""
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError:
        raise KeyError(f"no environment for game {game!r}") from None
    found: GameSpaces = module.SPACES
    return found
