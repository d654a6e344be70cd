"""Orc Poker's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, a match exports as a
``csv`` of one row per seat per finished round (`read_models.ROUND_FACT_COLUMNS`): only what
was public when the round ended, so every reader gets the same rows. Its replay lines are in
`replay_text`, its audit checks (shuffles, deals, refills, draws, lots) in `audit`.
"""

from __future__ import annotations

from flipside.engine.game_records import FormatRecords, csv_format

from . import audit, replay_text
from .events import SeedRevealed
from .read_models import ROUND_FACT_COLUMNS, round_facts

RECORDS = FormatRecords(
    "Orc Poker",
    {"csv": csv_format(ROUND_FACT_COLUMNS, round_facts)},
    replay_text.replay_lines,
    SeedRevealed,
    audit.audit_checks,
)
