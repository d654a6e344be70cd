"""The PostgreSQL `EventStore` (DESIGN "Event store"): psycopg 3 over a connection pool.

An append is one transaction sent in one round trip (pipeline mode): a single
``INSERT ... SELECT FROM unnest(...)`` of all its events, the idempotency record if any, and a
``pg_notify`` on `NOTIFY_CHANNEL`. The primary key (stream_id, version) turns a racing writer
into a unique violation, reported as `ConcurrencyError`.

Hashes are computed here, so the append must know the hash of the stream's last event. The
store remembers the tip of streams it has read or written (stored rows never change, so a
remembered (version, hash) stays true); only a cold append reads it first.

Connections that die (a restarted server) are reported as `StoreUnavailable` once, and the
pool is checked so that the next call gets a fresh connection; reads retry that once.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from .chain import GENESIS_HASH, canonical_json
from .model import (
    NOTIFY_CHANNEL,
    ConcurrencyError,
    IdempotencyConflict,
    IdempotencyRecord,
    NewEvent,
    Position,
    StoredEvent,
    StoreUnavailable,
    import_streams,
    missing_events,
    seal,
)

T = TypeVar("T")

# In `StoredEvent` field order, so a row is `StoredEvent(*row)`.
_COLUMNS = (
    "stream_id, version, global_position, event_id::text, type, schema_version, data,"
    " metadata, recorded_at, prev_hash, hash, txid::text::bigint"
)

_INSERT = """
INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata,
                    recorded_at, prev_hash, hash)
SELECT u.stream_id, u.version, u.event_id, u.type, u.schema_version, u.data::jsonb,
       u.metadata::jsonb, coalesce(u.recorded_at, now()), u.prev_hash, u.hash
FROM unnest(%s::text[], %s::int[], %s::uuid[], %s::text[], %s::int[], %s::text[], %s::text[],
            %s::timestamptz[], %s::text[], %s::text[])
     AS u(stream_id, version, event_id, type, schema_version, data, metadata, recorded_at,
          prev_hash, hash)
RETURNING version, global_position, recorded_at, txid::text::bigint
"""

_CLAIM = """
INSERT INTO idempotency_keys (scope, key, fingerprint, response, stream_id)
VALUES (%s, %s, %s, %s, %s)
"""

_NOTIFY = f"SELECT pg_notify('{NOTIFY_CHANNEL}', %s)"

_READ_STREAM = f"""
SELECT {_COLUMNS} FROM events WHERE stream_id = %s AND version > %s ORDER BY version
"""

_READ_ALL = f"""
SELECT {_COLUMNS} FROM events
WHERE (txid, global_position) > (%s::text::xid8, %s)
  AND txid < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY txid, global_position
LIMIT %s
"""

_LIST_STREAMS = """
SELECT stream_id FROM events
WHERE version = 1
  AND (%s::text IS NULL OR stream_id COLLATE "C" > %s::text)
  AND starts_with(stream_id, %s)
ORDER BY stream_id COLLATE "C"
LIMIT %s
"""

_TIPS_REMEMBERED = 10_000


class _Tips:
    """The last (version, hash) of recently used streams, least recently used dropped first."""

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._tips: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._lock = threading.Lock()

    def hash_at(self, stream_id: str, version: int) -> str | None:
        with self._lock:
            tip = self._tips.get(stream_id)
            if tip is None or tip[0] != version:
                return None
            self._tips.move_to_end(stream_id)
            return tip[1]

    def remember(self, events: Sequence[StoredEvent]) -> None:
        if not events:
            return
        last = events[-1]
        with self._lock:
            self._tips[last.stream_id] = (last.version, last.hash)
            self._tips.move_to_end(last.stream_id)
            while len(self._tips) > self._capacity:
                self._tips.popitem(last=False)


class PostgresEventStore:
    """`EventStore` on PostgreSQL; `url` is a migrated database (see `flipside.db.upgrade`)."""

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        timeout: float = 10.0,
        application_name: str = "flipside",
    ) -> None:
        self._pool = ConnectionPool(
            url,
            min_size=min_size,
            max_size=max_size,
            timeout=timeout,
            kwargs={"autocommit": True, "application_name": application_name},
            name="flipside-store",
            open=True,
        )
        self._tips = _Tips(_TIPS_REMEMBERED)

    def __enter__(self) -> PostgresEventStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._pool.close()

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection; a dead server or connection becomes `StoreUnavailable`."""
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.OperationalError as error:
            # Idle connections may be just as dead (a restarted server): replace them now.
            self._pool.check()
            raise StoreUnavailable(_first_line(error)) from error
        except PoolTimeout as error:
            raise StoreUnavailable(_first_line(error)) from error

    def _read(self, query: Callable[[psycopg.Connection[Any]], T]) -> T:
        """Run a read-only `query`, once more if its connection turned out to be dead."""
        try:
            with self._connection() as conn:
                return query(conn)
        except StoreUnavailable as error:
            if not isinstance(error.__cause__, psycopg.OperationalError):
                raise
        with self._connection() as conn:
            return query(conn)

    def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: Mapping[str, Any] | None = None,
        idempotency: IdempotencyRecord | None = None,
    ) -> list[StoredEvent]:
        prev_hash = self._hash_at(stream_id, expected_version)
        sealed = seal(stream_id, expected_version, prev_hash, events, metadata or {})
        try:
            with self._connection() as conn, conn.pipeline():
                with conn.transaction():
                    cursor = conn.execute(_INSERT, _insert_params(sealed))
                    if idempotency is not None:
                        conn.execute(_CLAIM, _claim_params(idempotency, stream_id))
                    conn.execute(_NOTIFY, (stream_id,))
                rows = cursor.fetchall()
        except errors.UniqueViolation as error:
            raise _conflict(error, stream_id, expected_version) from error
        stored = _completed(sealed, rows)
        self._tips.remember(stored)
        return stored

    def _hash_at(self, stream_id: str, version: int) -> str:
        """The hash of event `version` of the stream; `ConcurrencyError` if there is none."""
        if version < 0:
            raise ValueError(f"expected_version must be >= 0, not {version}")
        if version == 0:
            return GENESIS_HASH
        remembered = self._tips.hash_at(stream_id, version)
        if remembered is not None:
            return remembered
        row = self._read(
            lambda conn: conn.execute(
                "SELECT hash FROM events WHERE stream_id = %s AND version = %s",
                (stream_id, version),
            ).fetchone()
        )
        if row is None:
            raise ConcurrencyError(f"stream {stream_id!r} has no version {version} yet")
        return row[0]

    def read_stream(self, stream_id: str, after_version: int = 0) -> list[StoredEvent]:
        events = self._read(
            lambda conn: _events(conn.execute(_READ_STREAM, (stream_id, after_version)))
        )
        self._tips.remember(events)
        return events

    def stream_version(self, stream_id: str) -> int:
        row = self._read(
            lambda conn: conn.execute(
                "SELECT coalesce(max(version), 0) FROM events WHERE stream_id = %s",
                (stream_id,),
            ).fetchone()
        )
        return row[0] if row else 0

    def list_streams(
        self, after: str | None = None, limit: int = 1000, prefix: str = ""
    ) -> list[str]:
        rows = self._read(
            lambda conn: conn.execute(_LIST_STREAMS, (after, after, prefix, limit)).fetchall()
        )
        return [row[0] for row in rows]

    def read_all(self, after: Position | None = None, limit: int = 1000) -> list[StoredEvent]:
        txid, global_position = after or Position(0, 0)
        return self._read(
            lambda conn: _events(conn.execute(_READ_ALL, (str(txid), global_position, limit)))
        )

    def lookup_idempotency(self, scope: str, key: str) -> tuple[str, dict[str, Any]] | None:
        row = self._read(
            lambda conn: conn.execute(
                "SELECT fingerprint, response FROM idempotency_keys WHERE scope = %s AND key = %s",
                (scope, key),
            ).fetchone()
        )
        return None if row is None else (row[0], row[1])

    def import_events(self, events: Sequence[StoredEvent]) -> int:
        streams = import_streams(events)
        try:
            with self._connection() as conn, conn.transaction():
                missing = [
                    event
                    for stream_id, stream in streams.items()
                    for event in missing_events(_stored_hashes(conn, stream_id), stream)
                ]
                if missing:
                    conn.execute(_INSERT, _insert_params(missing))
                    for stream_id in {event.stream_id for event in missing}:
                        conn.execute(_NOTIFY, (stream_id,))
        except errors.UniqueViolation as error:
            raise ConcurrencyError(f"import raced with a writer: {_first_line(error)}") from error
        return len(missing)

    def ping(self) -> bool:
        try:
            self._read(lambda conn: conn.execute("SELECT 1").fetchone())
        except StoreUnavailable:
            return False
        return True


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _insert_params(events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    """One array per column of `_INSERT`; JSON is sent as text in its canonical form."""
    return (
        [e.stream_id for e in events],
        [e.version for e in events],
        [e.event_id for e in events],
        [e.type for e in events],
        [e.schema_version for e in events],
        [canonical_json(e.data).decode() for e in events],
        [canonical_json(e.metadata).decode() for e in events],
        [e.recorded_at for e in events],
        [e.prev_hash for e in events],
        [e.hash for e in events],
    )


def _claim_params(record: IdempotencyRecord, stream_id: str) -> tuple[Any, ...]:
    return (record.scope, record.key, record.fingerprint, Jsonb(record.response), stream_id)


def _completed(sealed: Sequence[StoredEvent], rows: Sequence[tuple[Any, ...]]) -> list[StoredEvent]:
    """`sealed` with what the database assigned: positions, txid, recorded_at."""
    assigned = {version: rest for version, *rest in rows}
    return [
        dataclasses.replace(
            event,
            global_position=assigned[event.version][0],
            recorded_at=assigned[event.version][1],
            txid=assigned[event.version][2],
        )
        for event in sealed
    ]


def _events(cursor: psycopg.Cursor[Any]) -> list[StoredEvent]:
    return [StoredEvent(*row) for row in cursor.fetchall()]


def _stored_hashes(conn: psycopg.Connection[Any], stream_id: str) -> list[str]:
    rows = conn.execute(
        "SELECT hash FROM events WHERE stream_id = %s ORDER BY version", (stream_id,)
    ).fetchall()
    return [row[0] for row in rows]


def _conflict(error: errors.UniqueViolation, stream_id: str, expected_version: int) -> Exception:
    """The `ConcurrencyError` a unique violation during an append stands for."""
    if error.diag.constraint_name == "idempotency_keys_pkey":
        return IdempotencyConflict(f"idempotency key already stored ({_first_line(error)})")
    return ConcurrencyError(
        f"stream {stream_id!r} is no longer at version {expected_version} ({_first_line(error)})"
    )
