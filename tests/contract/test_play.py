"""Random legal play to the end: progress, outcome, replay and the audit's premise."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.registry import AnyGame

from .checks import check_commands_behind, check_outcome, check_progress, check_replay
from .matches import FAST, every_game, plans, play


@every_game
@FAST
@given(data=st.data())
def test_random_legal_play_ends_with_a_consistent_outcome(
    game: AnyGame, data: st.DataObject
) -> None:
    played = play(game, data.draw(plans(game)))
    check_progress(played)
    check_outcome(game.progress(played.final).outcome, len(played.plan.seats))


@every_game
@FAST
@given(data=st.data())
def test_stored_events_replay_to_the_same_state(game: AnyGame, data: st.DataObject) -> None:
    check_replay(play(game, data.draw(plans(game))))


@every_game
@FAST
@given(data=st.data())
def test_each_decision_is_decided_again_from_the_command_behind_it(
    game: AnyGame, data: st.DataObject
) -> None:
    check_commands_behind(play(game, data.draw(plans(game))))
