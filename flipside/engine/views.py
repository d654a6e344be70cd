"""What every game's view begins with, and a view as JSON.

A game's view of a match is a frozen dataclass of its own, built for every computer move;
its first fields are the match's (`MatchHead`: which match, at which version, for whom, and
where it stands) and each seat's begins with who sits there (`SeatHead`). A subclass adds
its fields after them, so a view's JSON keeps that order: the engine's fields, then the
game's.

>>> @dataclass(frozen=True, slots=True)
... class SeatInView(SeatHead):
...     chips: int
>>> @dataclass(frozen=True, slots=True)
... class TableView(MatchHead):
...     seats: tuple[SeatInView, ...]
>>> view = TableView("m", 3, None, "active", "betting", (SeatInView(0, "npc", None, "easy", 9),))
>>> view_body(view)["seats"]
[{'seat': 0, 'name': None, 'level': 'easy', 'chips': 9, 'type': 'npc'}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import JSON, Status, Viewer
from .plain import plain


@dataclass(frozen=True, slots=True)
class MatchHead:
    """A view's first fields: the match, its version, the viewer (None: a spectator), its
    status and the game's phase."""

    match_id: str
    version: int
    viewer: Viewer
    status: Status
    phase: str


@dataclass(frozen=True, slots=True)
class SeatHead:
    """A seat in a view begins with its number and who sits there (`SeatSpec`'s fields)."""

    seat: int
    kind: str
    name: str | None
    level: str | None


def view_body(view: Any) -> JSON:
    """A view dataclass as JSON: its fields, each seat's ``kind`` named ``type`` (the
    envelope's word for a person or a computer)."""
    body: JSON = plain(view)
    for seat in body["seats"]:
        seat["type"] = seat.pop("kind")
    return body
