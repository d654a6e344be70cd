"""Juggernaut's read models: its part of a match summary, and one row per seat per set,
folded from stored records (`flipside.engine.read_models`).

A set is the unit of play: its `SetEnded` finishes four rows of `SET_FACT_COLUMNS`, each
seat's coins before and after the set and every cost and reward between them, so that

    silver_after = silver_before - augment_cost - exchange_cost - reveal_cost
                   - refusal_cost - confiscated - gold_cost + reward

Only finished sets have rows, and a row holds only what is public when its set ends (J42).
The rows feed the csv export (`set_facts`); the projections keep no table of them (`tables`
is empty) and the game adds no ``player_stats`` counters. A summary's ``lives`` are the
seats' gold, their standing toward the win (J40).

>>> from flipside.engine.codec import encode
>>> from flipside.engine.read_models import EventRecord
>>> from flipside.engine.seats import SeatSpec
>>> from flipside.engine.driver import play_until_blocked
>>> from .game import GAME
>>> seats = [SeatSpec("npc", level="easy")] * 4
>>> create = GAME.create("m", seats, bytes(32), seeded=True, options={},
...                      turn_timeout_seconds=None)
>>> events, state = GAME.execute(GAME.initial_state(), create)
>>> more, state = play_until_blocked(GAME, state, GAME.policies(state))
>>> facts = set_facts([EventRecord(*encode(GAME, event)[:2]) for event in events + more])
>>> len(facts) == 4 * state.set_no and facts[0]["silver_before"]
10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from flipside.engine.read_models import Handler, Record, Row, player_key
from flipside.engine.summary_fold import NoPlayerStats, SummaryFold, handlers_of, unit_rows

from .evaluator import CATEGORIES

GAME_ID = "juggernaut"  # `Juggernaut.id`: game.py imports this module
SETS = "juggernaut_set_facts"  # the unit's rows; not a projected table (no migration)

SET_FACT_COLUMNS = (
    "match_id",
    "set",
    "seat",
    "player",
    "level",
    "juggernaut",
    "turn_position",
    "silver_before",
    "gold_before",
    "augment_count",
    "augment_cost",
    "exchanges",
    "exchange_cost",
    "reveals",
    "reveal_cost",
    "named",
    "refusal_cost",
    "cards",
    "category",
    "strength",
    "hand_place",
    "final_place",
    "demoted",
    "beat_juggernaut",
    "confiscated",
    "gold_exchange",
    "gold_cost",
    "base_reward",
    "defeat_bonus",
    "hand_bonus",
    "reward",
    "silver_after",
    "gold_after",
)
"""One row per seat per set: the csv export's columns."""

_COUNTERS = (
    "augment_count",
    "augment_cost",
    "exchanges",
    "exchange_cost",
    "reveals",
    "reveal_cost",
    "refusal_cost",
    "confiscated",
    "gold_cost",
    "base_reward",
    "defeat_bonus",
    "hand_bonus",
    "reward",
)


class JuggernautFold(SummaryFold):
    """One match being folded; `_on_<event>` takes each event the fold reads. A seat's
    standing (the summary's ``lives``) is its gold (J40)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Row] = []

    def _on_match_created(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)
        self.lives = [0] * len(self.specs)

    def _on_set_started(self, data: Mapping[str, Any], at: datetime | None) -> None:
        set_no, order = data["set_no"], data["turn_order"]
        self._summary["round"] = set_no
        self.rows = []
        for seat, spec in enumerate(self.specs):
            row = dict.fromkeys(SET_FACT_COLUMNS) | dict.fromkeys(_COUNTERS, 0)
            self.rows.append(
                row
                | {
                    "match_id": self._summary["match_id"],
                    "set": set_no,
                    "seat": seat,
                    "player": player_key(spec),
                    "level": spec["level"],
                    "juggernaut": seat == data["juggernaut"],
                    "turn_position": order.index(seat) + 1,
                    "silver_before": data["silver"][seat],
                    "gold_before": data["gold"][seat],
                    "demoted": False,
                    "beat_juggernaut": False,
                }
            )

    def _add(self, seat: int, **amounts: int) -> None:
        row = self.rows[seat]
        for name, amount in amounts.items():
            row[name] += amount

    def _on_hand_augmented(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["seat"], augment_count=data["count"], augment_cost=data["cost"])

    def _on_reveal_requested(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["juggernaut"], reveals=1, reveal_cost=data["cost"])

    def _on_reveal_refused(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["target"], refusal_cost=data["cost"])
        self.rows[data["target"]]["named"] = "refused"

    def _on_hand_revealed(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.rows[data["target"]]["named"] = "allowed"

    def _on_cards_exchanged(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["seat"], exchanges=1, exchange_cost=data["cost"])

    def _on_hands_shown(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for row, hand, strength in zip(self.rows, data["hands"], data["strengths"], strict=True):
            row.update(cards=" ".join(hand), strength=strength, category=CATEGORIES[strength])

    def _on_set_ranked(self, data: Mapping[str, Any], at: datetime | None) -> None:
        for place, seat in enumerate(data["hand_ranking"], start=1):
            self.rows[seat]["hand_place"] = place
        for place, seat in enumerate(data["final_ranking"], start=1):
            self.rows[seat]["final_place"] = place
        if data["demoted"] is not None:
            self.rows[data["demoted"]]["demoted"] = True
        for seat in data["beat_juggernaut"]:
            self.rows[seat]["beat_juggernaut"] = True

    def _on_silver_confiscated(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["seat"], confiscated=data["amount"])

    def _on_gold_exchanged(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(data["seat"], gold_cost=data["cost"])
        self.rows[data["seat"]]["gold_exchange"] = "exchanged"

    def _on_gold_exchange_declined(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.rows[data["seat"]]["gold_exchange"] = "declined"

    def _on_reward_paid(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._add(
            data["seat"],
            base_reward=data["base"],
            defeat_bonus=data["defeat_bonus"],
            hand_bonus=data["hand_bonus"],
            reward=data["total"],
        )

    def _on_set_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.lives = list(data["gold"])
        for row, silver, gold in zip(self.rows, data["silver"], data["gold"], strict=True):
            row.update(silver_after=silver, gold_after=gold)
        self.finished.append({SETS: self.rows})


class JuggernautReadModels(NoPlayerStats):
    """Juggernaut's `flipside.engine.read_models.GameReadModels`."""

    opening_event = "MatchCreated"
    unit_end_events = frozenset({"SetEnded"})
    match_end_events = frozenset({"MatchEnded"})
    # The other events change no row: shuffles, deals and draws (secret until the hands are
    # shown), the end of exchange turns, timeouts (the default move that follows is read),
    # the crowning (the final places tell it), the seed.
    handlers: Mapping[str, Handler] = handlers_of(JuggernautFold)

    def new_fold(self) -> JuggernautFold:
        return JuggernautFold()


READ_MODELS = JuggernautReadModels()


def set_facts(records: Iterable[Record]) -> list[Row]:
    """The fact rows of a match's finished sets, in play order (`SET_FACT_COLUMNS`)."""
    return unit_rows(GAME_ID, READ_MODELS, records, SETS)
