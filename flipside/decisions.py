"""Decision datasets: one row per decision a seat made in a stored match.

For imitation learning and opponent modelling: each row holds the match, the seat, the view
as that seat saw it when deciding (the API's view, envelope included), the legal actions it
had (as ``GET .../actions`` lists them), the command it gave, and the match's final outcome
with the seat's place. A decision is a command of an awaited seat (a timed-out turn's move,
``TimeOut``, included: ``timed_out`` says so); the match's creation and its automatic
steps are not decisions.

Rows come from the stored records alone: the events are folded again, and every view is the
game's own redacted view (`Game.view`), so a row shows what its seat could see, no more.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flipside.engine.envelope import envelope
from flipside.engine.plain import plain
from flipside.engine.records import Record, RecordError, events_of
from flipside.engine.registry import AnyGame, game_of_type

JSON = dict[str, Any]
TIMEOUT = "TimeOut"  # every game's command for a timed-out turn
NESTED = ("view", "legal_actions", "action", "outcome")  # JSON text in a Parquet file


def decision_rows(records: Sequence[Record]) -> list[JSON]:
    """The decisions of one match's records, in order, each with the match's outcome."""
    if not records:
        return []
    game = game_of_type(records[0].type)
    rows: list[JSON] = []
    state = game.initial_state()
    for event in events_of(game, records):
        rows.extend(_decision(game, state, event))
        state = game.evolve(state, event)
    outcome = game.progress(state).outcome
    for row in rows:
        row["outcome"] = plain(outcome)
        row["place"] = outcome.places[row["seat"]] if outcome else None
    return rows


def _decision(game: AnyGame, state: Any, event: Any) -> Iterator[JSON]:
    """The row of the decision `event` begins, if it begins one of an awaited seat."""
    command = game.command_behind(event)
    seat = getattr(command, "seat", None)
    progress = game.progress(state)
    if command is None or seat is None or seat not in progress.awaiting:
        return
    yield {
        "match_id": progress.match_id,
        "game": game.id,
        "version": progress.version,  # the events before the decision
        "seat": seat,
        "view": envelope(game, state, seat),
        "legal_actions": game.legal_actions(state, seat),
        "command": type(command).__name__,
        "action": plain(command),
        "timed_out": type(command).__name__ == TIMEOUT,
    }


def decisions_jsonl(records: Sequence[Record], seat: int | None = None) -> str:
    """One match's decisions as JSON lines: every seat's, or only `seat`'s."""
    return "".join(
        json.dumps(row, separators=(",", ":")) + "\n"
        for row in decision_rows(records)
        if seat is None or row["seat"] == seat
    )


def require_parquet() -> None:
    """`RecordError` unless ``pyarrow`` is installed: to refuse before any work is done."""
    _pyarrow()


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ModuleNotFoundError:
        raise RecordError("Parquet needs pyarrow: pip install 'flipside[parquet]'") from None
    return pa, pq


@contextmanager
def parquet_rows(path: Path) -> Iterator[Callable[[Sequence[JSON]], None]]:
    """A writer of batches of rows to a Parquet file at `path`, one row group a batch, so
    that any number of matches stream in constant memory. Scalars are columns; the view,
    legal actions, action and outcome are JSON text (their shapes differ from game to
    game). Needs ``pyarrow`` (`RecordError` without it)."""
    pa, pq = _pyarrow()
    # Declared, not inferred: a batch whose places are all null (matches still running)
    # must get the same columns as the others.
    schema = pa.schema(
        [
            ("match_id", pa.string()),
            ("game", pa.string()),
            ("version", pa.int64()),
            ("seat", pa.int64()),
            ("view", pa.string()),
            ("legal_actions", pa.string()),
            ("command", pa.string()),
            ("action", pa.string()),
            ("timed_out", pa.bool_()),
            ("outcome", pa.string()),
            ("place", pa.int64()),
        ]
    )

    def write(rows: Sequence[JSON]) -> None:
        flat = [
            {
                name: json.dumps(value) if name in NESTED and value is not None else value
                for name, value in row.items()
            }
            for row in rows
        ]
        writer.write_table(pa.Table.from_pylist(flat, schema=schema))

    with pq.ParquetWriter(path, schema) as writer:
        yield write


def write_parquet(rows: Sequence[JSON], path: Path) -> None:
    """`rows` as a Parquet file (`parquet_rows`)."""
    with parquet_rows(path) as write:
        write(rows)
