"""How large a request body may be: what the largest valid request needs, computed from the
installed games, not guessed.

The largest valid body is a create of the game with the longest one: as many seats as it
takes, each with the longest name written as JSON escapes of characters outside the Basic
Multilingual Plane (12 bytes each), the longest level, every option at its longest value, a
seed and a turn timeout; or a move with every parameter at its longest. Each is measured as
JSON indented by `INDENT` spaces (a client that pretty-prints is still valid), and the
largest, rounded up to a whole KiB, is the cap: anything longer can only be refused after
the work of parsing and validating it, which is what an oversized body is sent for.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from flipside.engine.game import JSON, Option
from flipside.engine.registry import AnyGame, games
from flipside.engine.seats import NAME_MAX

INDENT = 4
KIB = 1024
# A name's longest form: every character an escaped surrogate pair ("\ud83d\ude00").
_WIDEST_CHARACTER = "\U0001f600"
_SEAT_TYPES = ("human", "npc")
_SEED = "f" * 64
_LONGEST_TIMEOUT = 86_400
# A game's options and moves bound their numbers and most lists; where one does not (a list
# option without a most, a string without choices or a length) these stand in for its
# longest: far beyond what any game's rules need (a blind schedule of 100 levels).
UNBOUNDED_ITEMS = 100
UNBOUNDED_STRING = 64
UNBOUNDED_INTEGER = -(2**63)


def _longest_integer(minimum: int | None, maximum: int | None) -> int:
    bounds = [bound for bound in (minimum, maximum) if bound is not None]
    if len(bounds) < 2:
        bounds.append(UNBOUNDED_INTEGER)
    return max(bounds, key=lambda bound: len(str(bound)))


def _longest_option(option: Option) -> Any:
    if option.kind == "integer":
        return _longest_integer(option.minimum, option.maximum)
    if option.kind == "boolean":
        return False
    if option.kind == "string":
        return max(option.choices or ("x" * UNBOUNDED_STRING,), key=len)
    entry = {item.name: _longest_option(item) for item in option.items or ()}
    return [entry] * UNBOUNDED_ITEMS


def _longest_parameter(schema: Mapping[str, Any]) -> Any:
    kind = schema.get("type")
    if "enum" in schema:
        return max(schema["enum"], key=lambda value: len(json.dumps(value)))
    if kind == "integer":
        return _longest_integer(schema.get("minimum"), schema.get("maximum"))
    if kind == "array":
        items = schema.get("maxItems", UNBOUNDED_ITEMS)
        return [_longest_parameter(schema.get("items", {}))] * items
    if kind == "boolean":
        return False
    return "x" * schema.get("maxLength", UNBOUNDED_STRING)


def _largest_create(game: AnyGame) -> JSON:
    seat = {
        "type": max(_SEAT_TYPES, key=len),
        "name": _WIDEST_CHARACTER * NAME_MAX,
        "level": max(game.levels, key=len),
    }
    return {
        "game": game.id,
        "seats": [seat] * max(game.seats),
        "options": {option.name: _longest_option(option) for option in game.option_specs},
        "seed": _SEED,
        "turn_timeout_seconds": _LONGEST_TIMEOUT,
    }


def _largest_bodies() -> Iterator[JSON]:
    for game in games():
        yield _largest_create(game)
        for kind in game.action_kinds:
            parameters = {name: _longest_parameter(s) for name, s in kind.properties.items()}
            yield {"kind": kind.kind, **parameters}


def largest_valid_body() -> int:
    """The length in bytes of the largest valid request body, as indented JSON."""
    return max(len(json.dumps(body, indent=INDENT).encode()) for body in _largest_bodies())


MAX_BODY_BYTES = -(-largest_valid_body() // KIB) * KIB
