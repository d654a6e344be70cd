"""Hold'em's read models: its part of a match summary, folded from stored records
(`flipside.engine.read_models`). It keeps no tables or counters of its own: a hand's rows
are in the csv export (`hand_rows`), and ``player_stats`` holds the counts every game keeps.

A summary's ``lives`` are the stacks after the last finished hand; its ``round`` the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import Any

from flipside.engine.read_models import Handler, Row, Table, Unit


class HoldemFold:
    """One Hold'em match being folded; `_on_<event>` takes each event the fold reads."""

    def __init__(self) -> None:
        self._summary: Row = {
            "status": "active",
            "round": 0,
            "lives": [],
            "winner": None,
            "places": None,
            "finished_at": None,
        }

    def summary(self) -> Row:
        return self._summary

    def units(self) -> Sequence[Unit]:
        return ()

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary.update(
            match_id=data["match_id"],
            seats=[
                {"seat": seat, "kind": spec["kind"], "name": spec["name"], "level": spec["level"]}
                for seat, spec in enumerate(data["seats"])
            ],
            lives=list(data["config"]["starting_stacks"]),
        )

    def _on_hand_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["round"] = data["hand"]

    def _on_hand_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["lives"] = list(data["stacks"])

    def _on_match_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary.update(
            status="finished", winner=data["winner"], places=list(data["places"]), finished_at=at
        )


class HoldemReadModels:
    """Hold'em's `flipside.engine.read_models.GameReadModels`."""

    tables: tuple[Table, ...] = ()
    stat_columns: tuple[str, ...] = ()
    opening_event = "MatchCreated"
    unit_end_events: frozenset[str] = frozenset()
    match_end_events = frozenset({"MatchEnded"})
    handlers: Mapping[str, Handler] = MappingProxyType(
        {
            "MatchCreated": HoldemFold._on_match_created,
            "HandStarted": HoldemFold._on_hand_started,
            "HandEnded": HoldemFold._on_hand_ended,
            "MatchEnded": HoldemFold._on_match_ended,
        }
    )

    def new_fold(self) -> HoldemFold:
        return HoldemFold()

    def seat_counters(self, units: Sequence[Unit]) -> dict[int, dict[str, int]]:
        return {}

    def stat_averages(self, counters: Mapping[str, int]) -> Row:
        return {}


READ_MODELS = HoldemReadModels()
