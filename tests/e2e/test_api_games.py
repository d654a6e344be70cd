"""The game-agnostic API over HTTP: the games listed, a match of a named game with options,
the one move endpoint and Flipside's per-kind aliases, the seed rule, and the envelope that
every view shares. Every response is checked against the OpenAPI document (`ApiClient`).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from .live_server import ROOT, ApiClient, human_tokens, play_to_end

EASY = {"type": "npc", "level": "easy"}
PERSON = {"type": "human", "name": "ana"}
SEED = "ab" * 32


def test_the_games_are_listed_with_what_a_client_needs(api: ApiClient) -> None:
    listed = api.get("/v1/games").json()["games"]
    flipside = {game["id"]: game for game in listed}["flipside"]
    assert flipside["title"]["en"] == "Flipside" and flipside["rules_version"]
    assert flipside["seats"] == {"min": 3, "max": 5}  # R4
    assert flipside["levels"][0] == "easy" and "hate_you" in flipside["levels"]
    assert flipside["options"] == []
    kinds = {action["kind"]: action for action in flipside["actions"]}
    assert set(kinds) == {"exchange", "orientation"}
    exchange = kinds["exchange"]["parameters"]
    assert (
        exchange["required"] == ["discard"] and exchange["properties"]["discard"]["maxItems"] == 5
    )
    assert (ROOT / flipside["rules"]).is_file()
    assert api.get("/v1/games/flipside").json() == flipside


def test_an_unknown_game_is_404(api: ApiClient) -> None:
    response = api.get("/v1/games/chess")
    assert (response.status_code, response.json()["code"]) == (404, "unknown_game")


def test_a_match_of_a_named_game_with_its_default_options(api: ApiClient) -> None:
    created = api.create([PERSON, EASY, EASY], game="flipside", options={})
    assert created["game"] == "flipside"
    view = api.get(f"/v1/matches/{created['match_id']}").json()
    assert view["game"] == "flipside" and view["rules_version"]


def test_the_generic_move_and_its_alias_are_one_move(api: ApiClient) -> None:
    """Same validation, same answer, and the same idempotency fingerprint."""
    created = api.create([PERSON, EASY, EASY])
    match_id, token = created["match_id"], human_tokens(created)[0]
    hand = api.get(f"/v1/matches/{match_id}/actions", token=token).json()["actions"][0]["cards"]
    key = {"Idempotency-Key": "one-move"}
    by_alias = api.post(
        f"/v1/matches/{match_id}/exchange", token=token, json={"discard": hand[:2]}, headers=key
    )
    assert by_alias.status_code == 200
    version = api.version(match_id)
    move = {"kind": "exchange", "discard": hand[:2]}
    generic = api.post(f"/v1/matches/{match_id}/actions", token=token, json=move, headers=key)
    assert generic.status_code == 200 and generic.headers["Idempotent-Replayed"] == "true"
    assert generic.json() == by_alias.json() and api.version(match_id) == version
    other = {"kind": "exchange", "discard": hand[:1]}
    mismatch = api.post(f"/v1/matches/{match_id}/actions", token=token, json=other, headers=key)
    assert (mismatch.status_code, mismatch.json()["code"]) == (422, "idempotency_mismatch")


def test_a_whole_match_through_the_generic_endpoint(api: ApiClient) -> None:
    created = api.create([PERSON, EASY, {"type": "human", "name": "bo"}])
    final = play_to_end(api, created["match_id"], human_tokens(created), random.Random(12))
    assert final["outcome"] is not None and final["awaiting"] == []
    assert sorted(final["outcome"]["places"])[0] == 1
    assert final["outcome"]["places"][final["outcome"]["winner"]] == 1


SEED_REFUSALS: dict[str, dict[str, str]] = {
    "no token": {},
    "a seat's token": {"seat": "yes"},
    "a garbage token": {"Authorization": "Bearer not-the-admin"},
}


@pytest.mark.parametrize("case", list(SEED_REFUSALS))
def test_a_chosen_seed_with_a_persons_seat_needs_the_admin_token(api: ApiClient, case: str) -> None:
    headers = dict(SEED_REFUSALS[case])
    if headers.pop("seat", None):
        headers["Authorization"] = f"Bearer {human_tokens(api.create([PERSON, EASY, EASY]))[0]}"
    body = {"seats": [PERSON, EASY, EASY], "seed": SEED}
    response = api.post("/v1/matches", json=body, headers=headers)
    assert (response.status_code, response.json()["code"]) == (403, "seed_requires_admin")


def test_the_administrator_may_seed_a_match_with_people(api: ApiClient) -> None:
    body = {"seats": [PERSON, EASY, EASY], "seed": SEED}
    response = api.post("/v1/matches", json=body, token=api.admin_token)
    assert response.status_code == 201
    created = response.json()
    assert human_tokens(created)[0]
    view = api.get(f"/v1/matches/{created['match_id']}", token=api.admin_token).json()
    assert view["seeded"] is True


def test_anyone_may_seed_a_match_of_computer_players(api: ApiClient) -> None:
    first = api.create([EASY, EASY, EASY], seed=SEED)
    again = api.create([EASY, EASY, EASY], seed=SEED)
    assert first["deck_commitment"] == again["deck_commitment"]
    views = [api.get(f"/v1/matches/{created['match_id']}").json() for created in (first, again)]
    assert views[0]["seeded"] and views[0]["outcome"] == views[1]["outcome"] is not None


def _envelope(view: dict[str, Any]) -> None:
    """What every view holds, whatever the game."""
    assert view["game"] == "flipside" and view["rules_version"]
    assert view["status"] in ("active", "finished") and view["phase"]
    for index, seat in enumerate(view["seats"]):
        assert seat["seat"] == index and seat["type"] in ("human", "npc")
        assert "name" in seat and "level" in seat


def test_the_envelope_of_a_timed_match(api: ApiClient) -> None:
    before = datetime.now(UTC)
    created = api.create([PERSON, EASY, EASY], turn_timeout_seconds=600)
    match_id, token = created["match_id"], human_tokens(created)[0]
    view = api.get(f"/v1/matches/{match_id}", token=token).json()
    _envelope(view)
    assert (view["viewer"], view["status"], view["outcome"]) == (0, "active", None)
    assert view["awaiting"] == [view["to_act"]] == [0]  # computers moved until the person
    deadline = datetime.fromisoformat(view["deadline"])
    assert before + timedelta(seconds=600) <= deadline + timedelta(seconds=1)
    assert deadline <= datetime.now(UTC) + timedelta(seconds=600)
    person = view["seats"][0]
    assert (person["type"], person["name"], person["level"]) == ("human", "ana", None)
    spectator = api.get(f"/v1/matches/{match_id}").json()
    assert spectator["viewer"] is None and spectator["deadline"] == view["deadline"]
    move = {"kind": "exchange", "discard": []}
    moved = api.post(f"/v1/matches/{match_id}/actions", token=token, json=move).json()
    assert moved["awaiting"] == moved["awaiting_orientation"] == [0]
    assert moved["deadline"] is not None and moved["deadline"] >= view["deadline"]


def test_an_untimed_match_has_no_deadline_and_ends_with_its_outcome(api: ApiClient) -> None:
    created = api.create([PERSON, EASY, EASY])
    match_id = created["match_id"]
    view = api.get(f"/v1/matches/{match_id}").json()
    _envelope(view)
    assert view["deadline"] is None and view["awaiting"] == [0]
    final = play_to_end(api, match_id, human_tokens(created), random.Random(2))
    _envelope(final)
    assert final["status"] == "finished" and final["awaiting"] == []
    assert final["outcome"]["winner"] == final["winner"]
    assert final["outcome"]["places"] == [seat["place"] or 1 for seat in final["seats"]]
