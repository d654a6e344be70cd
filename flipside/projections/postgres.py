"""The projections' PostgreSQL writer: batches of events -> rows + checkpoint, exactly once.

A `Projector` reads events in commit-safe (txid, global_position) order from an `EventFeed`
(by default the lean `PostgresFeed` on its own connection) and writes the rows that `rows`
builds for them. Each batch is one transaction that first locks the projections' checkpoint
rows, then writes rows and moves the checkpoints: a batch either lands whole or not at all,
and two runners never fold the same event twice.

Per batch, every match the batch touches is folded from its first event up to its latest
event in the batch (a match's earlier events are re-read from its stream when the batch
starts in its middle). Matches are small, so this is simple and always correct:

- `match_summaries`: the touched matches' summaries are upserted;
- `round_facts`: rows are inserted for the rounds that ended in the batch (an ended round's
  row never changes, so no row is ever updated);
- `player_stats`: each match that ended in the batch adds its contributions to the totals.

`rebuild` truncates a projection and folds every event again in one transaction, so
readers see the old rows until the new ones are complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
import structlog
from psycopg import sql
from psycopg.types.json import Jsonb

from flipside.store import Position

from .feed import EventFeed, FeedRecord, PostgresFeed
from .rows import (
    PLAYER_STAT_COLUMNS,
    ROUND_FACT_COLUMNS,
    MatchFacts,
    fold_match,
    merge_stats,
    player_contributions,
)

log = structlog.get_logger(__name__)
Connection = psycopg.Connection[Any]
BATCH_SIZE = 5000
_START = Position(0, 0)


@dataclass(frozen=True, slots=True)
class Batch:
    """A projection's share of a batch: its new events, and the touched matches folded."""

    events: Sequence[FeedRecord]
    facts: dict[str, MatchFacts]


@dataclass(frozen=True, slots=True)
class Projection:
    """A read model: its tables and how a batch changes them."""

    name: str
    tables: tuple[str, ...]
    write: Callable[[Connection, Batch], None]


# --- the three read models -------------------------------------------------------------------

_UPSERT_SUMMARY = """
INSERT INTO match_summaries (match_id, status, seats, players, lives, round, winner, places,
                             version, created_at, updated_at, finished_at)
VALUES (%(match_id)s, %(status)s, %(seats)s, %(players)s, %(lives)s, %(round)s, %(winner)s,
        %(places)s, %(version)s, %(created_at)s, %(updated_at)s, %(finished_at)s)
ON CONFLICT (match_id) DO UPDATE SET
    status = excluded.status, lives = excluded.lives, round = excluded.round,
    winner = excluded.winner, places = excluded.places, version = excluded.version,
    updated_at = excluded.updated_at, finished_at = excluded.finished_at
"""


def _write_summaries(conn: Connection, batch: Batch) -> None:
    touched = dict.fromkeys(event.stream_id for event in batch.events)
    summaries = [batch.facts[match_id].summary for match_id in touched]
    with conn.cursor() as cursor:
        cursor.executemany(_UPSERT_SUMMARY, [dict(s, seats=Jsonb(s["seats"])) for s in summaries])


_COPY_ROUND_FACTS = sql.SQL("COPY round_facts ({}) FROM STDIN").format(
    sql.SQL(", ").join(map(sql.Identifier, ROUND_FACT_COLUMNS))
)


def _write_round_facts(conn: Connection, batch: Batch) -> None:
    ended = {(e.stream_id, e.data["round"]) for e in batch.events if e.type == "RoundEnded"}
    matches = dict.fromkeys(match_id for match_id, _ in ended)
    with conn.cursor() as cursor, cursor.copy(_COPY_ROUND_FACTS) as copy:
        for match_id in matches:
            for row in batch.facts[match_id].rounds:
                if (match_id, row["round"]) in ended:
                    copy.write_row([row[column] for column in ROUND_FACT_COLUMNS])


_ADD_PLAYER_STATS = sql.SQL(
    "INSERT INTO player_stats ({columns}) VALUES ({values})"
    " ON CONFLICT (player) DO UPDATE SET {additions}"
).format(
    columns=sql.SQL(", ").join(map(sql.Identifier, PLAYER_STAT_COLUMNS)),
    values=sql.SQL(", ").join(map(sql.Placeholder, PLAYER_STAT_COLUMNS)),
    additions=sql.SQL(", ").join(
        sql.SQL("{0} = player_stats.{0} + excluded.{0}").format(sql.Identifier(column))
        for column in PLAYER_STAT_COLUMNS[1:]
    ),
)


def _write_player_stats(conn: Connection, batch: Batch) -> None:
    ended = dict.fromkeys(e.stream_id for e in batch.events if e.type == "MatchEnded")
    totals = merge_stats(
        c for match_id in ended for c in player_contributions(batch.facts[match_id])
    )
    if totals:
        with conn.cursor() as cursor:
            cursor.executemany(_ADD_PLAYER_STATS, list(totals.values()))


PROJECTIONS: dict[str, Projection] = {
    projection.name: projection
    for projection in (
        Projection("match_summaries", ("match_summaries",), _write_summaries),
        Projection("round_facts", ("round_facts",), _write_round_facts),
        Projection("player_stats", ("player_stats",), _write_player_stats),
    )
}


# --- folding a batch ---------------------------------------------------------------------------


def fold_touched(feed: EventFeed, events: Sequence[FeedRecord]) -> dict[str, MatchFacts]:
    """Every match in `events` folded from its first event up to its last one in `events`.

    A stream that does not begin with `MatchCreated` is not a match, and one that does not
    fold (a record edited behind the database's back, which `flipside audit` names) is
    logged; both are left out, so that a stray stream cannot stop the projections.
    """
    streams: dict[str, list[FeedRecord]] = {}
    for event in events:
        streams.setdefault(event.stream_id, []).append(event)
    facts: dict[str, MatchFacts] = {}
    for stream_id, tail in streams.items():
        first = tail[0].version
        records = [*feed.read_stream(stream_id)[: first - 1], *tail] if first > 1 else tail
        if records[0].type != "MatchCreated":
            continue
        try:
            facts[stream_id] = fold_match(records)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            log.warning("projection_skipped_stream", match_id=stream_id, error=repr(error))
    return facts


# --- checkpoints -------------------------------------------------------------------------------

_ENSURE = """
INSERT INTO projection_checkpoints (projection) SELECT unnest(%s::text[])
ON CONFLICT (projection) DO NOTHING
"""

# Checkpoint rows are always locked first and in name order, by runners and rebuilds alike,
# so that they cannot deadlock on each other's tables.
_LOCK = """
SELECT projection, txid, global_position FROM projection_checkpoints
WHERE projection = ANY(%s) ORDER BY projection FOR UPDATE
"""

_SAVE = """
UPDATE projection_checkpoints
SET txid = %s, global_position = %s, events = events + %s, updated_at = now()
WHERE projection = %s
"""


_RESET = """
UPDATE projection_checkpoints SET txid = 0, global_position = 0, events = 0, updated_at = now()
WHERE projection = %s
"""


def _lock(conn: Connection, names: Iterable[str]) -> dict[str, Position]:
    rows = conn.execute(_LOCK, (list(names),)).fetchall()
    return {name: Position(txid, position) for name, txid, position in rows}


def _save(conn: Connection, name: str, position: Position, folded: int) -> None:
    conn.execute(_SAVE, (position.txid, position.global_position, folded, name))


def _after(events: Sequence[FeedRecord], checkpoint: Position) -> Sequence[FeedRecord]:
    """The events past `checkpoint` (all of them in the usual case of one shared checkpoint)."""
    if events[0].position > checkpoint:
        return events
    return [event for event in events if event.position > checkpoint]


class Projector:
    """Folds events into the named projections through `conn`, an autocommit connection.

    Events come from `feed`, by default a `PostgresFeed` on `conn` itself, so that a batch
    is read and written in one transaction.
    """

    def __init__(
        self,
        conn: Connection,
        names: Sequence[str] = tuple(PROJECTIONS),
        batch_size: int = BATCH_SIZE,
        feed: EventFeed | None = None,
    ) -> None:
        unknown = set(names) - set(PROJECTIONS)
        if unknown:
            raise ValueError(f"unknown projection(s) {sorted(unknown)}")
        self.conn = conn
        self.feed = feed or PostgresFeed(conn)
        self.names = tuple(names)
        self.batch_size = batch_size
        conn.execute(_ENSURE, (list(PROJECTIONS),))

    def step(self) -> int:
        """Fold the next batch into every projection behind it; returns the events read."""
        with self.conn.transaction():
            checkpoints = _lock(self.conn, self.names)
            events = self.feed.read_all(min(checkpoints.values()), self.batch_size)
            if events:
                self._apply(events, checkpoints)
        return len(events)

    def catch_up(self) -> int:
        """Fold batches until none is left; returns the events read."""
        total = 0
        while read := self.step():
            total += read
        return total

    def rebuild(self, name: str, on_batch: Callable[[int], None] | None = None) -> int:
        """Empty projection `name` and fold every event again, in one transaction; returns
        the events read. `on_batch` is told each batch's size (for a progress bar)."""
        projection = PROJECTIONS[name]
        with self.conn.transaction():
            _lock(self.conn, [name])
            tables = sql.SQL(", ").join(map(sql.Identifier, projection.tables))
            self.conn.execute(sql.SQL("TRUNCATE {}").format(tables))
            self.conn.execute(_RESET, (name,))
            position, total = _START, 0
            while events := self.feed.read_all(position, self.batch_size):
                self._apply(events, {name: position})
                position, total = events[-1].position, total + len(events)
                if on_batch is not None:
                    on_batch(len(events))
        return total

    def _apply(self, events: Sequence[FeedRecord], checkpoints: dict[str, Position]) -> None:
        facts = fold_touched(self.feed, events)
        last = events[-1].position
        for name, checkpoint in checkpoints.items():
            if checkpoint >= last:
                continue
            mine = _after(events, checkpoint)
            matches = [event for event in mine if event.stream_id in facts]
            PROJECTIONS[name].write(self.conn, Batch(matches, facts))
            _save(self.conn, name, last, len(mine))
