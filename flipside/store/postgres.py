"""The PostgreSQL `EventStore` (docs/records.md): psycopg 3 over a connection pool.

An append is one SQL statement, so one implicit transaction in one round trip: a single
``INSERT ... SELECT FROM jsonb_to_recordset(...)`` of all its events and, in data-modifying
CTEs, the idempotency record and a new match's seat credentials if there are any; psycopg
prepares it after a few uses. Once it has committed, the stream id is sent on
`NOTIFY_CHANNEL` in the background (see `notifier` for why not inside). The primary key
(stream_id, version) turns a racing writer into a unique violation, reported as
`ConcurrencyError`.

Hashes are computed here, so the append must know the hash of the stream's last event. The
store remembers the tip of streams it has read or written (stored rows never change, so a
remembered (version, hash) stays true); only a cold append reads it first.

Connections that die (a restarted server) are reported as `StoreUnavailable` once, and the
pool is checked so that the next call gets a fresh connection; reads retry that once.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import cache
from itertools import repeat, starmap
from operator import attrgetter
from typing import Any, TypeVar

import psycopg
from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool, PoolTimeout

from flipside.engine.frozen import builder

from .chain import GENESIS_HASH, canonical_integer, canonical_string
from .model import (
    ConcurrencyError,
    IdempotencyConflict,
    IdempotencyRecord,
    NewEvent,
    Position,
    RecordText,
    Sealed,
    StoredEvent,
    StoreUnavailable,
    import_streams,
    missing_events,
    seal,
    verify_credentials,
)
from .notifier import Notifier

T = TypeVar("T")

# In `StoredEvent` field order, every field, so a row is `_stored_event(*row)`.
_COLUMNS = (
    "stream_id, version, global_position, event_id::text, type, schema_version, data,"
    " metadata, recorded_at, prev_hash, hash, txid::text::bigint, data_text, metadata_text"
)

# The events go as one JSON document, holding the canonical JSON text of their data and
# metadata that the hashes were computed over as strings: ten arrays cost psycopg more
# client time to adapt than the rest of the append. The texts are stored as they are
# (docs/records.md, "Stored canonical text") and parsed into the jsonb columns, so both come
# from the one text the hash covers.
_INSERT = """
INSERT INTO events (stream_id, version, event_id, type, schema_version, data, metadata,
                    recorded_at, prev_hash, hash, data_text, metadata_text)
SELECT u.stream_id, u.version, u.event_id, u.type, u.schema_version, u.data_text::jsonb,
       u.metadata_text::jsonb, coalesce(u.recorded_at, now()), u.prev_hash, u.hash,
       u.data_text, u.metadata_text
FROM jsonb_to_recordset(%(events)s::jsonb)
     AS u(stream_id text, version int, event_id uuid, type text, schema_version int,
          data_text text, metadata_text text, recorded_at timestamptz, prev_hash text,
          hash text)
"""

# An append is one statement, hence one implicit transaction in one round trip.
_APPEND = f"{_INSERT} RETURNING version, global_position, recorded_at, txid::text::bigint"

# What an append may write beside its events, each a data-modifying CTE of the same statement.
_CLAIM = """
, claimed AS (
    INSERT INTO idempotency_keys (scope, key, fingerprint, response, stream_id)
    VALUES (%(scope)s, %(key)s, %(fingerprint)s, %(response)s, %(stream_id)s)
)"""
_SEAT_CREDENTIALS = """
, credentials AS (
    INSERT INTO seat_credentials (match_id, seat, token_hash)
    SELECT %(stream_id)s, c.seat, c.token_hash
    FROM unnest(%(seats)s::int[], %(token_hashes)s::text[]) AS c(seat, token_hash)
)"""


@cache
def _append_query(claim: bool, credentials: bool) -> str:
    """The append statement, with the idempotency record and the seat credentials if asked."""
    if not (claim or credentials):
        return _APPEND
    beside = (_CLAIM if claim else "") + (_SEAT_CREDENTIALS if credentials else "")
    return f"""
WITH appended AS (
    {_INSERT}
    RETURNING version, global_position, recorded_at, txid
){beside}
SELECT version, global_position, recorded_at, txid::text::bigint FROM appended
"""


_READ_STREAM = f"""
SELECT {_COLUMNS} FROM events WHERE stream_id = %s AND version > %s ORDER BY version
"""

# _COLUMNS as one row per stream, each column an array of its events' values, read in
# binary: a few rows of arrays cost psycopg less client time than a row per event. Data
# comes as one JSON array a stream (a json.loads call an event costs more in call overhead
# than in parsing), metadata as texts decoded once each (an append's events share theirs).
# Each stream is read on its own through the primary key (a lateral subquery an id): one
# scan and sort of every stream asked for cost the server about twice as much, and a scan
# of the table a batch grows with the table. The aggregates take the sorted subquery's
# order, which `_stream` does not rely on. Data and metadata are the jsonb's, never the
# stored texts: those are read beside them for the audit to hold them to the jsonb
# (`chain.check_chain`).
_READ_STREAMS = """
SELECT s.stream_id, e.*
FROM unnest(%s::text[]) AS s(stream_id),
     LATERAL (SELECT array_agg(version), array_agg(global_position), array_agg(event_id::text),
                     array_agg(type), array_agg(schema_version),
                     '[' || string_agg(data::text, ',') || ']', array_agg(metadata::text),
                     array_agg(recorded_at), array_agg(prev_hash), array_agg(hash),
                     array_agg(txid::text::bigint), array_agg(data_text),
                     array_agg(metadata_text)
              FROM (SELECT * FROM events WHERE events.stream_id = s.stream_id
                    ORDER BY version) AS o
              HAVING count(*) > 0) AS e
"""

# `recorded_at` as `engine.records.timestamp` writes it, whatever the session's time zone
# (Python's isoformat leaves out a fraction of a second that is 0).
_RECORDED_AT = """replace(to_char(recorded_at AT TIME ZONE 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'), '.000000+', '+')"""
# What a JSON string escapes (docs/records.md, "Hash chain"): ", \ and control characters.
_ESCAPED = r"""E'["\\\\\x01-\x1f]'"""


def _jsonl_line(string: Callable[[str], str]) -> str:
    """An event's jsonl line (`records.jsonl.jsonl_line`) in SQL, its keys in sorted order
    around the stored canonical texts (NULL for an event stored without them), with
    `string` the SQL of a text column as a JSON string."""
    return f"""'{{"data":' || data_text || ',"event_id":"' || event_id::text
    || '","hash":' || {string("hash")} || ',"metadata":' || metadata_text
    || ',"prev_hash":' || {string("prev_hash")} || ',"recorded_at":"' || {_RECORDED_AT}
    || '","schema_version":' || schema_version || ',"stream_id":' || {string("stream_id")}
    || ',"type":' || {string("type")} || ',"version":' || version || '}}' || chr(10)"""


# Strings are escaped by to_json, whose escaping is the canonical one
# (`chain.canonical_text`), only when one needs it: it costs the server more than the rest
# of the line. A uuid's text never does; integers print alike.
def _escaped(column: str) -> str:
    return f"to_json({column})::text"


def _quoted(column: str) -> str:
    return f"""'"' || {column} || '"'"""


_JSONL_LINE = f"""CASE WHEN stream_id || type || hash || prev_hash ~ {_ESCAPED}
    THEN {_jsonl_line(_escaped)} ELSE {_jsonl_line(_quoted)} END"""

# A `RecordText` a stream: its lines spliced by the server, which costs it less than sending
# the columns would, and this process nothing an event; and its first event's type and time.
# NULL text if any event lacks its stored texts (the caller then makes every line).
_READ_RECORDS = f"""
SELECT r.stream_id, first.type, first.recorded_at, r.events, r.text
FROM (SELECT stream_id, count(*)::int AS events,
             CASE WHEN count(data_text) = count(*) AND count(metadata_text) = count(*)
                  THEN string_agg({_JSONL_LINE}, '' ORDER BY version) END AS text
      FROM events WHERE stream_id = ANY(%s) GROUP BY stream_id) AS r,
     LATERAL (SELECT type, recorded_at FROM events WHERE stream_id = r.stream_id
              ORDER BY version LIMIT 1) AS first
"""

_READ_ALL = f"""
SELECT {_COLUMNS} FROM events
WHERE (txid, global_position) > (%s::text::xid8, %s)
  AND txid < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY events.txid, events.global_position
LIMIT %s
"""

# The range conditions let the scan of events_stream_starts start at the prefix (or after
# `after`) and stop past it; starts_with is the exact test.
_LIST_STREAMS = """
SELECT stream_id FROM events
WHERE version = 1
  AND stream_id COLLATE "C" > %(after)s
  AND stream_id COLLATE "C" >= %(prefix)s
  AND stream_id COLLATE "C" < %(prefix)s || chr(1114111)
  AND starts_with(stream_id, %(prefix)s)
ORDER BY stream_id COLLATE "C"
LIMIT %(limit)s
"""

_TIPS_REMEMBERED = 10_000
# A failing reconnection is retried after 1 s, 2 s, 4 s...; after this long it is given up
# and the next request starts a fresh one at once. Short, so that a server back from an
# outage is found within a few seconds, not after a back-off grown as long as the outage.
RECONNECT_SECONDS = 3.0


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


def once_more_if_dead(
    connection: Callable[[], AbstractContextManager[psycopg.Connection[Any]]],
    query: Callable[[psycopg.Connection[Any]], T],
) -> T:
    """Run `query` on a pooled connection, once more if that connection turned out to be dead
    (the server restarted since it was opened: the pool replaces such connections as soon as
    one fails, so the second try gets a fresh one). Only for queries safe to repeat: reads,
    and appends, whose (stream_id, version) key refuses a second copy of a committed one."""
    try:
        with connection() as conn:
            return query(conn)
    except StoreUnavailable as error:
        if not isinstance(error.__cause__, psycopg.OperationalError):
            raise
    with connection() as conn:
        return query(conn)


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
            reconnect_timeout=RECONNECT_SECONDS,
            name="flipside-store",
            open=True,
        )
        self._tips = _Tips(_TIPS_REMEMBERED)
        self._notifier = Notifier(url)

    def __enter__(self) -> PostgresEventStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._notifier.close()
        self._pool.close()

    @contextmanager
    def _connection(self, timeout: float | None = None) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection; a dead server or connection becomes `StoreUnavailable`."""
        try:
            with self._pool.connection(timeout=timeout) as conn:
                yield conn
        except psycopg.OperationalError as error:
            # Idle connections may be just as dead (a restarted server): replace them now.
            self._pool.check()
            raise StoreUnavailable(_first_line(error)) from error
        except PoolTimeout as error:
            raise StoreUnavailable(_first_line(error)) from error

    def _read(
        self, query: Callable[[psycopg.Connection[Any]], T], timeout: float | None = None
    ) -> T:
        """Run a read-only `query`, once more if its connection turned out to be dead."""
        return once_more_if_dead(lambda: self._connection(timeout), query)

    def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: Mapping[str, Any] | None = None,
        idempotency: IdempotencyRecord | None = None,
        credentials: Mapping[int, str] | None = None,
    ) -> list[StoredEvent]:
        verify_credentials(expected_version, credentials)
        prev_hash = self._hash_at(stream_id, expected_version)
        sealed = seal(stream_id, expected_version, prev_hash, events, metadata or {})
        params = _insert_params(sealed) | {"stream_id": stream_id}
        if idempotency is not None:
            params |= _claim_params(idempotency)
        if credentials:
            params |= {"seats": list(credentials), "token_hashes": list(credentials.values())}
        query = _append_query(idempotency is not None, bool(credentials))
        try:
            rows = once_more_if_dead(
                self._connection, lambda conn: conn.execute(query, params).fetchall()
            )
        except errors.UniqueViolation as error:
            raise _conflict(error, stream_id, expected_version) from error
        self._notifier.notify(stream_id)
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

    def read_streams(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        return self._read(lambda conn: read_streams(conn, stream_ids))

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
            lambda conn: conn.execute(
                _LIST_STREAMS, {"after": after or "", "prefix": prefix, "limit": limit}
            ).fetchall()
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
                    conn.execute(_INSERT, _insert_params([Sealed.of(e) for e in missing]))
        except errors.UniqueViolation as error:
            raise ConcurrencyError(f"import raced with a writer: {_first_line(error)}") from error
        for stream_id in dict.fromkeys(event.stream_id for event in missing):
            self._notifier.notify(stream_id)
        return len(missing)

    def ping(self, timeout: float = 2.0) -> bool:
        """Whether the database answers within about `timeout` seconds."""
        try:
            self._read(lambda conn: conn.execute("SELECT 1").fetchone(), timeout)
        except StoreUnavailable:
            return False
        return True


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _insert_params(sealed: Sequence[Sealed]) -> dict[str, Any]:
    """The events of `_INSERT`, in order, as one JSON array of their columns."""
    return {"events": "[" + ",".join(map(_row_json, sealed)) + "]"}


def _row_json(event: Sealed) -> str:
    recorded = event.recorded_at
    return (
        f'{{"stream_id":{canonical_string(event.stream_id)},'
        f'"version":{canonical_integer(event.version)},'
        f'"event_id":{canonical_string(event.event_id)},"type":{canonical_string(event.type)},'
        f'"schema_version":{canonical_integer(event.schema_version)},'
        f'"data_text":{canonical_string(event.data_json)},'
        f'"metadata_text":{canonical_string(event.metadata_json)},'
        f'"recorded_at":{"null" if recorded is None else canonical_string(recorded.isoformat())},'
        f'"prev_hash":{canonical_string(event.prev_hash)},"hash":{canonical_string(event.hash)}}}'
    )


def _claim_params(record: IdempotencyRecord) -> dict[str, Any]:
    return {
        "scope": record.scope,
        "key": record.key,
        "fingerprint": record.fingerprint,
        "response": Jsonb(record.response),
    }


def _completed(sealed: Sequence[Sealed], rows: Sequence[tuple[Any, ...]]) -> list[StoredEvent]:
    """The sealed events with what the database assigned: positions, txid, recorded_at."""
    assigned = {version: rest for version, *rest in rows}
    return [item.placed(*assigned[item.version]) for item in sealed]


def _events(cursor: psycopg.Cursor[Any]) -> list[StoredEvent]:
    return list(starmap(_stored_event, cursor.fetchall()))


def read_records(conn: psycopg.Connection[Any], stream_ids: Sequence[str]) -> dict[str, RecordText]:
    """The jsonl record of whole streams, spliced by the server from the stored canonical
    texts, by id; ids with no events are left out. On a connection of the caller's, not the
    store's pool: an export reads each batch of matches with this one query, and opening a
    pool for it costs more than a connection."""
    rows = _binary_rows(conn, _READ_RECORDS, list(stream_ids))
    return {row[0]: RecordText(*row[1:]) for row in rows}


def read_streams(
    conn: psycopg.Connection[Any], stream_ids: Sequence[str]
) -> dict[str, list[StoredEvent]]:
    """`PostgresEventStore.read_streams` on a connection of the caller's: an audit reads
    each batch of matches and their projections' rows on one connection, where a store
    would open a pool of its own."""
    rows = _uncompiled_rows(conn, _READ_STREAMS, list(stream_ids))
    return {row[0]: _stream(row) for row in rows}


def _binary_rows(
    conn: psycopg.Connection[Any], query: str, stream_ids: list[str]
) -> list[tuple[Any, ...]]:
    with conn.cursor(binary=True) as cursor:
        return cursor.execute(query, (stream_ids,)).fetchall()


def _uncompiled_rows(
    conn: psycopg.Connection[Any], query: str, stream_ids: list[str]
) -> list[tuple[Any, ...]]:
    """`_binary_rows`, planned without JIT compilation: the planner costs each stream of a
    lateral read at the table's average (before statistics, five times as many events as
    a match has), which can pass `jit_above_cost`, and compiling added some 40% to the
    read of a batch."""
    with conn.transaction():
        conn.execute("SET LOCAL jit = off")
        return _binary_rows(conn, query, stream_ids)


def _stream(row: tuple[Any, ...]) -> list[StoredEvent]:
    """The events of a `_READ_STREAMS` row, in version order (as the aggregates take them
    from the sorted subquery in the plans seen; sorted again, at little cost, so as not to
    rely on a plan)."""
    stream_id, *columns = row
    columns[5] = json.loads(columns[5])  # data: one JSON array
    columns[6] = _decoded_once(columns[6])  # metadata
    events = list(map(_stored_event, repeat(stream_id), *columns))
    events.sort(key=_version)
    return events


# Every read builds a `StoredEvent` an event (an audit or a replay, every event of a match):
# without the frozen class's ``__init__``, whose fourteen fields cost five times as much.
_stored_event = builder(StoredEvent)
_version = attrgetter("version")


def _decoded_once(texts: Sequence[str]) -> list[Any]:
    """The JSON documents of `texts`, equal texts decoded once into one shared object."""
    decoded: dict[str, Any] = {}
    return [
        decoded[text] if text in decoded else decoded.setdefault(text, json.loads(text))
        for text in texts
    ]


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
