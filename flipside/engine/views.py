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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .game import JSON, Status, Viewer
from .plain import plain

_State = TypeVar("_State")
_Seen = TypeVar("_Seen")


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


def kept_per_seat(
    build: Callable[[int, _State, bool], _Seen], frozen: type[_State]
) -> Callable[[int, _State, bool], _Seen]:
    """`build(index, seat's state, own)`, the seat's part of a view, built again only when
    the seat's state is another object than last time at `index` (`own`: its owner's view).

    A decision replaces the state of the seats it changes and keeps the others' (the states
    are frozen), and a seat's part of a view depends on that state alone, so most seats of a
    view are as they were in the last one: a learner's environment builds a view every step
    and the computer players one every move. Only an instance of `frozen` itself is kept
    (a game's mutable draft of a seat could change after being seen); what is kept is the
    last seat at each `index` and `own`, so at most two per seat.

    >>> @dataclass(frozen=True, slots=True)
    ... class Chips:
    ...     count: int
    >>> seat_part = kept_per_seat(lambda index, seat, own: [index, seat.count, own], Chips)
    >>> nine = Chips(9)
    >>> seat_part(0, nine, False) is seat_part(0, nine, False)
    True
    >>> seat_part(0, Chips(9), False) is seat_part(0, nine, False), seat_part(0, nine, True)
    (False, [0, 9, True])
    """
    last: dict[tuple[int, bool], tuple[_State, _Seen]] = {}

    def seat_in_view(index: int, seat: _State, own: bool) -> _Seen:
        known = last.get((index, own))
        if known is not None and known[0] is seat:
            return known[1]
        seen = build(index, seat, own)
        if type(seat) is frozen:
            last[index, own] = (seat, seen)
        return seen

    return seat_in_view
