"""The stream heads anchors are made of and checked against, read from PostgreSQL
(`records.anchor`).

`snapshot_heads` reads every stream's head, and the store's last position, in one
REPEATABLE READ snapshot through a server-side cursor: one consistent moment however long
the reading takes, a page of rows at a time. `changes_since` compares anchored heads with
the store a page at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

import psycopg

from flipside.store import Position

from .anchor import Current, Head, anchor_findings
from .audit import Finding

PAGE = 1000  # rows fetched, or anchored streams looked up, per round trip

# The last event in `read_all` order (the index events_txid_position, read backwards).
_LAST_POSITION = """
SELECT txid::text::bigint, global_position FROM events
ORDER BY txid DESC, global_position DESC LIMIT 1
"""

# Streams are found by their first event (the index events_stream_starts, in code point
# order), each one's head by the primary key read backwards.
_HEADS = """
SELECT s.stream_id, h.version, h.hash
FROM events s
CROSS JOIN LATERAL (
    SELECT version, hash FROM events e
    WHERE e.stream_id = s.stream_id ORDER BY version DESC LIMIT 1
) h
WHERE s.version = 1
ORDER BY s.stream_id COLLATE "C"
"""

_CURRENT = """
SELECT a.stream_id,
       coalesce((SELECT max(version) FROM events e WHERE e.stream_id = a.stream_id), 0),
       (SELECT hash FROM events e WHERE e.stream_id = a.stream_id AND e.version = a.version)
FROM unnest(%s::text[], %s::int[]) AS a(stream_id, version)
"""


@contextmanager
def snapshot_heads(conn: psycopg.Connection[Any]) -> Iterator[tuple[Position, Iterator[Head]]]:
    """The store's last position and every stream's head (in stream id order), as of one
    snapshot; the heads must be read before the context ends. `conn` is in autocommit."""
    with conn.transaction():
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        last = conn.execute(_LAST_POSITION).fetchone()
        position = Position(*last) if last else Position(0, 0)
        with conn.cursor(name="flipside_anchor_heads") as cursor:
            cursor.itersize = PAGE
            cursor.execute(_HEADS)
            yield position, (Head(*row) for row in cursor)


def changes_since(conn: psycopg.Connection[Any], anchored: Iterable[Head]) -> Iterator[Finding]:
    """Every anchored stream deleted, truncated or rewritten since (`anchor_findings`)."""
    heads = iter(anchored)
    while page := list(islice(heads, PAGE)):
        rows = conn.execute(
            _CURRENT, ([head.stream_id for head in page], [head.version for head in page])
        ).fetchall()
        yield from anchor_findings(page, {row[0]: Current(row[1], row[2]) for row in rows})
