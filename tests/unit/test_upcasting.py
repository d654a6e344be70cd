"""Reading older event schemas: `LifeChanged` version 1 (the rule's change as `delta`) is
upcast to version 2 (the change applied as `delta`, the rule's as `nominal`; R5)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from flipside.engine import codec
from flipside.engine.registry import game_named
from flipside.engine.seats import SeatSpec
from flipside.games.flipside.events import (
    EVENT_TYPES,
    Event,
    LifeChanged,
    MatchCreated,
    MatchEnded,
    RoundEnded,
    Side,
)
from flipside.games.flipside.state import Match
from flipside.games.flipside.upcasting import UPCASTERS, upcast
from flipside.simulation import match_seed, play_match

from .strategies import create

GAME = game_named("flipside")
LEGACY = Path(__file__).parents[1] / "fixtures" / "legacy" / "flipside-v0.jsonl"
LEVELS = ("easy", "normal")  # the quick computer players: the property is the rules', not theirs
Played = list[tuple[list[Event], Match]]


class Record(NamedTuple):
    """A stored event as the codec reads it."""

    type: str
    schema_version: int
    data: Mapping[str, Any]


def v1(change: LifeChanged) -> dict[str, Any]:
    """`change` as the code before schema 2 stored it: the rule's change as `delta`."""
    return {
        "round": change.round,
        "seat": change.seat,
        "side": change.side,
        "delta": change.nominal,
        "reason": change.reason,
        "life": change.life,
    }


def as_v1_records(events: list[Event]) -> list[Record]:
    records = []
    for event in events:
        stored_type, data, version = codec.encode(GAME, event)
        if isinstance(event, LifeChanged):
            data, version = v1(event), 1
        records.append(Record(stored_type, version, data))
    return records


@pytest.fixture(scope="module")
def matches() -> Played:
    played = []
    for deal in range(36):
        seats = [SeatSpec("npc", level=LEVELS[(deal + i) % 2]) for i in range(3 + deal % 3)]
        played.append(play_match(f"upcast-{deal}", seats, match_seed(2024, deal)))
    return played


def at_life(life: int) -> Match:
    """A 3-seat match in round 1 where seat 2 has `life`."""
    _, state = create()
    seats = (*state.seats[:2], replace(state.seats[2], life=life))
    return replace(state, seats=seats)


def decoded_along(records: list[Record]) -> tuple[list[Event], Match]:
    """Every record decoded with the state before it, and the state after them all."""
    events, state = [], GAME.initial_state()
    for record in records:
        events.append(codec.decode(GAME, record, state))
        state = GAME.evolve(state, events[-1])
    return events, state


# --- one record ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "side", "reason", "stored_delta", "life", "delta"),
    [
        pytest.param(4, "up", "weakest_up", -1, 3, -1, id="a loss within life"),
        pytest.param(3, "up", "strongest_up_full_house", 2, 5, 2, id="a gain"),
        pytest.param(2, "down", "weakest_down", -2, 0, -2, id="a loss to exactly 0"),
        pytest.param(1, "down", "weakest_down", -2, 0, -1, id="a loss clamped at 0 (R5)"),
    ],
)
def test_a_v1_life_change_is_upcast_to_the_change_applied(
    before: int, side: Side, reason: str, stored_delta: int, life: int, delta: int
) -> None:
    state = at_life(before)
    data = {
        "round": 1,
        "seat": 2,
        "side": side,
        "delta": stored_delta,
        "reason": reason,
        "life": life,
    }
    assert upcast("LifeChanged", 1, data, state) == {
        **data,
        "delta": delta,
        "nominal": stored_delta,
    }
    event = GAME.decode("LifeChanged", 1, data, state)
    assert event == LifeChanged(1, 2, side, delta, reason, life, stored_delta)
    assert data["delta"] == stored_delta  # the stored data is left as it was


def test_current_data_is_read_as_it_is() -> None:
    change = LifeChanged(1, 2, "down", -1, "weakest_down", 0, -2)
    data = GAME.encode(change).data
    assert GAME.encode(change).schema_version == LifeChanged.SCHEMA_VERSION == 2
    assert upcast("LifeChanged", 2, data, at_life(1)) is data
    assert GAME.decode("LifeChanged", 2, data, at_life(1)) == change


@pytest.mark.parametrize("version", [3, 99, 0, -1])
def test_a_schema_version_this_code_does_not_know_is_refused(version: int) -> None:
    data = {
        "round": 1,
        "seat": 2,
        "side": "down",
        "delta": -1,
        "reason": "weakest_down",
        "life": 0,
        "nominal": -2,
    }
    with pytest.raises(ValueError, match=f"LifeChanged has schema versions 1 to 2, not {version}"):
        upcast("LifeChanged", version, data, at_life(1))
    record = Record("flipside.LifeChanged", version, data)
    with pytest.raises(ValueError, match=f"not {version}$"):
        codec.decode(GAME, record, at_life(1))


def test_an_event_still_at_version_1_refuses_version_2() -> None:
    with pytest.raises(ValueError, match="RoundEnded has schema versions 1 to 1, not 2"):
        GAME.decode("RoundEnded", 2, {"round": 1, "lives": [4, 4, 4]}, at_life(1))


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"round": 1, "seat": 2, "side": "down", "delta": -2, "reason": "r"}, "'life'"),
        ({"round": 1, "seat": 7, "side": "down", "delta": -2, "reason": "r", "life": 0}, "seat 7"),
        (
            {"round": 1, "seat": -1, "side": "down", "delta": -2, "reason": "r", "life": 0},
            "seat -1",
        ),
        ({"round": 1, "seat": 2, "side": "down", "delta": -2, "reason": "r", "life": "0"}, "str"),
    ],
)
def test_a_v1_record_an_upcaster_cannot_read_is_a_value_error(
    data: dict[str, Any], why: str
) -> None:
    with pytest.raises(ValueError, match=f"LifeChanged version 1 cannot be upcast: .*{why}"):
        GAME.decode("LifeChanged", 1, data, at_life(1))


def test_an_unknown_event_type_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event type 'LifeLost'"):
        GAME.decode("LifeLost", 1, {}, at_life(1))


def test_every_schema_version_has_its_upcasters_and_no_more() -> None:
    needed = {
        (name, version)
        for name, cls in EVENT_TYPES.items()
        for version in range(1, cls.SCHEMA_VERSION)
    }
    assert set(UPCASTERS) == needed


# --- whole matches -------------------------------------------------------------------------


def test_applied_deltas_sum_to_every_seats_final_life(matches: Played) -> None:
    clamped = 0
    for events, state in matches:
        created = events[0]
        assert isinstance(created, MatchCreated)
        changes = [event for event in events if isinstance(event, LifeChanged)]
        for seat, final in enumerate(state.seats):
            deltas = [change.delta for change in changes if change.seat == seat]
            assert created.start_life + sum(deltas) == final.life
        clamped += sum(change.delta != change.nominal for change in changes)
        assert all(c.delta == c.nominal or c.life == 0 for c in changes)  # only R5 clamps
    assert clamped  # the matches played include the case that differs


def test_v1_records_fold_to_the_same_events_and_state(matches: Played) -> None:
    for events, state in matches:
        records = as_v1_records(events)
        assert codec.fold(GAME, records) == state
        assert decoded_along(records) == (events, state)


def test_the_legacy_fixture_folds_and_its_upcast_deltas_sum_to_the_lives() -> None:
    lines = [json.loads(line) for line in LEGACY.read_text(encoding="utf-8").splitlines()]
    streams: dict[str, list[Record]] = {}
    for line in lines:
        record = Record(line["type"], line["schema_version"], line["data"])
        streams.setdefault(line["stream_id"], []).append(record)
    assert len(streams) == 3
    clamped = 0
    for records in streams.values():
        assert {record.schema_version for record in records} == {1}
        events, state = decoded_along(records)
        assert codec.fold(GAME, records) == state
        # The lives and places the previous code recorded for the match's end.
        created, *_, last_round, ended, _ = events
        assert isinstance(created, MatchCreated) and isinstance(ended, MatchEnded)
        assert isinstance(last_round, RoundEnded) and state.phase == "over"
        assert tuple(seat.life for seat in state.seats) == last_round.lives
        assert tuple(seat.place for seat in state.seats) == ended.places
        changes = [event for event in events if isinstance(event, LifeChanged)]
        sums = [sum(c.delta for c in changes if c.seat == seat) for seat in range(len(state.seats))]
        assert tuple(created.start_life + total for total in sums) == last_round.lives
        clamped += sum((c.nominal, c.delta, c.life) == (-2, -1, 0) for c in changes)
    assert clamped >= 1
