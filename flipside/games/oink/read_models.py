"""Oink Poker's read models: its part of a match summary and one fact row per deal, folded
from stored records (`flipside.engine.read_models`).

A deal is the unit of play: its `DealEnded` finishes one row of `DEAL_FACT_COLUMNS`. The
row holds only what was public when the deal ended (O39-O41): the hands that were shown,
the public moves, the scores. The rows feed the csv export (`deal_facts`); the projections
keep no table of them (`tables` is empty), and the game adds no ``player_stats`` counters.

>>> from flipside.engine.codec import encode
>>> from flipside.engine.read_models import EventRecord
>>> from flipside.engine.seats import SeatSpec
>>> from .game import GAME
>>> from .rules import execute, initial_state
>>> from .npc.driver import next_command, npc_policies
>>> from .commands import CreateMatch
>>> seats = (SeatSpec("npc", level="easy"), SeatSpec("npc", level="normal"))
>>> events, state = execute(initial_state(), CreateMatch("m", seats, bytes(32)))
>>> while (command := next_command(state, npc_policies(state))) is not None:
...     more, state = execute(state, command)
...     events += more
>>> facts = deal_facts([EventRecord(*encode(GAME, event)[:2]) for event in events])
>>> len(facts) == state.deal and facts[-1]["score_0"] + facts[-1]["score_1"] > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from flipside.engine.read_models import Handler, Record, Row
from flipside.engine.summary_fold import NoPlayerStats, SummaryFold, handlers_of, unit_rows

GAME_ID = "oink"
DEALS = "oink_deal_facts"  # the unit's rows; not a projected table (no migration creates it)

DEAL_FACT_COLUMNS = (
    "match_id",
    "deal",
    "start_seat",
    "turns",
    "knocker",
    "knock_joker",
    "answer",
    "prep",
    "joker",
    "hand_0",
    "category_0",
    "hand_1",
    "category_1",
    "outcome",
    "winner",
    "decided_by",
    "points",
    "score_0",
    "score_1",
    "changes_0",
    "changes_1",
    "rolls_0",
    "rolls_1",
)
"""One row per deal: the csv export's columns."""


class OinkFold(SummaryFold):
    """One match being folded; `_on_<event>` takes each event the fold reads."""

    def __init__(self) -> None:
        super().__init__()
        self.lives = [0, 0]  # each seat's score, its standing (O1)
        self.joker: int | None = None
        self.deal: Row = {}

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)

    def _on_die_rolled(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.joker = data["joker"]
        if data["reason"] != "start":
            self.deal[f"rolls_{data['seat']}"] += 1

    def _on_deal_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["round"] = data["deal"]
        self.deal = dict.fromkeys(DEAL_FACT_COLUMNS) | {
            "match_id": self._summary["match_id"],
            "deal": data["deal"],
            "start_seat": data["start_seat"],
            "changes_0": 0,
            "changes_1": 0,
            "rolls_0": 0,
            "rolls_1": 0,
            "points": 0,
        }

    def _on_cards_changed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal[f"changes_{data['seat']}"] += 1

    def _on_knocked(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal.update(knocker=data["seat"], knock_joker=self.joker, turns=data["turn"])

    def _on_passed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal["turns"] = data["turn"]

    def _on_oinked(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal["answer"] = "oink"

    def _on_accepted(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal.update(answer="accept", prep=data["prep"])

    def _on_hand_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        seat = data["seat"]
        self.deal[f"hand_{seat}"] = " ".join(data["cards"])
        self.deal[f"category_{seat}"] = data["category"]

    def _on_deal_decided(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal.update(
            outcome=data["outcome"], winner=data["winner"], decided_by=data["decided_by"]
        )

    def _on_cards_captured(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.lives[data["seat"]] = data["score"]
        self.deal["points"] = data["points"]

    def _on_deal_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.deal.update(joker=self.joker, score_0=self.lives[0], score_1=self.lives[1])
        self.finished.append({DEALS: [self.deal]})

    def _on_match_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        winner = data["winner"]
        places = [1 if seat == winner else 2 for seat in range(len(self.lives))]
        self._summary.update(status="finished", winner=winner, places=places, finished_at=at)


class OinkReadModels(NoPlayerStats):
    """Oink Poker's `flipside.engine.read_models.GameReadModels`."""

    opening_event = "MatchCreated"
    unit_end_events = frozenset({"DealEnded"})
    match_end_events = frozenset({"MatchEnded"})
    # The other events change no row: shuffles, deals of cards (secret), the start player,
    # timeouts (the default move that follows is read), the seed.
    handlers: Mapping[str, Handler] = handlers_of(OinkFold)

    def new_fold(self) -> OinkFold:
        return OinkFold()


READ_MODELS = OinkReadModels()


def deal_facts(records: Iterable[Record]) -> list[Row]:
    """The fact rows of a match's finished deals, in play order (`DEAL_FACT_COLUMNS`)."""
    return unit_rows(GAME_ID, READ_MODELS, records, DEALS)
