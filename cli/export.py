"""`flipside export`: whole match records to a file, streamed, written atomically."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from pathlib import Path

import click

from flipside.db import connect
from flipside.decisions import parquet_rows, require_parquet
from flipside.engine.registry import AnyGame, game_named, split_type
from flipside.records.export import (
    DECISIONS,
    JSONL,
    atomic_output,
    atomic_path,
    begun_by,
    file_game,
    header_text,
    match_text,
    of_game,
    operator_formats,
    require_game,
)
from flipside.records.jsonl import jsonl_lines
from flipside.store import PostgresEventStore
from flipside.store.postgres import read_records, read_streams

from .common import (
    created_at_or_after,
    created_since,
    database_url,
    in_batches,
    jobs_option,
    match_count,
    match_ids,
    open_store,
    progress_bar,
    read_batch,
)

PARQUET = ".parquet"


def _one_game(store: PostgresEventStore, ids: Sequence[str]) -> str | None:
    """The game of the named matches if they are all of one game, else None."""
    found = {split_type(store.read_stream(match_id)[0].type)[0] for match_id in ids}
    return found.pop() if len(found) == 1 else None


@contextmanager
def _written(out: Path, header: str) -> Iterator[Callable[[str], object]]:
    """A writer of the batches' text to `out`, atomically; a name ending .parquet gets the
    decisions' JSON lines as Parquet rows, a row group a batch."""
    if out.suffix != PARQUET:
        with atomic_output(out) as file:
            file.write(header)
            yield file.write
        return
    with atomic_path(out) as temp, parquet_rows(temp) as write_rows:

        def write(text: str) -> None:
            if rows := [json.loads(line) for line in text.splitlines()]:
                write_rows(rows)

        yield write


@click.command()
@click.argument("ids", nargs=-1, metavar="[MATCH]...")
@click.option("--all", "every", is_flag=True, help="Every stored match.")
@click.option(
    "--since",
    type=click.DateTime(["%Y-%m-%d", "%Y-%m-%dT%H:%M:%S"]),
    help="Matches created at or after this time (UTC).",
)
@click.option("--format", "fmt", type=click.Choice(operator_formats()), required=True)
@click.option(
    "--game",
    "game_id",
    metavar="GAME",
    help="Only this game's matches (a game's own format implies its game).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help=f"The file; decisions to a name ending {PARQUET} are Parquet (needs pyarrow).",
)
@jobs_option
@click.pass_context
def export(
    ctx: click.Context,
    ids: tuple[str, ...],
    every: bool,
    since: datetime | None,
    fmt: str,
    game_id: str | None,
    out: Path,
    jobs: int,
) -> None:
    """Write match records to OUT: jsonl (the stored events of any game, re-importable),
    one of a game's own formats (`flipside games` lists them), or decisions (a row per
    decision, with the view its seat had: JSON lines, or Parquet). The file appears only
    once complete. With --game or a game's format, --all and --since take that game's
    matches, and a named match must be of it."""
    if out.suffix == PARQUET:
        if fmt != DECISIONS:
            raise click.ClickException(f"only --format {DECISIONS} writes Parquet ({out.name})")
        require_parquet()
    url = database_url(ctx)
    store = open_store(ctx)
    chosen = match_ids(store, ids, every, since)
    if game_id is None and ids:
        game_id = _one_game(store, ids)  # named matches of one game: a format of that game
    game = file_game(fmt, game_id)
    work = partial(export_at, fmt, game.id if game else None, since, bool(ids))
    matches = events = 0
    with (
        progress_bar("exporting", match_count(store, ids)) as advance,
        _written(out, header_text(fmt, game)) as write,
    ):
        for size, (text, exported, count) in in_batches(work, url, chosen, jobs):
            write(text)
            matches, events = matches + exported, events + count
            advance(size)
    of_game = f" {game.id}" if game else ""  # a game's format takes that game's matches only
    click.echo(f"exported {matches}{of_game} matches, {events} events to {out}", err=True)


def export_at(
    fmt: str, game_id: str | None, since: datetime | None, named: bool, url: str, batch: list[str]
) -> tuple[str, int, int]:
    """A batch's text, and how many matches and events it holds. Matches named are all
    written (or refused if of another game); the others only if of the file's game."""
    game = game_named(game_id) if game_id else None
    if fmt == JSONL:
        return _jsonl_at(game, since, named, url, batch)
    streams = read_batch(url, batch)
    chosen = [
        streams[i]
        for i in batch
        if i in streams
        and created_since(streams[i], since)
        and (named or of_game(streams[i], game))
    ]
    text = "".join(match_text(fmt, game, events) for events in chosen)
    return text, len(chosen), sum(map(len, chosen))


def _jsonl_at(
    game: AnyGame | None, since: datetime | None, named: bool, url: str, batch: list[str]
) -> tuple[str, int, int]:
    """`export_at` for jsonl: the records the database spliced from the stored canonical
    texts; those of matches with events stored without them, made here from their events."""
    with connect(url) as conn:
        records = read_records(conn, batch)
        chosen = [
            (match_id, records[match_id])
            for match_id in batch
            if match_id in records
            and created_at_or_after(records[match_id].created_at, since)
            and (named or begun_by(records[match_id].first_type, game))
        ]
        for match_id, record in chosen:
            require_game(JSONL, game, match_id, record.first_type)
        untexted = [match_id for match_id, record in chosen if record.text is None]
        stored = read_streams(conn, untexted) if untexted else {}
    text = "".join(
        jsonl_lines(stored[match_id]) if record.text is None else record.text
        for match_id, record in chosen
    )
    return text, len(chosen), sum(record.events for _, record in chosen)
