"""Throughput of `flipside audit --all` and `flipside export --format jsonl`.

    python ops/bench/audit_export.py [--matches 2000] [--distinct 100] [--server-url URL]
        [--jobs N] [--rounds 3] [--database-url URL]

Works in a temporary database on the server of ``--server-url`` (default
FLIPSIDE_TEST_DATABASE_URL, else the local PostgreSQL), dropped at the end. It stores
`--distinct` matches of four computer seats played by `MatchService`, then copies them under
new ids until there are `--matches`: playing costs the computer players' sampling (a tenth
of a second or more per match), while auditing and exporting cost what is in the record,
and a copy is a valid match of its own (the decider derives it again from its seed). The
projections are folded before the audit, so the audit compares their rows too.

Both commands run in process through the CLI (click's runner), so the figures include
everything the commands do but the interpreter's start. Each run follows a PostgreSQL
``COPY ... TO STDOUT`` of the same event rows, read by this process: the ratio of their
events/s holds better than events/s alone on a machine busy with other work. Each command
runs `--rounds` times; the median round is reported. Targets: audit >= 0.25x the COPY's
events/s, export >= 0.5x.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from flipside.cli.common import BATCH_MATCHES, JOBS
from flipside.cli.main import cli

from flipside.db import connect, scratch_server_url, temporary_database
from flipside.engine.records import current_events
from flipside.engine.registry import AnyGame, game_of_type
from flipside.engine.seats import SeatSpec
from flipside.projections.postgres import Projector
from flipside.service import MatchService
from flipside.store import NewEvent, PostgresEventStore, StoredEvent, iter_stream_ids
from flipside.store.chain import check_chain
from flipside.store.postgres import read_streams

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


# Every stored column of every event, in stream order: the least any reader of them costs.
_COPY_EVENTS = """
COPY (SELECT stream_id, version, global_position, event_id, type, schema_version, data,
             metadata, recorded_at, prev_hash, hash, txid
      FROM events ORDER BY stream_id, version) TO STDOUT
"""


def copied(url: str) -> tuple[float, float]:
    """Wall and CPU seconds of reading every event row with `COPY ... TO STDOUT`."""
    started, cpu = time.perf_counter(), _cpu_seconds()
    size = 0
    with connect(url) as conn, conn.cursor() as cursor, cursor.copy(_COPY_EVENTS) as copy:
        for block in copy:
            size += len(block)
    if not size:
        raise SystemExit("COPY read no events")
    return time.perf_counter() - started, _cpu_seconds() - cpu


def audit_floor(url: str) -> tuple[float, float]:
    """Wall and CPU seconds of the least an audit of every match does, in this process:
    each batch of matches read as the audit reads them (`read_streams`), every hash
    recomputed from its event's canonical JSON (`check_chain`), the events decoded, and each
    match decided again from the commands behind its events. No comparison, no check of the
    shuffles, deals and draws, no projection rows: what is left of the target's budget is
    what those may cost."""
    started, cpu = time.perf_counter(), _cpu_seconds()
    with PostgresEventStore(url) as store:
        match_ids = list(iter_stream_ids(store))
    with connect(url) as conn:
        for at in range(0, len(match_ids), BATCH_MATCHES):
            for stored in read_streams(conn, match_ids[at : at + BATCH_MATCHES]).values():
                check_chain(stored)
                game = game_of_type(stored[0].type)
                _decided_again(game, current_events(game, stored) or [])
    return time.perf_counter() - started, _cpu_seconds() - cpu


def _decided_again(game: AnyGame, events: list[Any]) -> None:
    state = game.initial_state()
    for event in events:
        command = game.command_behind(event)
        if command is not None:
            _, state = game.execute(state, command)


def ratio_to_copy(
    url: str, events: int, label: str, args: Sequence[str], rounds: int, target: float
) -> None:
    """Run `flipside args` (or `audit_floor` for no args) `rounds` times, each right after a
    COPY of the same rows, and print the median round: its events/s, the COPY's, their
    ratio and the CPU seconds."""
    measured = []
    for _ in range(rounds):
        copy, _ = copied(url)
        wall, cpu = timed(url, *args) if args else audit_floor(url)
        measured.append((copy / wall, wall, cpu, copy))
    ratio, wall, cpu, copy = statistics.median_low(measured)
    print(
        f"{label:22} {events / wall:9,.0f} events/s, COPY {events / copy:9,.0f} events/s: "
        f"{ratio:.3f}x COPY (target {target}x; {wall:.2f}s wall, {cpu:.2f}s CPU; "
        f"ratios {', '.join(f'{r:.3f}' for r, *_ in measured)})"
    )


def measure(url: str, jobs: int, rounds: int) -> None:
    with PostgresEventStore(url) as store:
        events = sum(store.stream_version(match_id) for match_id in iter_stream_ids(store))
    print(
        f"{events:,} events ({_with_texts(url):,} with stored canonical texts), --jobs {jobs},"
        f" median of {rounds} rounds"
    )
    print(f"load average before {_load()}")
    common = ["--all", "--jobs", str(jobs)]
    ratio_to_copy(url, events, "audit --all", ["audit", *common, "--json"], rounds, 0.25)
    ratio_to_copy(url, events, "audit floor, one job", [], rounds, 0.25)
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory) / "all.jsonl"
        export = ["export", *common, "--format", "jsonl", "--out", str(out)]
        ratio_to_copy(url, events, "export --format jsonl", export, rounds, 0.5)
        size, digest = out.stat().st_size, hashlib.sha256(out.read_bytes()).hexdigest()
    print(f"load average after {_load()}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # The digest is the same for the same matches with any version of the export: compare
    # it between runs on one --database-url to see that a change kept the bytes.
    print(f"export {size / 1e6:.1f} MB, sha256 {digest}; peak RSS of this process {peak:.0f} MB")


def _with_texts(url: str) -> int:
    """How many events have their canonical texts stored (docs/records.md, "Stored canonical
    text"): the export splices those matches' lines in the database, and encodes the others
    (those stored before the texts were kept, as an older --database-url may hold)."""
    with connect(url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM events WHERE data_text IS NOT NULL AND metadata_text IS NOT NULL"
        ).fetchone()
    return row[0] if row else 0


def _load() -> str:
    return ", ".join(f"{load:.2f}" for load in os.getloadavg())


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
    parser.add_argument("--rounds", type=int, default=3, help="Runs of each command.")
    options = parser.parse_args()
    if options.database_url:
        measure(options.database_url, options.jobs, options.rounds)
        return
    with temporary_database(options.server_url, prefix="flipside_bench") as url:
        started = time.perf_counter()
        events = fill(url, options.matches, options.distinct)
        with connect(url) as conn:
            Projector(conn).catch_up()
        elapsed = time.perf_counter() - started
        print(f"stored {options.matches} matches, {events:,} events in {elapsed:.1f}s")
        measure(url, options.jobs, options.rounds)


if __name__ == "__main__":
    main()
