"""No viewer learns what it may not know (the properties are explained in `hidden`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.registry import AnyGame

from .hidden import check_redaction, check_views, decision_ends
from .matches import FAST, every_game, plans, play


@every_game
@FAST
@given(data=st.data())
def test_redaction_hides_never_invents_and_agrees_with_the_views(
    game: AnyGame, data: st.DataObject
) -> None:
    check_redaction(play(game, data.draw(plans(game))))


@every_game
@FAST
@given(data=st.data())
def test_a_view_shows_nothing_that_redaction_hides(game: AnyGame, data: st.DataObject) -> None:
    played = play(game, data.draw(plans(game)))
    ends = decision_ends(played)
    # The first decisions, and a few later ones (the soak checks them all).
    sample = data.draw(st.lists(st.sampled_from(ends), max_size=4))
    check_views(played, sorted({*ends[:8], *sample}))
