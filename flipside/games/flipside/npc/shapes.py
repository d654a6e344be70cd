"""Five-rank hands as small array indices, so numpy can score many hands at once (R15).

A hand's *shape* is its multiset of five ranks; there are 6,188, numbered in the order of
`hands.VALUE_BY_KEY`. Rank ``i`` weighs ``RANK_WEIGHTS[i]``, and these weights give every
multiset of five ranks a different sum (a greedy search found them; `test_npc` checks it),
so ``SHAPE_OF_SUM[sum]`` names the shape of any five ranks. An orientation's up hand is then
five weights added up, and a table by shape (`FieldTables.up_by_shape`, `VALUES`) is one
array lookup for a whole batch of hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement
from math import prod

import numpy as np
import numpy.typing as npt

from flipside.games.flipside.cards import DECK, RANK_INDEX, Card
from flipside.games.flipside.hands import VALUE_BY_KEY

Ints = npt.NDArray[np.int64]
# Shape numbers as numpy's own index type: `take` copies any other type of indices first,
# which costs more than the larger table's lookups.
Shapes = npt.NDArray[np.intp]

RANK_WEIGHTS = (0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545)

SHAPE_OF_SUM: Shapes = np.zeros(5 * RANK_WEIGHTS[-1] + 1, dtype=np.intp)
for _shape, _ranks in enumerate(combinations_with_replacement(RANK_WEIGHTS, 5)):
    SHAPE_OF_SUM[sum(_ranks)] = _shape

VALUES: Ints = np.array(list(VALUE_BY_KEY.values()), dtype=np.int64)
"""`hands.hand_value` by shape."""

CARD_NUMBER: dict[Card, int] = {card: number for number, card in enumerate(DECK)}
# Per card, its high rank's weight and what turning it adds (the low rank's weight minus
# the high's); floats, so the product below runs in BLAS (sums stay exact: < 2**53).
_SIDES = np.array(
    [
        (
            RANK_WEIGHTS[RANK_INDEX[card[0]]],
            RANK_WEIGHTS[RANK_INDEX[card[1]]] - RANK_WEIGHTS[RANK_INDEX[card[0]]],
        )
        for card in DECK
    ],
    dtype=np.float64,
)
# Row 2i adds card i's high weight to every orientation, row 2i + 1 its turn to the masks
# with bit i set (bit i of mask m turns card i, as in `hands.orientation_values`).
_ORIENTATIONS = np.array(
    [row for i in range(5) for row in ([1] * 32, [mask >> i & 1 for mask in range(32)])],
    dtype=np.float64,
)


def numbers(cards: Iterable[Card]) -> Ints:
    """The cards as numbers (their places in `DECK`)."""
    return np.array([CARD_NUMBER[card] for card in cards], dtype=np.int64)


def up_shapes(hands: Ints) -> Shapes:
    """The up shape of each of the 32 orientations of `hands` (card numbers, last axis 5).

    The result has `hands`' shape with the last axis 32, by mask. Turning every card swaps
    the sides, so the down shapes are the same row reversed: ``up_shapes(hands)[..., ::-1]``.
    """
    # take(): several times faster than fancy indexing for a gather along one axis. Every
    # hand's sides in one matrix: one product, not one per leading row.
    sides = _SIDES.take(hands, axis=0).reshape(-1, 10)
    sums = (sides @ _ORIENTATIONS).astype(np.intp).reshape(*hands.shape[:-1], 32)
    shapes: Shapes = SHAPE_OF_SUM.take(sums)
    return shapes


@cache
def row_starts(rows: tuple[int, ...]) -> Ints:
    """The flat index of each row's mask 0 in an array of `rows` rows of 32 orientations:
    ``flat.take(row_starts(rows) + masks)`` picks one orientation of each row."""
    starts = np.arange(0, prod(rows) * 32, 32).reshape(rows)
    starts.flags.writeable = False  # shared by every caller
    return starts


def row_maxima(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The best of each row of 32 orientation scores (any leading axes)."""
    # Through argmax: numpy's max over a short last axis is about three times slower.
    best = scores.argmax(axis=-1) + row_starts(scores.shape[:-1])
    maxima: npt.NDArray[np.float64] = scores.reshape(-1).take(best)
    return maxima
