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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from flipside.engine.envelope import envelope
from flipside.engine.plain import plain
from flipside.engine.records import Record, events_of
from flipside.engine.registry import AnyGame, game_of_type

JSON = dict[str, Any]
TIMEOUT = "TimeOut"  # every game's command for a timed-out turn


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


def decisions_jsonl(records: Sequence[Record]) -> str:
    """One match's decisions as JSON lines."""
    return "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in decision_rows(records))


def write_parquet(rows: Sequence[JSON], path: Path) -> None:
    """`rows` as a Parquet file: scalars as columns; the view, legal actions, action and
    outcome as JSON text (their shapes differ from game to game). Needs ``pyarrow``."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ModuleNotFoundError:
        raise RuntimeError("Parquet needs pyarrow: pip install pyarrow") from None
    nested = ("view", "legal_actions", "action", "outcome")
    flat = [
        {name: json.dumps(value) if name in nested else value for name, value in row.items()}
        for row in rows
    ]
    pq.write_table(pa.Table.from_pylist(flat), path)
