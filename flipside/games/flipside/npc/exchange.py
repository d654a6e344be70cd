"""The exchange policy shared by every level (RULES R10, "Computer players").

Cards are ranked by how much they work with the rest of the hand (a rank they share with
another card can make a pair on either side); the candidates are "discard the weakest m"
for m = 0..5. Each candidate is valued by its mean field equity (`field.equities`, both
sides of R12-R13) over draws from the cards this seat has not seen: card counting, since
every dealt card, discard and used card is public. The same draws serve every candidate
(common random numbers), so the comparison between candidates is less noisy than each
estimate; the search stops at the first candidate that is worse than the one before.
All candidates are scored in one numpy batch: cheaper than scoring the few the search
reads one call at a time.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from flipside.games.flipside.cards import RANK_INDEX, Card
from flipside.games.flipside.views import MatchView

from .draws import chance, sample_rows
from .field import equities, field_tables
from .shapes import Ints, numbers

DRAWS = 10  # sampled draws, the same for every candidate (common random numbers)
HAND_SIZE = 5  # R9
# Row m marks the places candidate "discard the weakest m" fills by drawing.
_DISCARDED = np.arange(HAND_SIZE)[None, None, :] < np.arange(HAND_SIZE + 1)[:, None, None]


def _keep_order(hand: tuple[Card, ...]) -> list[Card]:
    """The hand, the card least worth keeping first."""
    counts = Counter(rank for card in hand for rank in card)

    def worth(card: Card) -> tuple[int, int]:
        shared = counts[card[0]] + counts[card[1]] - 2
        return shared, RANK_INDEX[card[0]] + RANK_INDEX[card[1]]

    return sorted(hand, key=worth)


def _draw_pool(view: MatchView, count: int) -> Ints:
    """The cards a draw of `count` may bring, as sorted numbers (set order varies between
    processes).

    The deck is a uniform share of the cards this seat has not seen; when it is shorter
    than the draw, the used pile is shuffled in (R14), so its cards may come too.
    """
    pool = view.unseen_cards()
    if view.deck_count < count:
        pool |= frozenset(view.used_pile)
    return np.sort(numbers(pool))


def choose_discard(view: MatchView, rng: random.Random) -> tuple[Card, ...]:
    """The cards this seat discards, chosen from its view alone."""
    order = _keep_order(view.hand)
    pool = _draw_pool(view, HAND_SIZE)
    draws = sample_rows(pool, DRAWS, HAND_SIZE, chance(rng))
    # Candidate m (row m) keeps order[m:] and draws into the first m places.
    hands = np.where(_DISCARDED, draws[None, :, :], numbers(order)[None, None, :])
    # Totals over the same draws order the candidates as their means do, and cost less.
    values = equities(hands, field_tables(len(view.turn_order))).sum(axis=1).tolist()
    best_count = 0
    for count in range(1, HAND_SIZE + 1):
        if values[count] <= values[best_count]:
            break  # the order puts the most useful cards last: more discards rarely help now
        best_count = count
    return tuple(order[:best_count])
