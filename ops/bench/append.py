"""Benchmark: `PostgresEventStore.append` against plain INSERTs of the same rows.

At each concurrency (threads, each on its own streams) and batch size (events per append),
measures appends/s and p50/p99 latency of

- ``store``: `PostgresEventStore.append` (hash chain, idempotent-ready schema, indexes,
  immutability trigger, NOTIFY; one transaction per append), and
- ``plain``: the same rows INSERTed (executemany, one transaction per batch) into a bare
  table with the same columns and no keys, indexes, trigger or chain,

in one throwaway database, and prints them side by side (the two alternate in slices, so
both see the same machine). Targets: store >= 0.8x plain, store p99 <= 5 ms at
concurrency 4. A commit waits for the WAL flush, so on a slow disk both sides are bound by
its fsync time; ``--async-commit`` shows what remains.

    python ops/bench/append.py [--database-url URL | --embedded] [--async-commit] [--seconds 4]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo
from psycopg.types.json import Jsonb

from flipside.db import scratch_server_url, temporary_database, temporary_embedded_server
from flipside.store import GENESIS_HASH, NewEvent, PostgresEventStore

_BARE_TABLE = """
CREATE TABLE bare_events (
    global_position bigint GENERATED ALWAYS AS IDENTITY,
    stream_id text, version integer, event_id uuid, type text, schema_version integer,
    data jsonb, metadata jsonb, recorded_at timestamptz DEFAULT now(),
    prev_hash text, hash text, txid xid8 DEFAULT pg_current_xact_id()
)
"""

_BARE_INSERT = """
INSERT INTO bare_events (stream_id, version, event_id, type, schema_version, data, metadata,
                         prev_hash, hash)
VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)
"""

_WARM_UP_SECONDS = 0.3

# A typical event: one seat's exchange.
_DATA = {"round": 3, "seat": 1, "discarded": ["AK", "T2"], "drawn": ["93", "Q4"]}


@dataclass(frozen=True)
class Result:
    appends_per_second: float
    p50_ms: float
    p99_ms: float


class Load:
    """One worker per thread, run in timed slices; timings add up across slices."""

    def __init__(self, threads: int, make_worker: Callable[[int], Callable[[], None]]) -> None:
        self._workers = [make_worker(index) for index in range(threads)]
        self._timings: list[list[float]] = [[] for _ in range(threads)]
        self._elapsed = 0.0

    def run(self, seconds: float, record: bool = True) -> None:
        start = threading.Barrier(len(self._workers) + 1)
        stop = threading.Event()

        def loop(index: int) -> None:
            worker, timings = self._workers[index], self._timings[index]
            start.wait()
            while not stop.is_set():
                began = time.perf_counter()
                worker()
                timings.append(time.perf_counter() - began)

        running = [threading.Thread(target=loop, args=(i,)) for i in range(len(self._workers))]
        for thread in running:
            thread.start()
        start.wait()
        began = time.perf_counter()
        time.sleep(seconds)
        stop.set()
        for thread in running:
            thread.join()
        if record:
            self._elapsed += time.perf_counter() - began
        else:
            self._timings = [[] for _ in self._workers]

    def result(self) -> Result:
        every = sorted(t for timings in self._timings for t in timings)
        quantiles = statistics.quantiles(every, n=100, method="inclusive")
        return Result(len(every) / self._elapsed, quantiles[49] * 1000, quantiles[98] * 1000)


def compare(
    threads: int,
    seconds: float,
    rounds: int,
    ours: Callable[[int], Callable[[], None]],
    plain: Callable[[int], Callable[[], None]],
) -> tuple[Result, Result]:
    """Both loads, alternated in `rounds` slices so that both see the same machine."""
    loads = Load(threads, ours), Load(threads, plain)
    for load in loads:  # connections opened, statements prepared
        load.run(_WARM_UP_SECONDS, record=False)
    for _ in range(rounds):
        for load in loads:
            load.run(seconds / rounds)
    return loads[0].result(), loads[1].result()


def store_worker(store: PostgresEventStore, batch: int) -> Callable[[int], Callable[[], None]]:
    def make(_: int) -> Callable[[], None]:
        stream, version = f"bench-{uuid.uuid4()}", 0
        events = [NewEvent("CardsExchanged", _DATA) for _ in range(batch)]

        def append() -> None:
            nonlocal version
            metadata = {"actor": "seat-1", "request_id": str(uuid.uuid4())}
            version = store.append(stream, version, events, metadata)[-1].version

        return append

    return make


def plain_worker(
    url: str, batch: int, connections: list[Any]
) -> Callable[[int], Callable[[], None]]:
    def make(_: int) -> Callable[[], None]:
        conn = psycopg.connect(url)
        connections.append(conn)
        stream, version = f"bench-{uuid.uuid4()}", 0

        def insert() -> None:
            nonlocal version
            metadata = Jsonb({"actor": "seat-1", "request_id": str(uuid.uuid4())})
            rows = [
                (
                    stream,
                    version + n,
                    uuid.uuid4(),
                    "CardsExchanged",
                    1,
                    Jsonb(_DATA),
                    metadata,
                    GENESIS_HASH,
                    GENESIS_HASH,
                )
                for n in range(1, batch + 1)
            ]
            with conn.cursor() as cursor:
                cursor.executemany(_BARE_INSERT, rows)
            conn.commit()
            version += batch

        return insert

    return make


def run(
    url: str, concurrencies: list[int], batches: list[int], seconds: float, rounds: int
) -> list[dict[str, Any]]:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(_BARE_TABLE)
    rows = []
    # The pool starts small and grows to the concurrency, as in production: a bigger
    # minimum would rotate a single writer through cold connections.
    with PostgresEventStore(url, max_size=max(concurrencies)) as store:
        for threads in concurrencies:
            for batch in batches:
                connections: list[Any] = []
                ours, plain = compare(
                    threads,
                    seconds,
                    rounds,
                    store_worker(store, batch),
                    plain_worker(url, batch, connections),
                )
                for conn in connections:
                    conn.close()
                rows.append({"concurrency": threads, "batch": batch, "store": ours, "plain": plain})
    return rows


def print_table(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'conc':>4} {'batch':>5} | {'store/s':>8} {'p50 ms':>7} {'p99 ms':>7} |"
        f" {'plain/s':>8} {'p50 ms':>7} {'p99 ms':>7} | {'ratio':>5}"
    )
    for row in rows:
        ours, plain = row["store"], row["plain"]
        print(
            f"{row['concurrency']:>4} {row['batch']:>5} |"
            f" {ours.appends_per_second:>8.0f} {ours.p50_ms:>7.2f} {ours.p99_ms:>7.2f} |"
            f" {plain.appends_per_second:>8.0f} {plain.p50_ms:>7.2f} {plain.p99_ms:>7.2f} |"
            f" {ours.appends_per_second / plain.appends_per_second:>5.2f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("FLIPSIDE_DATABASE_URL") or scratch_server_url(),
        help="server to create the throwaway benchmark database on",
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=4, help="alternations per measurement")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--batch", type=int, nargs="+", default=[1, 10])
    parser.add_argument(
        "--embedded",
        action="store_true",
        help="use a private embedded PostgreSQL instead (no other load on the server)",
    )
    parser.add_argument(
        "--async-commit",
        action="store_true",
        help="synchronous_commit=off for both sides: what an append costs besides the WAL flush",
    )
    parser.add_argument("--json", action="store_true", help="print results as JSON")
    args = parser.parse_args(argv)
    with ExitStack() as stack:
        server = args.database_url
        if args.embedded:
            pgdata = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "pgdata"
            server = stack.enter_context(temporary_embedded_server(pgdata))
        url = stack.enter_context(temporary_database(server, prefix="flipside_bench"))
        if args.async_commit:
            url = make_conninfo(url, options="-c synchronous_commit=off")
        rows = run(url, args.concurrency, args.batch, args.seconds, args.rounds)
    if args.json:
        print(
            json.dumps(
                [{**row, "store": vars(row["store"]), "plain": vars(row["plain"])} for row in rows]
            )
        )
    else:
        print_table(rows)


if __name__ == "__main__":
    main()
