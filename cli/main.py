"""The `flipside` group: every subcommand is registered here and lives in its own module."""

from __future__ import annotations

import click

from .db_commands import db
from .serve import serve
from .simulate import simulate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks instead of one-line errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Flipside: the two-sided 78-card poker, as a server, a simulator and an archive."""
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug


cli.add_command(simulate)
cli.add_command(db)
cli.add_command(serve)
