"""Tokens ("Attack"): a token acts and sees only for its own match and seat, is never
logged or stored in the clear, and is compared in constant time.

Through Flask's test client on the in-memory store: authentication is the same code as
under gunicorn, and the canonical log lines can be captured here.
"""

from __future__ import annotations

import hmac
import io
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from flipside.api import auth as auth_module
from flipside.api import create_app
from flipside.api.dependencies import Dependencies

from flipside.config import Settings
from flipside.logging import configure

ADMIN = "admin-secret"
THREE_PEOPLE = [{"type": "human", "name": name} for name in ("ana", "bo", "cy")]


@pytest.fixture
def client() -> FlaskClient:
    settings = Settings(admin_token=ADMIN, log_format="json", rate_limit=None)
    dependencies = Dependencies.in_memory(admin_token=ADMIN)
    app = create_app({"FLIPSIDE_DEPENDENCIES": dependencies, "FLIPSIDE_SETTINGS": settings})
    return app.test_client()


def create(client: FlaskClient) -> tuple[str, list[str]]:
    created = client.post("/v1/matches", json={"seats": THREE_PEOPLE}).get_json()
    return created["match_id"], [seat["token"] for seat in created["seats"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def view(client: FlaskClient, match_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/v1/matches/{match_id}", headers=bearer(token))
    assert response.status_code == 200
    return response.get_json()


# Every operation that authenticates, with a body where it takes one.
OPERATIONS = [
    ("GET", "", None),
    ("GET", "/actions", None),
    ("GET", "/events", None),
    ("GET", "/stream", None),
    ("GET", "/export", None),
    ("POST", "/actions", {"kind": "exchange", "discard": []}),
    ("POST", "/exchange", {"discard": []}),
    ("POST", "/orientation", {"cards": ["AK", "QJ", "T9", "87", "65"]}),
]


@pytest.mark.parametrize(("method", "suffix", "body"), OPERATIONS)
def test_a_token_of_another_match_is_refused_everywhere(
    client: FlaskClient, method: str, suffix: str, body: Any
) -> None:
    _, tokens_a = create(client)
    match_b, _ = create(client)
    version = view(client, match_b, ADMIN)["version"]
    response = client.open(
        f"/v1/matches/{match_b}{suffix}", method=method, json=body, headers=bearer(tokens_a[0])
    )
    assert response.status_code == 401
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["code"] == "unauthorized"
    assert view(client, match_b, ADMIN)["version"] == version  # nothing was appended


def exchange_two(client: FlaskClient, match_id: str, tokens: list[str]) -> tuple[int, set[str]]:
    """The seat to act discards two cards: (that seat, the cards it drew, which only it may
    see until the showdown: R10)."""
    before = view(client, match_id, ADMIN)
    seat = before["to_act"]
    discard = before["seats"][seat]["cards"][:2]
    path = f"/v1/matches/{match_id}/exchange"
    response = client.post(path, json={"discard": discard}, headers=bearer(tokens[seat]))
    assert response.status_code == 200 and response.get_json()["viewer"] == seat
    after = view(client, match_id, ADMIN)["seats"][seat]["cards"]
    return seat, set(after) - set(before["seats"][seat]["cards"])


def test_a_seat_token_sees_as_its_own_seat_only(client: FlaskClient) -> None:
    match_id, tokens = create(client)
    drawer, drawn = exchange_two(client, match_id, tokens)
    assert len(drawn) == 2
    for seat, token in enumerate(tokens):
        seen = view(client, match_id, token)
        assert seen["viewer"] == seat
        cards = seen["seats"][drawer]["cards"]
        assert cards.count(None) == (0 if seat == drawer else 2), (seat, cards)
        assert not drawn & set(cards) if seat != drawer else drawn <= set(cards)


def test_a_seat_token_acts_only_as_its_own_seat(client: FlaskClient) -> None:
    match_id, tokens = create(client)
    to_act = view(client, match_id, ADMIN)["to_act"]
    waiting = next(seat for seat in range(len(tokens)) if seat != to_act)
    path = f"/v1/matches/{match_id}/exchange"
    refused = client.post(path, json={"discard": []}, headers=bearer(tokens[waiting]))
    assert refused.status_code == 409 and refused.get_json()["code"] == "not_your_turn"
    assert view(client, match_id, ADMIN)["to_act"] == to_act


def test_the_events_a_seat_reads_hide_what_another_seat_drew(client: FlaskClient) -> None:
    match_id, tokens = create(client)
    drawer, drawn = exchange_two(client, match_id, tokens)
    for seat, token in enumerate(tokens):
        events = client.get(f"/v1/matches/{match_id}/events", headers=bearer(token)).get_json()
        shown = set(_strings(events["events"]))
        assert (drawn <= shown) if seat == drawer else not (drawn & shown), seat


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_tokens_are_never_logged_nor_recorded(client: FlaskClient) -> None:
    out = io.StringIO()
    configure("json", stream=out)
    match_id, tokens = create(client)
    other_match, _ = create(client)
    for token in tokens:
        client.get(f"/v1/matches/{match_id}", headers=bearer(token))
        client.post(f"/v1/matches/{match_id}/exchange", json={"discard": []}, headers=bearer(token))
        client.get(f"/v1/matches/{other_match}/actions", headers=bearer(token))  # 401
        client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Basic {token}"})
    client.get(f"/v1/matches/{match_id}", headers=bearer(ADMIN))
    logged = out.getvalue()
    assert len(logged.splitlines()) >= 4 * len(tokens) + 3  # a line per request
    exported = client.get(f"/v1/matches/{match_id}/export", headers=bearer(ADMIN)).get_data(True)
    for secret in (*tokens, ADMIN):
        assert secret not in logged and secret not in exported


def test_tokens_are_compared_in_constant_time_as_fixed_length_digests(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, tokens = create(client)
    compared: list[tuple[Any, Any]] = []
    compare_digest = hmac.compare_digest

    def counting(a: Any, b: Any) -> bool:
        compared.append((a, b))
        return compare_digest(a, b)

    monkeypatch.setattr(auth_module.hmac, "compare_digest", counting)
    for presented in ("x", tokens[2] + "tail", ADMIN, tokens[1]):
        client.get(f"/v1/matches/{match_id}", headers=bearer(presented))
    # A wrong token is compared with the admin token and every seat's; never with `==`.
    assert len(compared) == 4 + 4 + 1 + 3
    assert {(type(a), len(a), type(b), len(b)) for a, b in compared} == {(str, 64, str, 64)}
