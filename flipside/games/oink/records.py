"""Oink Poker's part of the records layer (`flipside.engine.records.GameRecords`).

Beyond the canonical jsonl, which the engine writes for every game, a match exports as a
``csv`` of one row per finished deal (`read_models.DEAL_FACT_COLUMNS`): only what was public
when the deal ended, so every reader gets the same rows. Its replay lines are in
`replay_text`, its audit checks (shuffles, rolls, refills, draws) in `audit`.
"""

from __future__ import annotations

from flipside.engine.game_records import FormatRecords, csv_format

from . import audit, replay_text
from .events import SeedRevealed
from .read_models import DEAL_FACT_COLUMNS, deal_facts

RECORDS = FormatRecords(
    "Oink Poker",
    {"csv": csv_format(DEAL_FACT_COLUMNS, deal_facts)},
    replay_text.replay_lines,
    SeedRevealed,
    audit.audit_checks,
)
