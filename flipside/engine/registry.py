"""The installed games, by id, and which game a stored event belongs to.

This module and ``flipside/games/`` are the only places that know the list of games.
Stored event types are qualified by their game (``flipside.CardsDealt``); records written
before the engine hosted several games carry bare names, all of them Flipside's.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from .game import Game

AnyGame = Game[Any, Any, Any, Any, Any]

INSTALLED = (
    "flipside",
    "oink",
    "holdem",
    "orc",
    "juggernaut",
)  # module names under flipside.games, in listing order
DEFAULT_GAME = "flipside"
LEGACY_GAME = "flipside"  # the game of records whose event types are not qualified
SEPARATOR = "."


class UnknownGame(LookupError):
    code = "unknown_game"


@cache
def game_named(game_id: str) -> AnyGame:
    """The installed game `game_id`; `UnknownGame` otherwise."""
    if game_id not in INSTALLED:
        raise UnknownGame(f"no game {game_id!r}; installed: {', '.join(INSTALLED)}")
    found: AnyGame = importlib.import_module(f"flipside.games.{game_id}").GAME
    return found


def games() -> tuple[AnyGame, ...]:
    return tuple(game_named(game_id) for game_id in INSTALLED)


def qualified(game_id: str, name: str) -> str:
    """The stored type of event `name` of `game_id`.

    >>> qualified("flipside", "CardsDealt")
    'flipside.CardsDealt'
    """
    return f"{game_id}{SEPARATOR}{name}"


def split_type(stored_type: str) -> tuple[str, str]:
    """(game id, event name) of a stored type; a bare name is a legacy Flipside record.

    >>> split_type("flipside.CardsDealt"), split_type("CardsDealt")
    (('flipside', 'CardsDealt'), ('flipside', 'CardsDealt'))
    """
    game_id, separator, name = stored_type.rpartition(SEPARATOR)
    return (game_id, name) if separator else (LEGACY_GAME, name)


def game_of_type(stored_type: str) -> AnyGame:
    return game_named(split_type(stored_type)[0])
