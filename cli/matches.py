"""`flipside matches list`: stored matches, newest first, as a table or JSON lines."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from flipside.projections.rows import match_summary

from .common import match_events, open_store


@click.group()
def matches() -> None:
    """Stored matches."""


@matches.command("list")
@click.option("--status", type=click.Choice(["active", "finished"]), help="Only these matches.")
@click.option("--player", metavar="NAME", help="Only matches with this person (or npc:LEVEL).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line per match.")
@click.pass_context
def list_command(ctx: click.Context, status: str | None, player: str | None, as_json: bool) -> None:
    """List matches: id, status, round, seats, lives, winner."""
    store = open_store(ctx)
    rows = [
        summary
        for events in match_events(store, _all_ids(store))
        if _wanted(summary := match_summary(events), status, player)
    ]
    rows.sort(key=lambda row: (row["created_at"], row["match_id"]), reverse=True)
    if as_json:
        for row in rows:
            click.echo(json.dumps(_json_row(row)))
        return
    Console().print(_table(rows))


def _all_ids(store: Any) -> Any:
    from flipside.store import iter_stream_ids

    return iter_stream_ids(store)


def _wanted(row: dict[str, Any], status: str | None, player: str | None) -> bool:
    return (status is None or row["status"] == status) and (
        player is None or player in row["players"]
    )


def _json_row(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("match_id", "status", "round", "seats", "lives", "winner", "places", "version")
    return {key: row[key] for key in keys} | {"created_at": row["created_at"].isoformat()}


def _seat_label(seat: dict[str, Any]) -> str:
    return seat["name"] or f"npc {seat['level']}"


def _table(rows: list[dict[str, Any]]) -> Table:
    table = Table(title=f"{len(rows)} matches")
    for column in ("match", "status", "round", "seats", "lives", "winner", "created"):
        table.add_column(column)
    for row in rows:
        winner = row["winner"]
        table.add_row(
            row["match_id"],
            row["status"],
            str(row["round"]),
            ", ".join(_seat_label(seat) for seat in row["seats"]),
            " ".join(map(str, row["lives"])),
            "" if winner is None else f"s{winner}",
            row["created_at"].strftime("%Y-%m-%d %H:%M"),
        )
    return table
