"""What the record commands share: the event store, the matches chosen, progress on a terminal."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime
from itertools import chain, islice
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from flipside.config import Settings
from flipside.db import connect, resolve_database_url
from flipside.service import UnknownMatch
from flipside.store import PostgresEventStore, StoredEvent, iter_stream_ids
from flipside.store.postgres import read_streams

STORE_TIMEOUT = 5.0  # seconds to wait for a connection before saying the database is down
BATCH_MATCHES = 100  # matches read in one query: round trips cost more than rows
JOBS = min(os.cpu_count() or 1, 4)  # processes for long audits and exports
T = TypeVar("T")

jobs_option = click.option(
    "--jobs",
    type=click.IntRange(1),
    default=JOBS,
    show_default=True,
    help="Processes working on batches of matches in parallel.",
)


def database_url(ctx: click.Context) -> str:
    """``--database-url``, else FLIPSIDE_DATABASE_URL, else the embedded database."""
    explicit = (ctx.find_root().obj or {}).get("database_url")
    return explicit or resolve_database_url(Settings.from_env())


def open_store(ctx: click.Context) -> PostgresEventStore:
    """The event store of `database_url`, closed when the command ends."""
    url = database_url(ctx)
    # One plain connection first: a server that refuses is reported at once, where the
    # pool would keep retrying in the background until its timeout.
    with connect(url):
        pass
    store = PostgresEventStore(url, max_size=2, timeout=STORE_TIMEOUT)
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


def in_batches(
    work: Callable[[str, list[str]], T], url: str, ids: Iterable[str], jobs: int
) -> Iterator[tuple[int, T]]:
    """``work(url, batch)`` over batches of `ids`, in order, with the batch sizes.

    Memory stays flat: a batch at a time (a few per worker). With more than one batch and
    `jobs` > 1, batches run in that many processes, each with its own connections. With
    `jobs` 1 they run in two threads of this process, each with its own connections: one
    computes while the other waits for its batch's rows (their Python never runs at once).
    """
    chunks = _chunks(ids)
    head = list(islice(chunks, 2))
    if len(head) < 2:
        for batch in head:
            yield len(batch), _collector_paused(work, url, batch)
        return
    with _workers(jobs) as pool:
        pending: deque[tuple[int, Future[T]]] = deque()
        for batch in chain(head, chunks):
            pending.append((len(batch), pool.submit(_collector_paused, work, url, batch)))
            if len(pending) > 2 * jobs:  # keep every process busy, but no more in memory
                size, future = pending.popleft()
                yield size, future.result()
        for size, future in pending:
            yield size, future.result()


def _collector_paused(work: Callable[[str, list[str]], T], url: str, batch: list[str]) -> T:
    """``work(url, batch)`` with the cyclic garbage collector paused until it ends.

    A batch's events are read, decoded and checked at once, making some ten objects an event
    that live as long as the batch: the collector, run every 700 new objects, walked them
    again and again, a quarter of an export's time. Reference counts free them all the
    same; the collector, back on when the batch that paused it ends, finds any cycles.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return work(url, batch)
    finally:
        if was_enabled:
            gc.enable()


def _workers(jobs: int) -> Executor:
    if jobs == 1:
        return ThreadPoolExecutor(2)
    # spawn, not fork: this process holds a connection pool and its threads.
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))


def _chunks(ids: Iterable[str]) -> Iterator[list[str]]:
    iterator = iter(ids)
    while batch := list(islice(iterator, BATCH_MATCHES)):
        yield batch


def read_batch(url: str, batch: list[str]) -> dict[str, list[StoredEvent]]:
    """The events of a batch of matches, by id, through one connection of the thread or
    process that runs it (a store would open a pool for the one query)."""
    with connect(url) as conn:
        return read_streams(conn, batch)


def created_since(events: Sequence[StoredEvent], since: datetime | None) -> bool:
    """Whether a match was created at or after `since` (naive times are UTC)."""
    return created_at_or_after(events[0].recorded_at, since)


def created_at_or_after(created: datetime | None, since: datetime | None) -> bool:
    """Whether a match created at `created` (None: unknown) counts as created at or after
    `since` (None: any time; naive times are UTC)."""
    if since is None:
        return True
    return created is not None and created >= since.replace(tzinfo=since.tzinfo or UTC)


def read_events(store: PostgresEventStore, match_id: str) -> list[StoredEvent]:
    events = store.read_stream(match_id)
    if not events:
        raise UnknownMatch(f"no match {match_id!r}")
    return events


@contextmanager
def progress_bar(label: str, total: int | Callable[[], int] | None) -> Iterator[Any]:
    """A callable advancing a progress bar on stderr by n; a bar only on a terminal.

    `total` may be a callable, so that counting (say, every stored match) is done only when
    a bar is shown.
    """
    console = Console(stderr=True)
    if not console.is_terminal:
        yield lambda _n: None
        return
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(label, total=total() if callable(total) else total)
        yield lambda n: progress.advance(task, n)


def match_count(store: PostgresEventStore, ids: Sequence[str]) -> Callable[[], int]:
    """How many matches `match_ids` chooses: the ids named, else every stored match."""
    return lambda: len(ids) or sum(1 for _ in iter_stream_ids(store))
