"""Every way to get a move wrong, over HTTP: each is its own 4xx problem+json with a stable
code, and none of them appends anything (the match's version is the same before and after).

The `ApiClient` already checks every response against the OpenAPI document, including that
errors are problem+json with a documented code.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import requests

from flipside.games.flipside.cards import DECK

from .live_server import ApiClient, human_tokens, play_to_end, play_turn

EASY = {"type": "npc", "level": "easy"}


@dataclass
class Table:
    """A match of two people and a computer, where `actor` must exchange and `other` waits."""

    match_id: str
    actor: str
    other: str
    hand: list[str]
    stranger: str  # a token of another match

    def path(self, suffix: str) -> str:
        return f"/v1/matches/{self.match_id}/{suffix}"


def _table(api: ApiClient, stranger: str) -> Table:
    created = api.create([{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}, EASY])
    match_id = created["match_id"]
    to_act = api.get(f"/v1/matches/{match_id}", token=api.admin_token).json()["to_act"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"]}
    actor = tokens.pop(to_act)
    hand = api.get(f"/v1/matches/{match_id}/actions", token=actor).json()["actions"][0]["cards"]
    return Table(match_id, actor, next(iter(tokens.values())), hand, stranger)


@pytest.fixture(scope="module")
def stranger(api: ApiClient) -> str:
    return human_tokens(api.create([{"type": "human"}, EASY, EASY]))[0]


@pytest.fixture
def table(api: ApiClient, stranger: str) -> Table:
    """A fresh table, for tests that move."""
    return _table(api, stranger)


@pytest.fixture(scope="module")
def still_table(api: ApiClient, stranger: str) -> Table:
    """One table shared by the tests whose requests must all fail (and so change nothing)."""
    return _table(api, stranger)


def _unseen(table: Table) -> list[str]:
    return [card for card in DECK if card not in table.hand]


def assert_problem(response: requests.Response, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.text


Request = Callable[[Table], dict[str, Any]]  # keyword arguments of ApiClient.request


def _as(token: Callable[[Table], str | None], body: Any) -> Request:
    return lambda t: {"token": token(t), "json": body(t) if callable(body) else body}


def _raw(data: str | bytes, content_type: str = "application/json") -> Request:
    return lambda t: {"token": t.actor, "data": data, "headers": {"Content-Type": content_type}}


def _headers(headers: dict[str, str], body: Any = None) -> Request:
    return lambda t: {"token": t.actor, "json": body or {"discard": []}, "headers": headers}


def _auth(header: str) -> Request:
    return lambda t: {"json": {"discard": []}, "headers": {"Authorization": header}}


ACTOR, OTHER = (lambda t: t.actor), (lambda t: t.other)
HUGE = json.dumps({"discard": ["AK"] * 40_000})

EXCHANGE_FAILURES: dict[str, tuple[Request, int, str]] = {
    "no token": (_as(lambda t: None, {"discard": []}), 401, "unauthorized"),
    "basic auth": (_auth("Basic YWRtaW46YWRtaW4="), 401, "unauthorized"),
    "empty bearer": (_auth("Bearer "), 401, "unauthorized"),
    "garbage token": (_auth("Bearer not-a-token"), 401, "unauthorized"),
    "another match's token": (_as(lambda t: t.stranger, {"discard": []}), 401, "unauthorized"),
    "another seat's token": (_as(OTHER, {"discard": []}), 409, "not_your_turn"),
    "card not in hand": (_as(ACTOR, lambda t: {"discard": _unseen(t)[:1]}), 422, "invalid_cards"),
    "duplicate card": (_as(ACTOR, lambda t: {"discard": t.hand[:1] * 2}), 422, "invalid_cards"),
    "duplicate, flipped": (
        _as(ACTOR, lambda t: {"discard": [t.hand[0], t.hand[0][::-1]]}),
        422,
        "invalid_cards",
    ),
    "6 discards": (
        _as(ACTOR, lambda t: {"discard": t.hand + _unseen(t)[:1]}),
        422,
        "invalid_cards",
    ),
    "bad rank": (_as(ACTOR, {"discard": ["Z2"]}), 422, "invalid_cards"),
    "rank 1": (_as(ACTOR, {"discard": ["A1"]}), 422, "invalid_cards"),
    "same rank twice": (_as(ACTOR, {"discard": ["AA"]}), 422, "invalid_cards"),
    "three characters": (_as(ACTOR, {"discard": ["AKQ"]}), 422, "invalid_cards"),
    "a string, not a list": (_as(ACTOR, {"discard": "AK"}), 422, "validation_error"),
    "numbers": (_as(ACTOR, {"discard": [1, 2]}), 422, "validation_error"),
    "null": (_as(ACTOR, {"discard": None}), 422, "validation_error"),
    "missing field": (_as(ACTOR, {}), 422, "validation_error"),
    "unknown field": (_as(ACTOR, {"discard": [], "seat": 1}), 422, "validation_error"),
    "a list body": (_as(ACTOR, []), 422, "validation_error"),
    "nested lists": (_as(ACTOR, {"discard": [["AK"]]}), 422, "validation_error"),
    "huge body": (_raw(HUGE), 413, "payload_too_large"),
    "malformed JSON": (_raw('{"discard": ['), 400, "malformed_json"),
    "not JSON": (
        _raw("discard=AK", "application/x-www-form-urlencoded"),
        415,
        "unsupported_media_type",
    ),
    "stale If-Match": (_headers({"If-Match": '"1"'}), 412, "stale_version"),
    "bad If-Match": (_headers({"If-Match": "yesterday"}), 400, "invalid_header"),
    "bad Idempotency-Key": (_headers({"Idempotency-Key": "k" * 300}), 400, "invalid_header"),
}


def _generic(kind: str, request: dict[str, Any]) -> dict[str, Any]:
    """The request to the generic move endpoint for the same move as an alias request."""
    body = request.get("json")
    return {**request, "json": {"kind": kind, **body}} if isinstance(body, dict) else request


def _sent(route: str, kind: str, request: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """(path suffix, request) of a move of `kind` sent to the alias or to ``/actions``."""
    return (kind, request) if route == "alias" else ("actions", _generic(kind, request))


ROUTES = ["alias", "actions"]  # every move failure answers the same at both


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("case", list(EXCHANGE_FAILURES), ids=list(EXCHANGE_FAILURES))
def test_a_bad_exchange_is_refused_and_appends_nothing(
    api: ApiClient, still_table: Table, case: str, route: str
) -> None:
    build, status, code = EXCHANGE_FAILURES[case]
    before = api.version(still_table.match_id)
    suffix, request = _sent(route, "exchange", build(still_table))
    assert_problem(api.post(still_table.path(suffix), **request), status, code)
    assert api.version(still_table.match_id) == before


GENERIC_FAILURES: dict[str, tuple[Any, int, str]] = {
    "unknown kind": ({"kind": "fold", "discard": []}, 422, "unknown_action"),
    "no kind": ({"discard": []}, 422, "validation_error"),
    "kind not a string": ({"kind": ["exchange"], "discard": []}, 422, "validation_error"),
    "kind null": ({"kind": None, "discard": []}, 422, "validation_error"),
    "another kind's parameters": ({"kind": "exchange", "cards": []}, 422, "validation_error"),
    "a kind of the wrong phase": ({"kind": "orientation", "cards": []}, 409, "wrong_phase"),
    "a body that is a string": ("exchange", 422, "validation_error"),
}


@pytest.mark.parametrize("case", list(GENERIC_FAILURES), ids=list(GENERIC_FAILURES))
def test_a_bad_generic_move_is_refused_and_appends_nothing(
    api: ApiClient, still_table: Table, case: str
) -> None:
    body, status, code = GENERIC_FAILURES[case]
    before = api.version(still_table.match_id)
    response = api.post(still_table.path("actions"), token=still_table.actor, json=body)
    assert_problem(response, status, code)
    assert api.version(still_table.match_id) == before


def test_an_alias_refuses_a_kind_in_its_body(api: ApiClient, still_table: Table) -> None:
    body = {"kind": "exchange", "discard": []}
    response = api.post(still_table.path("exchange"), token=still_table.actor, json=body)
    assert_problem(response, 422, "validation_error")


@pytest.mark.parametrize("route", ROUTES)
def test_the_administrator_cannot_move(api: ApiClient, still_table: Table, route: str) -> None:
    before = api.version(still_table.match_id)
    suffix, request = _sent(route, "exchange", {"json": {"discard": []}})
    response = api.post(still_table.path(suffix), token=api.admin_token, **request)
    assert_problem(response, 403, "forbidden")
    assert api.version(still_table.match_id) == before


def _to_orientation(api: ApiClient, table: Table) -> None:
    """Both people stand pat until the exchange lap is over."""
    while api.get(f"/v1/matches/{table.match_id}").json()["phase"] == "exchange":
        for token in (table.actor, table.other):
            api.post(table.path("exchange"), token=token, json={"discard": []})


ORIENTATION_FAILURES: dict[str, tuple[Callable[[Table], Any], int, str]] = {
    "4 cards": (lambda t: {"cards": t.hand[:4]}, 422, "invalid_cards"),
    "6 cards": (lambda t: {"cards": t.hand + _unseen(t)[:1]}, 422, "invalid_cards"),
    "a card twice": (lambda t: {"cards": [*t.hand[:4], t.hand[0][::-1]]}, 422, "invalid_cards"),
    "not in hand": (lambda t: {"cards": t.hand[:4] + _unseen(t)[:1]}, 422, "invalid_cards"),
    "bad rank": (lambda t: {"cards": [*t.hand[:4], "X9"]}, 422, "invalid_cards"),
    "numbers": (lambda t: {"cards": [1, 2, 3, 4, 5]}, 422, "validation_error"),
    "an object": (lambda t: {"cards": {"AK": "up"}}, 422, "validation_error"),
}


def test_moves_in_the_wrong_phase_are_refused(api: ApiClient, table: Table) -> None:
    before = api.version(table.match_id)
    response = api.post(table.path("orientation"), token=table.actor, json={"cards": table.hand})
    assert_problem(response, 409, "wrong_phase")
    assert api.version(table.match_id) == before
    _to_orientation(api, table)
    before = api.version(table.match_id)
    response = api.post(table.path("exchange"), token=table.actor, json={"discard": []})
    assert_problem(response, 409, "wrong_phase")
    assert api.version(table.match_id) == before


def test_bad_orientations_are_refused_and_append_nothing(api: ApiClient, table: Table) -> None:
    _to_orientation(api, table)
    actions = api.get(table.path("actions"), token=table.actor).json()["actions"]
    table.hand = actions[0]["cards"]
    before = api.version(table.match_id)
    for route in ROUTES:
        for case, (body, status, code) in ORIENTATION_FAILURES.items():
            suffix, request = _sent(route, "orientation", {"json": body(table)})
            response = api.post(table.path(suffix), token=table.actor, **request)
            assert (response.status_code, response.json()["code"]) == (status, code), case
    assert api.version(table.match_id) == before
    placed = api.post(table.path("orientation"), token=table.actor, json={"cards": table.hand})
    assert placed.status_code == 200
    placed_at = api.version(table.match_id)
    again = api.post(table.path("orientation"), token=table.actor, json={"cards": table.hand})
    assert_problem(again, 409, "already_chosen")
    assert api.version(table.match_id) == placed_at


def test_an_idempotency_key_reused_for_another_body_is_refused(
    api: ApiClient, table: Table
) -> None:
    key = {"Idempotency-Key": "same-key"}
    first = api.post(table.path("exchange"), token=table.actor, json={"discard": []}, headers=key)
    assert first.status_code == 200
    after = api.version(table.match_id)
    other = {"discard": table.hand[:1]}
    response = api.post(table.path("exchange"), token=table.actor, json=other, headers=key)
    assert_problem(response, 422, "idempotency_mismatch")
    assert api.version(table.match_id) == after


@pytest.fixture(scope="module")
def finished(api: ApiClient) -> tuple[str, str]:
    created = api.create([{"type": "human", "name": "ana"}, EASY, EASY])
    token = human_tokens(created)[0]
    play_to_end(api, created["match_id"], [token], random.Random(11))
    return created["match_id"], token


def test_moves_after_the_end_are_refused(api: ApiClient, finished: tuple[str, str]) -> None:
    match_id, token = finished
    before = api.version(match_id)
    response = api.post(f"/v1/matches/{match_id}/exchange", token=token, json={"discard": []})
    assert_problem(response, 409, "match_over")
    assert api.version(match_id) == before


def test_an_eliminated_seat_cannot_move(api: ApiClient) -> None:
    """Two people: once one is out while the other plays on, the one out cannot move."""
    rng = random.Random(5)
    for _ in range(10):
        people = [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}]
        created = api.create([*people, EASY, EASY, EASY])
        match_id, tokens = created["match_id"], human_tokens(created)
        while any([play_turn(api, match_id, token, rng) for token in tokens]):
            state = api.get(f"/v1/matches/{match_id}").json()
            out = [seat for seat in (0, 1) if state["seats"][seat]["eliminated"]]
            if out and state["status"] == "active":
                path = f"/v1/matches/{match_id}/exchange"
                before = state["version"]
                response = api.post(path, token=tokens[out[0]], json={"discard": []})
                assert_problem(response, 409, "seat_eliminated")
                assert api.version(match_id) == before
                return
    pytest.fail("no match left a person out before the end")


READ_FAILURES: dict[str, tuple[str, dict[str, Any], int, str]] = {
    "unknown match": ("/v1/matches/{unknown}", {}, 404, "unknown_match"),
    "unknown match, admin": ("/v1/matches/{unknown}", {"admin": True}, 404, "unknown_match"),
    "unknown match's events": ("/v1/matches/{unknown}/events", {}, 404, "unknown_match"),
    "unknown match's stream": ("/v1/matches/{unknown}/stream", {}, 404, "unknown_match"),
    "unknown match's export": ("/v1/matches/{unknown}/export", {}, 404, "unknown_match"),
    "unknown match's actions": ("/v1/matches/{unknown}/actions", {}, 404, "unknown_match"),
    "another match's token": ("/v1/matches/{id}", {"stranger": True}, 401, "unauthorized"),
    "events as another match": ("/v1/matches/{id}/events", {"stranger": True}, 401, "unauthorized"),
    "stream as another match": ("/v1/matches/{id}/stream", {"stranger": True}, 401, "unauthorized"),
    "actions as another match": (
        "/v1/matches/{id}/actions",
        {"stranger": True},
        401,
        "unauthorized",
    ),
    "negative after": ("/v1/matches/{id}/events?after=-1", {}, 422, "validation_error"),
    "after not a number": ("/v1/matches/{id}/events?after=x", {}, 422, "validation_error"),
    "export format": ("/v1/matches/{id}/export?format=xml", {}, 422, "validation_error"),
    "export while running": ("/v1/matches/{id}/export", {}, 403, "forbidden"),
    "export as a seat while running": ("/v1/matches/{id}/export", {"seat": True}, 403, "forbidden"),
    "bad Last-Event-ID": ("/v1/matches/{id}/stream", {"last": "x"}, 400, "invalid_header"),
    "huge Last-Event-ID": ("/v1/matches/{id}/stream", {"last": "9" * 20}, 400, "invalid_header"),
    "unknown route": ("/v1/tables", {}, 404, "not_found"),
    "NUL in the path": ("/v1/matches/a%00b", {}, 422, "validation_error"),
    "NUL in the query": ("/v1/matches?player=a%00b", {}, 422, "validation_error"),
    "NUL in a player": ("/v1/players/a%00b", {}, 422, "validation_error"),
}


@pytest.mark.parametrize("case", list(READ_FAILURES), ids=list(READ_FAILURES))
def test_bad_reads_are_problems(api: ApiClient, still_table: Table, case: str) -> None:
    table = still_table
    template, how, status, code = READ_FAILURES[case]
    path = template.format(id=table.match_id, unknown="no-such-match")
    token = (
        api.admin_token
        if how.get("admin")
        else table.stranger
        if how.get("stranger")
        else table.actor
        if how.get("seat")
        else None
    )
    headers = {"Last-Event-ID": how["last"]} if "last" in how else {}
    assert_problem(api.get(path, token=token, headers=headers), status, code)


ENDPOINTS = [
    ("GET", "", None),
    ("GET", "/actions", None),
    ("POST", "/actions", {"kind": "exchange", "discard": []}),
    ("GET", "/events", None),
    ("GET", "/stream", None),
    ("GET", "/export", None),
    ("POST", "/exchange", {"discard": []}),
    ("POST", "/orientation", {"cards": ["AK", "QJ", "T9", "87", "65"]}),
]
BAD_TOKENS: dict[str, Callable[[Table], str]] = {
    "basic": lambda t: "Basic YWRtaW46YWRtaW4=",
    "empty bearer": lambda t: "Bearer ",
    # The seat's token with its first character changed (never to itself: tokens are random).
    "garbage": lambda t: "Bearer " + ("y" if t.actor.startswith("x") else "x") + t.actor[1:],
    "another match's": lambda t: f"Bearer {t.stranger}",
}


@pytest.mark.parametrize("bad", list(BAD_TOKENS))
@pytest.mark.parametrize(
    ("method", "suffix", "body"), ENDPOINTS, ids=[e[1] or "/" for e in ENDPOINTS]
)
def test_every_endpoint_refuses_a_bad_token(
    api: ApiClient, still_table: Table, method: str, suffix: str, body: Any, bad: str
) -> None:
    before = api.version(still_table.match_id)
    headers = {"Authorization": BAD_TOKENS[bad](still_table)}
    path = f"/v1/matches/{still_table.match_id}{suffix}"
    response = api.request(method, path, json=body, headers=headers)
    assert_problem(response, 401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert api.version(still_table.match_id) == before


@pytest.mark.parametrize(("suffix", "body"), [e[1:] for e in ENDPOINTS if e[0] == "POST"])
def test_a_spectator_cannot_move(
    api: ApiClient, still_table: Table, suffix: str, body: Any
) -> None:
    response = api.post(f"/v1/matches/{still_table.match_id}{suffix}", json=body)
    assert_problem(response, 401, "unauthorized")


@pytest.mark.parametrize(
    ("method", "path"),
    [("DELETE", "/v1/matches"), ("PUT", "/v1/matches/x/exchange"), ("POST", "/healthz")],
)
def test_wrong_methods_are_405(api: ApiClient, method: str, path: str) -> None:
    response = api.request(method, path, json={})
    assert_problem(response, 405, "method_not_allowed")
    assert response.headers["Allow"]


CREATE_FAILURES: dict[str, tuple[dict[str, Any], int, str]] = {
    # How many seats and which levels are the game's to say (R4): invalid_seats.
    "two seats": ({"seats": [EASY, EASY]}, 422, "invalid_seats"),
    "six seats": ({"seats": [EASY] * 6}, 422, "invalid_seats"),
    "no seats": ({"seats": []}, 422, "invalid_seats"),
    "unknown seat type": ({"seats": [{"type": "robot"}, EASY, EASY]}, 422, "validation_error"),
    "unknown level": (
        {"seats": [{"type": "npc", "level": "god"}, EASY, EASY]},
        422,
        "invalid_seats",
    ),
    "unknown game": ({"game": "chess", "seats": [EASY] * 3}, 404, "unknown_game"),
    "game not a string": ({"game": 7, "seats": [EASY] * 3}, 422, "validation_error"),
    "an option Flipside lacks": (
        {"seats": [EASY] * 3, "options": {"blinds": 2}},
        422,
        "invalid_options",
    ),
    "options not an object": ({"seats": [EASY] * 3, "options": [1]}, 422, "validation_error"),
    "a person with a level": (
        {"seats": [{"type": "human", "level": "easy"}, EASY, EASY]},
        422,
        "invalid_seats",
    ),
    "a computer without a level": ({"seats": [{"type": "npc"}, EASY, EASY]}, 422, "invalid_seats"),
    "a bad name": ({"seats": [{"type": "human", "name": "a/b"}, EASY, EASY]}, 422, "invalid_seats"),
    "a short seed": ({"seats": [EASY] * 3, "seed": "ab"}, 422, "validation_error"),
    "a seed not hex": ({"seats": [EASY] * 3, "seed": "z" * 64}, 422, "validation_error"),
    "timeout 0": ({"seats": [EASY] * 3, "turn_timeout_seconds": 0}, 422, "validation_error"),
    "timeout as text": (
        {"seats": [EASY] * 3, "turn_timeout_seconds": "9"},
        422,
        "validation_error",
    ),
    "seats not a list": ({"seats": "three"}, 422, "validation_error"),
}


@pytest.mark.parametrize("case", list(CREATE_FAILURES), ids=list(CREATE_FAILURES))
def test_bad_creates_are_refused(api: ApiClient, case: str) -> None:
    body, status, code = CREATE_FAILURES[case]
    assert_problem(api.post("/v1/matches", json=body), status, code)


def test_a_huge_create_is_413(api: ApiClient) -> None:
    body = json.dumps({"seats": [EASY] * 3, "pad": "x" * 200_000})
    response = api.post("/v1/matches", data=body, headers={"Content-Type": "application/json"})
    assert_problem(response, 413, "payload_too_large")
