"""`flipside simulate`: bulk matches of computer players, in process."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from flipside.games.flipside.events import LEVELS
from flipside.simulation import SimulationResult
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


def _summary(result: SimulationResult, levels: list[str], rotated: bool) -> dict[str, object]:
    return {
        "matches": result.matches,
        "seats": len(levels),
        "levels": levels,
        "rotate": rotated,
        "rounds": result.rounds,
        "events": result.events,
        "seconds": round(result.seconds, 3),
        "rounds_per_second": round(result.rounds_per_second, 1),
        "wins": result.wins,
        "by_level": {name: stats.to_json() for name, stats in result.by_level().items()},
        "digest": result.digest,
    }


def _print_table(console: Console, result: SimulationResult, rotated: bool) -> None:
    title = f"{result.matches} matches, {result.rounds} rounds" + (", rotated" if rotated else "")
    table = Table(title=title)
    for column in ("level", "seat-matches", "win rate", "mean place", "95% CI"):
        table.add_column(column)
    for name, stats in sorted(result.by_level().items(), key=lambda item: -item[1].mean_place):
        interval = f"{stats.ci95[0]:.3f} - {stats.ci95[1]:.3f}" if stats.ci95 else "-"
        table.add_row(
            name,
            str(stats.seat_matches),
            f"{stats.win_rate:.1%}",
            f"{stats.mean_place:.3f}",
            interval,
        )
    console.print(table)


@click.command()
@click.option("--matches", default=100, show_default=True, type=click.IntRange(1))
@click.option("--seats", default=4, show_default=True, type=click.IntRange(3, 5))
@click.option("--levels", help="One level per seat, e.g. easy,normal,hard,insane.")
@click.option(
    "--rotate",
    is_flag=True,
    help="Play every deal once per rotation of the levels around the table (MATCHES must "
    "be a multiple of the seats), so the cards' luck cancels out.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Run seed.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def simulate(
    matches: int, seats: int, levels: str | None, rotate: bool, seed: int, as_json: bool
) -> None:
    """Play MATCHES matches of computer players in process and summarise them per level:
    win rate, mean finishing place and its 95% confidence interval (over deals)."""
    seat_levels = _levels(levels, seats)
    if rotate and matches % len(seat_levels):
        raise click.BadParameter(
            f"with --rotate, give a multiple of {len(seat_levels)} matches", param_hint="--matches"
        )
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("simulating", total=matches)
        result = run_simulation(
            matches, seat_levels, seed, rotated=rotate, progress=lambda: bar.advance(task)
        )
    summary = _summary(result, seat_levels, rotate)
    if as_json:
        click.echo(json.dumps(summary))
        return
    out = Console()
    _print_table(out, result, rotate)
    out.print(f"{summary['rounds_per_second']} rounds/s; digest {result.digest}")
