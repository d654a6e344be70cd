"""A table for the rules tests: a match of people with chosen hands and action decks.

The worked examples of docs/rules/orc.md name their deals and action decks. The decider
draws them from the seed (`shuffles.round_deck`, `shuffles.action_deck`); `deal` and
`action_decks` replace those two functions for a test, which is the only way a test reaches
into the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.orc import rules, shuffles
from flipside.games.orc.cards import DECK, DECK_COUNTS, counts_of, minus, numbers_of
from flipside.games.orc.commands import (
    ChooseOpening,
    ChooseTieBreak,
    Command,
    Contribute,
    CreateMatch,
    Draw,
    GiveUp,
)
from flipside.games.orc.events import CardDrawn, Event, OpeningRevealed, TieBreakRevealed
from flipside.games.orc.evolve import initial_state
from flipside.games.orc.state import Match

SEED = bytes(range(32))


def full_deck(hands: Sequence[Sequence[int]], top: Sequence[int] = ()) -> tuple[int, ...]:
    """A deck that deals `hands` (K9: one card at a time from seat 0) with `top` next, the
    other cards after them in canonical order."""
    count = len(hands)
    dealt = [hands[seat][card] for card in range(6) for seat in range(count)]
    rest = minus(minus(DECK_COUNTS, counts_of(dealt)), counts_of(top))
    assert min(rest) >= 0, "more cards of a number than the deck has"
    deck = (*dealt, *top, *numbers_of(rest))
    assert sorted(deck) == sorted(DECK)
    return deck


def deal(
    monkeypatch: pytest.MonkeyPatch, hands: Sequence[Sequence[int]], top: Sequence[int] = ()
) -> None:
    """Round 1 deals `hands` with `top` on the round deck; later rounds are unshuffled."""
    first = full_deck(hands, top)
    monkeypatch.setattr(
        shuffles, "round_deck", lambda seed, round_no: first if round_no == 1 else DECK
    )


def action_decks(
    monkeypatch: pytest.MonkeyPatch, decks: Mapping[tuple[int, int], Sequence[int]]
) -> None:
    """The action deck of (round, phase), top first; it must hold the contributions."""

    def scripted(seed: bytes, round_no: int, phase: int, cards: Any) -> tuple[int, ...]:
        deck = tuple(decks[round_no, phase])
        assert sorted(deck) == sorted(cards), f"phase {phase}: {deck} is not {sorted(cards)}"
        return deck

    monkeypatch.setattr(shuffles, "action_deck", scripted)


@dataclass
class Table:
    state: Match
    events: list[Event] = field(default_factory=list)

    def do(self, command: Command) -> list[Event]:
        events, self.state = rules.execute(self.state, command)
        self.events += events
        return events

    def open(self, *numbers: int) -> list[Event]:
        return [e for seat, n in enumerate(numbers) for e in self.do(ChooseOpening(seat, n))]

    def tiebreak(self, cards: Mapping[int, int]) -> list[Event]:
        return [e for seat, n in cards.items() for e in self.do(ChooseTieBreak(seat, n))]

    def contribute(self, cards: Mapping[int, int]) -> list[Event]:
        return [e for seat, n in cards.items() for e in self.do(Contribute(seat, n))]

    def draw(self, seat: int) -> list[Event]:
        return self.do(Draw(seat))

    def give_up(self, seat: int) -> list[Event]:
        return self.do(GiveUp(seat))

    def refused(self, command: Command, code: str) -> None:
        """`command` is refused with `code` and changes nothing."""
        before = self.state
        with pytest.raises(RuleViolation) as refusal:
            rules.execute(self.state, command)
        assert refusal.value.code == code, refusal.value.message
        assert self.state is before

    def of(self, kind: type) -> list[Any]:
        return [event for event in self.events if isinstance(event, kind)]

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(seat.chips for seat in self.state.seats)

    def rows(self) -> tuple[tuple[int, ...], ...]:
        return tuple(seat.row for seat in self.state.seats)

    def rows_of_round(self, round_no: int) -> list[list[int]]:
        """Each seat's visible row at the end of round `round_no`, from its events (the
        state forgets the rows when the round ends, K28)."""
        rows: list[list[int]] = []
        for event in self.events:
            if getattr(event, "round", None) != round_no:
                continue
            if isinstance(event, OpeningRevealed):
                rows = [[number] for number in event.numbers]
            elif isinstance(event, TieBreakRevealed):
                for seat, sequence in zip(event.seats, event.sequences, strict=True):
                    rows[seat] = list(sequence)
            elif isinstance(event, CardDrawn):
                rows[event.seat].append(event.number)
        return rows

    def hand(self, seat: int) -> tuple[int, ...]:
        return numbers_of(self.state.seats[seat].hand)

    def patch(self, **fields: Any) -> None:
        """Set fields of the match, for situations play seldom reaches (K13, K24)."""
        self.state = replace(self.state, **fields)

    def patch_hand(self, seat: int, *numbers: int) -> None:
        seats = list(self.state.seats)
        seats[seat] = replace(seats[seat], hand=counts_of(numbers))
        self.state = replace(self.state, seats=tuple(seats))

    def with_chips(self, *chips: int) -> None:
        """Give the seats these chips (for the payment examples, K40)."""
        seats = tuple(replace(s, chips=c) for s, c in zip(self.state.seats, chips, strict=True))
        self.state = replace(self.state, seats=seats)


def table(names: Sequence[str], *, escalating_fee: bool = False, long: bool = False) -> Table:
    """A new match of people (call `deal` and `action_decks` first)."""
    seats = tuple(SeatSpec("human", name) for name in names)
    tab = Table(initial_state())
    tab.do(CreateMatch("example", seats, SEED, True, long, escalating_fee))
    return tab
