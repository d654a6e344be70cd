"""``GET .../actions?wait=N`` without a database: the in-process wake-ups and the bounds.

The live server's version (two processes woken by NOTIFY) is tests/e2e/test_client.py.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from flipside.api.wakeups import WaitLimits, Wakeups, wakeups_of

from flipside.config import Settings

PEOPLE = [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}]


@pytest.fixture
def app() -> Flask:
    settings = Settings(log_format="json")
    return create_app(
        {
            "FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(),
            "FLIPSIDE_SETTINGS": settings,
            "FLIPSIDE_WAIT_LIMITS": WaitLimits(per_process=3, per_caller=1),
        }
    )


def two_people(client: FlaskClient) -> tuple[str, dict[int, str], int]:
    """An Oink match of two people: its id, their tokens, and the seat awaited now."""
    created = client.post("/v1/matches", json={"game": "oink", "seats": PEOPLE}).get_json()
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    view = client.get(f"/v1/matches/{created['match_id']}", headers=bearer(tokens[0]))
    return created["match_id"], tokens, view.get_json()["awaiting"][0]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def waiting(app: Flask, path: str, token: str, answers: list[Any]) -> threading.Thread:
    def wait() -> None:
        response = app.test_client().get(path, headers=bearer(token))
        answers.append((response.status_code, response.get_json(), time.monotonic()))

    thread = threading.Thread(target=wait)
    thread.start()
    return thread


def test_a_wait_wakes_when_the_other_seat_passes_the_turn(app: Flask) -> None:
    client = app.test_client()
    match_id, tokens, mover = two_people(client)
    waiter = 1 - mover
    answers: list[Any] = []
    thread = waiting(app, f"/v1/matches/{match_id}/actions?wait=10", tokens[waiter], answers)
    time.sleep(0.2)
    assert not answers
    path = f"/v1/matches/{match_id}/actions"
    for _ in range(20):  # roll, then knock or pass until the turn passes (O19-O20)
        listed = client.get(path, headers=bearer(tokens[mover])).get_json()
        kinds = [action["kind"] for action in listed["actions"]]
        kind = next(k for k in ("pass", "knock", "roll") if k in kinds)
        view = client.post(path, json={"kind": kind}, headers=bearer(tokens[mover])).get_json()
        if waiter in view["awaiting"]:
            break
    moved = time.monotonic()
    thread.join(timeout=5)
    status, body, answered = answers[0]
    assert status == 200 and waiter in body["awaiting"] and body["actions"]
    assert answered - moved < 0.1


def test_waits_beyond_the_bounds_are_429_not_queued(app: Flask) -> None:
    client = app.test_client()
    match_id, tokens, mover = two_people(client)
    path = f"/v1/matches/{match_id}/actions?wait=2"
    answers: list[Any] = []
    first = waiting(app, path, tokens[1 - mover], answers)
    time.sleep(0.2)
    second = client.get(path, headers=bearer(tokens[1 - mover]))  # per caller: 1
    assert second.status_code == 429 and second.get_json()["code"] == "rate_limited"
    assert second.headers["Retry-After"] == "1"
    assert wakeups_of(app).waiting == 1
    first.join(timeout=5)
    assert answers[0][0] == 200 and wakeups_of(app).waiting == 0


def test_a_spectator_or_the_awaited_seat_is_answered_at_once(app: Flask) -> None:
    client = app.test_client()
    match_id, tokens, mover = two_people(client)
    started = time.monotonic()
    spectator = client.get(f"/v1/matches/{match_id}/actions?wait=5")
    awaited = client.get(f"/v1/matches/{match_id}/actions?wait=5", headers=bearer(tokens[mover]))
    assert time.monotonic() - started < 1
    assert spectator.get_json()["actions"] == [] and awaited.get_json()["actions"]


@pytest.mark.parametrize("wait", ["31", "-1", "x", "2.5"])
def test_a_wait_out_of_bounds_is_422(app: Flask, wait: str) -> None:
    client = app.test_client()
    match_id, tokens, _ = two_people(client)
    response = client.get(f"/v1/matches/{match_id}/actions?wait={wait}", headers=bearer(tokens[0]))
    assert response.status_code == 422
    assert response.get_json()["code"] == "validation_error"


def test_a_signal_between_the_read_and_the_sleep_is_not_lost() -> None:
    wakeups = Wakeups()
    with wakeups.watch("m") as changed:
        wakeups.signal("m")  # the append lands after the read, before the sleep
        assert changed.wait(0)
    with wakeups.watch("m") as changed, wakeups.watch("n") as other:
        wakeups.signal("n")
        assert not changed.is_set() and other.is_set()
        wakeups.signal_all()
        assert changed.is_set()


class StartCounter:
    """A stand-in for the NOTIFY listener that counts its starts."""

    def __init__(self) -> None:
        self.starts = 0

    def start(self) -> None:
        self.starts += 1


def test_an_event_streams_watch_starts_the_listener() -> None:
    """A worker's first watch starts its listener, an event stream's as much as a wait's:
    started by the waits alone, a worker that had served none never heard the other workers'
    appends, and its streams sent nothing of a match played through them until a heartbeat."""
    wakeups = Wakeups()
    listener = StartCounter()
    wakeups.listener = listener  # type: ignore[assignment]
    with wakeups.watch("m"):  # what `GET .../stream` enters, without a wait slot
        assert listener.starts == 1
