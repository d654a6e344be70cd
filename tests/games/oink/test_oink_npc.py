"""The computer players (docs/rules/oink.md, "Computer players"): they decide from their
seat's view only, knock by their 20th turn of a deal, and their matches end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.cards import DECK, HAND_SIZE
from flipside.games.oink.commands import Knock
from flipside.games.oink.events import LEVELS
from flipside.games.oink.hands import rate
from flipside.games.oink.npc.driver import LAST_TURN, next_command, npc_policies
from flipside.games.oink.npc.field import Field, Ranked
from flipside.games.oink.npc.policy import Answer
from flipside.games.oink.npc.utility import LINEAR
from flipside.games.oink.scoring import showdown_points
from flipside.games.oink.state import Match
from flipside.games.oink.views import MatchView
from flipside.simulation import match_seed

TURNS_MAX = 1_000  # a match between computers longer than this is a failure


def created(levels: tuple[str, str], seed: bytes) -> Match:
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    create = GAME.create("m", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    return GAME.execute(GAME.initial_state(), create)[1]


def to_the_end(state: Match) -> Match:
    policies, turns = npc_policies(state), 0
    while (command := next_command(state, policies)) is not None:
        turns += type(command).__name__ in ("Change", "Roll")  # a turn's action
        assert turns <= TURNS_MAX, "a match between computers did not end"
        state = GAME.execute(state, command)[1]
    return state


@pytest.mark.parametrize("first", LEVELS)
@pytest.mark.parametrize("second", LEVELS)
def test_a_match_between_computers_ends(first: str, second: str) -> None:
    state = to_the_end(created((first, second), bytes(32)))
    assert state.phase == "over" and state.winner is not None


def test_a_match_of_endless_draws_ends() -> None:
    # Run seed 1's match 608: both normal players come to the same run of 7-11, which draws
    # at every joker number; without the oink after three draws it is drawn for ever.
    state = to_the_end(created(("normal", "normal"), match_seed(1, 608)))
    assert state.phase == "over" and state.winner is not None


class Stubborn:
    """Never knocks, whatever the hand."""

    def action(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        return ()

    def call(self, view: MatchView, rng: random.Random) -> bool:
        return False

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        return Answer(accept=True)


@pytest.mark.parametrize(
    ("start", "turn", "knocks"), [(0, 37, False), (0, 39, True), (1, 40, True)]
)
def test_a_computer_knocks_on_its_20th_turn_at_the_latest(
    start: int, turn: int, knocks: bool
) -> None:
    state = created(("easy", "easy"), bytes(32))
    seat = 0 if turn % 2 else 1  # the start seat plays the odd turns
    seat = seat if start == 0 else 1 - seat
    state = replace(state, phase="call", to_act=seat, turn=turn, start_seat=start)
    command = next_command(state, {seat: Stubborn()})
    assert isinstance(command, Knock) == knocks
    assert LAST_TURN == 20


def _hidden_shuffled(state: Match, seat: int, rng: random.Random) -> Match:
    """`state` with everything `seat` cannot see dealt anew: the opponent's cards that were
    never shown and the deck, shuffled together (their counts kept)."""
    other = state.seats[1 - seat]
    hidden = [card for card in other.hand if card not in other.shown]
    pool = hidden + list(state.deck)
    rng.shuffle(pool)
    hand = other.shown + tuple(pool[: len(hidden)])
    seats = list(state.seats)
    seats[1 - seat] = replace(other, hand=hand)
    return replace(state, seats=tuple(seats), deck=tuple(pool[len(hidden) :]))


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from(LEVELS),
    st.binary(min_size=32, max_size=32),
    st.integers(0, 40),
    st.randoms(use_true_random=False),
)
def test_a_computer_decides_from_its_view_only(
    level: str, seed: bytes, moves: int, rng: random.Random
) -> None:
    state = created((level, level), seed)
    policies = npc_policies(state)
    for _ in range(moves):
        command = next_command(state, policies)
        if command is None:
            return
        state = GAME.execute(state, command)[1]
    seat = state.to_act
    if seat is None:  # the match is over
        return
    assert next_command(_hidden_shuffled(state, seat, rng), policies) == next_command(
        state, policies
    )


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 12), st.integers(1, 60))
def test_a_field_values_a_showdown_as_the_points_say(
    rng: random.Random, joker: int, hands: int
) -> None:
    # The field's bisections over hands split by class give what scoring each hand one by
    # one gives (O27, O30-O33): the points won, or lost, weighted.
    deal = lambda: rate(rng.sample(range(len(DECK)), HAND_SIZE), joker)  # noqa: E731
    theirs, weights = [deal() for _ in range(hands)], [0.1 + rng.random() for _ in range(hands)]
    mine = deal()
    expected = sum(
        w * (showdown_points(mine, r) if mine.key > r.key else -showdown_points(r, mine))
        for r, w in zip(theirs, weights, strict=True)
        if mine.key != r.key
    ) / sum(weights)
    assert Field(Ranked(theirs), weights).showdown(mine, LINEAR) == pytest.approx(expected)
