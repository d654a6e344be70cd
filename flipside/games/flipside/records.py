"""Flipside's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, Flipside's matches
export as:

- ``csv``: one row per seat per finished round, the round facts read model's rows
  (`ROUND_FACT_COLUMNS`), so a row means the same in a file as in the database;
- ``toml``: the readable hand history (`hand_history`), which also reads back.

Its replay lines are in `replay_text`, its audit checks (shuffles, deals, draws) in `audit`.
"""

from __future__ import annotations

from collections.abc import Sequence

from flipside.engine.game import Viewer
from flipside.engine.game_records import Format, FormatRecords, csv_format
from flipside.engine.records import Record

from . import audit, hand_history, replay_text
from .events import SeedRevealed
from .read_models import ROUND_FACT_COLUMNS, round_facts


def _toml_text(records: Sequence[Record], viewer: Viewer) -> str:
    record = hand_history.record_of(records, viewer, omniscient=viewer is None)
    return hand_history.toml_match(record)


RECORDS = FormatRecords(
    "Flipside",
    {
        "csv": csv_format(ROUND_FACT_COLUMNS, round_facts),
        "toml": Format(hand_history.TOML_PREAMBLE, _toml_text, hand_history.parse_toml),
    },
    replay_text.replay_lines,
    SeedRevealed,
    audit.audit_checks,
)
