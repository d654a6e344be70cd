"""The baseline computer player (J41): JE9's decisions, and every level playing legal moves
from its own view."""

from __future__ import annotations

import random

import pytest

from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.commands import AnswerReveal, Done, Exchange, Reveal
from flipside.games.juggernaut.commands import Augment as AugmentMove
from flipside.games.juggernaut.evaluator import HIGH_CARD, ONE_PAIR, TWO_PAIR
from flipside.games.juggernaut.npc.baseline import Baseline, augment_count, budget, exchange_rule
from flipside.games.juggernaut.rules import LEVELS, execute
from flipside.games.juggernaut.state import Match
from flipside.games.juggernaut.views import view

from .table import cards, laid_out, play

RNG = random.Random(0)


@pytest.mark.parametrize(("silver", "expected"), [(18, 8), (14, 4), (10, 0), (9, 5), (3, 0)])
def test_je9_reserve_and_budget(silver: int, expected: int) -> None:
    assert budget(silver, gold_price=10, third_reward=6) == expected


def test_je9_augmentation() -> None:
    assert augment_count(ONE_PAIR, budget(18, 10, 6)) == 3
    assert augment_count(TWO_PAIR, budget(18, 10, 6)) == 0
    assert augment_count(HIGH_CARD, budget(9, 10, 6)) == 2


@pytest.mark.parametrize(
    ("hand", "silver", "expected"),
    [
        ("Kd Kc 9h 5s 2c 7d", 17, ("keep", "Kd Kc")),
        ("Kd Kc 8h 8s Jd 3c", 15, ("individual", "Jd 3c")),
        ("Kd Kc JK 9h 5s 2c", 13, ("individual", "2c 5s")),
        ("Ah Tc 8d 6s 3h", 11, ("keep", "Ah")),
        ("Ah Tc 8d 6s 3h", 10, None),
        ("5c 6d 7h 8s 9c", 30, None),  # a straight: no exchange
    ],
)
def test_je9_the_exchange_rule(hand: str, silver: int, expected) -> None:
    rule = exchange_rule(cards(hand), budget(silver, 10, 6))
    assert rule == (None if expected is None else (expected[0], cards(expected[1])))


JE9_TOP = cards(
    "Kd As Qs Ah | Kc Ks Qd Tc | 9h 6h Qh Th | 5s 5d 4c 6c | 2c 3s 4d 6d"
    " | 7d | 9s 2h | 7c 7s"
    " | 8h 8s Jd 3c | Ad 9c"
)


def je9_table(s3_silver: int) -> Match:
    """JE9's computer Juggernaut s1, turn order 1, 2, 3, 0, at its exchange turn."""
    state = laid_out(
        silver=(10, 19, 10, s3_silver + 2), juggernaut=1, order=(1, 2, 3, 0), top=JE9_TOP
    )
    _, state = play(state, [AugmentMove(1, 1), AugmentMove(2, 0), AugmentMove(3, 2),
                            AugmentMove(0, 2)])  # fmt: skip
    assert state.seats[1].hand == cards("Kd Kc 9h 5s 2c 7d") and state.seats[1].silver == 18
    assert [len(seat.hand) for seat in state.seats] == [7, 6, 5, 7]
    return state


def baseline_moves(state: Match) -> tuple[list, Match]:
    """Moves of the baseline at every seat until seat 0's turn."""
    moves = []
    while state.awaiting != (0,):
        seat = state.awaiting[0]
        move = Baseline().move(view(state, seat), RNG)
        moves.append(move)
        state = execute(state, move)[1]
    return moves, state


def test_je9_a_computer_juggernaut_reveals_then_chases_when_the_citizen_allows() -> None:
    moves, state = baseline_moves(je9_table(s3_silver=10))
    assert moves[:2] == [Reveal(1, 3), AnswerReveal(3, refuse=False)]  # budget 0: allows
    assert moves[2] == Exchange(1, "keep", cards("Kd Kc"))
    assert moves[3] == Exchange(1, "individual", cards("Jd 3c"))  # the chase
    assert moves[4] == Done(1)
    assert state.seats[1].silver == 13


def test_je9_a_citizen_with_budget_and_a_full_house_refuses() -> None:
    moves, state = baseline_moves(je9_table(s3_silver=11))
    assert moves[:2] == [Reveal(1, 3), AnswerReveal(3, refuse=True)]
    assert moves[2] == Exchange(1, "keep", cards("Kd Kc"))
    assert moves[3] == Done(1)  # nothing seen, no chase
    assert state.seats[3].silver == 10 and state.seats[1].silver == 15


def test_je9_one_pair_allows() -> None:
    state = laid_out(silver=(12, 20, 10, 10), juggernaut=1, order=(1, 2, 3, 0),
                     top=cards("Kd As Qs Ah | Kc Ks Qd Ac"))  # fmt: skip
    _, state = play(state, [AugmentMove(s, 0) for s in (1, 2, 3, 0)])
    _, state = execute(state, Reveal(1, 0))
    assert Baseline().move(view(state, 0), RNG) == AnswerReveal(0, refuse=False)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_matches(level: str) -> None:
    for number in range(3):
        seats = [SeatSpec("npc", level=level)] * 4
        create = GAME.create("m", seats, bytes([number]) * 32, seeded=True, options={},
                             turn_timeout_seconds=None)  # fmt: skip
        state = execute(Match(), create)[1]
        policies = GAME.policies(state)
        while (command := GAME.next_command(state, policies)) is not None:
            state = execute(state, command)[1]
        assert state.phase == "over"
