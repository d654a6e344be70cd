"""`flipside projections status|rebuild|run`: the read models folded from the events."""

from __future__ import annotations

import json
import time
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from flipside.config import Settings
from flipside.db import connect, resolve_database_url
from flipside.projections.postgres import BATCH_SIZE, PROJECTIONS, Projector
from flipside.projections.queries import checkpoints
from flipside.projections.runner import POLL_SECONDS, follow, stop_on_signals

from .common import progress_bar

_NAMES = click.Choice(list(PROJECTIONS))


def _url(ctx: click.Context) -> str:
    explicit = (ctx.find_root().obj or {}).get("database_url")
    return explicit or resolve_database_url(Settings.from_env())


def _chosen(names: tuple[str, ...]) -> list[str]:
    return list(names) or list(PROJECTIONS)


def _print(rows: list[dict[str, Any]], as_json: bool, title: str) -> None:
    if as_json:
        click.echo(json.dumps(rows, default=str))
        return
    table = Table(*rows[0], title=title) if rows else Table(title=title)
    for row in rows:
        table.add_row(*(_cell(value) for value in row.values()))
    Console().print(table)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    return ", ".join(value) if isinstance(value, list) else str(value)


@click.group()
def projections() -> None:
    """Read models folded from the events: match summaries, round facts, player stats."""


@projections.command()
@click.argument("names", nargs=-1, type=_NAMES)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@click.pass_context
def status(ctx: click.Context, names: tuple[str, ...], as_json: bool) -> None:
    """Each projection's checkpoint, events folded since its rebuild, and lag."""
    with connect(_url(ctx)) as conn:
        found = checkpoints(conn, _chosen(names))
    rows = [
        {
            "projection": row["projection"],
            "position": None if row["txid"] is None else f"{row['txid']}/{row['global_position']}",
            "folded": row["events"],
            "lag": row["lag"],
            "updated_at": row["updated_at"] and row["updated_at"].isoformat(),
        }
        for row in found
    ]
    _print(rows, as_json, "projections")


@projections.command()
@click.argument("names", nargs=-1, type=_NAMES)
@click.option("--batch", default=BATCH_SIZE, show_default=True, type=click.IntRange(1))
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@click.pass_context
def rebuild(ctx: click.Context, names: tuple[str, ...], batch: int, as_json: bool) -> None:
    """Empty projections (all by default) and fold every event again.

    They are rebuilt together in one transaction, each match read and folded once for all
    of them: readers see the old rows until then.
    """
    chosen = _chosen(names)
    with connect(_url(ctx)) as conn:
        projector = Projector(conn, batch_size=batch)
        started = time.perf_counter()
        with progress_bar(f"rebuild {', '.join(chosen)}", None) as advance:
            events = projector.rebuild(chosen, on_batch=advance)
        seconds = time.perf_counter() - started
    rows = [
        {
            "projections": chosen,
            "events": events,
            "seconds": round(seconds, 3),
            "events_per_second": round(events / seconds) if seconds else None,
        }
    ]
    _print(rows, as_json, "rebuilt")


@projections.command()
@click.argument("names", nargs=-1, type=_NAMES)
@click.option("--once", is_flag=True, help="Catch up, then exit.")
@click.option(
    "--poll",
    default=POLL_SECONDS,
    show_default=True,
    type=click.FloatRange(0.05),
    help="Seconds between looks when no notification comes.",
)
@click.option("--batch", default=BATCH_SIZE, show_default=True, type=click.IntRange(1))
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.pass_context
def run(
    ctx: click.Context,
    names: tuple[str, ...],
    once: bool,
    poll: float,
    batch: int,
    as_json: bool,
) -> None:
    """Follow new events and fold them (until SIGINT or SIGTERM, or with --once)."""
    url = _url(ctx)
    stop = stop_on_signals()
    with progress_bar("folding", None) as advance:
        events = follow(
            url,
            names=_chosen(names),
            once=once,
            stop=stop,
            poll_seconds=poll,
            batch_size=batch,
            on_batch=advance,
        )
    if as_json:
        click.echo(json.dumps({"events": events}))
    else:
        click.echo(f"folded {events} events")
