"""`flipside simulate`: bulk matches of computer players of any game, in process."""

from __future__ import annotations

import json
import pickle
from collections.abc import Mapping
from typing import Any

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from flipside.custom_policies import PolicyError, SeatedPolicy, load
from flipside.engine.errors import RuleViolation
from flipside.engine.registry import DEFAULT_GAME, AnyGame, game_named
from flipside.simulation import MOVES_MAX, SimulationResult, drivers_of, simulate_in_processes
from flipside.simulation import simulate as run_simulation

from .games import seat_range

TABLE = 4  # seats when neither --seats nor --levels says


def _levels(game: AnyGame, value: str | None, seats: int | None) -> list[str]:
    """One level per seat: those given (the game's levels or its test drivers), else the
    game's weakest at every seat (by default `TABLE` seats, or the nearest count the game
    allows)."""
    if value is None:
        table = min(max(TABLE, game.seats.start), game.seats.stop - 1)
        levels = [game.levels[0]] * (seats or table)
    else:
        levels = [level.strip() for level in value.split(",")]
    drivers = drivers_of(game)
    unknown = [level for level in levels if level not in game.levels and level not in drivers]
    if unknown:
        known = ", ".join(game.levels)
        also = f" (test drivers: {', '.join(drivers)})" if drivers else ""
        raise click.BadParameter(f"unknown level(s) {unknown}; {game.id} levels are {known}{also}")
    if len(levels) not in game.seats:
        hint = "--levels" if value else "--seats"
        given = f"{len(levels)} levels" if value else f"{len(levels)} seats"
        raise click.BadParameter(
            f"{game.id} seats {seat_range(game)}, not {given}", param_hint=hint
        )
    if seats is not None and len(levels) != seats:
        raise click.BadParameter(f"{len(levels)} levels for {seats} seats", param_hint="--levels")
    return levels


def _seat_policies(game: AnyGame, specs: tuple[str, ...], levels: list[str]) -> list[SeatedPolicy]:
    """Your policies, each in place of its seat's level in `levels`."""
    seated: list[SeatedPolicy] = []
    for spec in specs:
        try:
            found = load(game, spec, len(levels))
        except PolicyError as error:
            raise click.BadParameter(str(error), param_hint="--policy") from None
        if any(other.seat == found.seat for other in seated):
            raise click.BadParameter(f"two policies for seat {found.seat}", param_hint="--policy")
        taken = (*game.levels, *drivers_of(game), *(other.name for other in seated))
        if found.name in taken:
            raise click.BadParameter(f"{found.name} is seated twice", param_hint="--policy")
        levels[found.seat] = found.name
        seated.append(found)
    return seated


def _options(game: AnyGame, given: tuple[str, ...]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as the game's options, each value JSON if it parses (``1``,
    ``true``) and text otherwise (``11:10/20``); the game refuses what it would refuse at
    creation."""
    raw: dict[str, Any] = {}
    for pair in given:
        name, equals, text = pair.partition("=")
        if not equals or not name:
            raise click.BadParameter(f"{pair!r} is not NAME=VALUE", param_hint="--option")
        try:
            raw[name] = json.loads(text)
        except json.JSONDecodeError:
            raw[name] = text
    try:
        game.options(raw)
    except RuleViolation as refused:
        raise click.BadParameter(str(refused), param_hint="--option") from None
    return raw


def _summary(
    game: AnyGame,
    result: SimulationResult,
    levels: list[str],
    rotated: bool,
    options: Mapping[str, Any],
) -> dict[str, object]:
    scores = result.score_by_level()
    return {
        "game": game.id,
        "matches": result.matches,
        "seats": len(levels),
        "levels": levels,
        "rotate": rotated,
        "options": dict(options),
        "rounds": result.rounds,
        "events": result.events,
        "seconds": round(result.seconds, 3),
        "rounds_per_second": round(result.rounds_per_second, 1),
        "wins": result.wins,
        "score_unit": game.score.unit,
        "by_level": {
            name: {**stats.to_json(), "score": scores[name].to_json()}
            for name, stats in result.by_level().items()
        },
        "digest": result.digest,
    }


def _print_table(console: Console, result: SimulationResult, rotated: bool) -> None:
    title = f"{result.matches} matches, {result.rounds} rounds" + (", rotated" if rotated else "")
    table = Table(title=title)
    columns = ("level", "seat-matches", "win rate", "mean place", "95% CI", "score", "95% CI")
    for column in columns:
        table.add_column(column)
    scores = result.score_by_level()
    for name, stats in sorted(result.by_level().items(), key=lambda item: -item[1].mean_place):
        interval = f"{stats.ci95[0]:.3f} - {stats.ci95[1]:.3f}" if stats.ci95 else "-"
        score = scores[name]
        score_interval = f"[{score.ci95[0]:.2f}, {score.ci95[1]:.2f}]" if score.ci95 else "-"
        table.add_row(
            name,
            str(stats.seat_matches),
            f"{stats.win_rate:.1%}",
            f"{stats.mean_place:.3f}",
            interval,
            f"{score.mean:.2f}",
            score_interval,
        )
    console.print(table)


@click.command()
@click.option(
    "--game",
    "game_id",
    default=DEFAULT_GAME,
    show_default=True,
    metavar="GAME",
    help="The game to play (`flipside games` lists them).",
)
@click.option("--matches", default=100, show_default=True, type=click.IntRange(1))
@click.option(
    "--seats",
    type=click.IntRange(1),
    help=f"Seats at the table (default: as many as --levels gives, else {TABLE} or the "
    "nearest count the game allows).",
)
@click.option(
    "--levels",
    help="One computer-player level per seat, e.g. easy,normal,hard,insane "
    "(default: the game's weakest at every seat).",
)
@click.option(
    "--rotate",
    is_flag=True,
    help="Play every deal once per rotation of the levels around the table (MATCHES must "
    "be a multiple of the seats), so the cards' luck cancels out.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Run seed.")
@click.option(
    "--option",
    "game_options",
    multiple=True,
    metavar="NAME=VALUE",
    help="One of the game's match options (`flipside games` lists them), e.g. "
    "max_hands=1 for Hold'em's H47a measurement. Repeatable.",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    metavar="SEAT=module:attr",
    help="Seat your own policy (the game's Policy, docs/policies.md) in place of SEAT's "
    "level; it rotates and is summarised like a level. Repeatable.",
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=click.IntRange(1, 256),
    help="Processes to share the matches out to; the run and its digest are the same.",
)
@click.option(
    "--moves-max",
    default=MOVES_MAX,
    show_default=True,
    type=click.IntRange(1),
    help="Stop the run if a match passes this many moves without ending (your own "
    "policies need not end one).",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object on stdout.")
def simulate(
    game_id: str,
    matches: int,
    seats: int | None,
    levels: str | None,
    rotate: bool,
    seed: int,
    game_options: tuple[str, ...],
    policies: tuple[str, ...],
    jobs: int,
    moves_max: int,
    as_json: bool,
) -> None:
    """Play MATCHES matches of computer players of a game in process and summarise them per
    level: win rate, mean finishing place and mean score (the game's: final chips, life
    points, Hold'em's chips won per 100 hands), each with its 95% confidence interval over
    deals. Hold'em's test drivers passive and random (H47b) may be levels too."""
    game = game_named(game_id)
    seat_levels = _levels(game, levels, seats)
    options = _options(game, game_options)
    custom = {seated.name: seated.policy for seated in _seat_policies(game, policies, seat_levels)}
    if rotate and matches % len(seat_levels):
        raise click.BadParameter(
            f"with --rotate, give a multiple of {len(seat_levels)} matches", param_hint="--matches"
        )
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("simulating", total=matches)
        settings: dict[str, Any] = {
            "rotated": rotate,
            "game": game.id,
            "custom": custom,
            "options": options,
            "moves_max": moves_max,
        }
        try:
            if jobs == 1:
                result = run_simulation(
                    matches, seat_levels, seed, progress=lambda: bar.advance(task), **settings
                )
            else:
                result = simulate_in_processes(
                    jobs,
                    matches,
                    seat_levels,
                    seed,
                    progress=lambda done: bar.advance(task, done),
                    **settings,
                )
        except PolicyError as error:  # your policy failed: which seat, which move
            raise click.ClickException(str(error)) from None
        except pickle.PicklingError as error:
            raise click.ClickException(
                f"--jobs needs policies defined at a module's top level: {error}"
            ) from None
    summary = _summary(game, result, seat_levels, rotate, options)
    if as_json:
        click.echo(json.dumps(summary))
        return
    out = Console()
    _print_table(out, result, rotate)
    out.print(f"score: {game.score.unit}")
    out.print(f"{summary['rounds_per_second']} rounds/s; digest {result.digest}")
