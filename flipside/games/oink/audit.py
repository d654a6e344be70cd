"""Oink Poker's own audit checks, beyond the engine's (`flipside/records/audit.py`): the
chance and the cards, followed through the record without trusting the rules they audit.

- ``shuffle``: every `DeckShuffled` is derived again from the seed (label ``deck``, O8,
  O14) over the cards it had to shuffle: the whole deck, or the discard pile;
- ``roll``: every `DieRolled` face is derived again (labels ``start-roll`` and ``die``,
  O9, O19);
- ``deal`` / ``draw``: every refill (O13, alternately from the start seat) and every
  Change's draw (O17) came off the top of the deck, as the record's own events leave it.

An event too malformed to follow fails ``decode`` and ends the checks.
"""

from __future__ import annotations

from flipside.engine import game_audit
from flipside.engine.game_audit import Checker
from flipside.engine.records import Failure, Versioned

from .cards import DECK, HAND_SIZE, Card
from .chance import die_face, shuffle, start_faces
from .events import (
    CardsCaptured,
    CardsChanged,
    CardsDealt,
    DealStarted,
    DeckShuffled,
    DieRolled,
    Event,
    SeedRevealed,
)


def revealed_seed(events: Versioned) -> tuple[int, str] | None:
    """(version, hex) of the record's `SeedRevealed`, its last event once it is over."""
    return game_audit.revealed_seed(events, SeedRevealed)


def audit_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return _Table(seed).run(events)


class _Table(Checker):
    """The deck, the discard pile and the hands as the record's own events leave them."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.deck: list[Card] = []
        self.discards: list[Card] = []
        self.hands: list[list[Card]] = [[], []]
        self.dealing: list[int] = []  # the seats still to be dealt a card this refill
        self.shuffles = self.start_rolls = self.rolls = 0

    def apply(self, version: int, event: Event) -> None:
        if isinstance(event, DeckShuffled):
            self._shuffled(version, event)
        elif isinstance(event, DieRolled):
            self._rolled(version, event)
        elif isinstance(event, DealStarted):
            self.dealing = self._dealing_order(event.start_seat)
        elif isinstance(event, CardsDealt):
            self._dealt(version, event)
        elif isinstance(event, CardsChanged):
            self._drawn(version, event)
        elif isinstance(event, CardsCaptured):
            taken = set(event.own + event.received)
            self.hands = [[card for card in hand if card not in taken] for hand in self.hands]

    def _shuffled(self, version: int, event: DeckShuffled) -> None:
        if event.shuffle_no != self.shuffles:
            self.fail(version, "shuffle", f"shuffle {event.shuffle_no}, not {self.shuffles}")
        self.shuffles += 1
        source = DECK if event.reason == "initial" else tuple(self.discards)
        cards = event.cards or ()
        if event.count != len(cards) or sorted(cards) != sorted(source):
            self.fail(version, "shuffle", f"the {event.reason} shuffle has the wrong cards")
        elif cards != shuffle(self.seed, event.shuffle_no, source):
            self.fail(version, "shuffle", "the order is not the one the seed derives")
        if event.reason == "reshuffle":
            self.discards = []
        self.deck += cards

    def _rolled(self, version: int, event: DieRolled) -> None:
        if event.reason == "start":
            attempt, seat = divmod(self.start_rolls, 2)
            self.start_rolls += 1
            expected = start_faces(self.seed, attempt)[seat]
        else:
            expected = die_face(self.seed, self.rolls)
            self.rolls += 1
        if event.face != expected:
            self.fail(version, "roll", f"a {event.reason} roll of {event.face}, not {expected}")

    def _dealing_order(self, start: int) -> list[int]:
        """O13: alternately from the start seat, skipping a full hand."""
        needs = [HAND_SIZE - len(hand) for hand in self.hands]
        order = []
        for position in range(2 * HAND_SIZE):
            seat = (start + position) % 2
            if needs[seat]:
                order.append(seat)
                needs[seat] -= 1
        return order

    def _dealt(self, version: int, event: CardsDealt) -> None:
        count = sum(len(cards) for cards in event.cards)
        order, self.dealing = self.dealing[:count], self.dealing[count:]
        top = self.deck[:count]
        expected: list[list[Card]] = [[], []]
        for seat, card in zip(order, top, strict=False):
            expected[seat].append(card)
        if [list(cards) for cards in event.cards] != expected:
            self.fail(version, "deal", "the refill is not the top of the deck, alternately")
        for seat, cards in enumerate(event.cards):
            self.hands[seat] += [card for card in cards if card is not None]
        del self.deck[:count]

    def _drawn(self, version: int, event: CardsChanged) -> None:
        """O17: as many cards drawn as discarded, off the top of the deck."""
        hand = self.hands[event.seat]
        if not set(event.discarded) <= set(hand):
            self.fail(version, "draw", f"seat {event.seat} discarded cards it did not hold")
        top = self.deck[: len(event.discarded)]
        if list(event.drawn) != top:
            self.fail(version, "draw", f"seat {event.seat} drew {list(event.drawn)}, not {top}")
        self.hands[event.seat] = [card for card in hand if card not in event.discarded] + top
        self.discards += event.discarded
        del self.deck[: len(top)]
