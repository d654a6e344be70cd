"""Where projections read events from: the `events` table, lean, in commit-safe order.

`PostgresFeed` follows the same contract as `EventStore.read_all` (docs/architecture.md,
"Event store"):
events of all streams in (txid, global_position) order, only below the transaction
watermark ``pg_snapshot_xmin(pg_current_snapshot())``, so a reader that pages on from the
last event's position never skips a transaction that commits late. It differs in what it
returns, because a runner catching up folds every event and decoding is much of the cost
(a rebuild reads through `streams` instead):

- only the columns a fold needs (no hashes, ids or metadata);
- ``data`` only for the stored types whose data a fold reads (`rows.FOLDED_TYPES`, from
  every game's read models); the others (e.g. Flipside's 78-card ``DeckShuffled``) come
  with empty data;
- ``data`` as text, decoded for a whole batch in one ``json.loads`` call: per-value decoding
  costs more in call overhead than in parsing. The text is the canonical one stored beside
  the jsonb (the text the hash covers, which the jsonb was parsed from), so the server
  sends it as stored; it prints the jsonb only for events stored before there were texts.

It reads through the projector's own connection, so inside the projector's transaction.
Any `EventStore` is a feed too (its `StoredEvent` has the same fields), which the tests use
to check that both give the same rows.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple, Protocol

import psycopg

from flipside.engine.read_models import Record
from flipside.store import Position

from .rows import FOLDED_TYPES


class FeedEvent(NamedTuple):
    """An event as a projection reads it: a `Record` with its stream and position."""

    stream_id: str
    version: int
    type: str
    data: Mapping[str, Any]
    recorded_at: datetime
    txid: int
    global_position: int

    @property
    def position(self) -> Position:
        return Position(self.txid, self.global_position)


class FeedRecord(Record, Protocol):
    """What a projector needs of an event (what the row builders need, and where it
    stands); `FeedEvent` and `StoredEvent` have it."""

    @property
    def stream_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def position(self) -> Position: ...


class EventFeed(Protocol):
    """`read_all` in commit-safe order and whole streams; an `EventStore` is one."""

    def read_all(self, after: Position | None = None, limit: int = 1000) -> Sequence[Any]: ...

    def read_stream(self, stream_id: str) -> Sequence[Any]: ...


_COLUMNS = """
stream_id, version, type,
CASE WHEN type = ANY(%(types)s) THEN coalesce(data_text, data::text) ELSE '{}' END,
recorded_at, txid::text::bigint, global_position
"""

_READ_ALL = f"""
SELECT {_COLUMNS} FROM events
WHERE (txid, global_position) > (%(txid)s::text::xid8, %(position)s)
  AND txid < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY events.txid, events.global_position  -- qualified: the table's xid8, for the index
LIMIT %(limit)s
"""

_READ_STREAM = f"SELECT {_COLUMNS} FROM events WHERE stream_id = %(stream)s ORDER BY version"

_TYPES = sorted(FOLDED_TYPES)


class PostgresFeed:
    """`EventFeed` over `conn` (a psycopg connection to a migrated database)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn

    def read_all(self, after: Position | None = None, limit: int = 1000) -> list[FeedEvent]:
        txid, position = after or Position(0, 0)
        params = {"types": _TYPES, "txid": str(txid), "position": position, "limit": limit}
        return self._events(_READ_ALL, params)

    def read_stream(self, stream_id: str) -> list[FeedEvent]:
        return self._events(_READ_STREAM, {"types": _TYPES, "stream": stream_id})

    def _events(self, query: str, params: dict[str, Any]) -> list[FeedEvent]:
        rows = self.conn.execute(query, params).fetchall()
        datas = json.loads("[" + ",".join(row[3] for row in rows) + "]")
        return [
            FeedEvent(stream_id, version, type_, data, at, txid, position)
            for (stream_id, version, type_, _, at, txid, position), data in zip(
                rows, datas, strict=True
            )
        ]
