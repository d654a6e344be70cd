"""Hold'em's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, Hold'em's matches
export as:

- ``csv``: one row per seat per finished hand (`hand_rows`), the same for every reader;
- ``phh``: the Poker Hand History standard, one table per hand, for a ``.phhs`` file
  (`phh`): PokerKit's ``HandHistory`` loads and replays it.

Neither is read back. Every event type is at its first schema version, so records are read
without upcasting. Its replay lines are in `replay_text`, its audit checks (the button
draw, every deck, every card dealt) in `audit`.
"""

from __future__ import annotations

from collections.abc import Sequence

from flipside.engine.game import Viewer
from flipside.engine.game_records import Format, FormatRecords, csv_format
from flipside.engine.read_models import Row
from flipside.engine.records import Record
from flipside.engine.registry import split_type

from . import audit, replay_text
from .events import Event, MatchEnded, SeedRevealed, from_data
from .hand_rows import HAND_COLUMNS, hand_rows
from .phh import phh_text
from .views import redact


def _events(records: Sequence[Record]) -> list[Event]:
    return [from_data(split_type(record.type)[1], record.data) for record in records]


def _hand_rows(records: Sequence[Record]) -> list[Row]:
    return hand_rows(_events(records))


def _phh_text(records: Sequence[Record], viewer: Viewer) -> str:
    events = _events(records)
    over = any(isinstance(event, MatchEnded) for event in events)
    seen = [redact(e, viewer, omniscient=viewer is None or over) for e in events]
    text = phh_text(seen)
    return text + "\n" if text else ""


RECORDS = FormatRecords(
    "Hold'em",
    {"csv": csv_format(HAND_COLUMNS, _hand_rows), "phh": Format("", _phh_text)},
    replay_text.replay_lines,
    SeedRevealed,
    audit.audit_checks,
)
