"""Hold'em's own audit checks, beyond the engine's (`flipside/records/audit.py`): the cards,
followed through the record without trusting the rules they audit.

- ``button``: the button draw is the seed's (H8): each seat's card and the highest card;
- ``shuffle``: every hand's deck is the seed's (H1, "Chance");
- ``deal``: hole cards, burns and board cards come off the top of that deck in H14-H15's
  order: one card at a time from the first seat after the button, twice round, then burn,
  flop, burn, turn, burn, river.
"""

from __future__ import annotations

from flipside.engine.game_audit import Checker
from flipside.engine.records import Failure, Versioned

from .cards import INDEX
from .events import (
    BoardDealt,
    ButtonDrawn,
    CardBurned,
    DeckShuffled,
    HandStarted,
    HoleCardsDealt,
)
from .shuffles import button_cards, hand_deck


def audit_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return _Deck(seed).run(events)


class _Deck(Checker):
    """Each hand's deck and the next card off it, as the record's own events go."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.deck: tuple[str, ...] = ()
        self.hole_order: list[int] = []  # the seats dealt into the hand, in dealing order
        self.dealt = 0  # hole cards dealt so far this hand
        self.top = 0  # the next card after the hole cards

    def apply(self, version: int, event: object) -> None:
        if isinstance(event, ButtonDrawn):
            self._button(version, event)
        elif isinstance(event, HandStarted):
            count = len(event.stacks)
            live = [s for s in range(count) if event.stacks[s] > 0]
            self.hole_order = sorted(live, key=lambda s: (s - event.button - 1) % count)
            self.dealt, self.top = 0, 2 * len(live)
        elif isinstance(event, DeckShuffled):
            self.deck = hand_deck(self.seed, event.hand)
            if event.order != self.deck:
                self.fail(version, "shuffle", f"hand {event.hand}'s deck is not the seed's")
        elif isinstance(event, HoleCardsDealt):
            self._hole(version, event)
        elif isinstance(event, CardBurned | BoardDealt):
            self._off_the_top(version, event)

    def _button(self, version: int, event: ButtonDrawn) -> None:
        cards = button_cards(self.seed, len(event.cards))
        highest = max(range(len(cards)), key=lambda seat: INDEX[cards[seat]])
        if event.cards != cards or event.button != highest:
            self.fail(version, "button", "the button draw is not the seed's")

    def _hole(self, version: int, event: HoleCardsDealt) -> None:
        order, at = self.hole_order, self.dealt
        if at >= len(order) or order[at] != event.seat:
            self.fail(version, "deal", f"seat {event.seat} is dealt out of turn")
        else:
            expected = (self.deck[at], self.deck[len(order) + at])
            if event.cards != expected:
                self.fail(version, "deal", f"seat {event.seat}'s cards are not the deck's")
        self.dealt += 1

    def _off_the_top(self, version: int, event: CardBurned | BoardDealt) -> None:
        cards = (event.card,) if isinstance(event, CardBurned) else event.cards
        expected = self.deck[self.top : self.top + len(cards)]
        if cards != expected:
            what = "burn" if isinstance(event, CardBurned) else f"{event.street} card"
            self.fail(version, "deal", f"the {what} is not the next card of the deck")
        self.top += len(cards)
