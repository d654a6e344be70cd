"""Flipside's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, Flipside's matches
export as:

- ``csv``: one row per seat per finished round, the round facts read model's rows
  (`ROUND_FACT_COLUMNS`), so a row means the same in a file as in the database;
- ``toml``: the readable hand history (`hand_history`), which also reads back.

Its replay lines are in `replay_text`, its audit checks (shuffles, deals, draws) in `audit`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from flipside.engine.game import Viewer
from flipside.engine.records import Failure, Record, RecordError, Versioned

from . import audit, hand_history, replay_text
from .events import Event
from .read_models import ROUND_FACT_COLUMNS, round_facts


class FlipsideRecords:
    """Flipside's `flipside.engine.records.GameRecords`."""

    formats: tuple[str, ...] = ("csv", "toml")

    def header(self, fmt: str) -> str:
        if fmt == "csv":
            return _csv_text([ROUND_FACT_COLUMNS])
        if fmt == "toml":
            return hand_history.TOML_PREAMBLE
        raise _unknown(fmt)

    def match_text(self, fmt: str, records: Sequence[Record], viewer: Viewer) -> str:
        """csv rows are the same for every reader: finished rounds only, no secret left."""
        if fmt == "csv":
            rows = round_facts(records)
            return _csv_text([row[column] for column in ROUND_FACT_COLUMNS] for row in rows)
        if fmt == "toml":
            record = hand_history.record_of(records, viewer, omniscient=viewer is None)
            return hand_history.toml_match(record)
        raise _unknown(fmt)

    def parse(self, fmt: str, text: str) -> list[hand_history.MatchRecord]:
        if fmt != "toml":
            raise RecordError(f"Flipside reads back toml records, not {fmt}")
        return hand_history.parse_toml(text)

    def replay_lines(self, events: Sequence[Event]) -> list[tuple[str, ...]]:
        return replay_text.replay_lines(events)

    def revealed_seed(self, events: Versioned) -> tuple[int, str] | None:
        return audit.revealed_seed(events)

    def audit_checks(self, events: Versioned, seed: bytes) -> list[Failure]:
        return audit.audit_checks(events, seed)


def _unknown(fmt: str) -> RecordError:
    known = " and ".join(FlipsideRecords.formats)
    return RecordError(f"Flipside has no {fmt} format; its formats are {known}")


def _csv_text(rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()
