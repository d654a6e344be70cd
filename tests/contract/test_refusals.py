"""Every illegal action is refused with a `RuleViolation` with a stable code, and changes
nothing: moves by a seat the match does not wait for, unknown kinds, malformed bodies, any
move after the end, and a second creation."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON
from flipside.engine.registry import AnyGame

from .checks import CODE, refused, refused_action
from .matches import FAST, every_game, legal_body, plans, play

LONG_WAIT = 10**9  # seconds: past any turn timeout

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def running_state(game: AnyGame, data: st.DataObject) -> Any:
    """The state after a random decision of a random match, the match still running."""
    played = play(game, data.draw(plans(game)))
    return data.draw(st.sampled_from(played.running())).after


@every_game
@FAST
@given(data=st.data())
def test_a_seat_the_match_does_not_wait_for_is_refused(game: AnyGame, data: st.DataObject) -> None:
    state = running_state(game, data)
    progress = game.progress(state)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    body = legal_body(game, state, rng.choice(progress.awaiting), rng)
    seats = len(progress.seats)
    for seat in [*range(seats), seats, -1]:
        if seat in progress.awaiting:
            continue
        if body is not None:
            refused_action(game, state, seat, body)
        refused(game, state, game.default_command(state, seat, LONG_WAIT))


@every_game
@FAST
@given(data=st.data())
def test_an_unknown_kind_of_action_is_refused(game: AnyGame, data: st.DataObject) -> None:
    state = running_state(game, data)
    seat = data.draw(st.sampled_from(game.progress(state).awaiting))
    known = tuple(kind.kind for kind in game.action_kinds)
    kind = data.draw(json_values.filter(lambda value: value not in known))
    body = data.draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3))
    refused_action(game, state, seat, {**body, "kind": kind})
    refused_action(game, state, seat, {name: v for name, v in body.items() if name != "kind"})


@every_game
@FAST
@given(data=st.data())
def test_a_malformed_action_is_refused(game: AnyGame, data: st.DataObject) -> None:
    """Garbage in an action's parameters: refused, or (by luck) legal, never a crash."""
    state = running_state(game, data)
    seat = data.draw(st.sampled_from(game.progress(state).awaiting))
    kind = data.draw(st.sampled_from(game.action_kinds))
    names = st.sampled_from(sorted(kind.properties) or [""]) | st.text(max_size=6)
    body: JSON = {**data.draw(st.dictionaries(names, json_values, max_size=4)), "kind": kind.kind}
    try:
        command = game.parse_action(seat, body)
        events, _ = game.execute(state, command)
    except RuleViolation as refusal:
        assert CODE.fullmatch(refusal.code), f"code {refusal.code!r}"
        refused_action(game, state, seat, body)  # and always the same way
    else:
        assert events, "an accepted action appended nothing"


@every_game
@FAST
@given(data=st.data())
def test_nothing_is_accepted_after_the_end(game: AnyGame, data: st.DataObject) -> None:
    played = play(game, data.draw(plans(game)))
    state = played.final
    for seat in range(len(played.plan.seats)):
        assert game.legal_actions(state, seat) == [], f"seat {seat} may still move"
        refused(game, state, game.default_command(state, seat, LONG_WAIT))
        for decision in played.decisions:
            if decision.seat == seat and decision.body is not None:
                refused_action(game, state, seat, decision.body)
    refused(game, state, played.decisions[0].command)


@every_game
@FAST
@given(data=st.data())
def test_a_match_is_created_once(game: AnyGame, data: st.DataObject) -> None:
    played = play(game, data.draw(plans(game)))
    refused(game, data.draw(st.sampled_from(played.running())).after, played.decisions[0].command)
