"""A person's habits, as INSANE and HATE YOU model them (RULES "Computer players").

The only habit that changes a prediction at orientation time is how the person weighs the
up side against the down side: their kept cards are public and their drawn cards are a
uniform draw from the cards this seat has not seen, whatever their exchange habits, so
those carry no information once the exchange lap is over.

The service plugs in a `HabitsProvider` (e.g. backed by the ``player_stats`` projection);
`estimate_habits` turns the orientations a person revealed at past showdowns into
`PlayerHabits`, so a projection only has to keep those.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from flipside.games.flipside.cards import OrientedCard, card_of
from flipside.games.flipside.hands import RANK_KEY

from .field import biased_tables, orientation_keys

BIAS_STEPS = 10  # up_bias is kept on a grid of tenths, so the models can be cached
MIN_ROUNDS = 5  # fewer observed rounds than this: assume the balanced model


@dataclass(frozen=True, slots=True)
class PlayerHabits:
    """How a person orients: ``up_bias`` 0 = all for the down side, 0.5 = balanced (what
    the computer players assume of everyone else), 1 = always maximises the up hand.
    ``rounds`` is how many showdowns the estimate rests on."""

    up_bias: float
    rounds: int


class HabitsProvider(Protocol):
    """Looks up a person's habits by name; None when nothing is known."""

    def __call__(self, name: str) -> PlayerHabits | None: ...


def grid_bias(habits: PlayerHabits | None) -> float:
    """The up bias to model a seat with: the person's, on the grid, or balanced."""
    if habits is None or habits.rounds < MIN_ROUNDS:
        return 0.5
    return round(min(max(habits.up_bias, 0.0), 1.0) * BIAS_STEPS) / BIAS_STEPS


BIASES = tuple(step / BIAS_STEPS for step in range(BIAS_STEPS + 1))


def matching_biases(placed: Sequence[OrientedCard], seats: int) -> list[float]:
    """The grid biases under which `placed` (up rank first) is the model's choice among
    the 32 orientations of its cards, for a showdown of `seats` seats."""
    chosen = sum(RANK_KEY[card[0]] for card in placed)
    up0, down0, shifts = orientation_keys([card_of(card) for card in placed])
    matching = []
    for bias in BIASES:
        tables = biased_tables(seats, bias)
        up, down = tables.up, tables.down
        best = max(up[up0 + shift] + down[down0 - shift] for shift in shifts)
        if up[chosen] + down[down0 + up0 - chosen] >= best:
            matching.append(bias)
    return matching


def habits_from_hits(hits: Mapping[float, int], rounds: int) -> PlayerHabits:
    """`PlayerHabits` from how many of `rounds` showdowns each bias explains (a projection
    can keep these counters, adding `matching_biases` of every new showdown)."""
    best = max(BIASES, key=lambda bias: (hits.get(bias, 0), -abs(bias - 0.5)))
    return PlayerHabits(up_bias=best, rounds=rounds)


def estimate_habits(showdowns: Iterable[tuple[Sequence[OrientedCard], int]]) -> PlayerHabits:
    """The up bias that best explains a person's past orientations.

    Each item is the five cards the person placed (up rank first) and how many seats took
    part in that showdown. The estimate is the grid bias under which the most of those
    orientations are the model's choice (ties go to the bias nearest balanced).
    """
    hits: Counter[float] = Counter()
    rounds = 0
    for placed, seats in showdowns:
        hits.update(matching_biases(placed, seats))
        rounds += 1
    return habits_from_hits(hits, rounds)
