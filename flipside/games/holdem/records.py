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

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from flipside.engine.game import Viewer
from flipside.engine.records import Failure, Record, RecordError, Versioned
from flipside.engine.registry import split_type

from . import audit, replay_text
from .events import Event, MatchEnded, from_data
from .hand_rows import HAND_COLUMNS, hand_rows
from .phh import phh_text
from .views import redact


class HoldemRecords:
    formats: tuple[str, ...] = ("csv", "phh")

    def header(self, fmt: str) -> str:
        if fmt == "csv":
            return _csv_text([HAND_COLUMNS])
        if fmt == "phh":
            return ""
        raise _unknown(fmt)

    def match_text(self, fmt: str, records: Sequence[Record], viewer: Viewer) -> str:
        events = [from_data(split_type(r.type)[1], r.data) for r in records]
        if fmt == "csv":
            rows = hand_rows(events)
            return _csv_text([row[column] for column in HAND_COLUMNS] for row in rows)
        if fmt == "phh":
            over = any(isinstance(event, MatchEnded) for event in events)
            seen = [redact(e, viewer, omniscient=viewer is None or over) for e in events]
            text = phh_text(seen)
            return text + "\n" if text else ""
        raise _unknown(fmt)

    def parse(self, fmt: str, text: str) -> list[Any]:
        raise RecordError(f"Hold'em reads back no {fmt} records")

    def replay_lines(self, events: Sequence[Event]) -> list[tuple[str, ...]]:
        return replay_text.replay_lines(events)

    def revealed_seed(self, events: Versioned) -> tuple[int, str] | None:
        return audit.revealed_seed(events)

    def audit_checks(self, events: Versioned, seed: bytes) -> list[Failure]:
        return audit.audit_checks(events, seed)


def _unknown(fmt: str) -> RecordError:
    return RecordError(f"Hold'em has no {fmt} format; its formats are csv and phh")


def _csv_text(rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()
