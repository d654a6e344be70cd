"""flipside.db on a real PostgreSQL: the migration runner, the embedded server, `flipside db`."""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flipside.cli.db_commands import db

from flipside.config import Settings
from flipside.db import (
    DatabaseUnavailable,
    create_database,
    drop_database,
    migrations,
    resolve_database_url,
    status,
    stop_embedded_server,
    upgrade,
    with_database,
)
from flipside.store import NewEvent, PostgresEventStore

_NOBODY_LISTENS = "postgresql://postgres@127.0.0.1:1/flipside?connect_timeout=2"


@pytest.fixture
def empty_database_url(postgres_server_url: str) -> Iterator[str]:
    """A database with no tables at all, dropped afterwards."""
    name = f"flipside_test_empty_{uuid.uuid4().hex[:12]}"
    yield create_database(postgres_server_url, name)
    drop_database(postgres_server_url, name)


def test_migrations_are_numbered_files_in_order() -> None:
    found = migrations()
    assert found[0].version == 1 and found[0].name == "events"
    assert [m.version for m in found] == sorted({m.version for m in found})


def test_upgrade_applies_everything_once(empty_database_url: str) -> None:
    assert [m.version for m in status(empty_database_url).pending] == [
        m.version for m in migrations()
    ]
    assert upgrade(empty_database_url) == migrations()
    assert upgrade(empty_database_url) == []
    found = status(empty_database_url)
    assert found.pending == []
    assert [(m.version, m.name) for m in found.applied] == [
        (m.version, m.name) for m in migrations()
    ]


def test_concurrent_runners_apply_each_migration_once(empty_database_url: str) -> None:
    barrier = threading.Barrier(4)
    applied: list[int] = []

    def run() -> None:
        barrier.wait()
        applied.extend(m.version for m in upgrade(empty_database_url))

    runners = [threading.Thread(target=run) for _ in range(4)]
    for runner in runners:
        runner.start()
    for runner in runners:
        runner.join()
    assert sorted(applied) == [m.version for m in migrations()]
    assert status(empty_database_url).pending == []


def test_an_unreachable_database_is_reported_as_unavailable() -> None:
    with pytest.raises(DatabaseUnavailable):
        status(_NOBODY_LISTENS)


def test_db_status_and_upgrade_commands(database_url: str) -> None:
    runner = CliRunner()
    result = runner.invoke(db, ["--database-url", database_url, "status", "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert shown["pending"] == []
    assert [m["version"] for m in shown["applied"]] == [m.version for m in migrations()]
    result = runner.invoke(db, ["--database-url", database_url, "upgrade"])
    assert (result.exit_code, result.output) == (0, "up to date\n")
    result = runner.invoke(db, ["--database-url", database_url, "status"])
    assert result.exit_code == 0 and "events" in result.output


@pytest.mark.parametrize("command", ["status", "upgrade"])
def test_db_commands_fail_in_one_line_without_a_database(command: str) -> None:
    result = CliRunner().invoke(db, ["--database-url", _NOBODY_LISTENS, command])
    assert result.exit_code == 1
    assert result.output.startswith("Error: database unavailable:")
    assert result.output.count("\n") == 1


def test_a_configured_database_url_is_used_as_is() -> None:
    settings = Settings.from_env({"FLIPSIDE_DATABASE_URL": _NOBODY_LISTENS})
    assert resolve_database_url(settings) == _NOBODY_LISTENS


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://u@h:5/a?sslmode=off", "postgresql://u@h:5/b?sslmode=off"),
        ("postgresql://postgres:@/postgres?host=/tmp/x", "postgresql://postgres:@/b?host=/tmp/x"),
        ("host=h dbname=a", "dbname=b host=h"),
    ],
)
def test_with_database(url: str, expected: str) -> None:
    assert with_database(url, "b") == expected


def test_without_a_configured_url_an_embedded_database_is_started_and_migrated() -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="flipside-data-"))
    try:
        url = resolve_database_url(Settings(data_dir=data_dir))
        assert status(url).pending == []
        with PostgresEventStore(url) as store:
            assert store.append("embedded", 0, [NewEvent("Happened", {})])[0].version == 1
        assert resolve_database_url(Settings(data_dir=data_dir)) == url
    finally:
        stop_embedded_server(data_dir / "pgdata")
        shutil.rmtree(data_dir, ignore_errors=True)
