"""Stored events of older schema versions, read as the current ones.

Stored records are never rewritten (their hashes cover them as stored), so an event stored
at an older ``schema_version`` is brought up to its class's ``SCHEMA_VERSION`` each time it
is read. An upcaster takes one version's data to the next, given the match as it was before
the event (the context an old record may lack); `upcast` (the engine's
`EventCodec.upcast`) runs them in sequence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .events import CODEC
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

UPCASTING = CODEC.upcasting(UPCASTERS)
"""Flipside's events as stored, every schema version it has written read as the current."""
upcast = UPCASTING.upcast
