"""How soon a waiting bot hears that it is its turn: ``GET .../actions?wait=30`` against a
real server, beside a plain ``GET .../actions`` round trip measured in the same run.

Two bots (`flipside.client`, each with its own connection) play heads-up Hold'em matches,
each seat a person's: each asks for its actions with ``wait=30``, and when the answer
awaits it, times one plain ``GET .../actions`` (the baseline), then checks, calls or shows. The
measured latency is from the other seat's move being acknowledged (its ``POST .../actions``
answered) to the waiting bot's answer, for every answer to a wait that was sent before that
move: the time the server takes to wake the waiter and answer. The wake-up is signalled in
the append, so a waiter can be answered a little before the mover: those latencies are
negative. Target: p99 within 100 ms.

By default it starts ``ops/gunicorn.conf.py`` (2 workers, the default rate limit) on a
scratch database of ``FLIPSIDE_TEST_DATABASE_URL``'s server (``--server-url`` names another);
``--url`` measures a server already running instead (its rate limit must allow about 50
requests a second from one address).

    python ops/bench/wait_latency.py [--matches 2] [--hands 10] [--url URL] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flipside.client import Client, Seat
from flipside.db import scratch_server_url, temporary_database

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
from run import serving  # ops/load/run.py: gunicorn on a free port, until ready

WAIT = 30  # seconds: the longest wait the API allows
# The first of these listed is the move: every hand goes to the showdown (H16, H43).
PASSIVE = ("check", "call", "show", "fold")


@dataclass
class Timings:
    """One seat's side of a match, in `time.perf_counter` seconds (one clock: one process)."""

    waits: list[tuple[float, float, int]] = field(default_factory=list)  # sent, answered, version
    moves: list[tuple[float, float, int]] = field(
        default_factory=list
    )  # sent, acknowledged, version
    baseline: list[float] = field(default_factory=list)  # plain GET .../actions round trips


def play_seat(seat: Seat, timings: Timings, stop: threading.Event) -> None:
    """Wait for each turn, time a plain actions round trip, move; until the end (or until
    the other seat's bot failed: `stop`)."""
    try:
        play_turns(seat, timings, stop)
    finally:
        stop.set()


def play_turns(seat: Seat, timings: Timings, stop: threading.Event) -> None:
    while not stop.is_set():
        sent = time.perf_counter()
        listed = seat.actions(wait=WAIT)
        answered = time.perf_counter()
        if listed["seat"] not in listed["awaiting"]:
            if seat.view()["status"] == "finished":
                return
            continue
        timings.waits.append((sent, answered, listed["version"]))
        started = time.perf_counter()
        seat.actions()
        timings.baseline.append(time.perf_counter() - started)
        kinds = [action["kind"] for action in listed["actions"]]
        kind = next(kind for kind in PASSIVE if kind in kinds)
        posted = time.perf_counter()
        after = seat.act({"kind": kind}, version=listed["version"])
        timings.moves.append((posted, time.perf_counter(), after["version"]))


def wake_latencies(waiter: Timings, mover: Timings) -> list[float]:
    """For each of `mover`'s moves that `waiter` was already waiting on: from the move's
    acknowledgement to the waiter's answer at the version the move made."""
    answered = {version: (sent, at) for sent, at, version in waiter.waits}
    found = []
    for posted, acknowledged, version in mover.moves:
        if version in answered and answered[version][0] < posted:
            found.append(answered[version][1] - acknowledged)
    return found


def play_match(url: str, hands: int) -> tuple[list[float], list[float]]:
    """One heads-up match of two waiting bots: the wake latencies and the baseline."""
    with Client(url) as client:
        created = client.create_match(
            [{"type": "human", "name": "a"}, {"type": "human", "name": "b"}],
            game="holdem",
            options={"max_hands": hands},
        )
    timings, stop = [Timings(), Timings()], threading.Event()
    with Client(url) as first, Client(url) as second, ThreadPoolExecutor(2) as pool:
        bots = [
            pool.submit(play_seat, client.seat(created.match_id, token), seat_timings, stop)
            for client, token, seat_timings in zip(
                (first, second), (created.tokens[0], created.tokens[1]), timings, strict=True
            )
        ]
        for bot in bots:
            bot.result()  # a bot's failure, raised here
    wakes = wake_latencies(timings[0], timings[1]) + wake_latencies(timings[1], timings[0])
    return wakes, timings[0].baseline + timings[1].baseline


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "count": len(values),
        "p50_ms": round(1000 * percentile(values, 0.5), 2),
        "p99_ms": round(1000 * percentile(values, 0.99), 2),
        "max_ms": round(1000 * max(values), 2),
    }


@contextmanager
def api_url(args: argparse.Namespace) -> Iterator[str]:
    """`--url`, else a server of our own on a scratch database, until the block ends."""
    if args.url:
        yield args.url.rstrip("/")
        return
    server = args.server_url or scratch_server_url()
    with (
        temporary_database(server, prefix="flipside_wait") as database,
        serving(database, []) as (port, _),
    ):
        yield f"http://127.0.0.1:{port}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--hands", type=int, default=10, help="Hold'em max_hands per match")
    parser.add_argument("--url", help="a running server's API, instead of starting one")
    parser.add_argument("--server-url", help="PostgreSQL to make the scratch database on")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    wakes: list[float] = []
    baseline: list[float] = []
    with api_url(args) as url:
        play_match(url, 1)  # warm-up: the workers' imports and first connections
        for _ in range(args.matches):
            more_wakes, more_baseline = play_match(url, args.hands)
            wakes += more_wakes
            baseline += more_baseline
    result: dict[str, Any] = {
        "load_average": os.getloadavg(),
        "wake": summary(wakes),
        "plain_actions": summary(baseline),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"load average {result['load_average']}")
    for name in ("wake", "plain_actions"):
        row = result[name]
        print(
            f"{name:<14}{row['count']:>6} p50 {row['p50_ms']:>7} ms  p99 {row['p99_ms']:>7} ms"
            f"  max {row['max_ms']:>7} ms"
        )


if __name__ == "__main__":
    main()
