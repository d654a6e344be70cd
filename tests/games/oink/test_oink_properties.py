"""Properties of every match, whatever is played (hypothesis): the 49 cards are always all
somewhere (deck, hands, discards, captured piles; O4, O8-O17), scores are the captured
piles (O11), and no view shows a card of the opponent's hand that was never shown (O41)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.cards import DECK_SET
from flipside.games.oink.events import LEVELS, CardsCaptured
from flipside.games.oink.state import Match

from .table import random_body

MAX_MOVES = 3_000


def check(state: Match) -> None:
    everything = [card for seat in state.seats for card in seat.hand + seat.captured]
    everything += [*state.deck, *state.discards]
    assert len(everything) == 49 and set(everything) == DECK_SET  # O4: each card once
    assert all(seat.held == len(seat.hand) for seat in state.seats)
    for seat in state.seats:
        assert len(seat.hand) <= 5 and set(seat.shown) <= set(seat.hand)
    if state.phase != "over":
        for viewer in (0, 1, None):
            _check_view(state, viewer)


def _check_view(state: Match, viewer: int | None) -> None:
    """O41: every card of a hand the viewer does not own and was not shown stays out of
    the view (past deals' records may name a card that was public then, so they are left
    out of the look)."""
    body = GAME.view_json(GAME.view(state, viewer))
    body.pop("history")
    text = json.dumps(body)
    for index, seat in enumerate(state.seats):
        if index == viewer:
            continue
        for card in set(seat.hand) - set(seat.shown):
            assert f'"{card}"' not in text, (viewer, card)


def play_randomly(seed: bytes, levels: tuple[str | None, str | None], moves: int) -> Match:
    """A match with random legal moves for the people (None) and policies for the others."""
    seats = tuple(
        SeatSpec("human", f"P{i}") if level is None else SeatSpec("npc", level=level)
        for i, level in enumerate(levels)
    )
    create = GAME.create("m", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    events, state = GAME.execute(GAME.initial_state(), create)
    rng = random.Random(moves)
    policies = GAME.policies(state)
    for _ in range(MAX_MOVES):
        check(state)
        for event in events:  # O11: a capture's score is the size of the pile
            if isinstance(event, CardsCaptured):
                assert event.score == state.seats[event.seat].score
        if state.phase == "over":
            return state
        command = GAME.next_command(state, policies)
        if command is None:
            seat = state.to_act
            assert seat is not None
            body = random_body(rng.choice(GAME.legal_actions(state, seat)), rng)
            command = GAME.parse_action(seat, body)
        events, state = GAME.execute(state, command)
    raise AssertionError(f"no end after {MAX_MOVES} moves")


levels = st.sampled_from((None, *LEVELS))


@settings(max_examples=25, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.tuples(levels, levels), st.integers(0, 2**32))
def test_cards_scores_and_views_hold_throughout(
    seed: bytes, seats: tuple[str | None, str | None], moves: int
) -> None:
    final = play_randomly(seed, seats, moves)
    assert max(seat.score for seat in final.seats) >= final.target  # O10


@pytest.mark.soak
@settings(max_examples=1_000, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.tuples(levels, levels), st.integers(0, 2**32))
def test_cards_scores_and_views_hold_throughout_many_matches(
    seed: bytes, seats: tuple[str | None, str | None], moves: int
) -> None:
    play_randomly(seed, seats, moves)
