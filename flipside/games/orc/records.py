"""Orc Poker's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, a match exports as a
``csv`` of one row per seat per finished round (`read_models.ROUND_FACT_COLUMNS`): only what
was public when the round ended, so every reader gets the same rows. Its replay lines are in
`replay_text`, its audit checks (shuffles, deals, refills, draws, lots) in `audit`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from flipside.engine.game import Viewer
from flipside.engine.records import Failure, Record, RecordError, Versioned

from . import audit, replay_text
from .events import Event
from .read_models import ROUND_FACT_COLUMNS, round_facts


class OrcRecords:
    formats = ("csv",)

    def header(self, fmt: str) -> str:
        _check(fmt)
        return _csv_text([ROUND_FACT_COLUMNS])

    def match_text(self, fmt: str, records: Sequence[Record], viewer: Viewer) -> str:
        _check(fmt)
        rows = round_facts(records)
        return _csv_text([row[column] for column in ROUND_FACT_COLUMNS] for row in rows)

    def parse(self, fmt: str, text: str) -> list[Any]:
        raise RecordError(f"Orc Poker's {fmt} records are for study; re-import its jsonl")

    def replay_lines(self, events: Sequence[Event]) -> list[tuple[str, ...]]:
        return replay_text.replay_lines(events)

    def revealed_seed(self, events: Versioned) -> tuple[int, str] | None:
        return audit.revealed_seed(events)

    def audit_checks(self, events: Versioned, seed: bytes) -> list[Failure]:
        return audit.audit_checks(events, seed)


def _check(fmt: str) -> None:
    if fmt != "csv":
        raise RecordError(f"Orc Poker has no {fmt} format; its format is csv")


def _csv_text(rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()
