"""Reading the read models, for the HTTP API, the command line and the computer players.

Every function takes a `Source`: a psycopg connection, or anything whose ``connection()``
lends one as a context manager (a `psycopg_pool.ConnectionPool`). Rows come back as dicts
with the keys of the pure builders in `rows`, so a stored row and a fresh fold compare equal.
A game's own tables are read through their `flipside.engine.read_models.Table`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, Protocol

import psycopg
from psycopg import sql
from psycopg.rows import dict_row

from flipside.engine.read_models import Row, Table
from flipside.engine.registry import INSTALLED

from .rows import SUMMARY_COLUMNS, player_averages

DEFAULT_LIMIT = 50
MAX_LIMIT = 1000


class Pool(Protocol):
    def connection(self) -> AbstractContextManager[psycopg.Connection[Any]]: ...


Source = psycopg.Connection[Any] | Pool


@contextmanager
def _cursor(source: Source) -> Iterator[psycopg.Cursor[Row]]:
    lend = nullcontext(source) if isinstance(source, psycopg.Connection) else source.connection()
    with lend as conn, conn.cursor(row_factory=dict_row) as cursor:
        yield cursor


_SUMMARY_COLUMNS = sql.SQL(", ").join(map(sql.Identifier, SUMMARY_COLUMNS))


def list_matches(
    source: Source,
    status: str | None = None,
    player: str | None = None,
    limit: int = DEFAULT_LIMIT,
    after: str | None = None,
    *,
    game: str | None = None,
) -> list[Row]:
    """Match summaries, newest first; `after` a match id pages on past that match.

    `status` is ``active`` or ``finished``; `player` a person's name or ``npc:<level>``;
    `game` a game's id.
    """
    conditions: list[sql.Composable] = []
    params: dict[str, object] = {"limit": max(1, min(limit, MAX_LIMIT))}
    if game is not None:
        conditions.append(sql.SQL("game = %(game)s"))
        params["game"] = game
    if status is not None:
        conditions.append(sql.SQL("status = %(status)s"))
        params["status"] = status
    if player is not None:
        conditions.append(sql.SQL("players @> ARRAY[%(player)s::text]"))
        params["player"] = player
    if after is not None:
        conditions.append(
            sql.SQL(
                "(created_at, match_id) <"
                " (SELECT created_at, match_id FROM match_summaries WHERE match_id = %(after)s)"
            )
        )
        params["after"] = after
    where = sql.SQL(" WHERE ") + sql.SQL(" AND ").join(conditions) if conditions else sql.SQL("")
    query = sql.SQL(
        "SELECT {columns} FROM match_summaries{where}"
        " ORDER BY created_at DESC, match_id DESC LIMIT %(limit)s"
    ).format(columns=_SUMMARY_COLUMNS, where=where)
    with _cursor(source) as cursor:
        return cursor.execute(query, params).fetchall()


def match(source: Source, match_id: str) -> Row | None:
    """One match's summary, or None if the projection has not seen it."""
    query = sql.SQL("SELECT {} FROM match_summaries WHERE match_id = %s").format(_SUMMARY_COLUMNS)
    with _cursor(source) as cursor:
        return cursor.execute(query, (match_id,)).fetchone()


def matches_by_id(source: Source, match_ids: Sequence[str]) -> dict[str, Row]:
    """The summaries of many matches in one query, by id (for audits)."""
    query = sql.SQL("SELECT {} FROM match_summaries WHERE match_id = ANY(%s)").format(
        _SUMMARY_COLUMNS
    )
    with _cursor(source) as cursor:
        return {row["match_id"]: row for row in cursor.execute(query, (list(match_ids),))}


def table_rows(source: Source, table: Table, match_ids: Sequence[str]) -> dict[str, list[Row]]:
    """The rows of a game's own `table` of many matches in one query, by match id, each
    match's in play order, as `rows.MatchFacts.rows` builds them."""
    query = sql.SQL("SELECT {} FROM {} WHERE match_id = ANY(%s) ORDER BY match_id, {}").format(
        sql.SQL(", ").join(map(sql.Identifier, table.columns)),
        sql.Identifier(table.name),
        sql.SQL(", ").join(map(sql.Identifier, table.order)),
    )
    found: dict[str, list[Row]] = {}
    with _cursor(source) as cursor:
        for row in cursor.execute(query, (list(match_ids),)):
            found.setdefault(row["match_id"], []).append(row)
    return found


def player_stats(source: Source, name: str, game: str | None = None) -> list[Row]:
    """A player's statistics over finished matches, one row per game they finished a match
    of (only `game`, if given), by game id, with averages (`rows.player_averages`)."""
    games = [game] if game is not None else list(INSTALLED)
    query = "SELECT * FROM player_stats WHERE player = %s AND game = ANY(%s) ORDER BY game"
    with _cursor(source) as cursor:
        found = cursor.execute(query, (name, games)).fetchall()
    return [player_averages(row) for row in found]


def fetch(source: Source, query: str, params: Sequence[Any]) -> list[Row]:
    """The rows of `query` (for a game's own queries over its tables)."""
    with _cursor(source) as cursor:
        return cursor.execute(query, params).fetchall()


_CHECKPOINTS = """
SELECT n.projection, c.txid, c.global_position, coalesce(c.events, 0) AS events, c.updated_at,
       (SELECT count(*) FROM (
            SELECT FROM events e
            WHERE (e.txid, e.global_position)
                  > (coalesce(c.txid, 0)::text::xid8, coalesce(c.global_position, 0))
            -- In index order: with a LIMIT and no order, the planner scanned the whole table
            -- for the few rows it expected early, and found none when nothing was behind.
            ORDER BY e.txid, e.global_position
            LIMIT %s) AS unfolded) AS lag
FROM unnest(%s::text[]) AS n(projection) LEFT JOIN projection_checkpoints c USING (projection)
ORDER BY n.projection
"""


def checkpoints(source: Source, names: Sequence[str], lag_up_to: int | None = None) -> list[Row]:
    """Each named projection's checkpoint (null if it never ran), the events it folded since
    its last rebuild, and its lag: the events stored after its checkpoint, counted up to
    `lag_up_to` (all of them if None). Counting walks an index entry per event counted, so
    what anyone may ask for at any time (a readiness probe) counts up to a bound."""
    with _cursor(source) as cursor:
        return cursor.execute(_CHECKPOINTS, (lag_up_to, list(names))).fetchall()


def behind(source: Source, name: str) -> bool:
    """Whether events were stored after projection `name`'s checkpoint."""
    return bool(checkpoints(source, [name], lag_up_to=1)[0]["lag"])
