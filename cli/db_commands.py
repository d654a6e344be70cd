"""`flipside db upgrade|status`: apply and show the SQL migrations (flipside.db)."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from flipside.config import Settings
from flipside.db import DatabaseUnavailable, MigrationStatus, resolve_database_url, status, upgrade


@click.group("db")
@click.option(
    "--database-url",
    metavar="URL",
    help="PostgreSQL to use (default: FLIPSIDE_DATABASE_URL, else the embedded server).",
)
@click.pass_context
def db(ctx: click.Context, database_url: str | None) -> None:
    """Database schema: apply and show migrations."""
    ctx.ensure_object(dict)
    # Also `flipside --database-url URL db ...`: the group's own option only overrides it.
    ctx.obj["database_url"] = database_url or ctx.obj.get("database_url")


def _url(ctx: click.Context) -> str:
    explicit = ctx.obj.get("database_url")
    # migrate=False: these commands report and apply migrations themselves.
    return explicit or resolve_database_url(Settings.from_env(), migrate=False)


@db.command("upgrade")
@click.option("--json", "as_json", is_flag=True, help="Print the applied migrations as JSON.")
@click.pass_context
def upgrade_command(ctx: click.Context, as_json: bool) -> None:
    """Apply the pending migrations, in order."""
    try:
        applied = upgrade(_url(ctx))
    except DatabaseUnavailable as error:
        raise click.ClickException(f"database unavailable: {error}") from None
    if as_json:
        listed = [{"version": m.version, "name": m.name} for m in applied]
        click.echo(json.dumps({"applied": listed}))
    elif applied:
        for migration in applied:
            click.echo(f"applied {migration.version:04d}_{migration.name}")
    else:
        click.echo("up to date")


@db.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
@click.pass_context
def status_command(ctx: click.Context, as_json: bool) -> None:
    """Show the applied and the pending migrations."""
    try:
        found = status(_url(ctx))
    except DatabaseUnavailable as error:
        raise click.ClickException(f"database unavailable: {error}") from None
    if as_json:
        click.echo(json.dumps(_status_json(found)))
    else:
        Console().print(_status_table(found))


def _status_json(found: MigrationStatus) -> dict[str, Any]:
    return {
        "applied": [
            {"version": m.version, "name": m.name, "applied_at": m.applied_at.isoformat()}
            for m in found.applied
        ],
        "pending": [{"version": m.version, "name": m.name} for m in found.pending],
    }


def _status_table(found: MigrationStatus) -> Table:
    table = Table("version", "name", "state", title="migrations")
    for applied in found.applied:
        when = applied.applied_at.strftime("%Y-%m-%d %H:%M:%S %Z")
        table.add_row(f"{applied.version:04d}", applied.name, f"applied {when}")
    for pending in found.pending:
        table.add_row(f"{pending.version:04d}", pending.name, "pending")
    return table
