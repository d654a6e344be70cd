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
- `player_stats`: each match that ended in the batch adds its contributions to the totals
  of its game and players;
- each game's own tables (Flipside's `round_facts`): rows are inserted for the units of
  play (rounds, hands) that ended in the batch.

No projection names a game's events: the game's read models say which events end a unit
of play and which end the match (`flipside.engine.read_models.GameReadModels`).

`rebuild` truncates a projection and folds every event again in one transaction, so
readers see the old rows until the new ones are complete. It reads whole matches in stream
order instead (`streams`), folds each once from its first event to its last, and writes a
chunk's rows in bulk (``COPY``; ``player_stats``: one upsert per player and game).
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

import psycopg
import structlog
from psycopg import sql
from psycopg.types.json import Jsonb

from flipside.engine.read_models import RecordRow, Row, Table, Unit, record_rows, stored_types
from flipside.engine.registry import AnyGame, game_named, games
from flipside.store import Position

from .feed import EventFeed, FeedRecord, PostgresFeed
from .rows import (
    PLAYER_STAT_COLUMNS,
    SUMMARY_COLUMNS,
    MatchFacts,
    fold_match_rows,
    merge_stats,
    player_contributions,
    read_models_of,
    types_of_every_game,
)
from .streams import StreamReader

log = structlog.get_logger(__name__)
Connection = psycopg.Connection[Any]
BATCH_SIZE = 5000


@dataclass(frozen=True, slots=True)
class Batch:
    """A projection's share of a batch: its new events, and the touched matches folded."""

    events: Sequence[FeedRecord]
    facts: dict[str, MatchFacts]


@dataclass(frozen=True, slots=True)
class Projection:
    """A read model: its tables, how a batch changes them, and how a rebuild fills them
    (`load`: the rows of whole matches, folded from their first event to their last)."""

    name: str
    tables: tuple[str, ...]
    write: Callable[[Connection, Batch], None]
    load: Callable[[Connection, Sequence[MatchFacts]], None]


# --- the read models ---------------------------------------------------------------------------

_UPSERT_SUMMARY = sql.SQL(
    "INSERT INTO match_summaries ({columns}) VALUES ({values}) ON CONFLICT (match_id) DO UPDATE"
    " SET {updates}"
).format(
    columns=sql.SQL(", ").join(map(sql.Identifier, SUMMARY_COLUMNS)),
    values=sql.SQL(", ").join(map(sql.Placeholder, SUMMARY_COLUMNS)),
    updates=sql.SQL(", ").join(
        sql.SQL("{0} = excluded.{0}").format(sql.Identifier(column))
        for column in SUMMARY_COLUMNS
        if column not in ("match_id", "game", "seats", "players", "created_at")
    ),
)


def _stored_summary(summary: Row) -> Row:
    return dict(summary, seats=Jsonb(summary["seats"]))


def _write_summaries(conn: Connection, batch: Batch) -> None:
    touched = dict.fromkeys(event.stream_id for event in batch.events)
    summaries = [batch.facts[match_id].summary for match_id in touched]
    with conn.cursor() as cursor:
        cursor.executemany(_UPSERT_SUMMARY, [_stored_summary(s) for s in summaries])


def _load_summaries(conn: Connection, matches: Sequence[MatchFacts]) -> None:
    summaries = (_stored_summary(facts.summary) for facts in matches)
    _copy(conn, "match_summaries", SUMMARY_COLUMNS, summaries)


def _copy(conn: Connection, table: str, columns: Sequence[str], rows: Iterable[Row]) -> None:
    """`rows` appended to `table` in one COPY: a rebuild's tables start empty, and one
    statement for a chunk's rows saves a round trip and a parse per row."""
    statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table), sql.SQL(", ").join(map(sql.Identifier, columns))
    )
    values = _values(columns)
    with conn.cursor() as cursor, cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row(values(row))


def _values(columns: Sequence[str]) -> Callable[[Row], tuple[Any, ...]]:
    """A row's values in `columns` order, taken in one C call."""
    get = itemgetter(*columns)
    return get if len(columns) > 1 else lambda row: (get(row),)


def _game_table_writer(game: AnyGame, table: Table) -> Callable[[Connection, Batch], None]:
    """How a batch adds rows to `table`, one of `game`'s own: the rows of the units of play
    that ended in the batch (an ended unit's rows never change, so no row is ever updated).

    The facts are folded up to each match's last event in the batch, so the units that
    ended in the batch are its last ones, as many as the unit-ending events in the batch.
    """
    unit_ends = stored_types(game.id, game.read_models.unit_end_events)

    def write(conn: Connection, batch: Batch) -> None:
        ended = Counter(e.stream_id for e in batch.events if e.type in unit_ends)
        units = (
            u for match_id, count in ended.items() for u in batch.facts[match_id].units[-count:]
        )
        _copy(conn, table.name, table.columns, _unit_rows(units, table))

    return write


def _game_table_loader(
    game: AnyGame, table: Table
) -> Callable[[Connection, Sequence[MatchFacts]], None]:
    """How a rebuild fills `table`, one of `game`'s own: every unit's rows."""

    def load(conn: Connection, matches: Sequence[MatchFacts]) -> None:
        units = (u for facts in matches if facts.game == game.id for u in facts.units)
        _copy(conn, table.name, table.columns, _unit_rows(units, table))

    return load


def _unit_rows(units: Iterable[Unit], table: Table) -> Iterator[Row]:
    return (row for unit in units for row in unit.get(table.name, ()))


@cache
def _add_player_stats(game_id: str) -> sql.Composed:
    """The upsert that adds a row of contributions to a player's totals in `game_id`."""
    columns = PLAYER_STAT_COLUMNS + game_named(game_id).read_models.stat_columns
    return sql.SQL(
        "INSERT INTO player_stats ({columns}) VALUES ({values})"
        " ON CONFLICT (player, game) DO UPDATE SET {additions}"
    ).format(
        columns=sql.SQL(", ").join(map(sql.Identifier, columns)),
        values=sql.SQL(", ").join(map(sql.Placeholder, columns)),
        additions=sql.SQL(", ").join(
            sql.SQL("{0} = player_stats.{0} + excluded.{0}").format(sql.Identifier(column))
            for column in columns[2:]
        ),
    )


_MATCH_ENDS = types_of_every_game(lambda models: models.match_end_events)


def _write_player_stats(conn: Connection, batch: Batch) -> None:
    ended = dict.fromkeys(e.stream_id for e in batch.events if e.type in _MATCH_ENDS)
    _add_to_player_stats(conn, [batch.facts[match_id] for match_id in ended])


def _add_to_player_stats(conn: Connection, finished: Iterable[MatchFacts]) -> None:
    """What the matches `finished` contribute, added to their players' totals (a rebuild
    passes every match: one that is not over contributes nothing)."""
    totals = merge_stats(c for facts in finished for c in player_contributions(facts))
    by_game: dict[str, list[Row]] = {}
    for (game_id, _), row in totals.items():
        by_game.setdefault(game_id, []).append(row)
    with conn.cursor() as cursor:
        for game_id, rows in by_game.items():
            cursor.executemany(_add_player_stats(game_id), rows)


PROJECTIONS: dict[str, Projection] = {
    projection.name: projection
    for projection in (
        Projection("match_summaries", ("match_summaries",), _write_summaries, _load_summaries),
        Projection("player_stats", ("player_stats",), _write_player_stats, _add_to_player_stats),
        *(
            Projection(
                table.name,
                (table.name,),
                _game_table_writer(game, table),
                _game_table_loader(game, table),
            )
            for game in games()
            for table in game.read_models.tables
        ),
    )
}
"""Every read model by name: the two of every game, and each game's own tables."""


# --- folding a batch ---------------------------------------------------------------------------


def fold_touched(feed: EventFeed, events: Sequence[FeedRecord]) -> dict[str, MatchFacts]:
    """Every match in `events` folded from its first event up to its last one in `events`."""
    streams: dict[str, list[FeedRecord]] = {}
    for event in events:
        streams.setdefault(event.stream_id, []).append(event)
    facts: dict[str, MatchFacts] = {}
    for stream_id, tail in streams.items():
        first = tail[0].version
        records = [*feed.read_stream(stream_id)[: first - 1], *tail] if first > 1 else tail
        folded = fold_stream(stream_id, record_rows(records))
        if folded is not None:
            facts[stream_id] = folded
    return facts


def fold_stream(
    stream_id: str, records: Sequence[RecordRow], version: int | None = None
) -> MatchFacts | None:
    """The match stored as stream `stream_id` folded, or None if it is not one (`version`:
    as `fold_match_rows` takes it).

    A stream that does not begin with its game's opening event is not a match, and one that
    does not fold (a record edited behind the database's back, which `flipside audit` names)
    is logged; both are left out, so that a stray stream cannot stop the projections.
    """
    if read_models_of(records[0][0]) is None:
        return None
    try:
        return fold_match_rows(records, version)
    except (LookupError, TypeError, ValueError) as error:
        log.warning("projection_skipped_stream", match_id=stream_id, error=repr(error))
        return None


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


@contextmanager
def _cycle_collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for a batch or a rebuild, then as it was.

    Folding builds hundreds of thousands of small dicts, lists and tuples (decoded data,
    rows), none of them in a reference cycle: reference counting frees them all. The cyclic
    collector would walk every one still alive, again and again as they pile up, which cost
    a third of a rebuild's time. The runner and the command line are processes of their own.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _after(events: Sequence[FeedRecord], checkpoint: Position) -> Sequence[FeedRecord]:
    """The events past `checkpoint` (all of them in the usual case of one shared checkpoint)."""
    if events[0].position > checkpoint:
        return events
    return [event for event in events if event.position > checkpoint]


class Projector:
    """Folds events into the named projections through `conn`, an autocommit connection.

    Events come from `feed`, by default a `PostgresFeed` on `conn` itself, so that a batch
    is read and written in one transaction; a rebuild reads through `conn` (`streams`).
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
        with _cycle_collector_paused(), self.conn.transaction():
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

    def rebuild(self, names: Sequence[str], on_batch: Callable[[int], None] | None = None) -> int:
        """Empty the projections `names` and fold every event again, in one transaction;
        returns the events read. `on_batch` is told each chunk's size (for a progress bar).

        Whole matches are read in stream order (`streams`), each folded once for all the
        projections, and each chunk's rows written in bulk: a rebuild folds each event once,
        however the matches' events interleave and however many projections it fills.
        """
        chosen = sorted(set(names))  # checkpoint rows are locked in name order (`_LOCK`)
        with _cycle_collector_paused(), self.conn.transaction():
            _lock(self.conn, chosen)
            tables = [table for name in chosen for table in PROJECTIONS[name].tables]
            self.conn.execute(
                sql.SQL("TRUNCATE {}").format(sql.SQL(", ").join(map(sql.Identifier, tables)))
            )
            for name in chosen:
                self.conn.execute(_RESET, (name,))
            reader, total = StreamReader(self.conn, self.batch_size), 0
            for streams in reader.chunks():
                folded = (fold_stream(*stream) for stream in streams)
                matches = [facts for facts in folded if facts is not None]
                for name in chosen:
                    PROJECTIONS[name].load(self.conn, matches)
                read = sum(stream.version for stream in streams)
                total += read
                if on_batch is not None:
                    on_batch(read)
            last = reader.last()
            if last is not None:
                for name in chosen:
                    _save(self.conn, name, last, total)
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
