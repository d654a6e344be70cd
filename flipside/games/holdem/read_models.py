"""Hold'em's read models: its part of a match summary, folded from stored records
(`flipside.engine.read_models`). It keeps no tables or counters of its own: a hand's rows
are in the csv export (`hand_rows`), and ``player_stats`` holds the counts every game keeps.

A summary's ``lives`` are the stacks after the last finished hand; its ``round`` the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from flipside.engine.read_models import Handler
from flipside.engine.summary_fold import NoPlayerStats, SummaryFold, handlers_of


class HoldemFold(SummaryFold):
    """One Hold'em match being folded; `_on_<event>` takes each event the fold reads."""

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)
        self.lives = list(data["config"]["starting_stacks"])

    def _on_hand_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["round"] = data["hand"]

    def _on_hand_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.lives = list(data["stacks"])


class HoldemReadModels(NoPlayerStats):
    """Hold'em's `flipside.engine.read_models.GameReadModels`."""

    opening_event = "MatchCreated"
    unit_end_events: frozenset[str] = frozenset()
    match_end_events = frozenset({"MatchEnded"})
    handlers: Mapping[str, Handler] = handlers_of(HoldemFold)

    def new_fold(self) -> HoldemFold:
        return HoldemFold()


READ_MODELS = HoldemReadModels()
