"""Reading the read models, for the HTTP API, the command line and the computer players.

Every function takes a `Source`: a psycopg connection, or anything whose ``connection()``
lends one as a context manager (a `psycopg_pool.ConnectionPool`). Rows come back as dicts
with the keys of the pure builders in `rows`, so a stored row and a fresh fold compare equal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, Protocol

import psycopg
from psycopg import sql
from psycopg.rows import dict_row

from .rows import ROUND_FACT_COLUMNS, Row, player_averages

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


_SUMMARY_COLUMNS = sql.SQL(
    "match_id, status, seats, players, lives, round, winner, places, version,"
    " created_at, updated_at, finished_at"
)


def list_matches(
    source: Source,
    status: str | None = None,
    player: str | None = None,
    limit: int = DEFAULT_LIMIT,
    after: str | None = None,
) -> list[Row]:
    """Match summaries, newest first; `after` a match id pages on past that match.

    `status` is ``active`` or ``finished``; `player` a person's name or ``npc:<level>``.
    """
    conditions, params = [], {"limit": max(1, min(limit, MAX_LIMIT))}
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


def match_round_facts(source: Source, match_id: str) -> list[Row]:
    """One match's `round_facts` rows in play order, as `rows.round_facts` builds them."""
    query = sql.SQL(
        "SELECT {} FROM round_facts WHERE match_id = %s ORDER BY round, turn_position"
    ).format(sql.SQL(", ").join(map(sql.Identifier, ROUND_FACT_COLUMNS)))
    with _cursor(source) as cursor:
        return cursor.execute(query, (match_id,)).fetchall()


def matches_by_id(source: Source, match_ids: Sequence[str]) -> dict[str, Row]:
    """The summaries of many matches in one query, by id (for audits)."""
    query = sql.SQL("SELECT {} FROM match_summaries WHERE match_id = ANY(%s)").format(
        _SUMMARY_COLUMNS
    )
    with _cursor(source) as cursor:
        return {row["match_id"]: row for row in cursor.execute(query, (list(match_ids),))}


def round_facts_by_match(source: Source, match_ids: Sequence[str]) -> dict[str, list[Row]]:
    """`match_round_facts` of many matches in one query, by id (for audits)."""
    query = sql.SQL(
        "SELECT {} FROM round_facts WHERE match_id = ANY(%s)"
        " ORDER BY match_id, round, turn_position"
    ).format(sql.SQL(", ").join(map(sql.Identifier, ROUND_FACT_COLUMNS)))
    found: dict[str, list[Row]] = {}
    with _cursor(source) as cursor:
        for row in cursor.execute(query, (list(match_ids),)):
            found.setdefault(row["match_id"], []).append(row)
    return found


def player(source: Source, name: str) -> Row | None:
    """A player's statistics over finished matches, with averages (`rows.player_averages`),
    or None if they finished no match."""
    with _cursor(source) as cursor:
        found = cursor.execute("SELECT * FROM player_stats WHERE player = %s", (name,)).fetchone()
    return None if found is None else player_averages(found)


_SHOWDOWNS = """
SELECT f.up_ranks, f.down_ranks,
       (SELECT count(*) FROM round_facts g WHERE g.match_id = f.match_id AND g.round = f.round)
FROM round_facts f JOIN match_summaries m USING (match_id)
WHERE f.player = %s
ORDER BY m.created_at DESC, f.match_id DESC, f.round DESC
LIMIT %s
"""


def player_showdowns(
    source: Source, name: str, limit: int = 500
) -> list[tuple[tuple[str, ...], int]]:
    """A player's latest placed hands, newest first: (the five cards as placed, up rank
    first; the number of seats in that showdown), as `npc.habits.estimate_habits` takes them.
    """
    with _cursor(source) as cursor:
        rows = cursor.execute(_SHOWDOWNS, (name, limit)).fetchall()
    return [
        (
            tuple(up + down for up, down in zip(row["up_ranks"], row["down_ranks"], strict=True)),
            row["count"],
        )
        for row in rows
    ]


_CHECKPOINTS = """
SELECT n.projection, c.txid, c.global_position, coalesce(c.events, 0) AS events, c.updated_at,
       (SELECT count(*) FROM events e
        WHERE (e.txid, e.global_position)
              > (coalesce(c.txid, 0)::text::xid8, coalesce(c.global_position, 0))) AS lag
FROM unnest(%s::text[]) AS n(projection) LEFT JOIN projection_checkpoints c USING (projection)
ORDER BY n.projection
"""


def checkpoints(source: Source, names: Sequence[str]) -> list[Row]:
    """Each named projection's checkpoint (null if it never ran), the events it folded since
    its last rebuild, and its lag: the events stored after its checkpoint."""
    with _cursor(source) as cursor:
        return cursor.execute(_CHECKPOINTS, (list(names),)).fetchall()
