"""Decisions made on a mutable draft (draft.py): one frozen state per decision, and the
very states that folding the events one at a time gives."""

from __future__ import annotations

import dataclasses
import random
from functools import reduce

import pytest

from flipside.games.flipside.commands import Exchange
from flipside.games.flipside.draft import MatchDraft, SeatDraft, thaw
from flipside.games.flipside.events import RoundStarted
from flipside.games.flipside.rules import RuleViolation, evolve, execute, replay
from flipside.games.flipside.state import Match, SeatState

from .strategies import SEED, create, random_command


def _names(cls: type) -> list[str]:
    return [field.name for field in dataclasses.fields(cls)]


def test_a_draft_has_the_fields_and_slots_of_what_it_drafts_in_their_order() -> None:
    assert _names(MatchDraft) == _names(Match)
    assert _names(SeatDraft) == _names(SeatState)
    assert MatchDraft.__slots__ == Match.__slots__
    assert SeatDraft.__slots__ == SeatState.__slots__


@pytest.mark.parametrize("count", [3, 4, 5])
def test_each_decision_gives_the_state_its_events_fold_to_and_leaves_the_one_before(
    count: int,
) -> None:
    rng = random.Random(count)
    events, state = create(SEED, count)
    while state.phase != "over":
        before = repr(state)
        more, after = execute(state, random_command(state, rng))
        assert repr(state) == before
        assert reduce(evolve, more, state) == after
        assert type(after) is Match and {type(seat) for seat in after.seats} == {SeatState}
        events += more
        state = after
    assert replay(events) == state


def test_a_frozen_state_and_its_seats_refuse_changes() -> None:
    _, state = create()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.seats[0].life = 1  # type: ignore[misc]


def test_a_refused_command_leaves_the_state_as_it_was() -> None:
    _, state = create()
    before = repr(state)
    seat = state.seat_to_exchange
    assert seat is not None
    with pytest.raises(RuleViolation):
        execute(state, Exchange((seat + 1) % 3, ()))
    assert repr(state) == before


def test_a_draft_shares_the_seats_it_did_not_change() -> None:
    _, state = create()
    draft = thaw(state)
    draft.seat(1).life = 9
    after = draft.freeze()
    assert after.seats[0] is state.seats[0] and after.seats[2] is state.seats[2]
    assert after.seats[1].life == 9 and state.seats[1].life == 4


def test_every_event_of_a_round_names_that_round() -> None:
    """A decider reads what an event says of the state before emitting it (rules.py)."""
    rng = random.Random(5)
    events, state = create(SEED, 4)
    while state.phase != "over":
        more, state = execute(state, random_command(state, rng))
        events += more
    current = 0
    for event in events:
        current = event.round if isinstance(event, RoundStarted) else current
        assert getattr(event, "round", current) == current
