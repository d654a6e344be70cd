"""`flipside simulate`: bulk matches of computer players, in process."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from flipside.domain.events import LEVELS
from flipside.simulation import simulate as run_simulation


def _levels(value: str | None, seats: int) -> list[str]:
    if value is None:
        return ["easy"] * seats
    levels = [level.strip() for level in value.split(",")]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise click.BadParameter(f"unknown level(s) {unknown}; levels are {', '.join(LEVELS)}")
    if not 3 <= len(levels) <= 5:
        raise click.BadParameter("give one level per seat, 3 to 5 seats (R4)")
    return levels


@click.command()
@click.option("--matches", default=100, show_default=True, type=click.IntRange(1))
@click.option("--seats", default=4, show_default=True, type=click.IntRange(3, 5))
@click.option("--levels", help="One level per seat, e.g. easy,normal,hard,insane.")
@click.option("--seed", default=0, show_default=True, type=int, help="Run seed.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def simulate(matches: int, seats: int, levels: str | None, seed: int, as_json: bool) -> None:
    """Play MATCHES matches of computer players in process and summarise them."""
    seat_levels = _levels(levels, seats)
    result = run_simulation(matches, seat_levels, seed)
    summary = {
        "matches": result.matches,
        "seats": len(seat_levels),
        "levels": seat_levels,
        "rounds": result.rounds,
        "events": result.events,
        "seconds": round(result.seconds, 3),
        "rounds_per_second": round(result.rounds_per_second, 1),
        "wins": result.wins,
        "digest": result.digest,
    }
    if as_json:
        click.echo(json.dumps(summary))
        return
    table = Table(title=f"{result.matches} matches, {result.rounds} rounds")
    for column in ("seat", "level", "wins", "win rate"):
        table.add_column(column)
    for seat, (level, wins) in enumerate(zip(seat_levels, result.wins, strict=True)):
        table.add_row(str(seat), level, str(wins), f"{wins / result.matches:.1%}")
    console = Console()
    console.print(table)
    console.print(f"{summary['rounds_per_second']} rounds/s; digest {result.digest}")
