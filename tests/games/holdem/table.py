"""A table for the rules tests: a match of people with chosen stacks, button and deck.

The worked examples of docs/rules/holdem.md name their decks. The decider draws each hand's
deck from the seed (`shuffles.hand_deck`); `table` replaces that one function for the test,
which is the only way a test reaches into the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.holdem import rules
from flipside.games.holdem.cards import DECK, split_cards
from flipside.games.holdem.commands import Act, Command, CreateMatch, SetAutoAction, ShowOrMuck
from flipside.games.holdem.config import Config
from flipside.games.holdem.events import Event
from flipside.games.holdem.state import Match

SEED = bytes(range(32))


def full_deck(top: str) -> tuple[str, ...]:
    """`top` (cards from the top) followed by the other cards in canonical order."""
    first = split_cards(top)
    return first + tuple(card for card in DECK if card not in first)


@dataclass
class Table:
    state: Match
    events: list[Event] = field(default_factory=list)

    def do(self, command: Command) -> list[Event]:
        events, self.state = rules.execute(self.state, command)
        self.events += events
        return events

    def act(self, seat: int, kind: str, to: int | None = None) -> list[Event]:
        return self.do(Act(seat, kind, to))  # type: ignore[arg-type]

    def auto(self, seat: int, kind: str, to: int | None = None) -> list[Event]:
        return self.do(SetAutoAction(seat, kind, to))  # type: ignore[arg-type]

    def show(self, seat: int, show: bool = True) -> list[Event]:
        return self.do(ShowOrMuck(seat, show))

    def check_down_and_show(self, *order: int) -> None:
        """Flop, turn and river checked by the seats of `order` in turn; then every seat the
        showdown asks shows (H33)."""
        for _ in ("flop", "turn", "river"):
            for seat in order:
                self.act(seat, "check")
        while self.state.asked is not None:
            self.show(self.state.asked)

    def refused(self, command: Command, code: str) -> None:
        """`command` is refused with `code` and changes nothing."""
        before = self.state
        with pytest.raises(RuleViolation) as refusal:
            rules.execute(self.state, command)
        assert refusal.value.code == code, refusal.value.message
        assert self.state is before

    def of(self, kind: type) -> list:
        return [event for event in self.events if isinstance(event, kind)]


def deal(monkeypatch: pytest.MonkeyPatch, *tops: str) -> None:
    """Hands 1, 2, ... of the tables made in this test are dealt from `tops`, each padded to
    a full deck, and later hands from the unshuffled deck (call before `table`)."""
    decks = [full_deck(top) for top in tops]
    monkeypatch.setattr(
        rules, "hand_deck", lambda seed, hand: decks[hand - 1] if hand <= len(decks) else DECK
    )


def table(
    stacks: Sequence[int],
    button: int,
    *,
    blinds: tuple[int, int] = (5, 10),
    max_hands: int = 1000,
    kinds: Sequence[str] | None = None,
    timeout: int | None = None,
) -> Table:
    """A new match at `stacks` with the first button at `button`, started: people, or the
    seats' `kinds` ("human" or a level; the tests move every seat themselves)."""
    seats = tuple(
        SeatSpec("human", name=f"p{seat}") if kind == "human" else SeatSpec("npc", level=kind)
        for seat, kind in enumerate(kinds or ["human"] * len(stacks))
    )
    config = Config(tuple(stacks), *blinds, first_button=button, max_hands=max_hands)
    start = Table(rules.initial_state())
    start.do(CreateMatch("m", seats, SEED, config, seeded=True, turn_timeout_seconds=timeout))
    return start
