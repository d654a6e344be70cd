"""Flipside's read models: its part of a match summary, its ``round_facts`` table and its
players' counters, folded from stored records (`flipside.engine.read_models`).

A round is Flipside's unit of play: its `RoundEnded` adds one ``round_facts`` row per seat of
the round. Only finished rounds have rows: drawn cards and orientations stay secret until
the showdown (R10-R11), and a read model must not leak them while a round is in play.

`round_facts(records)` gives a match's rows directly (the csv export uses it).

>>> from flipside.engine.codec import encode
>>> from flipside.engine.read_models import EventRecord
>>> from flipside.engine.seats import SeatSpec
>>> from flipside.simulation import play_match, match_seed
>>> from .game import GAME
>>> events, _ = play_match("m", [SeatSpec("npc", level="easy")] * 3, match_seed(0, 0))
>>> records = [EventRecord(*encode(GAME, event)[:2]) for event in events]
>>> facts = round_facts(records)
>>> facts[0]["round"], facts[0]["turn_position"], facts[0]["player"]
(1, 1, 'npc:easy')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from flipside.engine.read_models import Handler, Record, Row, Table, Unit, player_key
from flipside.engine.summary_fold import SummaryFold, handlers_of, unit_rows

from .hands import CATEGORIES, RANK_KEY, VALUE_BY_KEY

GAME_ID = "flipside"  # `Flipside.id`: game.py imports this module

ROUND_FACT_COLUMNS = (
    "match_id",
    "round",
    "seat",
    "player",
    "level",
    "start_seat",
    "turn_position",
    "dealt",
    "discarded",
    "drawn",
    "up_ranks",
    "down_ranks",
    "up_category",
    "down_category",
    "up_value",
    "down_value",
    "up_place",
    "down_place",
    "life_before",
    "life_after",
    "eliminated",
)
"""One row per seat per round: the shape of ``round_facts`` and of the csv export."""

ROUND_FACTS = Table("round_facts", ROUND_FACT_COLUMNS, order=("round", "turn_position"))

STAT_COLUMNS = ("placements", "up_favoured", "exchanges", "cards_discarded")
"""Flipside's counters in ``player_stats``: hands placed (one a round played), those whose up
hand beats their down hand, exchanges and the cards they discarded."""


_CATEGORY_WEIGHT = 13**5  # hands.py: a value is category * 13**5 + its tie-break digits


def _hand(ranks: str) -> tuple[int, str]:
    """(value, category) of five ranks, by the hands table: a sum of keys, one lookup."""
    value = VALUE_BY_KEY[sum(map(RANK_KEY.__getitem__, ranks))]
    return value, CATEGORIES[value // _CATEGORY_WEIGHT]


@dataclass(slots=True)
class _SeatRound:
    """One seat's round while it is being folded."""

    dealt: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    placed: tuple[str, ...] = ()
    places: dict[str, int] = field(default_factory=dict)


class FlipsideFold(SummaryFold):
    """One Flipside match being folded; `_on_<event>` takes each event the fold reads."""

    def __init__(self) -> None:
        super().__init__()
        self.life_before: list[int] = []
        self.start_seat = 0
        self.turn_order: Sequence[int] = ()
        self.seat_rounds: dict[int, _SeatRound] = {}

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)
        self.lives = [data.get("start_life", 4)] * len(self.specs)

    def _on_round_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["round"] = data["round"]
        self.start_seat = data["start_seat"]
        self.turn_order = data["turn_order"]
        self.life_before = list(self.lives)
        self.seat_rounds = {seat: _SeatRound() for seat in self.turn_order}

    def _on_cards_dealt(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for seat, seat_round in self.seat_rounds.items():
            seat_round.dealt = data["hands"][seat]

    def _on_cards_exchanged(self, data: Mapping[str, Any], at: datetime | None) -> None:
        seat_round = self.seat_rounds[data["seat"]]
        seat_round.discarded = data["discarded"]
        seat_round.drawn = data["drawn"]

    def _on_showdown_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        side = data["side"]
        for place, seat in enumerate(data["ranking"], start=1):
            seat_round = self.seat_rounds[seat]
            seat_round.places[side] = place
            # Every seat of the round is in the up showdown, which shows each one's cards as
            # placed: one event instead of one OrientationChosen per seat.
            if side == "up":
                seat_round.placed = data["placed"][seat]

    def _on_round_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        # The lives after the round: the LifeChanged events before it add nothing, and a
        # seat of the round at 0 life has just been eliminated (R5).
        self.lives = list(data["lives"])
        match_id, round_no = self._summary["match_id"], data["round"]
        rows = [
            self._round_fact(match_id, round_no, seat, position)
            for position, seat in enumerate(self.turn_order, start=1)
        ]
        self.finished.append({ROUND_FACTS.name: rows})

    def _round_fact(self, match_id: str, round_no: int, seat: int, position: int) -> Row:
        seat_round = self.seat_rounds[seat]
        placed = "".join(seat_round.placed)  # oriented cards: up rank, down rank, up, down...
        up_ranks, down_ranks = placed[::2], placed[1::2]
        (up_value, up_category), (down_value, down_category) = _hand(up_ranks), _hand(down_ranks)
        spec = self.specs[seat]
        return {
            "match_id": match_id,
            "round": round_no,
            "seat": seat,
            "player": player_key(spec),
            "level": spec["level"],
            "start_seat": self.start_seat,
            "turn_position": position,
            "dealt": " ".join(seat_round.dealt),
            "discarded": " ".join(seat_round.discarded),
            "drawn": " ".join(seat_round.drawn),
            "up_ranks": up_ranks,
            "down_ranks": down_ranks,
            "up_category": up_category,
            "down_category": down_category,
            "up_value": up_value,
            "down_value": down_value,
            "up_place": seat_round.places.get("up"),
            "down_place": seat_round.places.get("down"),  # None: out before the down side
            "life_before": self.life_before[seat],
            "life_after": self.lives[seat],
            "eliminated": self.lives[seat] == 0,
        }


class FlipsideReadModels:
    """Flipside's `flipside.engine.read_models.GameReadModels`."""

    tables: tuple[Table, ...] = (ROUND_FACTS,)
    stat_columns: tuple[str, ...] = STAT_COLUMNS
    opening_event = "MatchCreated"
    unit_end_events = frozenset({"RoundEnded"})
    match_end_events = frozenset({"MatchEnded"})
    # The other events change no row: shuffles and the seed, and orientations, life changes
    # and eliminations, which the showdown and the round's end repeat.
    handlers: Mapping[str, Handler] = handlers_of(FlipsideFold)

    def new_fold(self) -> FlipsideFold:
        return FlipsideFold()

    def seat_counters(self, units: Sequence[Unit]) -> dict[int, dict[str, int]]:
        counters: dict[int, dict[str, int]] = {}
        for unit in units:
            for fact in unit[ROUND_FACTS.name]:
                seat = counters.get(fact["seat"])
                if seat is None:
                    seat = counters[fact["seat"]] = dict.fromkeys(STAT_COLUMNS, 0)
                seat["placements"] += 1
                seat["up_favoured"] += fact["up_value"] > fact["down_value"]
                seat["exchanges"] += 1  # every seat in a round exchanges once, 0-5 cards (R10)
                seat["cards_discarded"] += len(fact["discarded"].split())
        return counters

    def stat_averages(self, counters: Mapping[str, int]) -> Row:
        placements, exchanges = counters["placements"], counters["exchanges"]
        return {
            "up_favoured_rate": counters["up_favoured"] / placements if placements else None,
            "mean_discarded": counters["cards_discarded"] / exchanges if exchanges else None,
        }


READ_MODELS = FlipsideReadModels()


def round_facts(records: Iterable[Record]) -> list[Row]:
    """The ``round_facts`` rows of a match's finished rounds, in play order
    (`ROUND_FACT_COLUMNS`), from its records in stream order, stored types bare or qualified."""
    return unit_rows(GAME_ID, READ_MODELS, records, ROUND_FACTS.name)
