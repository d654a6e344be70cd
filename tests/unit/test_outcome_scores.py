"""Every game's `Outcome` scores: one per seat, derived from the final state, in the unit the
game names (`Game.score`), and keeping the chips the rules keep (H5, K30)."""

from __future__ import annotations

from typing import Any

import pytest

from flipside.engine.game import Outcome, Score
from flipside.engine.registry import INSTALLED, game_named
from flipside.engine.seats import SeatSpec
from flipside.simulation import match_seed, play_match

TABLE = {"flipside": 4, "oink": 2, "holdem": 3, "orc": 4, "juggernaut": 4}


def finished(game_id: str, deal: int, **options: Any) -> tuple[Any, Outcome]:
    """The final state and outcome of a match of the game's weakest computer players."""
    game = game_named(game_id)
    seats = [SeatSpec("npc", level=game.levels[0])] * TABLE[game_id]
    _, state = play_match(
        f"{game_id}-{deal}", seats, match_seed(11, deal), game=game_id, options=options
    )
    outcome = game.progress(state).outcome
    assert outcome is not None
    return state, outcome


@pytest.mark.parametrize("game_id", INSTALLED)
def test_every_seat_has_a_score_and_the_winner_s_is_highest(game_id: str) -> None:
    game = game_named(game_id)
    assert isinstance(game.score, Score) and game.score.unit
    for deal in range(3):
        _, outcome = finished(game_id, deal)
        assert len(outcome.scores) == len(outcome.places) == TABLE[game_id]
        assert outcome.winner is not None
        assert outcome.scores[outcome.winner] == max(outcome.scores)


def test_hold_em_scores_chips_won_which_sum_to_nothing() -> None:
    for deal in range(3):
        state, outcome = finished("holdem", deal, max_hands=5, starting_stack=500)
        assert outcome.scores == tuple(stack - 500 for stack in state.stacks)
        assert sum(outcome.scores) == 0  # H5: no chip is made or lost
        assert any(outcome.scores)
    assert game_named("holdem").score.unit == "chips won per 100 hands"


def test_orc_scores_final_chips_which_with_the_pot_are_the_chips_dealt() -> None:
    for deal in range(3):
        state, outcome = finished("orc", deal)
        assert outcome.scores == tuple(seat.chips for seat in state.seats)
        assert sum(outcome.scores) + state.pot == state.start_chips * TABLE["orc"]  # K30
    assert game_named("orc").score.unit == "final chips"


def test_flipside_scores_life_and_only_the_winner_has_any() -> None:
    state, outcome = finished("flipside", 0)
    assert outcome.scores == tuple(seat.life for seat in state.seats)
    assert [life > 0 for life in outcome.scores] == [s == outcome.winner for s in range(4)]


def test_oink_scores_captured_cards() -> None:
    state, outcome = finished("oink", 0)
    assert outcome.scores == tuple(len(seat.captured) for seat in state.seats)


def test_juggernaut_scores_gold() -> None:
    state, outcome = finished("juggernaut", 0)
    assert outcome.scores == tuple(seat.gold for seat in state.seats)
    assert outcome.winner is not None
    assert outcome.scores[outcome.winner] >= state.params.win_gold  # J40


def test_a_score_per_rounds_names_its_rounds() -> None:
    assert Score("final chips").unit == "final chips"
    assert Score("chips won", per=(100, "hands")).unit == "chips won per 100 hands"
