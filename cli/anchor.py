"""`flipside anchor [--output FILE]`: every stream's chain head, to keep outside the database.

`flipside audit --anchor FILE` later reports every match deleted, truncated or rewritten
since (docs/records.md, "Anchors"). With ``FLIPSIDE_ANCHOR_KEY`` set the anchor is signed
(HMAC-SHA256) as well as sealed (SHA-256).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

import click

from flipside.db import connect
from flipside.records.anchor import AnchorWriter
from flipside.records.anchor_heads import snapshot_heads

from .common import database_url

KEY_VARIABLE = "FLIPSIDE_ANCHOR_KEY"


def anchor_key() -> bytes | None:
    """The key anchors are signed and checked with (``FLIPSIDE_ANCHOR_KEY``), if set."""
    key = os.environ.get(KEY_VARIABLE)
    return key.encode() if key else None


@click.command()
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the anchor to FILE (whole or not at all) instead of stdout.",
)
@click.pass_context
def anchor(ctx: click.Context, output: Path | None) -> None:
    """Write an anchor: every match's last version and hash, and the store's last position,
    sealed with their SHA-256 (and signed with FLIPSIDE_ANCHOR_KEY if set). Keep it, or
    at least the sha256 printed on stderr, where the database's owner cannot change it;
    `flipside audit --anchor FILE` then finds every match deleted, truncated or rewritten
    since."""
    key = anchor_key()
    writer = AnchorWriter(key)
    created_at = datetime.now(UTC).isoformat(timespec="seconds")
    with connect(database_url(ctx)) as conn, snapshot_heads(conn) as (position, heads):
        lines = writer.lines(position, heads, created_at)
        if output is None:
            _write_stdout(lines)
        else:
            write_atomically(output, lines)
    signed = "signed" if key else "not signed (no FLIPSIDE_ANCHOR_KEY)"
    click.echo(
        f"anchored {writer.streams} matches, {writer.events} events, up to position "
        f"{position.txid}/{position.global_position}; sha256 {writer.sha256}; {signed}",
        err=True,
    )


def _write_stdout(lines: Iterable[bytes]) -> None:
    out = sys.stdout.buffer
    out.writelines(lines)
    out.flush()


def write_atomically(path: Path, lines: Iterable[bytes]) -> None:
    """Write a temporary file beside `path` and rename it over `path` once complete, so
    `path` is never half written (a failure leaves it as it was)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.writelines(lines)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
