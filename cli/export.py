"""`flipside export`: whole match records to a file, streamed, written atomically."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from flipside.export import FORMATS, atomic_output, write_matches

from .common import match_events, match_ids, open_store, progress_bar


@click.command()
@click.argument("ids", nargs=-1, metavar="[MATCH]...")
@click.option("--all", "every", is_flag=True, help="Every stored match.")
@click.option(
    "--since",
    type=click.DateTime(["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S"]),
    help="Matches created at or after this time (UTC).",
)
@click.option("--format", "fmt", type=click.Choice(FORMATS), required=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.pass_context
def export(
    ctx: click.Context,
    ids: tuple[str, ...],
    every: bool,
    since: datetime | None,
    fmt: str,
    out: Path,
) -> None:
    """Write match records to OUT: jsonl (re-importable), csv (a row per seat per round) or
    toml (readable). The file appears only once complete."""
    store = open_store(ctx)
    chosen = match_ids(store, ids, every, since)
    matches = events = 0
    with progress_bar("exporting", len(ids) or None) as advance, atomic_output(out) as file:
        for count in write_matches(file, fmt, match_events(store, chosen, since)):
            matches, events = matches + 1, events + count
            advance(1)
    click.echo(f"exported {matches} matches, {events} events to {out}", err=True)
