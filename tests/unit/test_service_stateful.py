"""A hypothesis state machine that throws legal and illegal commands at the match service.

Whatever it sends, for whatever seat: the only errors are `RuleViolation`s with a stable
code, the stored stream stays gapless and replays to the service's state, and no state the
rules forbid appears (every card in exactly one place, lives never negative, one winner).
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from flipside.engine import codec
from flipside.engine.errors import RuleViolation
from flipside.games.flipside import GAME
from flipside.games.flipside.cards import DECK
from flipside.games.flipside.events import SeatSpec
from flipside.service import MatchService
from flipside.store import InMemoryEventStore
from tests.flipside_moves import exchange, orient, state_of

STABLE_CODES = {
    "not_your_turn",
    "wrong_phase",
    "invalid_cards",
    "match_over",
    "unknown_seat",
    "seat_eliminated",
    "already_chosen",
}
cards = st.sampled_from(DECK)


class MatchMachine(RuleBasedStateMachine):
    @initialize(
        seed=st.binary(min_size=32, max_size=32),
        people=st.integers(1, 3),
        computers=st.integers(0, 2),
    )
    def create(self, seed: bytes, people: int, computers: int) -> None:
        computers = max(computers, 3 - people)
        seats = [SeatSpec("human", name=f"p{i}") for i in range(people)]
        seats += [SeatSpec("npc", level="easy")] * computers
        self.service = MatchService(InMemoryEventStore())
        self.match_id = self.service.create(seats, seed=seed).match.state.match_id
        self.people = people

    @property
    def state(self):  # type: ignore[no-untyped-def]
        return state_of(self.service, self.match_id)

    def _attempt(self, move, *args) -> None:  # type: ignore[no-untyped-def]
        before = self.service.store.stream_version(self.match_id)
        try:
            move(self.match_id, *args)
        except RuleViolation as violation:
            assert violation.code in STABLE_CODES, violation.code
            assert self.service.store.stream_version(self.match_id) == before

    @rule(seat=st.integers(-1, 5), discard=st.lists(cards, max_size=6))
    def exchange_anything(self, seat: int, discard: list[str]) -> None:
        self._attempt(partial(exchange, self.service), seat, discard)

    @rule(seat=st.integers(-1, 5), placed=st.lists(cards, max_size=6), flips=st.integers(0, 63))
    def orient_anything(self, seat: int, placed: list[str], flips: int) -> None:
        placed = [card[::-1] if flips >> i & 1 else card for i, card in enumerate(placed)]
        self._attempt(partial(orient, self.service), seat, placed)

    @precondition(lambda self: self.state.seat_to_exchange is not None)
    @rule(data=st.data())
    def exchange_legally(self, data: st.DataObject) -> None:
        state = self.state
        seat = state.seat_to_exchange
        hand = state.seats[seat].hand
        discard = data.draw(st.lists(st.sampled_from(hand), unique=True, max_size=5))
        partial(exchange, self.service)(self.match_id, seat, discard)

    @precondition(lambda self: bool(self.state.awaiting_orientation))
    @rule(data=st.data())
    def orient_legally(self, data: st.DataObject) -> None:
        state = self.state
        seat = data.draw(st.sampled_from(state.awaiting_orientation))
        hand = data.draw(st.permutations(state.seats[seat].hand))
        flips = data.draw(st.integers(0, 31))
        placed = [card[::-1] if flips >> i & 1 else card for i, card in enumerate(hand)]
        partial(orient, self.service)(self.match_id, seat, placed)

    @invariant()
    def stream_replays_to_the_state(self) -> None:
        stored = self.service.events(self.match_id)
        assert [event.version for event in stored] == list(range(1, len(stored) + 1))
        assert codec.fold(GAME, stored) == self.state

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        state = self.state
        places = Counter(state.deck + state.used_pile)
        for seat in state.seats:
            places.update(seat.hand + seat.discarded)
        assert places == Counter(DECK)

    @invariant()
    def lives_and_winner_are_lawful(self) -> None:
        state = self.state
        assert all(seat.life >= 0 for seat in state.seats)
        assert all(seat.eliminated == (seat.life == 0) for seat in state.seats)
        if state.phase == "over":
            assert [seat.active for seat in state.seats].count(True) == 1
            assert state.seats[state.winner].active
        else:
            assert len(state.active_seats) >= 2


MatchMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestServiceStateMachine = MatchMachine.TestCase
