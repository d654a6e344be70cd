"""The pure row builders of `flipside.projections.rows` and Flipside's read models, on
simulated matches (no database).

The oracle is the decider's own state: each round's facts are read off the match state just
before its `RoundEnded` (what every seat was dealt, discarded, drew and placed, its life and
whether it was eliminated), independently of the shortcuts the fold takes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import pytest

from flipside.engine.read_models import EventRecord, player_key
from flipside.engine.registry import split_type
from flipside.games.flipside.events import (
    Event,
    MatchEnded,
    RoundEnded,
    SeatSpec,
    ShowdownRevealed,
)
from flipside.games.flipside.hands import hand_category, hand_value
from flipside.games.flipside.npc.policy import Policy
from flipside.games.flipside.read_models import (
    READ_MODELS,
    ROUND_FACT_COLUMNS,
    STAT_COLUMNS,
    round_facts,
)
from flipside.games.flipside.rules import evolve, initial_state
from flipside.games.flipside.state import Match
from flipside.projections.postgres import _values
from flipside.projections.rows import (
    PLAYER_STAT_COLUMNS,
    SUMMARY_COLUMNS,
    fold_match,
    match_summary,
    merge_stats,
    player_averages,
    player_contributions,
    read_models_of,
    records_of,
    stats_key,
)
from flipside.simulation import match_seed, play_match
from tests.recorded_matches import RandomPolicy, random_policies

ANA = SeatSpec("human", name="ana")
EASY = SeatSpec("npc", level="easy")
HARD = SeatSpec("npc", level="hard")


def all_random(state: Match) -> dict[int, Policy]:
    """Every seat, people included, plays at random (big discards: reshuffles happen)."""
    return {seat: RandomPolicy() for seat in range(len(state.seats))}


def _match(number: int, seats: tuple[SeatSpec, ...]) -> list[Event]:
    events, state = play_match(f"m{number}", seats, match_seed(99, number), all_random)
    assert state.phase == "over"
    return events


MATCHES = [
    (number, seats)
    for number, seats in enumerate(
        [(EASY, EASY, EASY), (ANA, EASY, HARD, EASY), (ANA, HARD, EASY, EASY, HARD)] * 4
    )
]


def _expected_round(before: Match, life_before: Mapping[int, int]) -> list[dict[str, object]]:
    """The facts of the round `before` is about to end, from the decider's state."""
    up, *down = before.showdowns
    rows = []
    for position, seat in enumerate(before.turn_order, start=1):
        state = before.seats[seat]
        placed = state.placed or ()
        up_ranks = "".join(card[0] for card in placed)
        down_ranks = "".join(card[1] for card in placed)
        rows.append(
            {
                "match_id": before.match_id,
                "round": before.round,
                "seat": seat,
                "player": state.spec.name
                if state.spec.kind == "human"
                else f"npc:{state.spec.level}",
                "level": state.spec.level,
                "start_seat": before.start_seat,
                "turn_position": position,
                "dealt": " ".join(state.dealt),
                "discarded": " ".join(state.discarded),
                "drawn": " ".join(state.drawn),
                "up_ranks": up_ranks,
                "down_ranks": down_ranks,
                "up_category": hand_category(hand_value(up_ranks)),
                "down_category": hand_category(hand_value(down_ranks)),
                "up_value": hand_value(up_ranks),
                "down_value": hand_value(down_ranks),
                "up_place": up.ranking.index(seat) + 1,
                "down_place": down[0].ranking.index(seat) + 1
                if down and seat in down[0].ranking
                else None,
                "life_before": life_before[seat],
                "life_after": state.life,
                "eliminated": state.eliminated,
            }
        )
    return rows


def _oracle(events: list[Event]) -> tuple[list[dict[str, object]], Match]:
    state, rows = initial_state(), []
    life_before: dict[int, int] = {}
    for event in events:
        if isinstance(event, RoundEnded):
            assert all(isinstance(s, ShowdownRevealed) for s in state.showdowns)
            rows += _expected_round(state, life_before)
        state = evolve(state, event)
        if type(event).__name__ == "RoundStarted":
            life_before = {i: seat.life for i, seat in enumerate(state.seats)}
    return rows, state


@pytest.mark.parametrize(("number", "seats"), MATCHES)
def test_round_facts_are_the_decider_state_at_each_round_end(
    number: int, seats: tuple[SeatSpec, ...]
) -> None:
    events = _match(number, seats)
    expected, _ = _oracle(events)
    facts = round_facts(records_of(events))
    assert facts == expected
    assert all(tuple(row) == ROUND_FACT_COLUMNS for row in facts)


@pytest.mark.parametrize(("number", "seats"), MATCHES)
def test_match_summary_is_the_final_state(number: int, seats: tuple[SeatSpec, ...]) -> None:
    events = _match(number, seats)
    _, state = _oracle(events)
    summary = match_summary(records_of(events))
    assert set(summary) == set(SUMMARY_COLUMNS)
    assert summary["match_id"] == f"m{number}"
    assert summary["game"] == "flipside"
    assert summary["status"] == "finished"
    assert summary["winner"] == state.winner
    assert summary["places"] == [seat.place for seat in state.seats]
    assert summary["lives"] == [seat.life for seat in state.seats]
    assert summary["round"] == state.round
    assert summary["version"] == len(events)
    assert summary["seats"] == [
        {"seat": i, "kind": spec.kind, "name": spec.name, "level": spec.level}
        for i, spec in enumerate(seats)
    ]
    assert summary["players"] == sorted({stats_key(s) for s in summary["seats"]})


def test_times_come_from_the_records() -> None:
    events = _match(0, (EASY, EASY, EASY))
    start = datetime(2026, 1, 1, tzinfo=UTC)
    records = [
        EventRecord(r.type, r.data, start + timedelta(seconds=i))
        for i, r in enumerate(records_of(events))
    ]
    summary = match_summary(records)
    assert summary["created_at"] == start
    assert summary["updated_at"] == start + timedelta(seconds=len(events) - 1)
    ended = next(i for i, event in enumerate(events) if isinstance(event, MatchEnded))
    assert summary["finished_at"] == start + timedelta(seconds=ended)


def test_a_running_match_shows_only_finished_rounds() -> None:
    """Drawn cards and orientations of the round in play stay secret (R10, R11)."""
    events, state = play_match("live", (ANA, EASY, EASY, EASY), match_seed(5, 0), random_policies)
    assert state.phase != "over"
    facts = fold_match(records_of(events))
    assert facts.summary["status"] == "active"
    assert facts.summary["winner"] is None and facts.summary["finished_at"] is None
    assert {row["round"] for row in facts.rows("round_facts")} == set(range(1, state.round))
    assert player_contributions(facts) == []


def test_a_prefix_folds_to_the_rows_of_its_ended_rounds() -> None:
    events = _match(3, (ANA, EASY, HARD, EASY))
    full = round_facts(records_of(events))
    ends = [i for i, event in enumerate(events) if isinstance(event, RoundEnded)]
    for count, end in enumerate(ends, start=1):
        prefix = fold_match(records_of(events[: end + 1]))
        assert len(prefix.units) == count  # one unit of play per round ended
        assert prefix.rows("round_facts") == [row for row in full if row["round"] <= count]


def test_player_contributions_count_each_seat_of_a_finished_match() -> None:
    events = _match(1, (ANA, EASY, HARD, EASY))
    facts = fold_match(records_of(events))
    contributions = {
        row["player"]: row for row in merge_stats(player_contributions(facts)).values()
    }
    assert set(contributions) == {"guest:ana", "npc:easy", "npc:hard"}  # ana: a guest
    places = facts.summary["places"]
    assert contributions["npc:easy"]["matches"] == 2
    assert contributions["npc:easy"]["place_sum"] == places[1] + places[3]
    assert sum(row["wins"] for row in contributions.values()) == 1
    ana = contributions["guest:ana"]
    mine = [row for row in facts.rows("round_facts") if row["seat"] == 0]
    assert ana["placements"] == ana["exchanges"] == len(mine)
    assert ana["up_favoured"] == sum(row["up_value"] > row["down_value"] for row in mine)
    assert ana["cards_discarded"] == sum(len(row["discarded"].split()) for row in mine)
    assert all(tuple(row) == PLAYER_STAT_COLUMNS + STAT_COLUMNS for row in contributions.values())
    assert {row["game"] for row in contributions.values()} == {"flipside"}


def test_merged_stats_do_not_depend_on_order() -> None:
    contributions = [
        row
        for number, seats in MATCHES
        for row in player_contributions(fold_match(records_of(_match(number, seats))))
    ]
    shuffled = contributions[:]
    random.Random(1).shuffle(shuffled)
    assert merge_stats(contributions) == merge_stats(shuffled)


def test_merged_stats_are_per_game_and_player() -> None:
    row = dict.fromkeys(PLAYER_STAT_COLUMNS + STAT_COLUMNS, 1) | {"player": "ana"}
    flipside, other = row | {"game": "flipside"}, row | {"game": "other"}
    merged = merge_stats([flipside, other, flipside])
    assert set(merged) == {("flipside", "ana"), ("other", "ana")}
    assert merged["flipside", "ana"] == flipside | dict.fromkeys(
        PLAYER_STAT_COLUMNS[2:] + STAT_COLUMNS, 2
    )
    assert merged["other", "ana"] == other


def test_player_averages() -> None:
    stats = dict.fromkeys(PLAYER_STAT_COLUMNS + STAT_COLUMNS, 0) | {
        "game": "flipside",
        "player": "ana",
        "matches": 4,
        "wins": 1,
        "place_sum": 10,
        "placements": 20,
        "up_favoured": 15,
        "exchanges": 20,
        "cards_discarded": 30,
    }
    averages = player_averages(stats)
    assert averages["game"] == "flipside" and averages["player"] == "ana"
    assert averages["win_rate"] == 0.25
    assert averages["average_place"] == 2.5
    assert averages["counters"] == {column: stats[column] for column in STAT_COLUMNS}
    assert averages["averages"] == {"up_favoured_rate": 0.75, "mean_discarded": 1.5}
    empty = player_averages(
        dict.fromkeys(PLAYER_STAT_COLUMNS + STAT_COLUMNS, 0) | {"game": "flipside", "player": "bo"}
    )
    assert empty["win_rate"] is None
    assert empty["averages"] == {"up_favoured_rate": None, "mean_discarded": None}


def test_player_keys() -> None:
    assert player_key({"kind": "human", "name": "ana", "level": None}) == "ana"
    assert player_key({"kind": "npc", "name": None, "level": "insane"}) == "npc:insane"
    assert player_key({"kind": "human", "name": None, "level": None}) is None


def _bare(records: list[EventRecord]) -> list[EventRecord]:
    """The records as they were stored before the engine hosted several games."""
    return [EventRecord(split_type(r.type)[1], r.data, r.recorded_at) for r in records]


@pytest.mark.parametrize(("number", "seats"), MATCHES[:3])
def test_bare_and_qualified_types_fold_alike(number: int, seats: tuple[SeatSpec, ...]) -> None:
    qualified = records_of(_match(number, seats))
    assert qualified[0].type == "flipside.MatchCreated"
    bare = _bare(qualified)
    assert bare[0].type == "MatchCreated"
    half = len(qualified) // 2
    continued = bare[:half] + qualified[half:]  # a match begun before the upgrade, ended after
    expected = fold_match(qualified)
    assert expected.rows("round_facts") and expected.summary["status"] == "finished"
    assert fold_match(bare) == expected
    assert fold_match(continued) == expected
    assert round_facts(bare) == round_facts(qualified) == expected.rows("round_facts")


def test_a_stream_that_is_no_match_of_an_installed_game_does_not_fold() -> None:
    records = records_of(_match(0, (EASY, EASY, EASY)))
    assert read_models_of(records[0].type) == ("flipside", READ_MODELS)
    strays = [
        records[1:],  # not the opening event
        [EventRecord("chess.GameCreated", records[0].data), *records[1:]],  # no such game
    ]
    for stray in strays:
        assert read_models_of(stray[0].type) is None
        with pytest.raises(ValueError, match="not a match"):
            fold_match(stray)
    with pytest.raises(ValueError, match="not a match"):
        fold_match([])


def test_a_rebuild_copies_each_rows_values_in_its_tables_column_order() -> None:
    row = {"a": 1, "b": 2, "c": 3}
    assert _values(("c", "a"))(row) == (3, 1)
    assert _values(("b",))(row) == (2,)  # a row of one column is a tuple too
