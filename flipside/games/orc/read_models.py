"""Orc Poker's read models: its part of a match summary and one row per seat per round,
folded from stored records (`flipside.engine.read_models`).

A round is the unit of play: its `RoundEnded` finishes one row of `ROUND_FACT_COLUMNS` per
seat, holding only what was public when the round ended (K32): chips, payments, the opening
card, the visible row, how the seat left the round and its share of the pot. The rows feed
the csv export (`round_facts`); the projections keep no table of them (`tables` is empty),
and the game adds no ``player_stats`` counters. The summary's ``lives`` are the chips.

>>> from flipside.engine.codec import encode
>>> from flipside.engine.read_models import EventRecord
>>> from flipside.engine.seats import SeatSpec
>>> from flipside.simulation import play_match
>>> from .game import GAME
>>> events, _ = play_match("m", [SeatSpec("npc", level="easy")] * 3, bytes(32), game="orc")
>>> facts = round_facts([EventRecord(*encode(GAME, event)[:2]) for event in events])
>>> facts[0]["round"], facts[0]["seat"], facts[0]["chips_before"], facts[0]["fee"]
(1, 0, 30, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from flipside.engine.read_models import Handler, Record, Row, player_key
from flipside.engine.summary_fold import NoPlayerStats, SummaryFold, handlers_of, unit_rows

from .standings import outcome_places

GAME_ID = "orc"
ROUNDS = "orc_round_facts"  # the unit's rows; not a projected table (no migration creates it)

ROUND_FACT_COLUMNS = (
    "match_id",
    "round",
    "seat",
    "player",
    "level",
    "chips_before",
    "fee",
    "opening",
    "started",
    "row",
    "out",
    "out_phase",
    "paid_out",
    "shortfall",
    "pot_share",
    "chips_after",
)
"""One row per seat per round: chips before and after, the fee paid, the opening card,
whether the seat started phase 1, its visible row at the end, how and in which phase it left
(``bust``, ``give_up`` or empty), what it paid then, its shortfalls (K8) and its share of
the pot (K22, K26)."""


class OrcFold(SummaryFold):
    """One match being folded; `_on_<event>` takes each event the fold reads."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []
        self.visible: list[list[int]] = []

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)
        self.lives = [data["start_chips"]] * len(self.specs)  # each seat's chips

    def _on_round_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        round_no = data["round"]
        self._summary["round"] = round_no
        self.visible = [[] for _ in self.specs]
        self.rows = [
            dict.fromkeys(ROUND_FACT_COLUMNS)
            | {
                "match_id": self._summary["match_id"],
                "round": round_no,
                "seat": seat,
                "player": player_key(spec),
                "level": spec["level"],
                "chips_before": self.lives[seat],
                "fee": 0,
                "started": False,
                "out": "",
                "paid_out": 0,
                "shortfall": 0,
                "pot_share": 0,
            }
            for seat, spec in enumerate(self.specs)
        ]

    def _on_chips_paid(self, data: Mapping[str, Any], at: datetime | None) -> None:
        row = self.rows[data["seat"]]
        row["fee" if data["reason"] == "fee" else "paid_out"] += data["paid"]
        row["shortfall"] += data["shortfall"]
        self.lives[data["seat"]] = data["chips"]

    def _on_opening_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for seat, number in enumerate(data["numbers"]):
            self.rows[seat]["opening"] = number
            self.visible[seat] = [number]

    def _on_tie_break_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for seat, sequence in zip(data["seats"], data["sequences"], strict=True):
            self.visible[seat] = list(sequence)

    def _on_start_player_chosen(self, data: Mapping[str, Any], at: datetime | None) -> None:
        if data["phase"] == 1:
            self.rows[data["seat"]]["started"] = True

    def _on_card_drawn(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.visible[data["seat"]].append(data["number"])

    def _on_player_out(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.rows[data["seat"]].update(out=data["reason"], out_phase=data["phase"])

    def _on_pot_awarded(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for seat in data["seats"]:
            self.rows[seat]["pot_share"] = data["amount"]
            self.lives[seat] += data["amount"]

    def _on_round_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.lives = list(data["chips"])
        for seat, row in enumerate(self.rows):
            row.update(row=" ".join(map(str, self.visible[seat])), chips_after=self.lives[seat])
        self.finished.append({ROUNDS: self.rows})

    def _on_match_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        places = outcome_places(data["places"], data["first"])
        self._summary.update(
            status="finished", winner=data["first"], places=list(places), finished_at=at
        )


class OrcReadModels(NoPlayerStats):
    """Orc Poker's `flipside.engine.read_models.GameReadModels`."""

    opening_event = "MatchCreated"
    unit_end_events = frozenset({"RoundEnded"})
    match_end_events = frozenset({"MatchEnded"})
    # The other events change no row: shuffles, deals and refills (secret), sealed choices
    # (secret, and repeated by the reveals), phases, give-ups and passes (the payment and the
    # turned-down row follow), discards, timeouts, the seed.
    handlers: Mapping[str, Handler] = handlers_of(OrcFold)

    def new_fold(self) -> OrcFold:
        return OrcFold()


READ_MODELS = OrcReadModels()


def round_facts(records: Iterable[Record]) -> list[Row]:
    """The fact rows of a match's finished rounds, in play order (`ROUND_FACT_COLUMNS`)."""
    return unit_rows(GAME_ID, READ_MODELS, records, ROUNDS)
