"""The balance parameters as a match's options (J5, J7, J40a): strict JSON validation."""

from __future__ import annotations

import pytest

from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.events import MatchCreated
from flipside.games.juggernaut.params import Params, as_options

DEFAULTS = {
    "initialSilver": 10,
    "reward1": 15,
    "reward2": 7,
    "reward3": 6,
    "reward4": 5,
    "winGold": 3,
    "goldExchangeSilver": 10,
    "maxSets": None,
}


def test_no_options_are_the_defaults() -> None:
    assert GAME.options({}) == DEFAULTS
    assert Params.of(DEFAULTS) == Params()


ACCEPTED = [
    ({"initialSilver": 0}, "initialSilver", 0),
    ({"initialSilver": 99}, "initialSilver", 99),
    ({"reward1": 30}, "reward1", 30),
    ({"reward4": 99, "reward1": 0}, "reward4", 99),  # no check across parameters (J6)
    ({"winGold": 1}, "winGold", 1),
    ({"goldExchangeSilver": 99}, "goldExchangeSilver", 99),
    ({"maxSets": 1}, "maxSets", 1),
    ({"maxSets": 9999}, "maxSets", 9999),
    ({"maxSets": None}, "maxSets", None),
]


@pytest.mark.parametrize(("raw", "name", "value"), ACCEPTED)
def test_values_in_range_are_taken(raw: dict, name: str, value: object) -> None:
    assert GAME.options(raw)[name] == value


REFUSED = [
    {"initialSilver": 100},
    {"initialSilver": -1},
    {"reward2": 100},
    {"winGold": 0},
    {"goldExchangeSilver": 0},
    {"maxSets": 0},
    {"maxSets": 10_000},
    {"reward1": "15"},  # a JSON body is strict: no strings (J7)
    {"reward1": 15.0},
    {"reward1": True},
    {"winGold": None},
    {"reward1": 99999999999999999999},
    {"initialsilver": 10},  # names are case-sensitive
    {"bonus": 1},
]


@pytest.mark.parametrize("raw", REFUSED, ids=[repr(raw) for raw in REFUSED])
def test_anything_else_is_refused_not_replaced(raw: dict) -> None:
    with pytest.raises(RuleViolation) as refusal:
        GAME.options(raw)
    assert refusal.value.code == "invalid_options"


def test_the_options_are_recorded_at_creation() -> None:
    raw = {"initialSilver": 20, "reward1": 30, "reward2": 12, "reward3": 8, "reward4": 1,
           "winGold": 5, "goldExchangeSilver": 7, "maxSets": 12}  # fmt: skip
    seats = [SeatSpec("npc", level="easy")] * 4
    command = GAME.create("m", seats, bytes(32), seeded=True, options=raw,
                          turn_timeout_seconds=None)  # fmt: skip
    events, state = GAME.execute(GAME.initial_state(), command)
    created = events[0]
    assert isinstance(created, MatchCreated) and as_options(created.params) == raw
    assert [seat.silver for seat in state.seats] == [20] * 4
    body = GAME.view_json(GAME.view(state, 0))
    assert body["params"] == raw
