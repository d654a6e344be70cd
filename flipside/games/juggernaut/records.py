"""Juggernaut's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, a match exports as a
``csv`` of one row per seat per finished set (`read_models.SET_FACT_COLUMNS`): the coins
before and after, every cost and reward between them. Only what was public when the set
ended is in it, so every reader gets the same rows. Its replay lines are in `replay_text`,
its audit checks (first seat, shuffles, deals, draws, coins) in `audit`.
"""

from __future__ import annotations

from flipside.engine.game_records import FormatRecords, csv_format

from . import audit, replay_text
from .events import SeedRevealed
from .read_models import SET_FACT_COLUMNS, set_facts

RECORDS = FormatRecords(
    "Juggernaut",
    {"csv": csv_format(SET_FACT_COLUMNS, set_facts)},
    replay_text.replay_lines,
    SeedRevealed,
    audit.audit_checks,
)
