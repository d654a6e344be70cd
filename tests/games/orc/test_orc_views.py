"""What a viewer is sent (K32-K35): the view's JSON has exactly the fields the game declares
(`view_schema`) and their types, for every seat and the spectator, through a whole match;
legal actions likewise; and once the match is over everything is shown."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from flipside.engine.envelope import envelope
from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME
from flipside.games.orc.cards import numbers_of
from flipside.simulation import match_seed

ENVELOPE = {"match_id", "version", "viewer", "status", "phase", "awaiting", "seats"}
SEAT_ENVELOPE = {"seat", "type", "name", "level"}


def nullable(schema: Any) -> Any:
    """OpenAPI 3.0's ``nullable`` as JSON Schema's null type, all the way down."""
    if isinstance(schema, list):
        return [nullable(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted = {name: nullable(value) for name, value in schema.items() if name != "nullable"}
    if schema.get("nullable"):
        converted["type"] = [schema["type"], "null"]
    return converted


def object_schema(section: dict) -> dict:
    return {
        "type": "object",
        "properties": nullable(section["properties"]),
        "required": section["required"],
    }


VIEW = jsonschema.Draft7Validator(object_schema(GAME.view_schema))
SEAT = jsonschema.Draft7Validator(object_schema(GAME.view_schema["seat"]))
ACTION = jsonschema.Draft7Validator(
    {
        "type": "object",
        "properties": {"kind": {"type": "string"}, **nullable(GAME.action_schema["properties"])},
        "required": ["kind"],
        "additionalProperties": False,
    }
)


def states(seats: int) -> list[Any]:
    specs = [SeatSpec("npc", level="normal")] * seats
    command = GAME.create(
        "v", specs, match_seed(seats, 3), seeded=True, options={}, turn_timeout_seconds=None
    )
    _, state = GAME.execute(GAME.initial_state(), command)
    found = [state]
    policies = GAME.policies(state)
    while (move := GAME.next_command(state, policies)) is not None:
        _, state = GAME.execute(state, move)
        found.append(state)
    return found


@pytest.mark.parametrize("seats", [3, 8])
def test_views_and_actions_have_the_declared_shape(seats: int) -> None:
    played = states(seats)
    for state in played[::25] + played[-1:]:
        for viewer in [*range(seats), None]:
            body = GAME.view_json(GAME.view(state, viewer))
            assert set(body) - ENVELOPE == set(GAME.view_schema["properties"])
            VIEW.validate(body)
            for seat in body["seats"]:
                assert set(seat) - SEAT_ENVELOPE == set(GAME.view_schema["seat"]["properties"])
                SEAT.validate(seat)
            if viewer is not None:
                for action in GAME.legal_actions(state, viewer):
                    ACTION.validate(action)


def test_the_envelope_keeps_its_own_fields_beside_the_game_s() -> None:
    state = states(3)[5]
    body = envelope(GAME, state, 1)
    assert body["game"] == "orc" and body["viewer"] == 1
    assert [seat["hand_size"] for seat in body["seats"]] == [seat.hand_size for seat in state.seats]


def test_a_finished_match_shows_everything() -> None:
    final = states(4)[-1]
    body = GAME.view_json(GAME.view(final, None))
    assert body["seed"] is not None and body["winners"]
    assert all(None not in seat["hand"] for seat in body["seats"])


def test_each_viewer_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    """K33, at every state, every viewer's view built in turn (a seen hand is shared
    between views of equal hands): one viewer's cards never reach another's view."""
    for state in states(5):
        if state.phase == "over":
            continue
        for viewer in [*range(5), None]:
            seen = GAME.view(state, viewer).seats
            for seat, shown in zip(state.seats, seen, strict=True):
                own = shown.seat == viewer
                assert shown.hand == (numbers_of(seat.hand) if own else (None,) * seat.hand_size)
