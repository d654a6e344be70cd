"""Who sits at a table, for every game: people with names, computer players with levels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import RuleViolation

NAME_MAX = 32


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a person (``human``, with a name) or a computer player (``npc``).

    `registered`: the person's name is a registered player's, proven by the player's token
    when the match was created; any other name is a guest's. Games ignore it; the read
    models keep registered players' play apart from guests' (`flipside.projections.rows`).
    """

    kind: Literal["human", "npc"]
    name: str | None = None
    level: str | None = None
    registered: bool = False


def stored_seats(seats: Sequence[SeatSpec]) -> list[dict[str, Any]]:
    """Seats as a match's creation event stores them. ``registered`` is written only when
    true: the seats of every match stored before names could be registered read back the
    same, and so keep their digests.

    >>> stored_seats([SeatSpec("human", "Ana", registered=True), SeatSpec("npc", level="easy")])
    [{'kind': 'human', 'name': 'Ana', 'level': None, 'registered': True}, \
{'kind': 'npc', 'name': None, 'level': 'easy'}]
    """
    return [
        {"kind": seat.kind, "name": seat.name, "level": seat.level}
        | ({"registered": True} if seat.registered else {})
        for seat in seats
    ]


def valid_name(name: object) -> bool:
    """1-32 letters, digits, spaces, ``-``, ``_`` or ``.``, not starting or ending in a space.

    >>> valid_name("Ana B."), valid_name(" ana"), valid_name("a/b")
    (True, False, False)
    """
    return (
        isinstance(name, str)
        and 0 < len(name) <= NAME_MAX
        and name == name.strip()
        and all(ch.isalnum() or ch in " -_." for ch in name)
    )


def verify_seats(seats: Sequence[SeatSpec], allowed: range, levels: Sequence[str]) -> None:
    """Refuse a seat list a game cannot be played with (``invalid_seats``)."""
    if len(seats) not in allowed:
        raise RuleViolation(
            "invalid_seats", f"a match has {allowed.start} to {allowed.stop - 1} seats"
        )
    for index, spec in enumerate(seats):
        verify_seat(index, spec, levels)


def verify_seat(index: int, spec: SeatSpec, levels: Sequence[str]) -> None:
    if spec.kind not in ("human", "npc"):
        raise RuleViolation("invalid_seats", f"seat {index}: kind must be 'human' or 'npc'")
    if spec.kind == "npc" and spec.level not in levels:
        raise RuleViolation("invalid_seats", f"seat {index}: level must be one of {tuple(levels)}")
    if spec.kind == "human" and spec.level is not None:
        raise RuleViolation("invalid_seats", f"seat {index}: a person has no level")
    if spec.name is not None and not valid_name(spec.name):
        raise RuleViolation(
            "invalid_seats",
            f"seat {index}: a name is 1-{NAME_MAX} letters, digits, spaces, '-', '_' or '.'",
        )
