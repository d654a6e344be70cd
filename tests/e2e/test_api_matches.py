"""Whole matches over HTTP: people play random legal moves to the end against computer seats;
the final state the API shows equals the replay of the events stored in PostgreSQL.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import time
from collections.abc import Callable

import pytest

import flipside
from flipside.engine import codec
from flipside.engine.envelope import envelope
from flipside.games.flipside import GAME
from flipside.projections.runner import follow
from flipside.store import PostgresEventStore, verify_chain
from flipside.store.model import StoredEvent

from .live_server import ApiClient, human_tokens, play_to_end

EASY = {"type": "npc", "level": "easy"}


@pytest.fixture(scope="module")
def store(database_url: str):
    with PostgresEventStore(database_url, max_size=2) as store:
        yield store


@pytest.mark.parametrize(
    ("humans", "npcs", "seed"),
    [(1, 2, 1), (1, 4, 2), (2, 1, 3), (2, 3, 4), (2, 2, 5)],
)
def test_a_whole_match_over_http_equals_the_replay_of_its_stored_events(
    api: ApiClient, store: PostgresEventStore, humans: int, npcs: int, seed: int
) -> None:
    rng = random.Random(seed)
    seats = [{"type": "human", "name": f"p{i}"} for i in range(humans)] + [EASY] * npcs
    rng.shuffle(seats)
    created = api.create(seats)
    match_id = created["match_id"]

    final = play_to_end(api, match_id, human_tokens(created), rng)

    stored = store.read_stream(match_id)
    assert {event.type.partition(".")[0] for event in stored} == {"flipside"}
    assert envelope(GAME, codec.fold(GAME, stored), None) == final
    assert final["version"] == len(stored)
    assert final["winner"] is not None and final["seed"] is not None
    assert final["outcome"]["winner"] == final["winner"]


def test_the_export_is_the_chained_record_and_public_once_over(api: ApiClient) -> None:
    created = api.create([{"type": "human", "name": "solo"}, EASY, EASY])
    match_id = created["match_id"]
    token = created["seats"][0]["token"]
    running = api.get(f"/v1/matches/{match_id}/export", token=token)
    assert running.status_code == 403
    assert api.get(f"/v1/matches/{match_id}/export", token=api.admin_token).status_code == 200

    play_to_end(api, match_id, [token], random.Random(7))
    exported = api.get(f"/v1/matches/{match_id}/export?format=jsonl")
    assert exported.status_code == 200
    lines = [json.loads(line) for line in exported.text.splitlines()]
    events = [StoredEvent(**line, global_position=0) for line in lines]
    assert verify_chain(events) is None
    assert [line["version"] for line in lines] == list(range(1, len(lines) + 1))


def test_an_idempotent_create_returns_the_same_match_without_tokens(api: ApiClient) -> None:
    body = {"seats": [{"type": "human", "name": "ana"}, EASY, EASY]}
    headers = {"Idempotency-Key": "create-once"}
    first = api.post("/v1/matches", json=body, headers=headers)
    again = api.post("/v1/matches", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["match_id"] == first.json()["match_id"]
    assert first.json()["seats"][0]["token"]
    assert [seat["token"] for seat in again.json()["seats"]] == [None, None, None]


def test_a_retried_move_appends_once_and_answers_the_same(api: ApiClient) -> None:
    created = api.create([{"type": "human", "name": "ana"}, EASY, EASY])
    match_id, token = created["match_id"], created["seats"][0]["token"]
    hand = api.get(f"/v1/matches/{match_id}/actions", token=token).json()["actions"][0]["cards"]
    move = {"json": {"discard": hand[:2]}, "headers": {"Idempotency-Key": "k1"}, "token": token}
    first = api.post(f"/v1/matches/{match_id}/exchange", **move)
    version = api.version(match_id)
    again = api.post(f"/v1/matches/{match_id}/exchange", **move)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert api.version(match_id) == version


def test_health_readiness_metrics_and_docs(api: ApiClient) -> None:
    api.create([EASY, EASY, EASY])  # appends events
    assert api.get("/healthz").json() == {"status": "ok", "version": flipside.__version__}
    assert api.get("/readyz").json()["status"] == "ready"
    metrics = api.get("/metrics").text
    assert 'flipside_http_requests_total{method="GET",route="/healthz",status="200"}' in metrics
    assert "flipside_http_request_duration_seconds_bucket" in metrics
    assert "flipside_events_appended_total" in metrics
    docs = api.session.get(f"{api.base_url}/docs")  # the docs are not part of the API
    assert docs.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', docs.text)
    assert assets and all(asset.startswith("/docs/assets/") for asset in assets)  # offline
    for asset in assets:
        assert api.session.get(f"{api.base_url}{asset}").status_code == 200


def _project_until(database_url: str, done: Callable[[], bool], seconds: float = 15) -> None:
    """Fold events as `flipside projections run` does, until `done`: a fold sees only what
    committed before every transaction still open on the server, so it may need a retry."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the projections did not catch up"
        follow(database_url, once=True)
        time.sleep(0.1)


def _finished_matches(api: ApiClient, name: str) -> int:
    """How many Flipside matches the player finished, as the projections say so far."""
    response = api.get(f"/v1/players/{name}")
    if response.status_code != 200:
        return 0
    return sum(line["matches"] for line in response.json()["games"] if line["game"] == "flipside")


def test_lists_and_player_stats_come_from_the_projections(
    api: ApiClient, database_url: str
) -> None:
    name = f"p{secrets.token_hex(4)}"
    registered = api.post("/v1/players", json={"name": name})
    assert registered.status_code == 201, registered.text
    seats = [{"type": "human", "name": name}, EASY, EASY]
    assert api.post("/v1/matches", json={"seats": seats}).status_code == 403  # name_registered
    for seed in (1, 2):
        response = api.post("/v1/matches", json={"seats": seats}, token=registered.json()["token"])
        assert response.status_code == 201, response.text
        created = response.json()
        play_to_end(api, created["match_id"], human_tokens(created), random.Random(seed))
    _project_until(database_url, lambda: _finished_matches(api, name) == 2)

    listed = api.get(f"/v1/matches?player={name}&limit=1").json()
    assert len(listed["matches"]) == 1 and listed["next"] == listed["matches"][0]["match_id"]
    rest = api.get(f"/v1/matches?player={name}&after={listed['next']}").json()
    assert len(rest["matches"]) == 1 and rest["next"] is None
    assert {m["status"] for m in listed["matches"] + rest["matches"]} == {"finished"}
    stats = api.get(f"/v1/players/{name}").json()
    assert stats["player"] == name and [line["game"] for line in stats["games"]] == ["flipside"]
    assert stats["games"][0]["matches"] == 2
    assert api.get("/v1/players/nobody-at-all").json()["code"] == "unknown_player"


def test_an_abandoned_turn_gets_its_default_move_from_the_next_reader(api: ApiClient) -> None:
    created = api.create([{"type": "human", "name": "gone"}, EASY, EASY], turn_timeout_seconds=1)
    match_id = created["match_id"]
    before = api.version(match_id)
    time.sleep(1.5)
    after = api.get(f"/v1/matches/{match_id}").json()  # a spectator notices
    assert after["version"] > before
    records = api.get(f"/v1/matches/{match_id}/events?after={before}").json()["events"]
    timed_out = [r["data"] for r in records if r["type"] == "TurnTimedOut"]
    assert timed_out and timed_out[0]["seat"] == 0 and timed_out[0]["waited_seconds"] >= 1
