"""`flipside import PATH`: a jsonl record into this database, verified first, all or nothing."""

from __future__ import annotations

from pathlib import Path

import click

from flipside.records.importer import ImportRefused, import_file

from .common import open_store, progress_bar


@click.command("import")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_context
def import_command(ctx: click.Context, path: Path) -> None:
    """Load a jsonl export, of any game's matches. Every match's hash chain and rules are
    audited first; if any fails, nothing is imported. Matches already stored are left as
    they are."""
    store = open_store(ctx)
    try:
        with progress_bar("verifying", None) as advance:
            result = import_file(path, store, advance)
    except ImportRefused as refused:
        for verdict in refused.failed:
            for finding in verdict.findings:
                click.echo(f"  {finding}", err=True)
        raise
    click.echo(
        f"imported {result.matches} matches, {result.events} events "
        f"({result.inserted} new, {result.events - result.inserted} already stored)"
    )
