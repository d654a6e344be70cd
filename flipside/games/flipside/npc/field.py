"""A cheap model of the field: how much one up or down hand is worth against typical hands.

Sampling every opponent's cards for every candidate is too slow for the exchange and for
modelling how *other* seats orient, so both use a table instead: for each of the 6,188 hand
count keys (`hands.VALUE_BY_KEY`), the expected life change of that hand on the up side
(`up`) and on the down side (`down`) against ``seats - 1`` typical hands (RULES R12-R13):

- up: P(strongest) * (1, or 2 for a full house or better) - P(weakest);
- down: -2 * P(weakest).

"Typical" is the distribution of up and down values of random five-card hands oriented by
this same model, bootstrapped from random orientations (a fixed seed, so every process
builds the same tables). A hand's *equity* is its best ``up[k] + down[total - k]`` over the
32 orientations.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from flipside.games.flipside.cards import DECK, Card
from flipside.games.flipside.hands import RANK_KEY, VALUE_BY_KEY, is_full_house_or_better

from .shapes import Ints, Shapes, row_maxima, up_shapes

Floats = npt.NDArray[np.float64]

_HIGH_AND_SWING: dict[Card, tuple[int, int]] = {
    card: (RANK_KEY[card[0]], RANK_KEY[card[1]] - RANK_KEY[card[0]]) for card in DECK
}
"""Per card: the count key of its higher rank, and what turning it adds to the up key."""

_BOOTSTRAP_HANDS = 4000
_BOOTSTRAP_ROUNDS = 2
_BOOTSTRAP_SEATS = 4
# Adds a strict order to values the probabilities tie (e.g. two hands that beat every
# sampled hand), so the model always prefers the stronger hand; far below any real gap.
_TIEBREAK = 1e-9


@dataclass(frozen=True, slots=True, eq=False)
class FieldTables:
    """Scores by count key: ``up[key]`` and ``down[key]`` as described in the module; the
    same scores by `shapes` index for batches of hands (equal only to itself: cached)."""

    up: dict[int, float]
    down: dict[int, float]
    up_by_shape: Floats = field(init=False, repr=False)
    down_by_shape: Floats = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # VALUE_BY_KEY's keys are in shape order.
        object.__setattr__(self, "up_by_shape", np.array([self.up[k] for k in VALUE_BY_KEY]))
        object.__setattr__(self, "down_by_shape", np.array([self.down[k] for k in VALUE_BY_KEY]))

    def scores(self, ups: Shapes) -> Floats:
        """The score ``up + down`` of orientations given as `shapes.up_shapes` rows."""
        # take(): several times faster than numpy's fancy indexing.
        return self.up_by_shape.take(ups) + self.down_by_shape.take(ups[..., ::-1])


def orientation_keys(cards: Sequence[Card]) -> tuple[int, int, list[int]]:
    """The 32 orientations of `cards` as count keys: ``(up0, down0, shifts)``.

    Orientation ``mask`` has up key ``up0 + shifts[mask]`` and down key
    ``down0 - shifts[mask]``; mask 0 is every card high rank up and bit ``i`` turns card
    ``i``, the order of `hands.orientation_values` for cards given high rank first.
    """
    up = 0
    shifts = [0]
    for card in cards:
        high, swing = _HIGH_AND_SWING[card]
        up += high
        shifts += [shift + swing for shift in shifts]  # doubling, as in orientation_values
    return up, up + shifts[-1], shifts


def orientation_scores(
    cards: Sequence[Card], tables: FieldTables
) -> tuple[int, int, list[int], list[float]]:
    """`orientation_keys` of `cards` and the score ``up + down`` of every orientation."""
    up0, down0, shifts = orientation_keys(cards)
    up, down = tables.up, tables.down
    return up0, down0, shifts, [up[up0 + shift] + down[down0 - shift] for shift in shifts]


def equities(hands: Ints, tables: FieldTables) -> Floats:
    """The expected life change of the best orientation of each of `hands` (card numbers,
    last axis 5) against the field."""
    return row_maxima(tables.scores(up_shapes(hands)))


def model_orientation(cards: Sequence[Card], tables: FieldTables) -> tuple[int, int]:
    """(up key, down key) of the orientation the model would choose for `cards`."""
    up0, down0, shifts, scores = orientation_scores(cards, tables)
    best = shifts[scores.index(max(scores))]
    return up0 + best, down0 - best


@cache
def field_tables(seats: int) -> FieldTables:
    """The balanced model for `seats` active seats (2 to 5)."""
    up_values, down_values = _typical_values()
    return _tables(seats, up_values, down_values)


@cache
def biased_tables(seats: int, up_bias: float) -> FieldTables:
    """The model of a seat that weighs the up side by `up_bias` and the down side by the rest.

    ``up_bias`` 0.5 orders orientations as `field_tables` does; 1.0 always maximises the up
    hand; 0.0 always maximises the down hand. Callers round it, so the cache stays small.
    """
    balanced = field_tables(seats)
    return FieldTables(
        up={key: up_bias * score for key, score in balanced.up.items()},
        down={key: (1.0 - up_bias) * score for key, score in balanced.down.items()},
    )


@cache
def _typical_values() -> tuple[list[int], list[int]]:
    """Sorted up and down values of random hands as the model orients them (bootstrapped)."""
    rng = random.Random(20260611)
    hands = [rng.sample(DECK, 5) for _ in range(_BOOTSTRAP_HANDS)]
    up_values, down_values = [], []
    for cards in hands:  # round zero: random orientations
        up0, down0, shifts = orientation_keys(cards)
        shift = shifts[rng.randrange(32)]
        up_values.append(VALUE_BY_KEY[up0 + shift])
        down_values.append(VALUE_BY_KEY[down0 - shift])
    for _ in range(_BOOTSTRAP_ROUNDS):
        tables = _tables(_BOOTSTRAP_SEATS, sorted(up_values), sorted(down_values))
        chosen = [model_orientation(cards, tables) for cards in hands]
        up_values = [VALUE_BY_KEY[up] for up, _ in chosen]
        down_values = [VALUE_BY_KEY[down] for _, down in chosen]
    return sorted(up_values), sorted(down_values)


def _beaten_share(value: int, values: list[int]) -> float:
    """The share of `values` a hand of `value` beats, counting equal values as half."""
    return (bisect_left(values, value) + bisect_right(values, value)) / (2 * len(values))


def _tables(seats: int, up_values: list[int], down_values: list[int]) -> FieldTables:
    others = seats - 1
    up: dict[int, float] = {}
    down: dict[int, float] = {}
    for rank_order, (key, value) in enumerate(sorted(VALUE_BY_KEY.items(), key=lambda kv: kv[1])):
        beats_up = _beaten_share(value, up_values)
        gain = 2 if is_full_house_or_better(value) else 1
        strongest, weakest = beats_up**others, (1 - beats_up) ** others
        up[key] = gain * strongest - weakest + _TIEBREAK * rank_order
        beats_down = _beaten_share(value, down_values)
        down[key] = -2 * (1 - beats_down) ** others + _TIEBREAK * rank_order
    return FieldTables(up, down)
