"""Races ("Survive"): 64 clients hammer one match through the real server at once.

Each client plays a seat of one match: legal moves at the version it last read (so most race
and lose), moves with a version it knows is stale, illegal moves, and a move sent twice at
the same moment with the same ``Idempotency-Key``. Every POST carries a key of its own (the
twins share one), so the stored metadata says which requests appended what. Afterwards:
every answer was 2xx or a documented problem (409, 412, other 4xx; never 5xx), each
acknowledged request appended its command exactly once and no refused one appended
anything, twins got one answer, versions are gapless and the stream audits clean.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from flipside.db import connect
from flipside.records.audit import audit_batch
from flipside.store import PostgresEventStore

from .live_server import ApiClient, OpenApiDocument, Server, random_move

CLIENTS = 64
ROUNDS_PER_CLIENT = 3
DEADLINE_SECONDS = 60.0  # a bound on the whole hammering, far above its usual few seconds
COMMAND_EVENTS = {
    "exchange": "flipside.CardsExchanged",
    "orientation": "flipside.OrientationChosen",
}


@dataclass(frozen=True)
class Sent:
    """One POST and its answer."""

    key: str
    seat: int
    kind: str
    status: int
    body: dict[str, Any]
    replayed: bool


@pytest.fixture
def store(database_url: str) -> Iterator[PostgresEventStore]:
    with PostgresEventStore(database_url, max_size=2) as event_store:
        yield event_store


class Hammer:
    """One client: a seat's token and its own connection, recording every POST."""

    def __init__(self, index: int, server: Server, openapi: OpenApiDocument, match: Any) -> None:
        self.index = index
        self.server, self.openapi = server, openapi
        self.api = ApiClient(server, openapi)
        self.match_id = match["match_id"]
        people = [seat for seat in match["seats"] if seat["type"] == "human"]
        mine = people[index % len(people)]
        self.seat, self.seat_token = mine["seat"], mine["token"]
        self.rng = random.Random(index)
        self.sent: list[Sent] = []
        self.lock = threading.Lock()  # the twin of a request records from its own thread

    def post(
        self, api: ApiClient, key: str, kind: str, body: dict[str, Any], version: int | None
    ) -> None:
        headers = {"Idempotency-Key": key}
        if version is not None:
            headers["If-Match"] = f'"{version}"'
        path = f"/v1/matches/{self.match_id}/{kind}"
        response = api.post(path, token=self.seat_token, json=body, headers=headers)
        replayed = response.headers.get("Idempotent-Replayed") == "true"
        with self.lock:
            self.sent.append(
                Sent(key, self.seat, kind, response.status_code, response.json(), replayed)
            )

    def twins(self, key: str, kind: str, body: dict[str, Any], version: int | None) -> None:
        """The same request twice at once, as a client that retries too early would."""
        twin = ApiClient(self.server, self.openapi)  # a connection of its own
        other = threading.Thread(target=self.post, args=(twin, key, kind, body, version))
        other.start()
        self.post(self.api, key, kind, body, version)
        other.join()
        twin.session.close()

    def run(self, deadline: float) -> None:
        for turn in range(ROUNDS_PER_CLIENT):
            if time.monotonic() > deadline:
                return
            key = f"race-{self.index}-{turn}"
            path = f"/v1/matches/{self.match_id}/actions"
            listed = self.api.get(path, token=self.seat_token).json()
            version = listed["version"]
            if not listed["actions"]:  # not this seat's turn: try anyway, and lose
                self.post(self.api, key, "exchange", {"discard": []}, version)
                continue
            kind, body = random_move(self.rng.choice(listed["actions"]), self.rng)
            variant = (self.index + turn) % 5
            if variant == 0:
                self.post(self.api, key, kind, body, version)
            elif variant == 1:  # a version this client knows is stale: always 412
                self.post(self.api, key, kind, body, version - 1)
            elif variant == 2:  # cards that do not exist: 422 invalid_cards
                self.post(
                    self.api, key, kind, {k: ["ZZ"] * max(1, len(v)) for k, v in body.items()}, None
                )
            else:  # a retry sent too early, with or without its precondition
                self.twins(key, kind, body, version if variant == 3 else None)


def test_64_clients_hammering_one_match_lose_nothing_and_duplicate_nothing(
    server: Server,
    openapi: OpenApiDocument,
    api: ApiClient,
    store: PostgresEventStore,
    database_url: str,
) -> None:
    easy = {"type": "npc", "level": "easy"}
    match = api.create([{"type": "human", "name": f"racer{i}"} for i in range(3)] + [easy])
    hammers = [Hammer(i, server, openapi, match) for i in range(CLIENTS)]
    deadline = time.monotonic() + DEADLINE_SECONDS
    with ThreadPoolExecutor(CLIENTS) as pool:
        for future in [pool.submit(hammer.run, deadline) for hammer in hammers]:
            future.result()
    for hammer in hammers:
        hammer.api.session.close()
    sent = [s for hammer in hammers for s in hammer.sent]

    statuses = Counter(s.status for s in sent)
    assert all(status < 500 for status in statuses), statuses
    assert statuses[200] > 0 and statuses[412] > 0, statuses

    stored = store.read_stream(match["match_id"])
    assert [event.version for event in stored] == list(range(1, len(stored) + 1))
    assert len({event.event_id for event in stored}) == len(stored)
    _each_acknowledged_request_appended_once(sent, stored)
    _twins_got_one_answer(sent)

    with connect(database_url) as conn:
        (verdict,) = audit_batch(store, conn, [match["match_id"]])
    assert verdict.passed, verdict.findings


def _each_acknowledged_request_appended_once(sent: list[Sent], stored: list[Any]) -> None:
    """A command event per acknowledged key, by the seat that sent it; none for the others."""
    appended = Counter(
        (event.metadata.get("idempotency_key"), event.data.get("seat"), event.type)
        for event in stored
        if event.metadata.get("actor", "").startswith("seat ")
        and event.type in COMMAND_EVENTS.values()
        and event.data.get("seat") is not None
        and f"seat {event.data['seat']}" == event.metadata["actor"]
    )
    acknowledged = {(s.key, s.seat, COMMAND_EVENTS[s.kind]) for s in sent if s.status == 200}
    assert set(appended) == acknowledged
    assert all(count == 1 for count in appended.values()), appended


def _twins_got_one_answer(sent: list[Sent]) -> None:
    by_key: dict[str, list[Sent]] = {}
    for s in sent:
        by_key.setdefault(s.key, []).append(s)
    for key, answers in by_key.items():
        if len(answers) == 2 and any(a.status == 200 for a in answers):
            first, second = answers
            assert (first.status, first.body) == (second.status, second.body), key
            assert first.replayed != second.replayed, key
