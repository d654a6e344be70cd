"""Building blocks of the flat observations: one-hots, card slots, card counts and seat rows.

Every observation is a float32 vector with its parts in a fixed order, so the same position
always means the same thing for a game (docs/research.md lists the layouts). An encoder
fills one zeroed array in place: the scalars as one slice, the cards one position each, the
seat rows (a 1, a seat at the table, then the seat's values) as one slice. Most positions
stay zero, and building each part as an array of its own then joining them cost more than
the decider's step. A slice is packed straight into the array's buffer (`put`): numpy
converts a list of floats at twice the cost.
Seats are listed relative to the viewer (the viewer first, then clockwise), so a learner sees
the table from its own chair whichever seat it holds.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


def one_hot(value: Any, choices: tuple[Any, ...]) -> tuple[float, ...]:
    """1 at the position of `value` in `choices`; all zero when it is not one of them."""
    hots, none = _one_hots(choices)
    return hots.get(value, none)


@cache
def _one_hots(choices: tuple[Any, ...]) -> tuple[dict[Any, tuple[float, ...]], tuple[float, ...]]:
    """Each of `choices`' one-hots and the all-zero one, made once: a step looks one up
    rather than comparing the value with every choice."""
    hots = {choice: tuple(float(choice == other) for other in choices) for choice in choices}
    return hots, (0.0,) * len(choices)


def scaled(value: float | None, scale: float) -> float:
    """`value / scale`, 0 for an unknown value."""
    return 0.0 if value is None else float(value) / scale


def relative_seats(view: Any) -> Sequence[Any]:
    """The view's seats from the viewer's chair: the viewer first, then clockwise."""
    seats = view.seats
    me = view.viewer
    return seats[me:] + seats[:me]


def relative(seat: int | None, view: Any) -> int | None:
    """A seat number from the viewer's chair (0 = the viewer), None stays None."""
    return None if seat is None else (seat - view.viewer) % len(view.seats)


@cache
def _floats(count: int) -> struct.Struct:
    return struct.Struct(f"{count}f")


def put(found: Vector, at: int, values: Sequence[float]) -> None:
    """`values` into `found` from `at`, as float32 rounded as numpy rounds them (one beyond
    float32's range raises `OverflowError`: every value here is scaled to about 1)."""
    # numpy's stubs do not declare the buffer an ndarray exports
    _floats(len(values)).pack_into(found, at * found.itemsize, *values)  # type: ignore[arg-type]


def slot_places(
    at: int, index: Mapping[Any, int], slots: int
) -> Callable[[tuple[Any, ...]], tuple[int, ...]]:
    """Where a hand sets a 1 from `at`: `slots` one-hots over the deck `index`, one per
    position of the hand (empty or hidden positions all zero), the order the action spaces
    pick cards by. A hand stays for many steps: each one's places are worked out once."""
    size = len(index)

    @lru_cache(maxsize=1 << 12)
    def places(cards: tuple[Any, ...]) -> tuple[int, ...]:
        return tuple(
            at + slot * size + index[card]
            for slot, card in enumerate(cards[:slots])
            if card is not None
        )

    return places


def seat_rows(view: Any, row: Callable[[Any], Sequence[float]]) -> list[float]:
    """A 1 (a seat at the table: the rows of absent seats stay zero) and then `row(seat)` for
    every seat from the viewer's chair, as one list for `put`."""
    rows: list[float] = []
    for seat in relative_seats(view):
        rows.append(1.0)
        rows += row(seat)
    return rows


def put_ones(found: Vector, places: Iterable[int]) -> None:
    """A 1 at each of `places` (a dozen at most: one by one beats an index array)."""
    for place in places:
        found[place] = 1.0


def put_counts(found: Vector, at: int, cards: Iterable[Any], index: Mapping[Any, int]) -> None:
    """From `at`: how many of each card of the deck `index` the known (non-None) `cards`
    hold."""
    for card in cards:
        if card is not None:
            found[at + index[card]] += 1.0
