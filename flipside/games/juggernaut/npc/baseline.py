"""The baseline computer player (J41), the ``easy`` level, and the pieces of it the
stronger levels reuse: reserve and budget, the exchange rule, the reveal's target."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from flipside.games.juggernaut.cards import JOKER, Card, rank_of
from flipside.games.juggernaut.commands import (
    AnswerReveal,
    Augment,
    Command,
    Done,
    Exchange,
    ExchangeGold,
    Reveal,
)
from flipside.games.juggernaut.evaluator import ONE_PAIR, STRAIGHT, THREE, TWO_PAIR, strength
from flipside.games.juggernaut.prices import MAX_AUGMENT, augment_cost, selection_cost
from flipside.games.juggernaut.views import MatchView

REVEAL_BUDGET = 4  # J41: the Juggernaut reveals with two pair or worse and this much budget


def reserve(silver: int, gold_price: int, third_reward: int) -> int:
    """What the player keeps back: G if it holds G, else G - R3 (J41)."""
    return gold_price if silver >= gold_price else max(0, gold_price - third_reward)


def budget(silver: int, gold_price: int, third_reward: int) -> int:
    """What the player may spend now (J41).

    >>> [budget(s, gold_price=10, third_reward=6) for s in (18, 14, 10, 9, 3)]
    [8, 4, 0, 5, 0]
    """
    return max(0, silver - reserve(silver, gold_price, third_reward))


def view_budget(view: MatchView) -> int:
    return budget(view.me.silver, view.params.gold_exchange_silver, view.params.rewards[2])


def augment_count(category: int, spend: int) -> int:
    """J41: with one pair or high card, the largest k whose cost is at most half the budget.

    >>> augment_count(ONE_PAIR, 8), augment_count(TWO_PAIR, 8), augment_count(0, 5)
    (3, 0, 2)
    """
    if category > ONE_PAIR:
        return 0
    affordable = [k for k in range(1, MAX_AUGMENT + 1) if augment_cost(k) <= spend // 2]
    return max(affordable, default=0)


def exchange_rule(hand: Sequence[Card], spend: int) -> tuple[str, tuple[Card, ...]] | None:
    """J41's exchange rule: (method, cards) or None.

    >>> exchange_rule(("Kd", "Kc", "9h", "5s", "2c", "7d"), 7)
    ('keep', ('Kd', 'Kc'))
    >>> exchange_rule(("Kd", "Kc", "JK", "9h", "5s", "2c"), 3)
    ('individual', ('2c', '5s'))
    """
    if strength(hand) >= STRAIGHT:
        return None
    counts = Counter(rank_of(card) for card in hand if card != JOKER)
    keep = tuple(card for card in hand if card == JOKER or counts[rank_of(card)] >= 2)
    if not keep:
        keep = (max(hand, key=rank_of),)
    discard = list(hand)
    for card in keep:
        discard.remove(card)
    if not discard:
        return None
    individual, kept = selection_cost(len(discard)), selection_cost(len(keep))
    if min(individual, kept) <= spend:
        return ("individual", tuple(discard)) if individual <= kept else ("keep", keep)
    lowest = sorted(discard, key=rank_of)
    fitting = [d for d in range(1, len(discard) + 1) if selection_cost(d) <= spend]
    return ("individual", tuple(lowest[: max(fitting)])) if fitting else None


def reveal_target(view: MatchView) -> int:
    """The citizen with the most cards, ties to the earliest after the viewer (J41)."""
    citizens = [seat for seat in view.turn_order if seat != view.viewer]
    return max(citizens, key=lambda seat: (view.seats[seat].card_count, -citizens.index(seat)))


def wants_reveal(view: MatchView, category: int, spend: int) -> bool:
    """J41 (1): as Juggernaut, before exchanging, with two pair or worse and a budget of at
    least 4, once a set."""
    return (
        view.me.seat == view.juggernaut
        and view.me.exchanges == 0
        and not any(seat.named is not None for seat in view.seats)
        and category <= TWO_PAIR
        and spend >= REVEAL_BUDGET
    )


class Baseline:
    """The baseline player of J41; implements `policy.Policy`."""

    def move(self, view: MatchView, rng: random.Random) -> Command:
        seat, hand, spend = view.me.seat, view.hand, view_budget(view)
        category = strength(hand)
        if view.phase == "augment":
            return Augment(seat, augment_count(category, spend))
        if view.phase == "reveal":
            return AnswerReveal(seat, refuse=spend >= 1 and category >= THREE)
        if view.phase == "gold":  # a person's seat played by a policy: as a computer (J34)
            return ExchangeGold(seat, accept=True)
        return self.exchange_turn(view, category, spend)

    def exchange_turn(self, view: MatchView, category: int, spend: int) -> Command:
        seat, hand = view.me.seat, view.hand
        if wants_reveal(view, category, spend):
            return Reveal(seat, reveal_target(view))
        chase = (
            view.me.exchanges == 1
            and seat == view.juggernaut
            and any(strength(snapshot.cards) > category for snapshot in view.snapshots)
        )
        if view.me.exchanges == 0 or chase:
            rule = exchange_rule(hand, spend)
            if rule is not None:
                return Exchange(seat, *rule)
        return Done(seat)
