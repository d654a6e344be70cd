"""Ramp: how many clients the server takes before p99 latency crosses a limit, and what a
PostgreSQL restart in the middle of a run costs.

``ramp`` (the default): on a temporary database, gunicorn (`ops/gunicorn.conf.py`, 2 gthread
workers) serves clients playing whole matches (`run.play_match`: one person, two easy
computer players, no think time); the client count doubles (1, 2, 4, ... 64) until p99
crosses ``--p99-limit-ms``. One line per step: matches/s, requests/s, p50 and p99.

``restart``: on a throwaway embedded PostgreSQL of its own (never the shared server),
``--clients`` play for ``--seconds``; halfway through PostgreSQL is stopped for
``--down-seconds`` and started again on the same directory. Every POST carries an
``Idempotency-Key`` and is retried with it after a 503 or a lost connection, as a careful
client would. Reports the errors seen, how long after PostgreSQL was back every client was
served again, and the acknowledged actions missing from the store (must be 0).

    python ops/load/ramp.py --seconds 5
    python ops/load/ramp.py --mode restart --clients 8 --seconds 12
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from run import Client, client_address, drive, play_match, serving, tree_cpu_seconds, warm_up

from flipside.db import private_cluster, scratch_server_url, temporary_database
from flipside.store import PostgresEventStore

STEPS = (1, 2, 4, 8, 16, 32, 64)
RETRY_PAUSE_SECONDS = 0.05


def ramp(server_url: str, seconds: float, p99_limit_ms: float) -> None:
    with (
        temporary_database(server_url, prefix="flipside_load") as url,
        serving(url, []) as (port, pid),
    ):
        warm_up(port, play_match)
        for clients in STEPS:
            cpu = tree_cpu_seconds(pid)
            result = drive("matches", port, clients, seconds, play_match)
            cpu_ms = (tree_cpu_seconds(pid) - cpu) * 1000 / result.requests
            result.server_cpu_ms_per_request = round(cpu_ms, 3)
            print(json.dumps(asdict(result)), flush=True)
            if result.p99_ms > p99_limit_ms:
                print(f"p99 {result.p99_ms} ms > {p99_limit_ms} ms at {clients} clients")
                return
        print(f"p99 stayed under {p99_limit_ms} ms up to {STEPS[-1]} clients")


@dataclass
class Tally:
    """What all the clients of a restart run saw, counted under one lock."""

    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: list[str] = field(default_factory=list)  # keys of POSTs answered 2xx
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] += 1

    def acknowledge(self, key: str) -> None:
        with self.lock:
            self.acknowledged.append(key)


class RetryingClient(Client):
    """A `run.Client` that sends each POST with an ``Idempotency-Key`` and retries any call
    after a 503 or a lost connection (a POST with the same key) until it is answered."""

    def __init__(self, port: int, tally: Tally, address: str) -> None:
        super().__init__(port, address=address)
        self.tally = tally
        self.served_at: list[float] = []  # time.monotonic() of each answer

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        key = str(uuid.uuid4()) if method == "POST" else None
        if key:
            headers["Idempotency-Key"] = key
        while True:
            status, data = self._send(method, path, body, headers)
            if status is not None and status < 400:
                self.served_at.append(time.monotonic())
                if key:
                    self.tally.acknowledge(key)
                return json.loads(data)
            if status is not None and status != 503:
                raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
            time.sleep(RETRY_PAUSE_SECONDS)

    def _send(
        self, method: str, path: str, body: Any, headers: dict[str, str]
    ) -> tuple[int | None, bytes]:
        """The status and body, or (None, b"") if the connection was lost."""
        payload = json.dumps(body) if body is not None else None
        try:
            self.connection.request(method, path, payload, headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()  # the next request connects again
            self.tally.error(type(error).__name__)
            return None, b""
        if response.status >= 500:
            self.tally.error(str(response.status))
        return response.status, data


def restart(clients: int, seconds: float, down_seconds: float) -> None:
    tally = Tally()
    with private_cluster("ramp") as (postgres, url), serving(url, []) as (port, _):
        warm_up(port, play_match)
        workers = [RetryingClient(port, tally, client_address(n)) for n in range(clients)]
        stop = threading.Event()
        threads = [
            threading.Thread(target=_play_until, args=(worker, random.Random(i), stop))
            for i, worker in enumerate(workers)
        ]
        for thread in threads:
            thread.start()
        time.sleep(seconds / 2)
        postgres.stop()
        time.sleep(down_seconds)
        postgres.start()
        back = time.monotonic()
        time.sleep(seconds / 2)
        stop.set()
        for thread in threads:
            thread.join()
        lost = _missing(url, tally.acknowledged)
    recovered = max(min(t for t in w.served_at if t > back) - back for w in workers)
    print(
        json.dumps(
            {
                "clients": clients,
                "seconds": seconds,
                "down_seconds": down_seconds,
                "acknowledged_actions": len(tally.acknowledged),
                "errors_seen": dict(tally.errors),
                "seconds_to_recover": round(recovered, 2),
                "actions_lost": len(lost),
            }
        )
    )


def _play_until(client: RetryingClient, rng: random.Random, stop: threading.Event) -> None:
    """Whole matches until `stop`; the match under way then is finished (its moves count)."""
    while not stop.is_set():
        play_match(client, rng)


def _missing(url: str, keys: list[str]) -> set[str]:
    """The acknowledged keys that no stored event carries."""
    with PostgresEventStore(url, max_size=1) as store:
        streams = store.read_streams(store.list_streams(limit=1_000_000))
    stored = {e.metadata.get("idempotency_key") for events in streams.values() for e in events}
    return set(keys) - stored


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("ramp", "restart"), default="ramp")
    parser.add_argument("--seconds", type=float, default=10.0, help="per step, or the run")
    parser.add_argument("--p99-limit-ms", type=float, default=50.0)
    parser.add_argument("--clients", type=int, default=8, help="restart mode")
    parser.add_argument("--down-seconds", type=float, default=2.0, help="restart mode")
    parser.add_argument(
        "--server-url",
        default=scratch_server_url(),
        help="ramp mode: a PostgreSQL server on which a temporary database is made",
    )
    args = parser.parse_args()
    if args.mode == "ramp":
        ramp(args.server_url, args.seconds, args.p99_limit_ms)
    else:
        restart(args.clients, args.seconds, args.down_seconds)


if __name__ == "__main__":
    main()
