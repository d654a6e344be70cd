"""The contract over many more matches (``pytest -m soak tests/contract``): every check on
each match, and every moment of it for the views."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.registry import AnyGame

from .checks import (
    check_commands_behind,
    check_outcome,
    check_progress,
    check_replay,
    check_timeouts,
)
from .hidden import check_redaction, check_views, decision_ends
from .matches import SOAK, every_game, plans, play

pytestmark = pytest.mark.soak


@every_game
@SOAK
@given(data=st.data())
def test_random_matches_keep_the_whole_contract(game: AnyGame, data: st.DataObject) -> None:
    played = play(game, data.draw(plans(game)))
    check_progress(played)
    check_outcome(game.progress(played.final).outcome, len(played.plan.seats))
    check_replay(played)
    check_commands_behind(played)
    check_redaction(played)
    check_views(played, decision_ends(played))


@every_game
@SOAK
@given(data=st.data())
def test_matches_of_people_who_never_act_end_by_timeouts(
    game: AnyGame, data: st.DataObject
) -> None:
    check_timeouts(game, data.draw(plans(game, people=True)))
