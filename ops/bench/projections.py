"""How fast the projections fold stored events: a catch-up from zero, then each rebuild.

Plays MATCHES matches of easy computer players in process (3 to 5 seats in turn), appends
each to a throwaway migrated database (one append per match, as the service does when
computer seats play a match through; every other match under the bare event types of the
records from before the engine hosted several games, as an upgraded database holds them),
then measures, in events per second:

- ``catch_up``: a `Projector` folding every event into all the projections at once, in
  batches, one transaction per batch (what ``flipside projections run --once`` does);
- ``rebuild:<name>``: each projection truncated and folded from zero in one transaction
  (``flipside projections rebuild NAME``). Target: >= 150,000 events/s;
- ``rebuild:all``: every projection at once, each match read and folded once for all of them
  (``flipside projections rebuild``);
- ``read``, the baseline: the same event rows read and thrown away, in the order a rebuild
  reads them (``COPY ... TO STDOUT`` of every column a fold may use). Each figure's ratio to
  it says how far a projection is from the cost of reading its events, whatever the load.

Each figure is given per wall-clock second and per CPU second of this process plus the
database server's processes serving it (read from /proc when the server runs on this
machine: the backend, a rebuild's reading connection, parallel workers): on a busy machine
the wall clock mostly measures the other processes. A rebuild reads ahead on another core,
so its wall clock can beat its CPU time.

Setup, not measured: the throwaway database commits asynchronously (synchronous_commit off:
durability is not what is measured here) and is analysed after loading, as autovacuum
would do, so that the planner knows the events table's size.

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
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from flipside.db import connect, scratch_server_url, temporary_database
from flipside.engine import codec
from flipside.engine.registry import DEFAULT_GAME, game_named, split_type
from flipside.engine.seats import SeatSpec
from flipside.projections.postgres import PROJECTIONS, Projector
from flipside.simulation import match_seed, play_match
from flipside.store import NewEvent, PostgresEventStore

_APPENDERS = 4


def _stored(event: Any, legacy: bool) -> NewEvent:
    """`event` as the service stores it, or (`legacy`) as it was stored before the engine."""
    stored_type, data, schema_version = codec.encode(game_named(DEFAULT_GAME), event)
    return NewEvent(split_type(stored_type)[1] if legacy else stored_type, data, schema_version)


def append_matches(store: PostgresEventStore, matches: int, run_seed: int) -> int:
    """Play and store `matches` matches, a few appends in flight; returns the events."""

    def append(number: int) -> int:
        seats = [SeatSpec("npc", level="easy")] * (3 + number % 3)
        match_id = f"bench-{run_seed}-{number}"
        events, _ = play_match(match_id, seats, match_seed(run_seed, number))
        store.append(match_id, 0, [_stored(event, number % 2 == 0) for event in events])
        return len(events)

    with ThreadPoolExecutor(_APPENDERS) as pool:
        return sum(pool.map(append, range(matches)))


def _server_cpu(conn: psycopg.Connection[Any]) -> float:
    """CPU seconds the server has used for `conn` (0 if it is not on this host): its backend
    process's, and those of the postmaster's children that have ended (a rebuild's reading
    connection, a statement's parallel workers), which add to the postmaster's children's
    times as it reaps them."""
    backend = _proc_stat(conn.info.backend_pid)
    if backend is None:
        return 0.0
    postmaster = _proc_stat(int(backend[1])) or backend  # ppid
    ticks = int(backend[11]) + int(backend[12]) + int(postmaster[13]) + int(postmaster[14])
    return ticks / os.sysconf("SC_CLK_TCK")  # utime + stime, cutime + cstime


def _proc_stat(pid: int) -> list[str] | None:
    """The fields of /proc/`pid`/stat after the process's name; None if there is none."""
    stat = Path(f"/proc/{pid}/stat")
    return stat.read_text().rsplit(")", 1)[1].split() if stat.exists() else None


# Time for the postmaster to reap a connection closed at the end of a run.
_REAPED_SECONDS = 0.2


def _timed(conn: psycopg.Connection[Any], work: Callable[[], int]) -> dict[str, float]:
    started, cpu, server = time.perf_counter(), time.process_time(), _server_cpu(conn)
    events = work()
    seconds = time.perf_counter() - started
    time.sleep(_REAPED_SECONDS)
    cpu_seconds = time.process_time() - cpu + _server_cpu(conn) - server
    return {
        "events": events,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "events_per_second": round(events / seconds),
        "events_per_cpu_second": round(events / cpu_seconds),
    }


_READ = """
COPY (SELECT stream_id, version, type, data, recorded_at FROM events ORDER BY stream_id, version)
TO STDOUT
"""


def read_events(conn: psycopg.Connection[Any]) -> int:
    """Every event's row read and thrown away (the baseline); returns the events read."""
    with conn.cursor() as cursor:
        with cursor.copy(_READ) as copy:
            for _ in copy:  # blocks of rows as the server sends them
                pass
        return cursor.rowcount


def _load(url: str, matches: int, run_seed: int) -> int:
    with connect(url) as conn:
        database = conn.info.dbname
        conn.execute(
            sql.SQL("ALTER DATABASE {} SET synchronous_commit = off").format(
                sql.Identifier(database)
            )
        )
    with PostgresEventStore(url, max_size=_APPENDERS) as store:
        events = append_matches(store, matches, run_seed)
    with connect(url) as conn:
        conn.execute("ANALYZE events")
    return events


def run(server_url: str, matches: int, batch: int, run_seed: int) -> dict[str, Any]:
    with temporary_database(server_url, prefix="flipside_bench_projections") as url:
        started = time.perf_counter()
        events = _load(url, matches, run_seed)
        loaded = round(time.perf_counter() - started, 1)
        with connect(url) as conn:
            projector = Projector(conn, batch_size=batch)
            figures = {"read": _timed(conn, partial(read_events, conn))}
            figures["catch_up"] = _timed(conn, projector.catch_up)
            for name in PROJECTIONS:
                figures[f"rebuild:{name}"] = _timed(conn, partial(projector.rebuild, [name]))
            figures["rebuild:all"] = _timed(conn, partial(projector.rebuild, list(PROJECTIONS)))
    for figure in figures.values():
        figure["per_read"] = round(
            figure["events_per_second"] / figures["read"]["events_per_second"], 3
        )
        figure["per_read_cpu"] = round(
            figure["events_per_cpu_second"] / figures["read"]["events_per_cpu_second"], 3
        )
    return {
        "load_average": os.getloadavg()[0],
        "matches": matches,
        "events": events,
        "load_seconds": loaded,
        "batch": batch,
        "figures": figures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--server-url")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server_url = args.server_url or scratch_server_url()
    result = run(server_url, args.matches, args.batch, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['matches']} matches, {result['events']} events"
        f" (stored in {result['load_seconds']} s), batches of {result['batch']} events,"
        f" load average {result['load_average']:.2f}"
    )
    for name, figure in result["figures"].items():
        print(
            f"{name:<24} {figure['seconds']:>7.3f} s {figure['events_per_second']:>9,} events/s"
            f" ({figure['per_read']:.2f} x read)   {figure['cpu_seconds']:>7.3f} CPU s"
            f" {figure['events_per_cpu_second']:>9,} events/CPU s"
            f" ({figure['per_read_cpu']:.2f} x read)"
        )


if __name__ == "__main__":
    main()
