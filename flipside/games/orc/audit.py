"""Orc Poker's own audit checks, beyond the engine's (`flipside/records/audit.py`): the cards
and the lots, followed through the record without trusting the rules they audit.

- ``shuffle``: every `DeckShuffled` is drawn again from the seed (docs/rules/orc.md,
  "Chance"): a round's deck from the 55 cards, an action deck from the phase's sealed
  contributions;
- ``deal``: each round's hands are the deck's top cards, one at a time from seat 0 (K9);
- ``refill``: tie-break refills come off the round deck's top in turn (K12.4, K13);
- ``draw``: each card drawn is the action deck's top card (K19), and busts are exactly the
  draws of a number already in the row (K20); the discards are the cards left (K25);
- ``lot``: a start player by lot, and the winner the outcome names when the victory is
  shared, are the seed's choices (K13, K30).

An event too malformed to follow fails ``decode`` and ends the checks.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import zip_longest
from typing import Any

from flipside.engine.game_audit import Checker
from flipside.engine.records import Failure, Versioned

from . import shuffles
from .events import (
    ActionCardsDiscarded,
    CardDrawn,
    CardsDealt,
    DeckShuffled,
    Event,
    HandRefilled,
    MatchCreated,
    MatchEnded,
    OpeningRevealed,
    SealedChoiceMade,
    StartPlayerChosen,
    TieBreakRevealed,
)
from .state import HAND_SIZE


def audit_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return _Table(seed).run(events)


class _Table(Checker):
    """The decks and rows as the record's own events leave them."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed)
        self.seats = 0
        self.round_deck: list[int] = []
        self.action_deck: list[int] = []
        self.contributions: list[int] = []
        self.rows: list[set[int]] = []
        self.tied: tuple[int, ...] = ()
        self.refills: list[HandRefilled] = []
        self.handlers: dict[type[Event], Callable[[int, Any], None]] = {
            MatchCreated: self._created,
            DeckShuffled: self._shuffled,
            CardsDealt: self._dealt,
            SealedChoiceMade: self._sealed,
            OpeningRevealed: self._opened,
            TieBreakRevealed: self._tiebroken,
            HandRefilled: self._refill,
            StartPlayerChosen: self._started,
            CardDrawn: self._drawn,
            ActionCardsDiscarded: self._discarded,
            MatchEnded: self._ended,
        }

    def apply(self, version: int, event: Event) -> None:
        if not isinstance(event, HandRefilled):
            self._refilled(version)
        handler = self.handlers.get(type(event))
        if handler is not None:
            handler(version, event)

    def _created(self, version: int, event: MatchCreated) -> None:
        self.seats = len(event.seats)

    def _shuffled(self, version: int, event: DeckShuffled) -> None:
        cards = [card for card in event.cards or () if card is not None]
        if event.purpose == "round":
            expected = shuffles.round_deck(self.seed, event.round)
            self.round_deck = cards
        else:
            expected = shuffles.action_deck(self.seed, event.round, event.phase, self.contributions)
            self.action_deck, self.contributions = cards, []
        if event.count != len(cards) or tuple(cards) != expected:
            self.fail(version, "shuffle", f"the {event.purpose} deck is not the seed's")

    def _dealt(self, version: int, event: CardsDealt) -> None:
        count = self.seats
        top = self.round_deck[: HAND_SIZE * count]
        dealt = [tuple(top[seat::count]) for seat in range(count)]
        if list(event.hands) != dealt:
            self.fail(version, "deal", "the hands are not the deck's top cards in turn (K9)")
        del self.round_deck[: HAND_SIZE * count]
        if event.round_deck != len(self.round_deck):
            self.fail(version, "deal", f"the round deck holds {len(self.round_deck)} cards")
        self.rows = [set() for _ in range(count)]

    def _sealed(self, version: int, event: SealedChoiceMade) -> None:
        if event.kind == "contribution" and event.number is not None:
            self.contributions.append(event.number)

    def _opened(self, version: int, event: OpeningRevealed) -> None:
        self.rows = [{number} for number in event.numbers]
        self.tied = event.tied

    def _tiebroken(self, version: int, event: TieBreakRevealed) -> None:
        for seat, sequence in zip(event.seats, event.sequences, strict=True):
            self.rows[seat] = set(sequence)
        self.tied = event.still_tied

    def _refill(self, version: int, event: HandRefilled) -> None:
        self.refills.append(event)

    def _refilled(self, version: int) -> None:
        """K13: the refills of one tie-break step, one card at a time in turn."""
        if not self.refills:
            return
        hands = [event.numbers for event in self.refills]
        in_turn = [n for cards in zip_longest(*hands) for n in cards if n is not None]
        if in_turn != self.round_deck[: len(in_turn)]:
            self.fail(version, "refill", "the refills are not the round deck's top in turn")
        del self.round_deck[: len(in_turn)]
        self.refills = []

    def _started(self, version: int, event: StartPlayerChosen) -> None:
        if event.by == "lot" and event.seat != shuffles.start_lot(
            self.seed, event.round, self.tied
        ):
            self.fail(version, "lot", "the start player is not the seed's lot (K13)")

    def _drawn(self, version: int, event: CardDrawn) -> None:
        top = self.action_deck.pop(0) if self.action_deck else None
        if event.number != top:
            self.fail(version, "draw", f"seat {event.seat} drew {event.number}, the top was {top}")
        row = self.rows[event.seat]
        if event.busted != (event.number in row):
            self.fail(version, "draw", "a bust is a draw of a number already in the row (K20)")
        row.add(event.number)

    def _discarded(self, version: int, event: ActionCardsDiscarded) -> None:
        if list(event.numbers or ()) != self.action_deck:
            self.fail(version, "draw", "the discards are not the action deck's last cards (K25)")
        self.action_deck = []

    def _ended(self, version: int, event: MatchEnded) -> None:
        if len(event.winners) > 1 and event.first != shuffles.shared_win(self.seed, event.winners):
            self.fail(version, "lot", "the outcome's winner is not the seed's lot (K30)")
