"""Building blocks of the flat observations: one-hots, card slots, card counts and seat rows.

Every observation is a float32 vector with its parts in a fixed order, so the same position
always means the same thing for a game (docs/research.md lists the layouts). An encoder
fills one zeroed array in place: the scalars as one slice, the cards one position each, the
seat rows as one slice. Most positions stay zero, and building each part as an array of its
own then joining them cost more than the decider's step.
Seats are listed relative to the viewer (the viewer first, then clockwise), so a learner sees
the table from its own chair whichever seat it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """1 at the position of `value` in `choices`; all zero when it is not one of them."""
    return [1.0 if value == choice else 0.0 for choice in choices]


def scaled(value: float | None, scale: float) -> float:
    """`value / scale`, 0 for an unknown value."""
    return 0.0 if value is None else float(value) / scale


def relative_seats(view: Any) -> list[Any]:
    """The view's seats from the viewer's chair: the viewer first, then clockwise."""
    seats = list(view.seats)
    me = view.viewer
    return seats[me:] + seats[:me]


def relative(seat: int | None, view: Any) -> int | None:
    """A seat number from the viewer's chair (0 = the viewer), None stays None."""
    return None if seat is None else (seat - view.viewer) % len(view.seats)


def put_slots(
    found: Vector, at: int, cards: Sequence[Any], index: Mapping[Any, int], slots: int
) -> None:
    """From `at`: `slots` one-hots over the deck `index`, one per position of `cards` (empty
    or hidden positions all zero): the order the action spaces pick cards by."""
    size = len(index)
    for slot, card in enumerate(cards[:slots]):
        if card is not None:
            found[at + slot * size + index[card]] = 1.0


def put_counts(found: Vector, at: int, cards: Iterable[Any], index: Mapping[Any, int]) -> None:
    """From `at`: how many of each card of the deck `index` the known (non-None) `cards`
    hold."""
    for card in cards:
        if card is not None:
            found[at + index[card]] += 1.0


def put_rows(found: Vector, at: int, view: Any, row: Callable[[Any], list[float]]) -> None:
    """From `at`: a 1 (a seat at the table: the rows of absent seats stay zero) and then
    `row(seat)` for every seat from the viewer's chair."""
    rows: list[float] = []
    for seat in relative_seats(view):
        rows.append(1.0)
        rows += row(seat)
    found[at : at + len(rows)] = rows
