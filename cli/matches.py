"""`flipside matches list`: match summaries from the projections, newest first."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from flipside.db import connect
from flipside.engine.registry import INSTALLED
from flipside.projections.queries import MAX_LIMIT, behind, list_matches

from .common import database_url

LAGGING = (
    "note: matches stored since the match_summaries projection last ran are not listed "
    "yet; `flipside projections run --once` folds them (`flipside serve` runs it all along)"
)
TABLE_WIDTH = 120  # columns a terminal needs for the table; a narrower one gets two lines a match


@click.group()
def matches() -> None:
    """Stored matches."""


@matches.command("list")
@click.option("--status", type=click.Choice(["active", "finished"]), help="Only these matches.")
@click.option(
    "--player",
    metavar="NAME",
    help="Only matches with this registered player (guest:NAME for a guest, npc:LEVEL).",
)
@click.option("--game", type=click.Choice(INSTALLED), help="Only matches of this game.")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1), help="At most.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line per match.")
@click.pass_context
def list_command(
    ctx: click.Context,
    status: str | None,
    player: str | None,
    game: str | None,
    limit: int,
    as_json: bool,
) -> None:
    """List matches (from the match_summaries projection): game, status, round, seats, each
    seat's standing (lives, chips, ...), winner."""
    with connect(database_url(ctx)) as conn:
        rows = list(_summaries(conn, status, player, game, limit))
        lagging = behind(conn, "match_summaries")
    if lagging:  # on stderr: the list on stdout stays what a script reads
        click.echo(LAGGING, err=True)
    if as_json:
        for row in rows:
            click.echo(json.dumps(_json_row(row)))
        return
    console = Console()
    if console.width >= TABLE_WIDTH:
        console.print(_table(rows))
        return
    console.print(f"{len(rows)} matches", style="bold")
    for row in rows:
        console.print(*_two_lines(row), sep="\n", highlight=False, soft_wrap=True)


def _summaries(
    conn: Any, status: str | None, player: str | None, game: str | None, limit: int
) -> Iterator[Any]:
    """Up to `limit` summaries, fetched a page at a time."""
    after = None
    while limit > 0:
        page = list_matches(conn, status, player, min(limit, MAX_LIMIT), after, game=game)
        yield from page
        if len(page) < min(limit, MAX_LIMIT):
            return
        limit, after = limit - len(page), page[-1]["match_id"]


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    times = ("created_at", "updated_at", "finished_at")
    return {
        key: value.isoformat() if key in times and value else value for key, value in row.items()
    }


def _seat_label(seat: dict[str, Any]) -> str:
    return seat["name"] or f"npc {seat['level']}"


def _two_lines(row: dict[str, Any]) -> tuple[str, str]:
    """A match where a table would not fit: the match and its state, then its seats with
    their standing.

    >>> from datetime import datetime
    >>> _two_lines({"match_id": "m1", "game": "orc", "status": "finished", "round": 7,
    ...     "created_at": datetime(2026, 12, 1, 6, 17), "winner": 1, "lives": [0, 38],
    ...     "seats": [{"name": "you", "level": None}, {"name": None, "level": "hard"}]})
    ('m1  orc  finished  round 7  2026-12-01 06:17', '  you 0 · npc hard 38 (won)')
    """
    head = (
        f"{row['match_id']}  {row['game']}  {row['status']}  round {row['round']}  "
        f"{row['created_at']:%Y-%m-%d %H:%M}"
    )
    seats = [
        f"{_seat_label(seat)} {standing}" + (" (won)" if index == row["winner"] else "")
        for index, (seat, standing) in enumerate(zip(row["seats"], row["lives"], strict=False))
    ]
    return head, "  " + " · ".join(seats)


def _table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{len(rows)} matches")
    table.add_column("match", no_wrap=True)  # an id is copied whole into other commands
    for column in ("game", "status", "round", "seats", "standing", "winner", "created"):
        table.add_column(column)
    for row in rows:
        winner = row["winner"]
        table.add_row(
            row["match_id"],
            row["game"],
            row["status"],
            str(row["round"]),
            ", ".join(_seat_label(seat) for seat in row["seats"]),
            " ".join(map(str, row["lives"])),
            "" if winner is None else f"s{winner}",
            row["created_at"].strftime("%Y-%m-%d %H:%M"),
        )
    return table
