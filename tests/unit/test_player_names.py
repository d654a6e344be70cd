"""Registered names without a database: registering one, claiming it for a seat with the
player's token, guests beside registered players, and what each is stored and counted as.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.auth import token_hash
from flipside.api.dependencies import Dependencies
from flipside.api.player_registry import InMemoryPlayers
from flipside.api.players import REGISTRATION_LIMIT

from flipside.config import Settings
from flipside.engine.registry import AnyGame, games
from flipside.engine.seats import SeatSpec
from flipside.projections.rows import fold_match, merge_stats, player_contributions, records_of
from flipside.service import MatchService
from flipside.simulation import match_seed, play_match
from flipside.store import InMemoryEventStore
from tests.unit.test_projection_rows import all_random

ADMIN = "root"
COMPUTER = {"type": "npc", "level": "easy"}


def app_with(rate_limit: tuple[float, float] | None = None) -> Flask:
    settings = Settings(admin_token=ADMIN, log_format="json", rate_limit=rate_limit)
    return create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(ADMIN), "FLIPSIDE_SETTINGS": settings}
    )


@pytest.fixture
def app() -> Flask:
    return app_with()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def register(client: FlaskClient, name: str) -> str:
    answer = client.post("/v1/players", json={"name": name})
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["token"])


def create(client: FlaskClient, *names: str | None, token: str | None = None) -> Any:
    """An oink match of people under `names`, presenting `token` if given."""
    seats = [{"type": "human", "name": name} for name in names]
    headers = bearer(token) if token else {}
    return client.post("/v1/matches", json={"game": "oink", "seats": seats}, headers=headers)


def stored_seats_of(app: Flask, match_id: str) -> list[dict[str, Any]]:
    """The seats as the match's creation event stores them."""
    store = app.extensions["flipside"].service.store
    return list(store.read_stream(match_id)[0].data["seats"])


# --- registering ----------------------------------------------------------------------------


def test_a_name_is_registered_once_and_its_token_shown_once(app: Flask) -> None:
    client = app.test_client()
    answer = client.post("/v1/players", json={"name": "Ana B."})
    assert answer.status_code == 201
    body = answer.get_json()
    assert body["name"] == "Ana B." and len(body["token"]) >= 43
    assert answer.headers["Location"] == "/v1/players/Ana%20B."
    registry = app.extensions["flipside_players"]
    assert isinstance(registry, InMemoryPlayers)
    (player,) = registry.find(["ana b."]).values()
    assert player.token_hash == token_hash(body["token"]) != body["token"]  # only the hash


@pytest.mark.parametrize("again", ["Ana", "ana", "ANA", "\uff21na"])  # fullwidth A folds to A
def test_a_registered_name_cannot_be_registered_again_in_any_capitals(
    client: FlaskClient, again: str
) -> None:
    register(client, "Ana")
    answer = client.post("/v1/players", json={"name": again})
    assert answer.status_code == 409 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "name_taken"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"name": ""},
        {"name": "x" * 33},
        {"name": " ana"},
        {"name": "ana/b"},
        {"name": "npc:easy"},
        {"name": "guest:ana"},
        {"name": 7},
        {"name": "ana", "token": "mine"},
    ],
)
def test_a_name_must_be_one_a_seat_could_take(client: FlaskClient, body: dict[str, Any]) -> None:
    answer = client.post("/v1/players", json=body)
    assert answer.status_code == 422 and answer.get_json()["code"] == "validation_error"


def test_registering_has_a_small_bucket_per_address() -> None:
    client = app_with((1000.0, 1000.0)).test_client()
    burst = int(REGISTRATION_LIMIT[1])
    answers = [client.post("/v1/players", json={"name": f"p{n}"}) for n in range(burst + 1)]
    assert [answer.status_code for answer in answers] == [201] * burst + [429]
    assert answers[-1].get_json()["code"] == "rate_limited"
    assert int(answers[-1].headers["Retry-After"]) >= 1
    elsewhere = client.post(
        "/v1/players", json={"name": "q"}, environ_base={"REMOTE_ADDR": "10.0.0.2"}
    )
    assert elsewhere.status_code == 201
    assert create(client, "ana", "bo").status_code == 201  # other requests are not held up


# --- claiming a name for a seat ---------------------------------------------------------------


def test_a_registered_name_needs_its_players_token(client: FlaskClient) -> None:
    register(client, "Ana")
    other = register(client, "Bo")
    for token in (None, other, ADMIN, "made-up"):
        for name in ("Ana", "ana"):
            answer = create(client, name, "cy", token=token)
            assert answer.status_code == 403, (token, name)
            assert answer.mimetype == "application/problem+json"
            assert answer.get_json()["code"] == "name_registered"


def test_the_players_token_claims_the_name_as_registered(app: Flask) -> None:
    client = app.test_client()
    token = register(client, "Ana")
    answer = create(client, "ana", "cy", token=token)
    assert answer.status_code == 201
    seats = answer.get_json()["seats"]
    assert [(s["name"], s["registered"]) for s in seats] == [("Ana", True), ("cy", False)]
    assert all(seat["token"] for seat in seats)  # seat tokens as ever
    assert stored_seats_of(app, answer.get_json()["match_id"]) == [
        {"kind": "human", "name": "Ana", "level": None, "registered": True},
        {"kind": "human", "name": "cy", "level": None},
    ]


def test_unregistered_names_and_computers_are_guests_whatever_token(client: FlaskClient) -> None:
    token = register(client, "Ana")
    for presented in (None, token):
        answer = create(client, "cy", None, token=presented)
        assert answer.status_code == 201
        assert [s["registered"] for s in answer.get_json()["seats"]] == [False, False]
    body = {"game": "oink", "seats": [COMPUTER, COMPUTER]}
    computers = client.post("/v1/matches", json=body).get_json()["seats"]
    assert [s["registered"] for s in computers] == [False, False]


def test_a_replayed_create_needs_the_token_again(client: FlaskClient) -> None:
    token = register(client, "Ana")
    body = {"game": "oink", "seats": [{"type": "human", "name": "Ana"}, COMPUTER]}
    key = {"Idempotency-Key": "k1"}
    first = client.post("/v1/matches", json=body, headers=key | bearer(token))
    again = client.post("/v1/matches", json=body, headers=key | bearer(token))
    assert first.status_code == again.status_code == 201
    assert again.get_json()["match_id"] == first.get_json()["match_id"]
    assert client.post("/v1/matches", json=body, headers=key).status_code == 403


def test_the_document_describes_registering_and_registered_seats(client: FlaskClient) -> None:
    document = client.get("/openapi.json").get_json()
    operation = document["paths"]["/v1/players"]["post"]
    request = operation["requestBody"]["content"]["application/json"]["schema"]
    created = operation["responses"]["201"]["content"]["application/json"]["schema"]
    schemas = document["components"]["schemas"]
    assert request["$ref"].endswith("/RegisterPlayer")
    assert set(schemas["RegisterPlayer"]["required"]) == {"name"}
    assert created["$ref"].endswith("/PlayerRegistered")
    assert set(schemas["PlayerRegistered"]["required"]) == {"name", "token"}
    assert "registered" in schemas["SeatCreated"]["required"]
    assert schemas["SummarySeat"]["properties"]["registered"]["type"] == "boolean"


# --- stored seats and what they count for -------------------------------------------------------


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_a_guests_seat_is_stored_as_before_and_a_registered_one_says_so(game: AnyGame) -> None:
    """No ``registered`` key for a guest or a computer: every match stored before names
    could be registered reads back the same, and keeps its digests."""
    service = MatchService(InMemoryEventStore())
    computers = [SeatSpec("npc", level=game.levels[0])] * max(0, game.seats.start - 2)
    seats = [SeatSpec("human", "Ana", registered=True), SeatSpec("human", "bo"), *computers]
    service.create(seats, game=game.id, match_id="m")
    (created, *_) = service.store.read_stream("m")
    assert created.data["seats"][0] == {
        "kind": "human",
        "name": "Ana",
        "level": None,
        "registered": True,
    }
    assert all("registered" not in seat for seat in created.data["seats"][1:])
    assert service.load("m").progress.match_id == "m"  # and reads back


def test_guests_play_counts_apart_from_the_registered_players() -> None:
    seats = [
        SeatSpec("human", "Ana", registered=True),
        SeatSpec("human", "Ana"),  # a guest under the name (before it was registered)
        SeatSpec("human", "bo"),
        SeatSpec("npc", level="easy"),
    ]
    events, _ = play_match("m", seats, match_seed(4, 0), all_random)
    facts = fold_match(records_of(events))
    assert facts.summary["status"] == "finished"
    assert [seat.get("registered", False) for seat in facts.summary["seats"]] == [
        True,
        False,
        False,
        False,
    ]
    assert facts.summary["players"] == ["Ana", "guest:Ana", "guest:bo", "npc:easy"]
    totals = merge_stats(player_contributions(facts))
    assert {player for _, player in totals} == {"Ana", "guest:Ana", "guest:bo", "npc:easy"}
    assert all(row["matches"] == 1 for row in totals.values())
    places = facts.summary["places"]
    assert totals["flipside", "Ana"]["place_sum"] == places[0]
    assert totals["flipside", "guest:Ana"]["place_sum"] == places[1]
