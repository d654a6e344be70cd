"""What a rebuild reads: every stored event below one watermark, whole streams at a time.

A rebuild folds every match from its first event, so it reads the events in stream order
(the primary key's), each match's records together and each record once, rather than in the
commit order of `feed`, which splits a match over batches and re-reads its beginning. It is
one statement through a server-side cursor, fetched `chunk` rows at a time, so that memory
stays bounded; the next chunk is fetched while the projector folds and writes this one.

Which events: those of the transactions below the watermark ``pg_snapshot_xmin`` taken once
at the start (the bound `feed` pages under). Every such transaction has ended, so the set is
fixed whatever commits while the rebuild reads, and its last event in (txid,
global_position) order is where the projection's checkpoint goes: the runner goes on from
there without skipping or folding again any event.

Records come as `flipside.engine.read_models.RecordRow` tuples, not objects: a rebuild reads
every event, and an object per event costs more than its fold. Only the records a fold reads
come (`rows.FOLDED_TYPES`: about half of them), with each stream's first and last, whose
times are the match's, and its version; the database skips the rest. Their data is decoded
a chunk at a time in one ``json.loads`` call (per-value decoding costs more in call overhead
than in parsing), from the canonical text stored beside the jsonb, as `feed` does: printing
the jsonb as text was 40% of the server's time for the statement.
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from itertools import groupby
from operator import itemgetter
from types import MappingProxyType
from typing import Any, NamedTuple

import psycopg
import structlog

from flipside.db import connect_alike
from flipside.engine.read_models import RecordRow
from flipside.store import Position

from .rows import FOLDED_TYPES

CHUNK = 20_000


class Stream(NamedTuple):
    """A stream's records that a fold reads, in stream order, and its version."""

    stream_id: str
    records: list[RecordRow]
    version: int


_WATERMARK = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text"

# The watermark is a parameter, not the expression: the planner evaluates that for each
# row, and a watermark that moved during the scan would let in a late event of one stream
# after leaving out an earlier one of another.
_STREAMS = """
SELECT stream_id, version, type,
       CASE WHEN type = ANY(%(types)s) THEN coalesce(data_text, data::text) END, recorded_at
FROM (
    SELECT stream_id, version, type, data, data_text, recorded_at,
           lead(version) OVER (PARTITION BY stream_id ORDER BY version) AS next
    FROM events WHERE txid < %(watermark)s::xid8
) AS below
WHERE type = ANY(%(types)s) OR version = 1 OR next IS NULL
ORDER BY stream_id, version
"""

_LAST = """
SELECT txid::text::bigint, global_position FROM events WHERE txid < %(watermark)s::xid8
ORDER BY txid DESC, global_position DESC LIMIT 1
"""

_TYPES = sorted(FOLDED_TYPES)
_NO_DATA: Mapping[str, Any] = MappingProxyType({})  # the data of a type no fold reads
_STREAM_ID = itemgetter(0)

log = structlog.get_logger(__name__)


class StreamReader:
    """Every stream of the events below the watermark taken through `conn` (in a
    transaction: a server-side cursor lives in one), read ahead through a connection of its
    own (`chunks`)."""

    def __init__(self, conn: psycopg.Connection[Any], chunk: int = CHUNK) -> None:
        self.conn = conn
        self.chunk = chunk
        row = conn.execute(_WATERMARK).fetchone()
        assert row is not None  # a SELECT without FROM has one row
        self._params = {"types": _TYPES, "watermark": row[0]}

    def chunks(self) -> Iterator[list[Stream]]:
        """Whole streams, in stream order, about `chunk` events at a time (a stream longer
        than a chunk comes whole in a larger one).

        Each next chunk is read while the caller folds and writes this one, in a thread,
        through a read-only connection of its own: the server's scan and the rows' transfer
        (a third of a rebuild's time) then overlap the fold, on another core. If the server
        refuses another connection, the chunks are read through `conn`, one after the other.
        """
        try:
            reading = connect_alike(self.conn)
        except psycopg.OperationalError as error:
            log.warning("projection_read_ahead_unavailable", error=str(error).strip())
            yield from self._read(self.conn)
            return
        with reading:
            reading.read_only = True
            yield from _ahead(self._read(reading))

    def _read(self, conn: psycopg.Connection[Any]) -> Generator[list[Stream]]:
        with conn.cursor("projection_streams") as cursor:
            cursor.execute(_STREAMS, self._params)
            carried: list[tuple[Any, ...]] = []
            while fetched := cursor.fetchmany(self.chunk):
                rows = carried + fetched
                cut = _last_stream_start(rows)
                carried = rows[cut:]
                if cut:
                    yield _streams(rows[:cut])
            if carried:
                yield _streams(carried)

    def last(self) -> Position | None:
        """The last event read in (txid, global_position) order; None if there is none."""
        row = self.conn.execute(_LAST, self._params).fetchone()
        return None if row is None else Position(*row)


def _ahead(chunks: Generator[list[Stream]]) -> Iterator[list[Stream]]:
    """`chunks`, the next one taken in a thread while the caller works on this one (one at
    a time: the thread is done with `chunks` before they are closed)."""
    with closing(chunks), ThreadPoolExecutor(1, thread_name_prefix="projection-read") as pool:
        pending = pool.submit(next, chunks, None)
        while (chunk := pending.result()) is not None:
            pending = pool.submit(next, chunks, None)
            yield chunk


def _last_stream_start(rows: Sequence[tuple[Any, ...]]) -> int:
    """Where the last stream in `rows` begins: it may go on in the next chunk."""
    last = rows[-1][0]
    start = len(rows) - 1
    while start and rows[start - 1][0] == last:
        start -= 1
    return start


def _streams(rows: Sequence[tuple[Any, ...]]) -> list[Stream]:
    """Rows of whole streams (stream id, version, type, data as text or None, time) as
    `Stream`s."""
    datas = iter(json.loads("[" + ",".join(r[3] for r in rows if r[3] is not None) + "]"))
    streams = []
    for stream_id, group in groupby(rows, _STREAM_ID):
        stored = list(group)
        records = [
            (type_, _NO_DATA if text is None else next(datas), at)
            for _, _, type_, text, at in stored
        ]
        streams.append(Stream(stream_id, records, stored[-1][1]))
    return streams
