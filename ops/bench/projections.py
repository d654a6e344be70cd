"""How fast the projections fold stored events: a catch-up from zero, then each rebuild.

Plays MATCHES matches of easy computer players in process (3 to 5 seats in turn), appends
each to a throwaway migrated database (one append per match, as the service does when
computer seats play a match through), then measures, in events per second:

- ``catch_up``: a `Projector` folding every event into all three projections at once, in
  batches, one transaction per batch (what ``flipside projections run --once`` does);
- ``rebuild:<name>``: each projection truncated and folded from zero in one transaction
  (``flipside projections rebuild``). Target: >= 100,000 events/s.

The server comes from ``--server-url``, else ``FLIPSIDE_TEST_DATABASE_URL``, else the
machine's PostgreSQL on 127.0.0.1; the database is dropped afterwards.

Usage: ``python ops/bench/projections.py [--matches 2000] [--batch 5000] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable

import psycopg

from flipside.db import temporary_database
from flipside.domain.events import SeatSpec
from flipside.projections.postgres import PROJECTIONS, Projector
from flipside.service import to_new_event
from flipside.simulation import match_seed, play_match
from flipside.store import PostgresEventStore

_DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def append_matches(store: PostgresEventStore, matches: int, run_seed: int) -> int:
    """Play and store `matches` matches; returns the events appended."""
    total = 0
    for number in range(matches):
        seats = [SeatSpec("npc", level="easy")] * (3 + number % 3)
        match_id = f"bench-{run_seed}-{number}"
        events, _ = play_match(match_id, seats, match_seed(run_seed, number))
        store.append(match_id, 0, [to_new_event(event) for event in events])
        total += len(events)
    return total


def _timed(work: Callable[[], int]) -> dict[str, float]:
    """Events per wall-clock second, and per second of this process's CPU (the database
    server's CPU is not in it): the second shows the Python side on a busy machine."""
    started, cpu = time.perf_counter(), time.process_time()
    events = work()
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    return {
        "events": events,
        "seconds": round(seconds, 3),
        "events_per_second": round(events / seconds),
        "events_per_cpu_second": round(events / cpu_seconds),
    }


def run(server_url: str, matches: int, batch: int, run_seed: int) -> dict[str, object]:
    with (
        temporary_database(server_url, prefix="flipside_bench") as url,
        PostgresEventStore(url) as store,
        psycopg.connect(url, autocommit=True) as conn,
    ):
        appended = _timed(lambda: append_matches(store, matches, run_seed))
        projector = Projector(conn, batch_size=batch)
        figures = {"append": appended, "catch_up": _timed(projector.catch_up)}
        for name in PROJECTIONS:
            figures[f"rebuild:{name}"] = _timed(lambda name=name: projector.rebuild(name))
    return {"matches": matches, "batch": batch, "figures": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--server-url")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server_url = args.server_url or os.environ.get("FLIPSIDE_TEST_DATABASE_URL") or _DEFAULT_SERVER
    result = run(server_url, args.matches, args.batch, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['matches']} matches, batches of {result['batch']} events")
    for name, figure in result["figures"].items():
        print(
            f"{name:<24} {figure['events']:>9} events {figure['seconds']:>8.3f} s"
            f" {figure['events_per_second']:>10,} events/s"
            f" ({figure['events_per_cpu_second']:,} per CPU s)"
        )


if __name__ == "__main__":
    main()
