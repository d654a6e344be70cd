"""The exchange policy shared by every level (RULES R10, "Computer players").

Cards are ranked by how much they work with the rest of the hand (a rank they share with
another card can make a pair on either side); the candidates are "discard the weakest m"
for m = 0..5. Each candidate is valued by its mean field equity (`field.equity`, both
sides of R12-R13) over draws from the cards this seat has not seen: card counting, since
every dealt card, discard and used card is public. The same draws serve every candidate
(common random numbers), so the comparison between candidates is less noisy than each
estimate; the search stops at the first candidate that is worse than the one before.
"""

from __future__ import annotations

import random
from collections import Counter

from flipside.games.flipside.cards import RANK_INDEX, Card
from flipside.games.flipside.views import MatchView

from .field import equity, field_tables

DRAWS = 10  # keeps the decision under 1 ms, the EASY budget, for every level


def _keep_order(hand: tuple[Card, ...]) -> list[Card]:
    """The hand, the card least worth keeping first."""
    counts = Counter(rank for card in hand for rank in card)

    def worth(card: Card) -> tuple[int, int]:
        shared = counts[card[0]] + counts[card[1]] - 2
        return shared, RANK_INDEX[card[0]] + RANK_INDEX[card[1]]

    return sorted(hand, key=worth)


def _draw_pool(view: MatchView, count: int) -> list[Card]:
    """The cards a draw of `count` may bring, sorted (set order varies between processes).

    The deck is a uniform share of the cards this seat has not seen; when it is shorter
    than the draw, the used pile is shuffled in (R14), so its cards may come too.
    """
    pool = view.unseen_cards()
    if view.deck_count < count:
        pool |= frozenset(view.used_pile)
    return sorted(pool)


def choose_discard(view: MatchView, rng: random.Random) -> tuple[Card, ...]:
    """The cards this seat discards, chosen from its view alone."""
    order = _keep_order(view.hand)
    tables = field_tables(len(view.turn_order))
    pool = _draw_pool(view, len(order))
    draws = [rng.sample(pool, len(order)) for _ in range(DRAWS)]
    best_count, best_value = 0, equity(order, tables)
    for count in range(1, len(order) + 1):
        kept = order[count:]
        value = sum(equity(kept + draw[:count], tables) for draw in draws) / DRAWS
        if value <= best_value:
            break  # the order puts the most useful cards last: more discards rarely help now
        best_count, best_value = count, value
    return tuple(order[:best_count])
