"""The exchange policy shared by every level (RULES R10, "Computer players").

Cards are ranked by how much they work with the rest of the hand (a rank they share with
another card can make a pair on either side); the candidates are "discard the weakest m"
for m = 0..5. Each candidate is valued by its mean field equity (`field.equities`, both
sides of R12-R13) over draws from the cards this seat has not seen: card counting, since
every dealt card, discard and used card is public. The same draws serve every candidate
(common random numbers), so the comparison between candidates is less noisy than each
estimate, and the draws share no card while the pool holds them (`draws.disjoint_rows`),
so each estimate is less noisy too; the search stops at the first candidate that is worse
than the one before.
The candidates are scored in numpy batches, not one call each: candidates 0-3 at once (the
search stops within them five times in six), then 4-5 only if the search gets there.
"""

from __future__ import annotations

import random
from typing import NamedTuple

import numpy as np

from flipside.games.flipside.cards import DECK, RANK_INDEX, Card
from flipside.games.flipside.views import MatchView

from .draws import chance, disjoint_rows, unseen_numbers
from .field import FieldTables, equities, field_tables
from .shapes import Ints, numbers

DRAWS = 10  # sampled draws, the same for every candidate (common random numbers)
HAND_SIZE = 5  # R9


class _Batch(NamedTuple):
    """Candidates scored together, each distinct hand once: a candidate that discards m
    draws into the first m places; candidate 0 draws nothing, one hand for every draw."""

    cards: Ints  # (hand, place): the place in the decision's cards (`_cards`) of each card
    hand_of: Ints  # (candidate, draw): the hand each candidate holds after each draw


def _batch(candidates: range) -> _Batch:
    cards: list[list[int]] = []
    hand_of: list[list[int]] = []
    kept = DRAWS * HAND_SIZE  # the hand comes after the draws in `_cards`
    places = range(HAND_SIZE)
    for discards in candidates:
        first = len(cards)
        hands = range(DRAWS) if discards else range(1)
        hand_of.append([first + (draw if discards else 0) for draw in range(DRAWS)])
        cards += [
            [draw * HAND_SIZE + p if p < discards else kept + p for p in places] for draw in hands
        ]
    return _Batch(np.array(cards), np.array(hand_of))


# Candidates 0-3, then 4-5 only if the search gets there; by the first candidate of each.
_BATCHES = {0: _batch(range(4)), 4: _batch(range(4, HAND_SIZE + 1))}
_RANK_SUM = {card: RANK_INDEX[card[0]] + RANK_INDEX[card[1]] for card in DECK}


def _keep_order(hand: tuple[Card, ...]) -> list[Card]:
    """The hand, the card least worth keeping first: the fewest ranks shared with the rest
    of the hand (either side can pair them), then the lowest ranks."""
    # The counts include the card's own two ranks: the same for every card, the same order.
    # One int a card (rank sums are under 32): cheaper to build and compare than a pair.
    count = "".join(hand).count  # str.count: cheaper than building a Counter for ten ranks
    return sorted(hand, key=lambda card: (count(card[0]) + count(card[1])) * 32 + _RANK_SUM[card])


def _draw_pool(view: MatchView, count: int) -> Ints:
    """The cards a draw of `count` may bring, as sorted numbers.

    The deck is a uniform share of the cards this seat has not seen; when it is shorter
    than the draw, the used pile is shuffled in (R14), so its cards may come too.
    """
    return unseen_numbers(view, with_used_pile=view.deck_count < count)


def _cards(draws: Ints, order: list[Card]) -> Ints:
    """The cards of every hand a candidate may hold, as numbers: the draws, row after row,
    then the hand in keep order (one array, so a batch's hands are one `take`)."""
    cards: Ints = np.concatenate((draws.reshape(-1), numbers(order)))
    return cards


def _totals(batch: _Batch, cards: Ints, tables: FieldTables) -> list[float]:
    """Each candidate of `batch`'s equity summed over the draws (totals over the same
    draws order the candidates as means do)."""
    values = equities(cards.take(batch.cards), tables).take(batch.hand_of)
    totals: list[float] = np.add.reduce(values, axis=1).tolist()
    return totals


def choose_discard(view: MatchView, rng: random.Random) -> tuple[Card, ...]:
    """The cards this seat discards, chosen from its view alone."""
    order = _keep_order(view.hand)
    draws = disjoint_rows(_draw_pool(view, HAND_SIZE), DRAWS, HAND_SIZE, chance(rng))
    cards = _cards(draws, order)
    tables = field_tables(len(view.turn_order))
    totals = _totals(_BATCHES[0], cards, tables)
    best_count = 0
    for count in range(1, HAND_SIZE + 1):
        if count == len(totals):  # the search got past the first batch
            totals += _totals(_BATCHES[count], cards, tables)
        if totals[count] <= totals[best_count]:
            break  # the order puts the most useful cards last: more discards rarely help now
        best_count = count
    return tuple(order[:best_count])
