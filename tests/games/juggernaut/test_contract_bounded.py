"""The engine's game contract (`tests/contract`) on Juggernaut, with every match bounded.

Juggernaut's rules set no limit on the number of sets (J40, J40a), and a match played with
the parameters' extremes (winGold 99, no rewards) can run for thousands of sets, past the
contract's `MAX_DECISIONS`. Here the contract's plans keep the seven parameters' extremes
but always set `maxSets`, so every match ends (J40a), and every check of the contract runs
on them.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.games.juggernaut import GAME
from tests.contract.checks import (
    check_commands_behind,
    check_outcome,
    check_progress,
    check_replay,
    check_timeouts,
)
from tests.contract.hidden import check_redaction, check_views, decision_ends
from tests.contract.matches import FAST, Plan, plans, play

SET_LIMITS = (1, 2, 12)


def bounded(people: bool = False) -> st.SearchStrategy[Plan]:
    limits = st.sampled_from(SET_LIMITS)
    return st.builds(
        lambda plan, limit: replace(plan, options={**plan.options, "maxSets": limit}),
        plans(GAME, people=people),
        limits,
    )


@FAST
@given(plan=bounded())
def test_random_legal_play_keeps_the_contract(plan: Plan) -> None:
    played = play(GAME, plan)
    check_progress(played)
    check_outcome(GAME.progress(played.final).outcome, len(plan.seats))
    check_replay(played)
    check_commands_behind(played)


@settings(FAST, max_examples=10)
@given(plan=bounded(), data=st.data())
def test_no_viewer_learns_what_it_may_not_know(plan: Plan, data: st.DataObject) -> None:
    played = play(GAME, plan)
    check_redaction(played)
    ends = decision_ends(played)
    sample = data.draw(st.lists(st.sampled_from(ends), max_size=6)) if ends else []
    check_views(played, sorted({*ends[:12], *sample}))


@FAST
@given(plan=bounded(people=True))
def test_people_who_never_act_are_moved_for_once_their_time_is_up(plan: Plan) -> None:
    check_timeouts(GAME, plan)
