"""The `flipside` group: every subcommand is registered here and lives in its own module."""

from __future__ import annotations

import click

from flipside import __version__
from flipside.config import SettingsError, database_url_checked

from .anchor import anchor
from .audit import audit
from .db_commands import db
from .errors import FlipsideGroup
from .export import export
from .games import games_command
from .importer import import_command
from .matches import matches
from .projections_commands import projections
from .replay import replay
from .serve import serve
from .simulate import simulate


def _checked_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if not value:
        return None
    try:
        return database_url_checked(value, "--database-url (or FLIPSIDE_DATABASE_URL)")
    except SettingsError as error:
        raise click.BadParameter(str(error)) from None


@click.group(cls=FlipsideGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="flipside", message="%(prog)s %(version)s")
@click.option("--debug", is_flag=True, help="Show tracebacks instead of one-line errors.")
@click.option(
    "--database-url",
    envvar="FLIPSIDE_DATABASE_URL",
    metavar="URL",
    callback=_checked_url,
    help="PostgreSQL to use (default: FLIPSIDE_DATABASE_URL, else the embedded server).",
)
@click.pass_context
def cli(ctx: click.Context, debug: bool, database_url: str | None) -> None:
    """Flipside: a server, a simulator and an archive of poker-like card games
    (`flipside games` lists them)."""
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    ctx.obj["database_url"] = database_url


cli.add_command(games_command)
cli.add_command(simulate)
cli.add_command(db)
cli.add_command(serve)
cli.add_command(matches)
cli.add_command(replay)
cli.add_command(audit)
cli.add_command(anchor)
cli.add_command(export)
cli.add_command(import_command)
cli.add_command(projections)
