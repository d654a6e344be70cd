"""What a viewer is sent (O39-O42): the view's JSON holds exactly the fields the game
declares (`view_schema`, so the API documents all of them and no more), each seat likewise,
and each legal action only the declared fields beside its kind; through a whole match, for
both seats and a spectator. The opponent's hand is null or its shown cards; at the end
everything is public. (tests/unit/test_view_schemas.py checks the types through the API.)"""

from __future__ import annotations

from typing import Any

from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.state import Match
from flipside.simulation import match_seed

ENVELOPE = {"match_id", "version", "viewer", "status", "phase", "awaiting", "seats"}
SEAT_ENVELOPE = {"seat", "type", "name", "level"}
VIEW_FIELDS = set(GAME.view_schema["properties"])
SEAT_FIELDS = set(GAME.view_schema["seat"]["properties"])
ACTION_FIELDS = set(GAME.action_schema["properties"])


def every_state(levels: tuple[str, str], number: int) -> list[Match]:
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    seed = match_seed(39, number)
    create = GAME.create("v", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    _, state = GAME.execute(GAME.initial_state(), create)
    found, policies = [state], GAME.policies(state)
    while (command := GAME.next_command(state, policies)) is not None:
        _, state = GAME.execute(state, command)
        found.append(state)
    return found


MATCHES = [every_state(("easy", "hard"), number) for number in range(3)]
STATES = [state for match in MATCHES for state in match]


def body_of(state: Match, viewer: int | None) -> dict[str, Any]:
    return GAME.view_json(GAME.view(state, viewer))


def test_views_and_legal_actions_have_exactly_the_declared_fields() -> None:
    assert {state.phase for state in STATES} >= {"action", "call", "answer", "over"}
    for state in STATES:
        for viewer in (0, 1, None):
            body = body_of(state, viewer)
            assert set(body) - ENVELOPE == VIEW_FIELDS, set(body) ^ VIEW_FIELDS
            for seat in body["seats"]:
                assert set(seat) - SEAT_ENVELOPE == SEAT_FIELDS, set(seat) ^ SEAT_FIELDS
            if viewer is not None:
                for action in GAME.legal_actions(state, viewer):
                    assert set(action) - {"kind"} <= ACTION_FIELDS, action


def test_o41_the_opponents_hand_is_null_or_its_shown_cards() -> None:
    running = [state for state in STATES if state.phase != "over"]
    for state in running:
        for viewer in (0, 1):
            other = body_of(state, viewer)["seats"][1 - viewer]
            assert other["hand"] is None or set(other["hand"]) - {None} <= set(other["shown"])
        assert body_of(state, None)["seed"] is None


def test_o42_a_finished_match_shows_everything() -> None:
    for match in MATCHES:
        body = body_of(match[-1], None)
        assert body["seed"] == match[-1].seed.hex()
        assert all(None not in seat["hand"] for seat in body["seats"])
