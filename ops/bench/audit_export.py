"""Throughput of `flipside audit --all` and `flipside export --format jsonl`.

    python ops/bench/audit_export.py [--matches 2000] [--distinct 100] [--server-url URL]

Works in a temporary database on the server of ``--server-url`` (default
FLIPSIDE_TEST_DATABASE_URL, else the local PostgreSQL), dropped at the end. It stores
`--distinct` matches of four computer seats played by `MatchService`, then copies them under
new ids until there are `--matches`: playing costs the computer players' sampling (a tenth
of a second or more per match), while auditing and exporting cost what is in the record,
and a copy is a valid match of its own (the decider derives it again from its seed). The
projections are folded before the audit, so the audit compares their rows too.

Both commands run in process through the CLI (click's runner), so the figures include
everything the commands do but the interpreter's start. Targets: audit >= 50,000 events/s,
export >= 100,000 events/s.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner
from flipside.cli.common import JOBS
from flipside.cli.main import cli

from flipside.db import connect, scratch_server_url, temporary_database
from flipside.engine.seats import SeatSpec
from flipside.projections.postgres import Projector
from flipside.service import MatchService
from flipside.store import NewEvent, PostgresEventStore, StoredEvent, iter_stream_ids

SEATS = [SeatSpec("npc", level="easy")] * 4


def fill(url: str, matches: int, distinct: int) -> int:
    """Store `matches` matches (`distinct` of them played); returns the events stored."""
    with PostgresEventStore(url) as store:
        service = MatchService(store)
        played = [
            service.create(SEATS, seed=os.urandom(32), match_id=f"bench-{n:06d}").appended
            for n in range(min(distinct, matches))
        ]
        for number in range(len(played), matches):
            original = played[number % len(played)]
            store.append(f"bench-{number:06d}", 0, _renamed(original, f"bench-{number:06d}"))
        return sum(store.stream_version(match_id) for match_id in iter_stream_ids(store))


def _renamed(stored: Sequence[StoredEvent], match_id: str) -> list[NewEvent]:
    """The events of a stored Flipside match under another id (only its first event, the
    creation, names it), as stored: types, schema versions and data."""
    first, *rest = stored
    created = NewEvent(first.type, {**first.data, "match_id": match_id}, first.schema_version)
    return [created, *(NewEvent(e.type, e.data, e.schema_version) for e in rest)]


def timed(url: str, *args: str) -> tuple[float, float]:
    """Wall and CPU seconds of one in-process run of `flipside args`.

    CPU seconds are this process's and its finished workers' (not the database server's):
    they show what the command costs when the machine is busy with other work.
    """
    started, cpu = time.perf_counter(), _cpu_seconds()
    result = CliRunner().invoke(cli, ["--database-url", url, *args])
    elapsed, cpu = time.perf_counter() - started, _cpu_seconds() - cpu
    if result.exit_code != 0:
        raise SystemExit(f"flipside {' '.join(args)} failed: {result.output[-500:]}")
    return elapsed, cpu


def _cpu_seconds() -> float:
    mine, workers = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return mine.ru_utime + mine.ru_stime + workers.ru_utime + workers.ru_stime


def report(label: str, events: int, seconds: tuple[float, float], target: int) -> None:
    wall, cpu = seconds
    print(
        f"{label:22} {events / wall:9,.0f} events/s ({wall:.2f}s wall; "
        f"{events / cpu:,.0f} events/s of CPU, {cpu:.2f}s) target {target:,}"
    )


def measure(url: str, jobs: int) -> None:
    with PostgresEventStore(url) as store:
        events = sum(store.stream_version(match_id) for match_id in iter_stream_ids(store))
    audit = timed(url, "audit", "--all", "--json", "--jobs", str(jobs))
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory) / "all.jsonl"
        export = timed(
            url, "export", "--all", "--format", "jsonl", "--out", str(out), "--jobs", str(jobs)
        )
        size = out.stat().st_size
    print(f"{events:,} events, --jobs {jobs}")
    report("audit --all", events, audit, 50_000)
    report("export --format jsonl", events, export, 100_000)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"export size {size / 1e6:.1f} MB; peak RSS of this process {peak:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--distinct", type=int, default=100)
    server = scratch_server_url()
    parser.add_argument("--server-url", default=server)
    parser.add_argument(
        "--database-url", help="Measure this already filled database instead (kept as it is)."
    )
    parser.add_argument("--jobs", type=int, default=JOBS, help="As the commands' --jobs.")
    options = parser.parse_args()
    if options.database_url:
        measure(options.database_url, options.jobs)
        return
    with temporary_database(options.server_url, prefix="flipside_bench") as url:
        started = time.perf_counter()
        events = fill(url, options.matches, options.distinct)
        with connect(url) as conn:
            Projector(conn).catch_up()
        elapsed = time.perf_counter() - started
        print(f"stored {options.matches} matches, {events:,} events in {elapsed:.1f}s")
        measure(url, options.jobs)


if __name__ == "__main__":
    main()
