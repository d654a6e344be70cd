"""The HTTP layer without a database: Flask's test client over the in-memory store.

What the end-to-end tests cannot reach cheaply: an unavailable database (503), the
canonical log line (and that it never holds a token), the request id, and the OpenAPI
document's promises about errors.
"""

from __future__ import annotations

import io
import json
import re
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from flipside.api import create_app, matches
from flipside.api.dependencies import Dependencies
from flipside.api.problems import STATUS_BY_CODE

from flipside.config import Settings
from flipside.engine.registry import AnyGame, UnknownGame, games
from flipside.logging import configure
from flipside.store import InMemoryEventStore, StoreUnavailable

ROOT = Path(__file__).resolve().parents[2]

SEATS = [
    {"type": "human", "name": "ana"},
    {"type": "npc", "level": "easy"},
    {"type": "npc", "level": "easy"},
]


def client_for(dependencies: Dependencies) -> FlaskClient:
    settings = Settings(admin_token="root", log_format="json")
    app = create_app({"FLIPSIDE_DEPENDENCIES": dependencies, "FLIPSIDE_SETTINGS": settings})
    return app.test_client()


@pytest.fixture
def client() -> FlaskClient:
    return client_for(Dependencies.in_memory(admin_token="root"))


def create(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/v1/matches", json={"seats": SEATS})
    assert response.status_code == 201
    return response.get_json()


class DeadStore:
    """An event store whose database is down."""

    def __getattr__(self, name: str) -> Any:
        def unavailable(*args: Any, **kwargs: Any) -> Any:
            raise StoreUnavailable("connection refused")

        return unavailable

    def ping(self) -> bool:
        return False


def test_an_unavailable_database_is_503_with_retry_after() -> None:
    dependencies = Dependencies.in_memory()
    dependencies.service.store = DeadStore()  # type: ignore[assignment]
    client = client_for(dependencies)
    response = client.get("/v1/matches/any")
    assert response.status_code == 503
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "service_unavailable"
    assert response.headers["Retry-After"] == "1"
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.get_json()["checks"]["events"] is False


def _codes_raised(paths: Iterable[Path]) -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in paths)
    return set(re.findall(r'(?:RuleViolation|Problem)\(\s*"(\w+)"', text))


def test_every_stable_code_raised_has_a_status() -> None:
    """Every code the engine or the API raises is answered with a status."""
    sources = [*(ROOT / "flipside" / "engine").glob("*.py"), *(ROOT / "api").glob("*.py")]
    codes = _codes_raised(sources) | {UnknownGame.code}
    assert {"invalid_seats", "unknown_action", "seed_requires_admin"} <= codes
    assert codes <= set(STATUS_BY_CODE), codes - set(STATUS_BY_CODE)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_code_a_game_raises_is_one_of_its_refusals(game: AnyGame) -> None:
    """A game declares each code its rules raise as invalid (422) or not now (409)."""
    codes = _codes_raised((ROOT / "flipside" / "games" / game.id).rglob("*.py"))
    assert codes and codes <= set(game.refusals), codes - set(game.refusals)
    assert set(game.refusals.values()) <= {"invalid", "not_now"}
    for code, refusal in game.refusals.items():
        assert STATUS_BY_CODE[code] in ({"invalid": 422, "not_now": 409}[refusal], 403), code


def test_one_canonical_line_per_request_without_the_token(client: FlaskClient) -> None:
    created = create(client)
    token = created["seats"][0]["token"]
    out = io.StringIO()
    configure("json", stream=out)
    headers = {"Authorization": f"Bearer {token}", "X-Request-ID": "req-1"}
    response = client.get(f"/v1/matches/{created['match_id']}", headers=headers)
    assert response.headers["X-Request-ID"] == "req-1"
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 1
    line = lines[0]
    assert line["event"] == "request" and line["request_id"] == "req-1"
    assert line["match_id"] == created["match_id"] and line["caller"] == "seat 0"
    assert line["status"] == 200 and line["outcome"] == "ok" and line["duration_ms"] >= 0
    assert token not in out.getvalue()


def test_a_refused_move_logs_its_code_as_the_outcome(client: FlaskClient) -> None:
    created = create(client)
    out = io.StringIO()
    configure("json", stream=out)
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    path = f"/v1/matches/{created['match_id']}/orientation"
    client.post(path, json={"cards": ["AK"]}, headers=headers)
    line = json.loads(out.getvalue().splitlines()[-1])
    assert (line["command"], line["outcome"], line["status"]) == ("orientation", "wrong_phase", 409)


def test_a_request_id_that_is_not_a_token_is_replaced(client: FlaskClient) -> None:
    response = client.get("/healthz", headers={"X-Request-ID": "bad id\twith spaces"})
    assert response.headers["X-Request-ID"] != "bad id\twith spaces"


def test_the_document_gives_every_operation_a_problem_response(client: FlaskClient) -> None:
    document = client.get("/openapi.json").get_json()
    assert document["openapi"].startswith("3.")
    default = document["components"]["responses"]["DEFAULT_ERROR"]
    assert list(default["content"]) == ["application/problem+json"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":  # shared by the path's operations
                continue
            assert "default" in operation["responses"], (method, path)
            if method == "post":
                assert "requestBody" in operation, path


def test_tokens_are_stored_only_as_hashes() -> None:
    dependencies = Dependencies.in_memory()
    client = client_for(dependencies)
    created = create(client)
    stored = dependencies.credentials.token_hashes(created["match_id"])
    token = created["seats"][0]["token"]
    assert len(stored) == 1 and token not in stored.values() and len(stored[0]) == 64


class _FailingAppends(InMemoryEventStore):
    """Reads as usual; every append fails as if the database went away mid-request."""

    def append(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreUnavailable("connection lost")


def test_a_create_whose_append_fails_leaves_no_credentials(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match_id = uuid.UUID(int=7)
    monkeypatch.setattr(matches.uuid, "uuid4", lambda: match_id)
    store = _FailingAppends()
    dependencies = Dependencies.in_memory()
    dependencies.service.store = dependencies.credentials = store
    response = client_for(dependencies).post("/v1/matches", json={"seats": SEATS})
    assert response.status_code == 503
    assert store.token_hashes(str(match_id)) == {} and store.list_streams() == []


def test_every_kind_of_move_is_documented_by_game_and_kind(client: FlaskClient) -> None:
    document = client.get("/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    exchange = schemas["FlipsideExchangeAction"]
    assert exchange["properties"]["kind"] == {"type": "string", "enum": ["exchange"]}
    assert exchange["required"] == ["kind", "discard"] and not exchange["additionalProperties"]
    generic = document["paths"]["/v1/matches/{match_id}/actions"]["post"]
    body = generic["requestBody"]["content"]["application/json"]["schema"]
    refs = [ref["$ref"].rsplit("/", 1)[-1] for ref in body["anyOf"]]
    expected = [
        "".join(word.capitalize() for word in re.split("[^a-z0-9]+", f"{game.id} {kind.kind}"))
        + "Action"
        for game in games()
        for kind in game.action_kinds
    ]
    assert refs == expected and "FlipsideOrientationAction" in refs
    alias = document["paths"]["/v1/matches/{match_id}/orientation"]["post"]
    parameters = alias["requestBody"]["content"]["application/json"]["schema"]
    assert list(parameters["properties"]) == ["cards"] and parameters["required"] == ["cards"]
