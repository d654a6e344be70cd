"""What the fault tests (`test_survive_*`) share: a PostgreSQL of their own that they may stop,
and players that keep playing through failures the way a careful client does.

A `Player` plays whole matches (one person, two easy computer seats), sending every POST with
an ``Idempotency-Key`` and retrying it with the same key after a 503 or a lost connection,
so that nothing it was told is done can be lost and nothing is done twice. It remembers every
acknowledged (2xx) request, which `check_acknowledged` then finds in the store and asks for
again: a retry must get the original answer.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import requests

from flipside.db import connect
from flipside.records.audit import audit_batch
from flipside.store import PostgresEventStore

from .live_server import ApiClient, random_move

EASY = {"type": "npc", "level": "easy"}
SEATS = [{"type": "human", "name": "survivor"}, EASY, EASY]
PAUSE_SECONDS = 0.05  # between retries: short, so that a recovery is seen at once


def wait_for(condition: Callable[[], bool], seconds: float) -> None:
    """Poll `condition` until it holds; fail if it does not within `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds}s"
        time.sleep(0.05)


@dataclass
class Acknowledged:
    """A request the server said it carried out, and what it answered."""

    path: str
    body: dict[str, Any]
    key: str
    token: str | None
    answer: dict[str, Any]


@dataclass
class Player:
    """One client playing matches back to back; thread-confined."""

    api: ApiClient
    rng: random.Random
    acknowledged: list[Acknowledged] = field(default_factory=list)
    statuses: Counter[int | str] = field(default_factory=Counter)
    unavailable: list[requests.Response] = field(default_factory=list)
    served_at: list[float] = field(default_factory=list)  # time.monotonic() of each 2xx
    match_id: str | None = None
    token: str | None = None
    pending: Acknowledged | None = None  # a POST sent but not answered yet (answer empty)

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            self.step(stop)

    def step(self, stop: threading.Event) -> None:
        """Create a match, or make the person's next move (or notice the match is over)."""
        if self.match_id is None:
            created = self.send("/v1/matches", {"seats": SEATS}, None, stop)
            if created is not None:
                self.match_id, self.token = created["match_id"], created["seats"][0]["token"]
            return
        listed = self.retrying(
            lambda: self.api.get(f"/v1/matches/{self.match_id}/actions", token=self.token), stop
        )
        if listed is None:
            return
        if not listed["actions"]:  # one person and computers: the match is over
            self.match_id = None
            return
        kind, body = random_move(self.rng.choice(listed["actions"]), self.rng)
        self.send(f"/v1/matches/{self.match_id}/{kind}", body, self.token, stop)

    def send(
        self, path: str, body: dict[str, Any], token: str | None, stop: threading.Event
    ) -> dict[str, Any] | None:
        """POST with a fresh key, retried with that key until it is answered (or `stop`)."""
        self.pending = Acknowledged(path, body, str(uuid.uuid4()), token, {})
        return self.finish_pending(stop)

    def finish_pending(self, stop: threading.Event) -> dict[str, Any] | None:
        """Send the pending POST with its key until it is answered (or `stop`)."""
        assert self.pending is not None
        path, body, token = self.pending.path, self.pending.body, self.pending.token
        headers = {"Idempotency-Key": self.pending.key}
        answer = self.retrying(
            lambda: self.api.post(path, token=token, json=body, headers=headers), stop
        )
        if answer is not None:
            self.pending.answer = answer
            self.acknowledged.append(self.pending)
            self.pending = None
        return answer

    def retrying(self, call: Any, stop: threading.Event) -> dict[str, Any] | None:
        """`call`'s 2xx JSON; a 503 or a lost connection is retried, anything else fails."""
        while not stop.is_set():
            try:
                response = call()
            except (requests.ConnectionError, requests.exceptions.ChunkedEncodingError):
                # A server killed mid-answer cuts the body short: as lost as no answer.
                self.statuses["connection_error"] += 1
                time.sleep(PAUSE_SECONDS)
                continue
            self.statuses[response.status_code] += 1
            if response.status_code == 503:
                self.unavailable.append(response)
                time.sleep(PAUSE_SECONDS)
                continue
            assert response.status_code < 300, (response.status_code, response.text[:300])
            self.served_at.append(time.monotonic())
            return response.json()
        return None


@contextmanager
def playing(players: list[Player]) -> Iterator[None]:
    """The players play in threads of their own until the block ends."""
    stop = threading.Event()
    threads = [threading.Thread(target=player.play, args=(stop,)) for player in players]
    for thread in threads:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in threads)


def check_acknowledged(api: ApiClient, database_url: str, players: list[Player]) -> int:
    """Every acknowledged request is in the store and a retry with its key gets the original
    answer; every match touched audits clean. Returns how many requests were checked."""
    acknowledged = [ack for player in players for ack in player.acknowledged]
    with PostgresEventStore(database_url, max_size=2) as store:
        match_ids = sorted({ack.answer["match_id"] for ack in acknowledged})
        streams = store.read_streams(match_ids)
        keys = {
            event.metadata.get("idempotency_key") for events in streams.values() for event in events
        }
        for ack in acknowledged:
            assert ack.key in keys, f"acknowledged but not stored: {ack.path} {ack.key}"
            assert ack.answer["version"] <= len(streams[ack.answer["match_id"]])
            _check_replay(api, ack)
        with connect(database_url) as conn:
            verdicts = audit_batch(store, conn, match_ids)
    failed = [verdict for verdict in verdicts if not verdict.passed]
    assert not failed, [verdict.findings for verdict in failed]
    return len(acknowledged)


def _check_replay(api: ApiClient, ack: Acknowledged) -> None:
    headers = {"Idempotency-Key": ack.key}
    response = api.post(ack.path, token=ack.token, json=ack.body, headers=headers)
    assert response.status_code in (200, 201), response.text
    assert response.headers.get("Idempotent-Replayed") == "true"
    original = ack.answer
    if ack.path == "/v1/matches":  # tokens are shown once: a replay has them null
        original = {**original, "seats": [{**s, "token": None} for s in original["seats"]]}
    assert response.json() == original
