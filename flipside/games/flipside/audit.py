"""Flipside's own audit checks, beyond the engine's (`flipside/records/audit.py`): the
cards, followed through the record without trusting the rules they audit.

- ``shuffle``: every `DeckShuffled` is derived again from the seed (`shuffle.shuffle`, R2,
  R14) over the cards it had to shuffle: the full deck, or the used pile;
- ``deal`` / ``draw``: every deal (R9) and every draw (R10) came off the top of the deck, as
  the record's own shuffles, deals and draws leave it.

An event too malformed to follow (a hand for no seat) fails ``decode`` and ends the checks.
"""

from __future__ import annotations

from flipside.engine.game_audit import Checker
from flipside.engine.records import Failure, Versioned

from .cards import DECK, Card
from .events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    Event,
    RoundEnded,
    RoundStarted,
)
from .rules import HAND_SIZE
from .shuffle import shuffle


def audit_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return _Deck(seed).run(events)


class _Deck(Checker):
    """The deck as the record's own events leave it, folded here rather than by
    `rules.evolve`, so that the deal and draw checks do not trust the code they audit.

    Cards go from the deck to the seats (deals, draws), from the seats to the used pile at
    the round's end (R14), and from the used pile back under the deck by a reshuffle.
    """

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.deck: list[Card] = []
        self.used: list[Card] = []
        self.in_round: list[Card] = []  # dealt and drawn this round: the used pile's next cards
        self.order: tuple[int, ...] = ()
        self.shuffles = 0

    def apply(self, version: int, event: Event) -> None:
        if isinstance(event, DeckShuffled):
            self._shuffled(version, event)
        elif isinstance(event, RoundStarted):
            self.order = event.turn_order
        elif isinstance(event, CardsDealt):
            self._dealt(version, event)
        elif isinstance(event, CardsExchanged):
            self._drawn(version, event)
        elif isinstance(event, RoundEnded):
            self.used += self.in_round
            self.in_round = []

    def _shuffled(self, version: int, event: DeckShuffled) -> None:
        if event.shuffle_no != self.shuffles:
            self.fail(version, "shuffle", f"shuffle {event.shuffle_no}, not {self.shuffles}")
        self.shuffles += 1
        source = DECK if event.reason == "initial" else tuple(self.used)
        cards = event.cards or ()
        if event.count != len(cards) or sorted(cards) != sorted(source):
            self.fail(version, "shuffle", f"the {event.reason} shuffle has the wrong cards")
        elif cards != shuffle(self.seed, event.shuffle_no, source):
            self.fail(version, "shuffle", "the order is not the one the seed derives")
        if event.reason == "used_pile":
            self.used = []
        self.deck += cards

    def _dealt(self, version: int, event: CardsDealt) -> None:
        """R9: one card at a time in turn order, from the top of the deck."""
        order, hands = self.order, event.hands
        count = HAND_SIZE * len(order)
        if any(len(hands[seat]) != HAND_SIZE for seat in order) or sum(map(len, hands)) != count:
            self.fail(version, "deal", "not five cards for each seat in the round")
        else:
            dealt = [hands[order[p % len(order)]][p // len(order)] for p in range(count)]
            if dealt != self.deck[:count]:
                self.fail(version, "deal", "the deal is not the top of the deck in turn order")
        self.in_round += self.deck[:count]
        del self.deck[:count]

    def _drawn(self, version: int, event: CardsExchanged) -> None:
        """R10: as many cards drawn as discarded, off the top of the deck."""
        top = self.deck[: len(event.discarded)]
        if list(event.drawn) != top:
            message = f"seat {event.seat} drew {list(event.drawn)}, the deck gave {top}"
            self.fail(version, "draw", message)
        self.in_round += top
        del self.deck[: len(top)]
