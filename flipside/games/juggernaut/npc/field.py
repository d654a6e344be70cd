"""What a computer player expects of the other seats' hands: for a hand of n cards after e
exchanges by the baseline rule (J41), the chance of each strength (J11).

The tables are estimated once per process by dealing random hands off a fresh deck with a
fixed random stream, so every process plays the same way.

>>> table = strength_table(5, 0)
>>> len(table), round(sum(table), 9)
(11, 1.0)
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from flipside.games.juggernaut.cards import DECK, Card
from flipside.games.juggernaut.evaluator import strength
from flipside.games.juggernaut.prices import selection_cost

from .baseline import exchange_rule

SAMPLES = 600
GENEROUS = 8  # the budget the others are assumed to spend on an exchange
STRENGTHS = 11


def exchanged(hand: list[Card], deck: list[Card], spend: int) -> tuple[list[Card], int]:
    """`hand` after one exchange by the baseline rule, drawing off the end of `deck`, and
    what the exchange cost."""
    rule = exchange_rule(hand, spend)
    if rule is None:
        return hand, 0
    method, picked = rule
    discard = list(picked) if method == "individual" else list(hand)
    if method == "keep":
        for card in picked:
            discard.remove(card)
    kept = list(hand)
    for card in discard:
        kept.remove(card)
    return kept + [deck.pop() for _ in discard], selection_cost(len(picked))


@cache
def strength_table(size: int, exchanges: int) -> tuple[float, ...]:
    """The chance of each strength for `size` random cards after `exchanges` exchanges."""
    rng = random.Random(size * 10 + exchanges)
    counts: Counter[int] = Counter()
    for _ in range(SAMPLES):
        deck = list(DECK)
        rng.shuffle(deck)
        hand = [deck.pop() for _ in range(size)]
        for _ in range(exchanges):
            hand, _ = exchanged(hand, deck, GENEROUS)
        counts[strength(hand)] += 1
    return tuple(counts[value] / SAMPLES for value in range(STRENGTHS))


def cumulative(table: tuple[float, ...]) -> tuple[float, ...]:
    """The table's running sums, for drawing a strength with `bisect`."""
    total, sums = 0.0, []
    for chance in table:
        total += chance
        sums.append(total)
    sums[-1] = 1.0
    return tuple(sums)
