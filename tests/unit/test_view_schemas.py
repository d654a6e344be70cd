"""Every game documents what it sends in the OpenAPI document, and sends what it documents.

A game declares its view's fields, its seats' and its legal actions' (`Game.view_schema`,
`Game.action_schema`); the API documents each as the game's components (``FlipsideView``:
the envelope with the game's fields). Here every installed game plays a match of computer
seats to its end, and at states spread over it the view of a seat, of a spectator and of
the administrator, each through the envelope, and every awaited seat's legal actions
validate against the game's components in the generated document. A game added later is
checked the same way, and one without the declarations fails.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import jsonschema
import pytest
from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from flipside.api.schemas import MatchEnvelopeSchema, SeatEnvelopeSchema, component_name

from flipside.config import Settings
from flipside.engine.envelope import envelope
from flipside.engine.registry import LEGACY_GAME, AnyGame, game_named, games
from flipside.engine.seats import SeatSpec

SEED = bytes(range(32))
MAX_MOVES = 100_000  # far beyond any match of computer seats: a bound, not a budget
# Views checked per match: every state of a short match, a spread of a long one (a hand of
# poker is many moves), so a game's check costs about the same whatever its length.
CHECKED_STATES = 150
# A seat, a spectator and the administrator, who sees everything.
VIEWERS = ((0, False), (None, False), (None, True))
DEADLINE = datetime(2030, 1, 1, tzinfo=UTC)
# Every operation answered with the caller's view, and the one answered with legal actions.
VIEW_RESPONSES = [
    ("get", "/v1/matches/{match_id}"),
    ("post", "/v1/matches/{match_id}/actions"),
]
ACTIONS_RESPONSE = ("get", "/v1/matches/{match_id}/actions")


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema -> JSON Schema: ``nullable: true`` becomes "or null"."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    settings = Settings(log_format="json")
    app = create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )
    response = app.test_client().get("/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def _validator(document: dict[str, Any], name: str) -> jsonschema.Draft4Validator:
    """A validator of the document's component `name`, nulls as the document allows them."""
    components = _json_schema(document["components"])
    schema = {"$ref": f"#/components/schemas/{name}", "components": components}
    return jsonschema.Draft4Validator(schema)


def _response_schema(document: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    return document["paths"][path][method]["responses"]["200"]["content"]["application/json"][
        "schema"
    ]


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_game_declares_the_shape_of_its_view_and_legal_actions(game: AnyGame) -> None:
    """Properties, the required ones among them; none an envelope's field (the envelope
    keeps its own value of a field both name)."""
    view, action = game.view_schema, game.action_schema
    sections = [
        (view, set(MatchEnvelopeSchema().fields)),
        (view["seat"], set(SeatEnvelopeSchema().fields)),
        (action, {"kind"}),
    ]
    for section, envelope_fields in sections:
        properties = section["properties"]
        assert all(isinstance(schema, dict) for schema in properties.values())
        assert set(section.get("required", ())) <= set(properties)
        assert not set(properties) & envelope_fields, set(properties) & envelope_fields


def test_each_view_and_legal_actions_response_is_one_of_the_games(
    document: dict[str, Any],
) -> None:
    """Told apart by ``game``: each game's component pins it to the game's id."""
    expected = {"view": VIEW_RESPONSES, "actions": [ACTIONS_RESPONSE]}
    schemas = document["components"]["schemas"]
    for suffix, operations in expected.items():
        names = [component_name(game.id, suffix) for game in games()]
        for method, path in operations:
            schema = _response_schema(document, method, path)
            assert [ref["$ref"].rsplit("/", 1)[-1] for ref in schema["oneOf"]] == names
            assert schema["discriminator"]["propertyName"] == "game"
            mapping = schema["discriminator"]["mapping"]
            assert {game: ref.rsplit("/", 1)[-1] for game, ref in mapping.items()} == {
                game.id: name for game, name in zip(games(), names, strict=True)
            }
        for game, name in zip(games(), names, strict=True):
            assert schemas[name]["properties"]["game"]["enum"] == [game.id]
            assert "game" in schemas[name]["required"]
    for kind in game_named(LEGACY_GAME).action_kinds:  # its aliases answer the view too
        schema = _response_schema(document, "post", f"/v1/matches/{{match_id}}/{kind.kind}")
        assert schema == _response_schema(document, *VIEW_RESPONSES[0])


def _played(game: AnyGame) -> list[Any]:
    """Every state of a match of the fewest computer seats, from its creation to its end."""
    specs = [SeatSpec("npc", level=game.levels[0])] * game.seats.start
    command = game.create(
        "match", specs, SEED, seeded=True, options=game.options({}), turn_timeout_seconds=60
    )
    _, state = game.execute(game.initial_state(), command)
    policies = game.policies(state)
    states = [state]
    while len(states) <= MAX_MOVES and (command := game.next_command(state, policies)) is not None:
        _, state = game.execute(state, command)
        states.append(state)
    assert game.progress(state).outcome is not None, "the match did not end"
    return states


def _spread(states: list[Any]) -> list[Any]:
    """At most about `CHECKED_STATES` of `states`, evenly spread, the last one included."""
    stride = -(-len(states) // CHECKED_STATES)
    return [*states[:-1:stride], states[-1]]


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_the_views_and_legal_actions_of_a_played_match_match_the_document(
    game: AnyGame, document: dict[str, Any]
) -> None:
    view = _validator(document, component_name(game.id, "view"))
    legal = _validator(document, component_name(game.id, "legal action"))
    states = _played(game)
    assert len(states) > 2
    for state in _spread(states):
        awaiting = game.progress(state).awaiting
        deadline = DEADLINE if awaiting else None
        for viewer, omniscient in VIEWERS:
            view.validate(envelope(game, state, viewer, omniscient=omniscient, deadline=deadline))
        for seat in awaiting:
            for action in game.legal_actions(state, seat):
                legal.validate(action)
