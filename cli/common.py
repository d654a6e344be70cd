"""What the record commands share: the event store, the matches chosen, progress on a terminal."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from flipside.config import Settings
from flipside.db import resolve_database_url
from flipside.service import UnknownMatch
from flipside.store import PostgresEventStore, StoredEvent, iter_stream_ids

STORE_TIMEOUT = 5.0  # seconds to wait for a connection before saying the database is down


def database_url(ctx: click.Context) -> str:
    """``--database-url``, else FLIPSIDE_DATABASE_URL, else the embedded database."""
    explicit = (ctx.find_root().obj or {}).get("database_url")
    return explicit or resolve_database_url(Settings.from_env())


def open_store(ctx: click.Context) -> PostgresEventStore:
    """The event store of `database_url`, closed when the command ends."""
    store = PostgresEventStore(database_url(ctx), max_size=2, timeout=STORE_TIMEOUT)
    ctx.call_on_close(store.close)
    return store


def match_ids(
    store: PostgresEventStore, ids: Sequence[str], every: bool, since: datetime | None = None
) -> Iterable[str]:
    """The ids named (each must exist), or every stored match, or those created since."""
    if ids and (every or since):
        raise click.UsageError("name matches, or give --all or --since, not both")
    if not ids and not every and since is None:
        raise click.UsageError("name at least one match, or give --all or --since")
    for match_id in ids:
        if store.stream_version(match_id) == 0:
            raise UnknownMatch(f"no match {match_id!r}")
    return ids or iter_stream_ids(store)


def match_events(
    store: PostgresEventStore, ids: Iterable[str], since: datetime | None = None
) -> Iterator[list[StoredEvent]]:
    """Each match's events, one match at a time (memory stays flat); with `since`, only
    matches created at or after it."""
    since = since.replace(tzinfo=since.tzinfo or UTC) if since else None
    for match_id in ids:
        events = store.read_stream(match_id)
        created = events[0].recorded_at if events else None
        if since is None or (created is not None and created >= since):
            yield events


def read_events(store: PostgresEventStore, match_id: str) -> list[StoredEvent]:
    events = store.read_stream(match_id)
    if not events:
        raise UnknownMatch(f"no match {match_id!r}")
    return events


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Any]:
    """A callable advancing a progress bar on stderr by n; a bar only on a terminal."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield lambda _n: None
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda n: progress.advance(task, n)
