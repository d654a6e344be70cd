"""Stored events of older schema versions, read as the current ones.

Stored records are never rewritten (their hashes cover them as stored), so an event stored
at an older ``schema_version`` is brought up to its class's ``SCHEMA_VERSION`` each time it
is read. An upcaster takes one version's data to the next, given the match as it was before
the event (the context an old record may lack); `upcast` runs them in sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .events import EVENT_TYPES
from .state import Match

Data = Mapping[str, Any]
Upcaster = Callable[[Data, Match], Data]


def _life_changed_v1(data: Data, state: Match) -> Data:
    """Version 1 stored the rule's change as `delta` even where R5 stopped life at 0; version
    2 keeps it as `nominal` and makes `delta` the change applied."""
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < len(state.seats):
        raise ValueError(f"there is no seat {seat!r}")
    return {**data, "delta": data["life"] - state.seats[seat].life, "nominal": data["delta"]}


UPCASTERS: dict[tuple[str, int], Upcaster] = {
    ("LifeChanged", 1): _life_changed_v1,
}


def upcast(name: str, schema_version: int, data: Data, state: Match) -> Data:
    """`data`, stored as `name` at `schema_version`, at the event's current schema version.

    `state` is the match before the event. Raises ``ValueError`` for an unknown type, a
    schema version this code does not know (a newer one included), or data an upcaster
    cannot read.
    """
    cls = EVENT_TYPES.get(name)
    if cls is None:
        raise ValueError(f"unknown event type {name!r}")
    current = cls.SCHEMA_VERSION
    if not 1 <= schema_version <= current:
        raise ValueError(f"{name} has schema versions 1 to {current}, not {schema_version}")
    for version in range(schema_version, current):
        data = _step(UPCASTERS[name, version], name, version, data, state)
    return data


def _step(upcaster: Upcaster, name: str, version: int, data: Data, state: Match) -> Data:
    try:
        return upcaster(data, state)
    except (LookupError, TypeError, ValueError) as error:
        raise ValueError(f"{name} version {version} cannot be upcast: {error!r}") from None
