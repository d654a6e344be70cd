"""`flipside.client` against the real server: waiting for a turn, typed errors, retries.

`wait` must answer within 100 ms of the turn arriving, whichever server process took the
move (the live server runs two workers, woken by PostgreSQL's NOTIFY), and must show the
waiting seat nothing but its own moves.
"""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from flipside.client import Client, Invalid, NotFound, NotNow, Seat, StaleVersion, Unauthorized

from .live_server import Server

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from random_moves import random_move

WAKE_UP_BUDGET_SECONDS = 0.1  # the figure: a turn reaches its waiting bot this fast


@pytest.fixture
def client(server: Server) -> Iterator[Client]:
    with Client(server.base_url) as client:
        yield client


def two_people(client: Client, game: str = "oink", **options: Any) -> tuple[Seat, Seat]:
    """A match of two people: (the seat awaited now, the other)."""
    created = client.create_match(
        [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}], game=game, **options
    )
    seats = [client.seat(created.match_id, created.tokens[index]) for index in (0, 1)]
    awaited = seats[0].view()["awaiting"]
    assert len(awaited) == 1, awaited
    return seats[awaited[0]], seats[1 - awaited[0]]


def waiter_seat(seat: Seat) -> int:
    return int(seat.view()["viewer"])


def move(seat: Seat, rng: random.Random) -> dict[str, Any]:
    listed = seat.actions()
    return seat.act(random_move(listed["game"], listed["actions"], rng), version=listed["version"])


def test_wait_answers_within_100_ms_of_the_turn_arriving(client: Client) -> None:
    rng, latencies = random.Random(7), []
    for _ in range(8):
        mover, waiter = two_people(client)
        answered: dict[str, Any] = {}

        def wait(waiter: Seat = waiter, answered: dict[str, Any] = answered) -> None:
            answered["body"] = waiter.actions(wait=10)
            answered["at"] = time.monotonic()

        thread = threading.Thread(target=wait)
        thread.start()
        time.sleep(0.3)  # the wait is in place, asleep
        assert "body" not in answered, "a wait answered before the seat's turn"
        while waiter_seat(waiter) not in move(mover, rng)["awaiting"]:
            assert "body" not in answered, "a wait answered before the seat's turn"
        moved = time.monotonic()
        thread.join(timeout=10)
        latencies.append(answered["at"] - moved)
        body = answered["body"]
        assert body["seat"] in body["awaiting"] and body["actions"]
        hand = waiter.view()["seats"][body["seat"]]["hand"]  # the waiter's own hand
        listed = {card for action in body["actions"] for card in action.get("cards", [])}
        assert listed <= set(hand), "a wait listed cards that are not the waiting seat's"
    latencies.sort()
    assert latencies[len(latencies) // 2] < WAKE_UP_BUDGET_SECONDS, latencies
    assert latencies[-1] < 2 * WAKE_UP_BUDGET_SECONDS, latencies


def test_wait_answers_after_its_seconds_when_the_turn_does_not_come(client: Client) -> None:
    _, waiter = two_people(client)
    started = time.monotonic()
    body = waiter.actions(wait=1)
    assert 1.0 <= time.monotonic() - started < 1.5
    assert body["seat"] not in body["awaiting"]


def test_a_turn_that_times_out_wakes_the_next_seat_with_its_deadline(client: Client) -> None:
    mover, waiter = two_people(client, turn_timeout_seconds=1)
    listed = mover.actions()
    assert listed["deadline"] is not None and listed["deadline"] == mover.view()["deadline"]
    started = time.monotonic()
    body = waiter.actions(wait=10)  # nobody moves: the server's default move ends the turn
    assert body["seat"] in body["awaiting"], body
    assert time.monotonic() - started < 2.5


@pytest.mark.parametrize("wait", ["31", "-1", "soon", "1.5"])
def test_a_wait_out_of_bounds_is_a_clear_422(client: Client, wait: str) -> None:
    _, waiter = two_people(client)
    with pytest.raises(Invalid) as refused:
        client.request(
            "GET",
            f"/v1/matches/{waiter.match_id}/actions",
            token=waiter.token,
            params={"wait": wait},
        )
    assert refused.value.code == "validation_error"
    assert "wait" in str(refused.value.problem["errors"])


def test_errors_are_typed_by_the_problem_codes(client: Client) -> None:
    mover, waiter = two_people(client)
    with pytest.raises(NotFound) as missing:
        client.seat("no-such-match", None).view()
    assert missing.value.code == "unknown_match"
    with pytest.raises(Unauthorized):
        client.seat(mover.match_id, "not-a-token").view()
    with pytest.raises(Invalid) as unknown:
        mover.act({"kind": "fly"})
    assert unknown.value.code == "unknown_action"
    with pytest.raises(StaleVersion) as stale:
        mover.act({"kind": "roll"}, version=0)
    assert stale.value.current_version == mover.view()["version"]
    with pytest.raises(NotNow):
        waiter.act({"kind": "roll"})


def test_a_retried_move_with_its_key_is_answered_once(client: Client) -> None:
    mover, _ = two_people(client)
    version = mover.view()["version"]
    key = {"Idempotency-Key": "retry-1"}
    path = f"/v1/matches/{mover.match_id}/actions"
    first = client.request("POST", path, token=mover.token, json={"kind": "roll"}, headers=key)
    again = client.request("POST", path, token=mover.token, json={"kind": "roll"}, headers=key)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert mover.view()["version"] == first.json()["version"] > version


def test_follow_yields_every_event_once_to_the_end(client: Client) -> None:
    created = client.create_match(
        [{"type": "human", "name": "ana"}, {"type": "npc", "level": "easy"}], game="oink"
    )
    seat = client.seat(created.match_id, created.tokens[0])
    rng = random.Random(3)
    followed: list[int] = []

    def follow() -> None:
        followed.extend(record["version"] for record in seat.follow())

    thread = threading.Thread(target=follow)
    thread.start()
    final = seat.play(lambda listed, view: random_move("oink", listed["actions"], rng))
    thread.join(timeout=30)
    assert not thread.is_alive()
    assert followed == list(range(1, final["version"] + 1))
