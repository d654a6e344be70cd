"""Juggernaut's own audit checks, beyond the engine's (`flipside/records/audit.py`): chance,
cards and coins followed through the record without trusting the rules they audit.

- ``first-seat``: set 1 begins with the seat the seed draws (label ``first-seat``, J18), and
  every later set with the Juggernaut crowned at the end of the one before;
- ``shuffle``: every `DeckShuffled` (label ``deck``, J8) and `DiscardsReshuffled` (label
  ``discards``, J26a) is derived again from the seed, over the whole deck or over the discard
  pile as the record's own exchanges built it;
- ``deal`` / ``draw``: every deal (J19: one card at a time in turn order), augmentation and
  exchange took its cards off the top of the deck, and an exchange discarded only cards its
  seat held;
- ``coins``: every seat's silver and gold move only by the amounts the events state, from
  the start (J2) to the end of every set.

An event too malformed to follow fails ``decode`` and ends the checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from flipside.engine.chance import choose, shuffle
from flipside.engine.game_audit import Checker
from flipside.engine.records import Failure, Versioned

from .cards import DECK, Card
from .dealing import HAND_SIZE
from .events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    DiscardsReshuffled,
    Event,
    GoldExchanged,
    HandAugmented,
    JuggernautCrowned,
    MatchCreated,
    RevealRefused,
    RevealRequested,
    RewardPaid,
    SetEnded,
    SetStarted,
    SilverConfiscated,
)
from .state import SEATS


def audit_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return _Table(seed).run(events)


def _recorded(cards: tuple[Card | None, ...] | None) -> tuple[Card, ...]:
    """A shuffle's cards as the record gives them, hidden ones (None) kept in place.

    A hidden card cannot match the seed's shuffle, so the ``shuffle`` check fails on it;
    keeping it leaves the deck as recorded for the checks that follow.
    """
    return cast(tuple[Card, ...], tuple(cards or ()))


class _Table(Checker):
    """The deck, the pile, the hands and the coins as the record's own events leave them."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.deck: list[Card] = []
        self.pile: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.silver = [0] * SEATS
        self.gold = [0] * SEATS
        self.order: tuple[int, ...] = ()
        self.crowned: int | None = None
        self.reshuffles = 0

    def apply(self, version: int, event: Event) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, version, event)

    def _created(self, version: int, event: MatchCreated) -> None:
        self.silver = [event.params.initial_silver] * len(event.seats)
        self.gold = [0] * len(event.seats)

    def _set_started(self, version: int, event: SetStarted) -> None:
        first = self.crowned
        if first is None:
            first = choose(self.seed, "first-seat", range(SEATS))
        if event.turn_order[0] != first or event.juggernaut != self.crowned:
            self.fail(version, "first-seat", f"set {event.set_no} does not begin with {first}")
        self._coins(version, event.silver, event.gold, f"the start of set {event.set_no}")
        self.order = event.turn_order
        self.hands = [[] for _ in range(SEATS)]
        self.pile = []

    def _deck_shuffled(self, version: int, event: DeckShuffled) -> None:
        cards = _recorded(event.cards)
        if cards != shuffle(self.seed, "deck", event.set_no, DECK):
            self.fail(version, "shuffle", f"set {event.set_no}'s deck is not the seed's")
        self.deck = list(cards)

    def _discards_reshuffled(self, version: int, event: DiscardsReshuffled) -> None:
        cards = _recorded(event.cards)
        if event.number != self.reshuffles or cards != shuffle(
            self.seed, "discards", self.reshuffles, self.pile
        ):
            self.fail(version, "shuffle", "a reshuffle of the discards is not the seed's")
        self.reshuffles += 1
        self.deck += cards
        self.pile = []

    def _dealt(self, version: int, event: CardsDealt) -> None:
        top, self.deck = self.deck[: HAND_SIZE * SEATS], self.deck[HAND_SIZE * SEATS :]
        expected: list[list[Card]] = [[] for _ in range(SEATS)]
        for position, card in enumerate(top):
            expected[self.order[position % SEATS]].append(card)
        if [list(hand) for hand in event.hands] != expected:
            self.fail(version, "deal", "the deal is not the top of the deck in turn order")
        self.hands = expected

    def _take(self, version: int, seat: int, drawn: tuple[Card | None, ...]) -> None:
        top, self.deck = self.deck[: len(drawn)], self.deck[len(drawn) :]
        if list(drawn) != top:
            self.fail(version, "draw", f"seat {seat} drew {list(drawn)}, not the top {top}")

    def _augmented(self, version: int, event: HandAugmented) -> None:
        self._take(version, event.seat, event.drawn)
        self.hands[event.seat] += [card for card in event.drawn if card is not None]
        self._pay(version, event.seat, event.cost, event.silver)

    def _exchanged(self, version: int, event: CardsExchanged) -> None:
        hand = Counter(self.hands[event.seat])
        discarded = [card for card in event.discarded if card is not None]
        if Counter(discarded) - hand:
            self.fail(version, "draw", f"seat {event.seat} discarded cards it did not hold")
        self._take(version, event.seat, event.drawn)
        self.hands[event.seat] = list((hand - Counter(discarded)).elements())
        self.hands[event.seat] += [card for card in event.drawn if card is not None]
        self.pile += discarded
        self._pay(version, event.seat, event.cost, event.silver)

    def _reveal_requested(self, version: int, event: RevealRequested) -> None:
        self._pay(version, event.juggernaut, event.cost, event.silver)

    def _reveal_refused(self, version: int, event: RevealRefused) -> None:
        self._pay(version, event.target, event.cost, event.silver)

    def _confiscated(self, version: int, event: SilverConfiscated) -> None:
        self._pay(version, event.seat, event.amount, 0)

    def _gold_exchanged(self, version: int, event: GoldExchanged) -> None:
        self._pay(version, event.seat, event.cost, event.silver)
        self.gold[event.seat] += 1
        if event.gold != self.gold[event.seat]:
            self.fail(version, "coins", f"seat {event.seat}'s gold is not {event.gold}")

    def _rewarded(self, version: int, event: RewardPaid) -> None:
        parts = event.base + event.defeat_bonus + event.hand_bonus
        if parts != event.total:
            self.fail(version, "coins", f"seat {event.seat}'s reward parts do not add up")
        self._pay(version, event.seat, -event.total, event.silver)

    def _crowned_event(self, version: int, event: JuggernautCrowned) -> None:
        self.crowned = event.seat

    def _set_ended(self, version: int, event: SetEnded) -> None:
        self._coins(version, event.silver, event.gold, f"the end of set {event.set_no}")

    def _pay(self, version: int, seat: int, cost: int, silver: int) -> None:
        self.silver[seat] -= cost
        if silver != self.silver[seat] or silver < 0:
            self.fail(version, "coins", f"seat {seat} holds {self.silver[seat]}, not {silver}")
            self.silver[seat] = silver

    def _coins(
        self, version: int, silver: tuple[int, ...], gold: tuple[int, ...], when: str
    ) -> None:
        if list(silver) != self.silver or list(gold) != self.gold:
            self.fail(version, "coins", f"the coins at {when} do not follow from the events")
            self.silver, self.gold = list(silver), list(gold)


_HANDLERS: dict[type[Event], Callable[[_Table, int, Any], None]] = {
    MatchCreated: _Table._created,
    SetStarted: _Table._set_started,
    DeckShuffled: _Table._deck_shuffled,
    DiscardsReshuffled: _Table._discards_reshuffled,
    CardsDealt: _Table._dealt,
    HandAugmented: _Table._augmented,
    CardsExchanged: _Table._exchanged,
    RevealRequested: _Table._reveal_requested,
    RevealRefused: _Table._reveal_refused,
    SilverConfiscated: _Table._confiscated,
    GoldExchanged: _Table._gold_exchanged,
    RewardPaid: _Table._rewarded,
    JuggernautCrowned: _Table._crowned_event,
    SetEnded: _Table._set_ended,
}
