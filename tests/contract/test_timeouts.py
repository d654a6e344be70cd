"""Turn timeouts: a person's default move is accepted once the wait reaches the match's
limit and refused before it, and a match of people who never act ends (the soak plays every
such match to its end)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.registry import AnyGame

from .checks import check_timeouts, refused
from .matches import FAST, create, every_game, plans

TURNS = 150  # per match: enough for most Flipside and Oink matches to end (the soak: all)


@every_game
@FAST
@given(data=st.data())
def test_people_who_never_act_are_moved_for_once_their_time_is_up(
    game: AnyGame, data: st.DataObject
) -> None:
    check_timeouts(game, data.draw(plans(game, people=True)), turns=TURNS)


@every_game
@FAST
@given(data=st.data())
def test_a_match_without_a_turn_timeout_never_times_out(game: AnyGame, data: st.DataObject) -> None:
    plan = replace(data.draw(plans(game, people=True)), turn_timeout_seconds=None)
    state = create(game, plan).after
    for seat in game.progress(state).awaiting:
        refused(game, state, game.default_command(state, seat, 10**9))
