"""The stronger computer players: a planner that prices its choices by what they are
likely to be worth at the end of the set.

For each candidate move (an augmentation, an exchange, or none), it deals the cards the
move would draw from the cards it has not seen, many times; it draws the other seats'
final strengths from `field`'s tables (a hand shown to it as Juggernaut raising the
citizen's floor, J29); it ranks the set as J15 and J32 would, pays the move, the
confiscation, the gold exchange and the rewards with their bonuses (J33-J38); and it values
the coins it would end with: gold, a win, and silver with a step at G, since only G silver
at a set's end buys the next gold (J35). It takes the move of the best average.

``normal`` plans its augmentation only and exchanges by the baseline rule (J41); ``hard``
plans both. Both reveal, answer reveals and exchange gold as the baseline does.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from flipside.games.juggernaut.cards import DECK, JOKER, SUITS, Card, rank_of
from flipside.games.juggernaut.commands import Augment, Command, Done, Exchange, Reveal
from flipside.games.juggernaut.evaluator import HAND_BONUS, strength
from flipside.games.juggernaut.prices import MAX_AUGMENT, augment_cost, selection_cost
from flipside.games.juggernaut.views import MatchView

from .baseline import Baseline, reveal_target, view_budget, wants_reveal
from .field import cumulative, exchanged, strength_table

BASELINE = Baseline()
WIN = 100.0  # the value of reaching W gold, in gold
GOLD_FUND = 0.7  # G silver held at a set's end: most of a gold next set (J35)
SILVER = 0.02  # each silver coin beyond that


@dataclass(frozen=True, slots=True)
class Planner:
    """A level of the planner; implements `policy.Policy`."""

    samples: int  # deals tried per candidate move
    plans_exchanges: bool

    def move(self, view: MatchView, rng: random.Random) -> Command:
        seat = view.me.seat
        if view.phase == "augment":
            return Augment(seat, _Table(view, self.samples, rng).best_augment())
        if view.phase != "exchange" or not self.plans_exchanges:
            return BASELINE.move(view, rng)
        if wants_reveal(view, strength(view.hand), view_budget(view)):
            return Reveal(seat, reveal_target(view))
        kept = _Table(view, self.samples, rng).best_exchange()
        return Done(seat) if kept is None else Exchange(seat, *_cheapest(view.hand, kept))


def _cheapest(hand: Sequence[Card], kept: tuple[Card, ...]) -> tuple[str, tuple[Card, ...]]:
    """The cheaper way to keep `kept` and replace the rest (J22-J24)."""
    discard = list(hand)
    for card in kept:
        discard.remove(card)
    if not kept:
        return "all", ()
    if selection_cost(len(discard)) <= selection_cost(len(kept)):
        return "individual", tuple(discard)
    return "keep", kept


def _cost(hand_size: int, kept: int) -> int:
    if not kept:
        return 1
    return min(selection_cost(hand_size - kept), selection_cost(kept))


class _Table:
    """One decision: the other seats' strengths drawn once, shared by every candidate."""

    def __init__(self, view: MatchView, samples: int, rng: random.Random) -> None:
        self.view, self.samples, self.rng = view, samples, rng
        me = view.me
        self.unseen = _unseen(view)
        self.others = [seat for seat in view.turn_order if seat != me.seat]
        floors = {snapshot.seat: strength(snapshot.cards) for snapshot in view.snapshots}
        self.field = [
            [max(floors.get(seat, 0), self._draw(seat)) for seat in self.others]
            for _ in range(samples)
        ]

    def _draw(self, seat: int) -> int:
        other = self.view.seats[seat]
        exchanges = other.exchanges if other.done else 1
        sums = cumulative(strength_table(other.card_count, min(exchanges, 2)))
        return bisect(sums, self.rng.random())

    def best_augment(self) -> int:
        silver = self.view.me.silver
        best, chosen = float("-inf"), 0
        for count in range(MAX_AUGMENT + 1):
            cost = augment_cost(count)
            if cost > silver:
                break
            value = self._mean(partial(self._augmented, count), cost)
            if value > best:
                best, chosen = value, count
        return chosen

    def _augmented(self, count: int) -> tuple[list[Card], int]:
        """A deal of `count` more cards, then one exchange by the baseline rule."""
        deck = self.rng.sample(self.unseen, min(len(self.unseen), count + 10))
        hand = [*self.view.hand, *(deck.pop() for _ in range(count))]
        spend = max(0, view_budget(self.view) - augment_cost(count))
        return exchanged(hand, deck, spend)

    def best_exchange(self) -> tuple[Card, ...] | None:
        """The cards to keep in the best exchange, or None when standing is best."""
        hand, silver = self.view.hand, self.view.me.silver
        best = self._mean(lambda: (list(hand), 0), 0)
        chosen = None
        for kept in _keeps(hand):
            cost = _cost(len(hand), len(kept))
            if cost > silver:
                continue
            value = self._mean(partial(self._replaced, kept), cost)
            if value > best:
                best, chosen = value, kept
        return chosen

    def _replaced(self, kept: tuple[Card, ...]) -> tuple[list[Card], int]:
        """`kept` filled up from the unseen cards, with no later cost."""
        drawn = self.rng.sample(self.unseen, len(self.view.hand) - len(kept))
        return [*kept, *drawn], 0

    def _mean(self, deal: Callable[[], tuple[list[Card], int]], cost: int) -> float:
        """The mean value of `deal` (a hand and its later cost) over the sampled field."""
        total = 0.0
        for others in self.field:
            hand, later = deal()
            total += self._value(strength(hand), others, cost + later)
        return total / self.samples

    def _value(self, mine: int, others: list[int], spent: int) -> float:
        view = self.view
        me = view.me
        place, defeat = _place(view, me.seat, mine, self.others, others)
        params = view.params
        silver, gold = me.silver - spent, me.gold
        if place == 4:
            silver = 0
        elif silver >= params.gold_exchange_silver:
            silver, gold = silver - params.gold_exchange_silver, gold + 1
        silver += params.rewards[place - 1] + defeat + HAND_BONUS.get(mine, 0)
        fund = GOLD_FUND if silver >= params.gold_exchange_silver else 0.0
        return gold + (WIN if gold >= params.win_gold else 0.0) + fund + SILVER * silver


def _place(
    view: MatchView, seat: int, mine: int, others: list[int], strengths: list[int]
) -> tuple[int, int]:
    """Final place (J15, J32) and defeat bonus (J37) of `seat` with strength `mine`."""
    order = view.turn_order
    mine_at = order.index(seat)
    above = [
        other
        for other, theirs in zip(others, strengths, strict=True)
        if theirs > mine or (theirs == mine and order.index(other) < mine_at)
    ]
    juggernaut = view.juggernaut
    if juggernaut is None:
        return 1 + len(above), 0
    if seat == juggernaut:
        return (4 if above else 1), 0
    theirs = strengths[others.index(juggernaut)]
    toppled = mine > theirs or any(
        s > theirs for o, s in zip(others, strengths, strict=True) if o != juggernaut
    )
    if toppled:
        return 1 + len([other for other in above if other != juggernaut]), int(mine > theirs)
    return 1 + len(above), 0


def _unseen(view: MatchView) -> list[Card]:
    """The cards the viewer has not seen this set, as a list with repeats (J8)."""
    left = Counter(DECK)
    left.subtract(view.hand)
    left.subtract(view.me.discards or ())
    return [card for card, count in left.items() for _ in range(max(0, count))]


def _keeps(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The sets of cards worth keeping: the pairs and jokers (J41's K) and less of the
    rest, the best suit, the best run, the highest card, or nothing."""
    counts = Counter(rank_of(card) for card in hand if card != JOKER)
    jokers = tuple(card for card in hand if card == JOKER)
    paired = tuple(card for card in hand if card != JOKER and counts[rank_of(card)] >= 2)
    rest = sorted((c for c in hand if c != JOKER and counts[rank_of(c)] < 2), key=rank_of)
    found = {(), (max(hand, key=rank_of),)}
    for dropped in range(1, len(rest) + 1):
        found.add(jokers + paired + tuple(rest[dropped:]))
    for suit in SUITS:
        suited = tuple(card for card in hand if card[1:] == suit)
        if len(suited) >= 3:
            found.add(jokers + suited)
    found.add(jokers + _best_run(hand))
    # Sorted: a set's order follows the process's string hashing, and the order decides
    # both ties and the random draws each candidate takes, so a seeded match must not see it.
    return sorted((kept for kept in found if len(kept) < len(hand)), key=lambda k: (len(k), k))


def _best_run(hand: Sequence[Card]) -> tuple[Card, ...]:
    """One card of each rank in the run of five ranks holding most of them."""
    by_rank = {rank_of(card): card for card in hand if card != JOKER}
    runs = [[(low + step) % 13 for step in range(5)] for low in range(-1, 9)]
    best = max(runs, key=lambda run: sum(rank in by_rank for rank in run))
    return tuple(by_rank[rank] for rank in best if rank in by_rank)
