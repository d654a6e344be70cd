"""Properties of every match, after every event: chips are conserved (K3), the 55 cards are
accounted for (K2, K28), and no view shows a sealed card before its reveal (K33)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flipside.engine.chance import SEED_BYTES
from flipside.engine.seats import SeatSpec
from flipside.games.orc import rules, views
from flipside.games.orc.cards import DECK_COUNTS, NO_CARDS
from flipside.games.orc.commands import SEALED_ACTIONS, Command, CreateMatch, Draw, GiveUp, TimeOut
from flipside.games.orc.events import LEVELS, OpeningRevealed, SealedChoiceMade, TieBreakRevealed
from flipside.games.orc.evolve import evolve, initial_state
from flipside.games.orc.npc import next_command, policy_for
from flipside.games.orc.state import Match

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=2_000, deadline=None, suppress_health_check=list(HealthCheck))


def random_command(state: Match, rng: random.Random) -> Command:
    """A random legal move of a random awaited seat: any card it may lay, draw or give up,
    or now and then its computer player's move or a timeout."""
    seat = rng.choice(state.awaiting)
    if rng.random() < 0.05:
        return TimeOut(seat, 10**6)
    if rng.random() < 0.2:
        command = next_command(state, {seat: policy_for(rng.choice(LEVELS[:3]))})
        assert command is not None
        return command
    if state.to_move == seat:
        return Draw(seat) if rng.random() < 0.7 else GiveUp(seat)
    return SEALED_ACTIONS[state.phase](seat, rng.choice(rules.choices(state, seat)))


matches = st.builds(
    lambda count, seed, moves, long, escalating: (count, seed, moves, long, escalating),
    st.integers(3, 8),
    st.binary(min_size=SEED_BYTES, max_size=SEED_BYTES),
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.booleans(),
)


def played(plan: tuple) -> list[tuple[Match, object]]:
    """Every state of a random match with the event that led to it."""
    count, seed, moves, long, escalating = plan
    seats = tuple(SeatSpec("human", f"P{i}") for i in range(count))
    state = initial_state()
    command: Command = CreateMatch("m", seats, seed, True, long, escalating, 60)
    rng = random.Random(moves)
    states = []
    while True:
        events, after = rules.execute(state, command)
        for event in events:
            state = evolve(state, event)
            states.append((state, event))
        assert state == after
        if state.phase == "over":
            return states
        command = random_command(state, rng)


def check_chips(states: list[tuple[Match, object]]) -> None:
    """K3: the chips and the pot always add up to the chips the seats began with."""
    for state, event in states[1:]:
        total = sum(seat.chips for seat in state.seats) + state.pot
        assert total == len(state.seats) * state.start_chips, event
        assert all(seat.chips >= 0 for seat in state.seats), event  # K8


def check_cards(states: list[tuple[Match, object]]) -> None:
    """K2, K28: from a round's shuffle to its end, all 55 cards lie somewhere, each once."""
    for state, event in states:
        on_table = state.cards_on_table()
        assert on_table in (DECK_COUNTS, NO_CARDS), (event, on_table)
        assert (on_table == DECK_COUNTS) == (state.round_deck != () or state.phase in _DEALT)


_DEALT = {"opening", "tiebreak", "contribute", "turn"}


def check_sealed(states: list[tuple[Match, object]]) -> None:
    """K33: until its reveal, a sealed card shows in no other viewer's view or copy of the
    event; a contribution never does unless drawn."""
    for state, event in states:
        if state.phase == "over":
            continue
        viewers = [*range(len(state.seats)), None]
        if isinstance(event, SealedChoiceMade):
            for viewer in viewers:
                copy = views.redact(event, viewer)
                assert (copy.number is not None) == (viewer == event.seat), (viewer, event)
        for viewer in viewers:
            seen = views.view(state, viewer)
            for seat, held in enumerate(state.seats):
                shown = seen.seats[seat]
                assert shown.chosen == (held.sealed is not None)
                if viewer != seat:
                    assert shown.sealed is None and shown.contribution is None
                    assert set(shown.hand) <= {None}


def check_match(plan: tuple) -> None:
    states = played(plan)
    check_chips(states)
    check_cards(states)
    check_sealed(states)


@FAST
@given(plan=matches)
def test_chips_cards_and_sealed_cards(plan: tuple) -> None:
    check_match(plan)


@pytest.mark.soak
@SOAK
@given(plan=matches)
def test_chips_cards_and_sealed_cards_soak(plan: tuple) -> None:
    check_match(plan)


def test_reveals_show_what_was_sealed() -> None:
    """The reveal events carry exactly the sealed opening and tie-break cards."""
    for moves in range(20):
        states = played((6, bytes([moves]) * SEED_BYTES, moves, False, False))
        sealed: dict[int, int] = {}
        for _, event in states:
            if isinstance(event, SealedChoiceMade) and event.kind != "contribution":
                sealed[event.seat] = event.number  # type: ignore[assignment]
            elif isinstance(event, OpeningRevealed):
                assert dict(enumerate(event.numbers)) == sealed
                sealed = {}
            elif isinstance(event, TieBreakRevealed):
                laid = {s: n for s, n in zip(event.seats, event.numbers, strict=True) if n}
                assert laid == sealed
                sealed = {}
