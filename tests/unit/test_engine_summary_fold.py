"""What every game's read-model fold shares (`flipside.engine.summary_fold`), through the
engine's fold of stored records (`flipside.engine.read_models.fold`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from flipside.engine.read_models import EventRecord, Handler
from flipside.engine.summary_fold import NoPlayerStats, SummaryFold, handlers_of, unit_rows

AT = datetime(2026, 1, 2, tzinfo=UTC)
SEATS = [
    {"kind": "human", "name": "Ana", "level": None},
    {"kind": "npc", "name": None, "level": "easy"},
]


class ChipsFold(SummaryFold):
    """A game whose standing is chips and whose unit of play is a hand."""

    def _on_match_opened(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self.open_match(data)
        self.lives = [data["chips"]] * len(self.specs)

    def _on_hand_ended(self, data: Mapping[str, Any], at: datetime | None) -> None:
        self._summary["round"] = data["hand"]
        self.lives = list(data["chips"])
        self.finished.append({"hands": [{"hand": data["hand"], "chips": self.lives}]})


class ChipsModels(NoPlayerStats):
    opening_event = "MatchOpened"
    unit_end_events = frozenset({"HandEnded"})
    match_end_events = frozenset({"MatchEnded"})
    handlers: Mapping[str, Handler] = handlers_of(ChipsFold)

    def new_fold(self) -> ChipsFold:
        return ChipsFold()


RECORDS = [
    EventRecord("chips.MatchOpened", {"match_id": "m1", "seats": SEATS, "chips": 5}),
    EventRecord("chips.HandEnded", {"hand": 1, "chips": [7, 3]}),
    EventRecord("chips.HandEnded", {"hand": 2, "chips": [10, 0]}),
    EventRecord("chips.MatchEnded", {"winner": 0, "places": [1, 2]}, AT),
]


def test_each_event_is_taken_by_the_method_named_after_it() -> None:
    assert sorted(ChipsModels.handlers) == ["HandEnded", "MatchEnded", "MatchOpened"]
    assert ChipsModels.handlers["HandEnded"] is ChipsFold._on_hand_ended


def test_a_summary_follows_the_match_from_its_creation_to_its_end() -> None:
    fold = ChipsFold()
    assert fold.summary() == {
        "status": "active",
        "round": 0,
        "winner": None,
        "places": None,
        "finished_at": None,
        "lives": [],
    }
    ChipsModels.handlers["MatchOpened"](fold, RECORDS[0].data, None)
    assert fold.summary()["seats"] == [
        {"seat": 0, "kind": "human", "name": "Ana", "level": None},
        {"seat": 1, "kind": "npc", "name": None, "level": "easy"},
    ]
    assert (fold.summary()["match_id"], fold.summary()["lives"]) == ("m1", [5, 5])
    for record in RECORDS[1:]:
        ChipsModels.handlers[record.type.split(".")[1]](fold, record.data, record.recorded_at)
    assert fold.summary() | {"seats": None} == {
        "match_id": "m1",
        "seats": None,
        "status": "finished",
        "round": 2,
        "winner": 0,
        "places": [1, 2],
        "finished_at": AT,
        "lives": [10, 0],
    }


def test_a_summary_is_a_copy_the_fold_does_not_change_later() -> None:
    fold = ChipsFold()
    ChipsModels.handlers["MatchOpened"](fold, RECORDS[0].data, None)
    summary = fold.summary()
    fold.lives[0] = 99
    assert summary["lives"] == [5, 5]


def test_unit_rows_are_every_finished_units_rows_in_play_order() -> None:
    assert unit_rows("chips", ChipsModels(), RECORDS, "hands") == [
        {"hand": 1, "chips": [7, 3]},
        {"hand": 2, "chips": [10, 0]},
    ]
    assert unit_rows("chips", ChipsModels(), RECORDS[:2], "hands") == [{"hand": 1, "chips": [7, 3]}]


def test_a_game_without_player_stats_keeps_no_table_and_counts_nothing() -> None:
    models = ChipsModels()
    assert (models.tables, models.stat_columns) == ((), ())
    assert models.seat_counters([{"hands": []}]) == {}
    assert models.stat_averages({}) == {}
