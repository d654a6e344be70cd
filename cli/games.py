"""`flipside games`: the installed games, what a match of each needs and what it offers."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from flipside.engine.registry import AnyGame, games
from flipside.records.export import JSONL


def seat_range(game: AnyGame) -> str:
    """The seat counts a game allows, for people: ``3-5``, or ``2`` for a fixed count."""
    low, high = game.seats.start, game.seats.stop - 1
    return str(low) if low == high else f"{low}-{high}"


def _game_json(game: AnyGame) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": dict(game.title),
        "seats": {"min": game.seats.start, "max": game.seats.stop - 1},
        "levels": list(game.levels),
        "rules_version": game.rules_version,
        "formats": [JSONL, *game.records.formats],
    }


@click.command("games")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line per game.")
def games_command(as_json: bool) -> None:
    """List the installed games: id, title, seats, computer-player levels (weakest first)
    and export formats."""
    installed = games()
    if as_json:
        for game in installed:
            click.echo(json.dumps(_game_json(game), ensure_ascii=False))
        return
    table = Table("id", "title", "seats", "levels", "formats", title="installed games")
    for game in installed:
        formats = ", ".join([JSONL, *game.records.formats])
        levels = ", ".join(game.levels)
        table.add_row(game.id, game.title.get("en", game.id), seat_range(game), levels, formats)
    Console().print(table)
