"""An open event stream sleeps until its match changes, and ends at once, cleanly, when the
server is told to stop (`api.stopping`); a move wakes it without a poll; a process holds at
most as many as its threads allow (`api.capacity`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from flipside.api import create_app, stopping
from flipside.api.capacity import StreamSlots
from flipside.api.dependencies import Dependencies
from flipside.api.records import StreamTiming
from flipside.api.wakeups import wakeups_of

from flipside.config import Settings

SEATS = [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}]
HEARTBEAT = 30.0  # longer than any test waits: what arrives is woken, not polled


class CountedReads:
    """How often the store's streams are read."""

    def __init__(self, dependencies: Dependencies) -> None:
        self.count = 0
        store = dependencies.service.store
        read_stream = store.read_stream

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return read_stream(*args, **kwargs)

        store.read_stream = counted


@pytest.fixture
def dependencies() -> Dependencies:
    return Dependencies.in_memory()


@pytest.fixture
def client(dependencies: Dependencies) -> Iterator[FlaskClient]:
    app = create_app(
        {
            "FLIPSIDE_DEPENDENCIES": dependencies,
            "FLIPSIDE_SETTINGS": Settings(log_format="json"),
            "FLIPSIDE_STREAM_TIMING": StreamTiming(heartbeat=HEARTBEAT),
            "FLIPSIDE_STREAM_SLOTS": StreamSlots(1),
        }
    )
    stopping.on_stop(wakeups_of(app).signal_all)  # as create_stoppable_app does
    yield app.test_client()
    stopping.STOPPING.clear()


class Reader(threading.Thread):
    """Opens a stream and reads its chunks as they come, in one thread (as a server does:
    the response's context lives in the thread that serves it)."""

    def __init__(self, client: FlaskClient, url: str, token: str) -> None:
        super().__init__(daemon=True)
        self.client, self.url, self.token = client, url, token
        self.chunks: list[str] = []
        self.arrived = threading.Event()

    def run(self) -> None:
        response = self.client.get(self.url, headers=_bearer(self.token), buffered=False)
        for chunk in response.response:
            self.chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
            self.arrived.set()
        response.close()

    def wait_for(self, text: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not any(text in chunk for chunk in self.chunks):
            if time.monotonic() > deadline:
                return False
            self.arrived.wait(0.05)
            self.arrived.clear()
        return True


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _open(client: FlaskClient) -> tuple[dict[str, Any], Reader]:
    """A new match of two people, and seat 0's stream of it, read up to now."""
    created = client.post("/v1/matches", json={"game": "oink", "seats": SEATS}).get_json()
    url = f"/v1/matches/{created['match_id']}/stream?after={created['version']}"
    reader = Reader(client, url, created["seats"][0]["token"])
    reader.start()
    assert reader.wait_for("retry:", 5)
    return created, reader


def test_a_sleeping_stream_reads_nothing_until_a_move_wakes_it(
    client: FlaskClient, dependencies: Dependencies
) -> None:
    created, reader = _open(client)
    reads = CountedReads(dependencies)
    time.sleep(1.0)
    assert reads.count == 0  # no poll
    url = f"/v1/matches/{created['match_id']}/actions"
    for seat in created["seats"]:  # whoever's turn it is rolls (O19)
        legal = client.get(url, headers=_bearer(seat["token"])).get_json()["actions"]
        if any(action["kind"] == "roll" for action in legal):
            started = time.monotonic()
            moved = client.post(url, json={"kind": "roll"}, headers=_bearer(seat["token"]))
            assert moved.status_code == 200, moved.get_json()
            break
    assert reader.wait_for("event: ", 5)
    assert time.monotonic() - started < 1.0  # woken: not after the heartbeat's 30 s


def test_a_stream_ends_at_once_when_the_server_stops(client: FlaskClient) -> None:
    _, reader = _open(client)
    threading.Timer(0.2, stopping.stop).start()
    started = time.monotonic()
    reader.join(5)
    assert not reader.is_alive()
    assert time.monotonic() - started < 1.0


def test_beyond_its_slots_a_stream_is_refused_until_one_ends(client: FlaskClient) -> None:
    created, first = _open(client)
    url = f"/v1/matches/{created['match_id']}/stream"
    refused = client.get(url, headers=_bearer(created["seats"][1]["token"]))
    assert refused.status_code == 429
    assert refused.get_json()["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    stopping.stop()
    first.join(5)
    stopping.STOPPING.clear()
    _, again = _open(client)  # the ended stream gave its slot back
    assert again.is_alive()
    stopping.stop()
