"""Building blocks of the flat observations: one-hots, card sets, card slots and scalars.

Every observation is a float32 vector assembled from these pieces in a fixed order, so the
same position always means the same thing for a game (docs/research.md lists the layouts).
The longest, mostly zero pieces (card slots, seat rows padded to the largest table) are
arrays filled where they are not zero: turning hundreds of Python zeros into float32 one
by one cost about half a decider step.
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


def card_set(cards: Iterable[Any], index: dict[Any, int]) -> list[float]:
    """How many of each card of the deck `index` the known (non-None) `cards` hold."""
    counts = [0.0] * len(index)
    for card in cards:
        if card is not None:
            counts[index[card]] += 1.0
    return counts


def card_slots(cards: Sequence[Any], index: dict[Any, int], slots: int) -> Vector:
    """`slots` one-hots over the deck `index`, one per position of `cards` (empty or
    hidden positions all zero): the order the action spaces pick cards by."""
    found = np.zeros(slots * len(index), dtype=np.float32)
    size = len(index)
    found[
        [slot * size + index[card] for slot, card in enumerate(cards[:slots]) if card is not None]
    ] = 1.0
    return found


def scaled(value: float | None, scale: float) -> float:
    """`value / scale`, 0 for an unknown value."""
    return 0.0 if value is None else float(value) / scale


def relative_seats(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The view's seats from the viewer's chair: the viewer first, then clockwise."""
    seats: list[Mapping[str, Any]] = list(view["seats"])
    me = view["viewer"]
    return seats[me:] + seats[:me]


def seat_rows(
    view: Mapping[str, Any],
    width: int,
    rows: int,
    row: Callable[[Mapping[str, Any]], list[float]],
) -> Vector:
    """`row(seat_json)` (`width` floats) for every seat from the viewer's chair, padded with
    zeros to `rows` seats (the game's largest table)."""
    found: list[float] = []
    for seat in relative_seats(view):
        found.extend([1.0, *row(seat)])
    padded = np.zeros(rows * (width + 1), dtype=np.float32)
    padded[: len(found)] = found
    return padded


def relative(seat: int | None, view: Mapping[str, Any]) -> int | None:
    """A seat number from the viewer's chair (0 = the viewer), None stays None."""
    return None if seat is None else (seat - view["viewer"]) % len(view["seats"])


def vector(*parts: Sequence[float] | Vector) -> Vector:
    """The observation: `parts` (lists of floats, or the arrays above) one after another."""
    return np.concatenate([np.asarray(part, dtype=np.float32) for part in parts])
