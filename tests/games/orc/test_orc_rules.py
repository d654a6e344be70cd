"""The decider's refusals (K36), each with its stable code, turn timeouts, options and
actions over the wire."""

from __future__ import annotations

from pathlib import Path

import pytest

from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME
from flipside.games.orc.commands import (
    ChooseOpening,
    ChooseTieBreak,
    Contribute,
    CreateMatch,
    Draw,
    GiveUp,
    TimeOut,
)
from flipside.games.orc.events import GaveUp, SealedChoiceMade, TurnTimedOut

from .table import SEED, Table, action_decks, deal, table

PEOPLE = tuple(SeatSpec("human", name) for name in ("Eri", "Fumi", "Gen"))

HANDS = ((1, 3, 5, 7, 9, 9), (2, 4, 6, 8, 10, 10), (3, 5, 7, 8, 10, 10))


@pytest.fixture(name="tab")
def tab_fixture(monkeypatch: pytest.MonkeyPatch) -> Table:
    deal(monkeypatch, HANDS)
    action_decks(monkeypatch, {(1, 1): (10, 9, 10)})
    return table(["Eri", "Fumi", "Gen"])


@pytest.mark.parametrize("number", [0, 11, "7", 7.0, True, None, [7]])
def test_a_card_is_a_number_from_one_to_ten(tab: Table, number: object) -> None:
    tab.refused(ChooseOpening(0, number), "invalid_number")  # type: ignore[arg-type]


def test_sealed_choices_are_checked_and_final(tab: Table) -> None:
    tab.refused(ChooseOpening(0, 2), "number_not_allowed")  # K10: not in Eri's hand
    tab.refused(Contribute(0, 1), "wrong_phase")
    tab.refused(ChooseTieBreak(0, 1), "wrong_phase")
    tab.refused(Draw(0), "wrong_phase")
    tab.refused(ChooseOpening(3, 1), "unknown_seat")
    tab.open(1)
    tab.refused(ChooseOpening(0, 3), "already_chosen")  # K10: a sealed choice is final
    tab.do(ChooseOpening(1, 2))
    tab.do(ChooseOpening(2, 3))
    assert tab.state.phase == "contribute"
    tab.contribute({0: 9})
    tab.refused(Contribute(0, 3), "already_chosen")
    tab.contribute({1: 10, 2: 10})
    tab.refused(GiveUp(1), "not_your_turn")  # K18: Eri starts
    tab.refused(Contribute(0, 3), "wrong_phase")


def test_the_sealed_card_is_recorded_as_it_comes_and_hidden(tab: Table) -> None:
    events = tab.do(ChooseOpening(2, 3))
    assert events == [SealedChoiceMade(1, 2, "opening", 0, 3)]
    assert tab.state.awaiting == (0, 1)  # the others are still awaited, all at once
    assert GAME.redact(events[0], 0).number is None
    assert GAME.redact(events[0], 2).number == 3
    assert GAME.view(tab.state, 0).seats[2].sealed is None
    assert GAME.view(tab.state, 0).seats[2].chosen


def test_nothing_is_accepted_once_the_match_is_over(tab: Table) -> None:
    tab.patch(phase="over")
    tab.refused(ChooseOpening(0, 1), "match_over")
    tab.refused(CreateMatch("again", (), SEED), "match_exists")


def test_timeouts_lay_the_smallest_card_and_give_up(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, HANDS)
    action_decks(monkeypatch, {(1, 1): (10, 9, 10)})
    seats = tuple(SeatSpec("human", name) for name in ("Eri", "Fumi", "Gen"))
    tab = Table(GAME.initial_state())
    tab.do(CreateMatch("t", seats, SEED, True, turn_timeout_seconds=30))
    tab.refused(TimeOut(0, 29), "not_timed_out")
    events = tab.do(TimeOut(0, 30))
    assert events[0] == TurnTimedOut(1, 0, "opening", 30)
    assert events[1] == SealedChoiceMade(1, 0, "opening", 0, 1)  # the smallest it holds
    tab.do(ChooseOpening(1, 2))
    tab.do(ChooseOpening(2, 3))
    tab.contribute({0: 9, 1: 10, 2: 10})
    assert tab.state.to_move == 0
    tab.refused(TimeOut(1, 30), "not_your_turn")
    events = tab.do(TimeOut(0, 31))
    assert isinstance(events[1], GaveUp) and events[1].cost == 1  # a turn gives up


def test_a_match_without_a_timeout_refuses_one(tab: Table) -> None:
    tab.refused(TimeOut(0, 10**6), "no_turn_timeout")


def test_options_are_booleans_with_defaults() -> None:
    assert GAME.options({}) == {"long": False, "escalating_fee": False}
    assert GAME.options({"long": True})["long"] is True
    for raw in ({"long": 1}, {"rounds": 10}, {"escalating_fee": "yes"}):
        with pytest.raises(RuleViolation) as refusal:
            GAME.options(raw)
        assert refusal.value.code == "invalid_options"


def test_the_long_game_has_fifty_chips_and_ten_rounds() -> None:
    seats = [SeatSpec("npc", level="easy")] * 3
    command = GAME.create(
        "l", seats, SEED, seeded=True, options={"long": True}, turn_timeout_seconds=None
    )
    _, state = GAME.execute(GAME.initial_state(), command)
    assert (state.rounds, state.start_chips) == (10, 50)  # K4, K5
    assert [seat.chips for seat in state.seats] == [49, 49, 49]


@pytest.mark.parametrize(
    "body, command",
    [
        ({"kind": "opening", "number": 4}, ChooseOpening(1, 4)),
        ({"kind": "tiebreak", "number": 4}, ChooseTieBreak(1, 4)),
        ({"kind": "contribute", "number": 4}, Contribute(1, 4)),
        ({"kind": "draw"}, Draw(1)),
        ({"kind": "give_up"}, GiveUp(1)),
    ],
)
def test_actions_over_the_wire(body: dict, command: object) -> None:
    assert GAME.parse_action(1, body) == command


@pytest.mark.parametrize("body", [{}, {"kind": "fold"}, {"kind": ["draw"]}, {"kind": None}])
def test_an_unknown_action_is_refused(body: dict) -> None:
    with pytest.raises(RuleViolation) as refusal:
        GAME.parse_action(0, body)
    assert refusal.value.code == "unknown_action"


def test_legal_actions_list_the_numbers_and_the_give_up_cost(tab: Table) -> None:
    assert GAME.legal_actions(tab.state, 1) == [{"kind": "opening", "numbers": [2, 4, 6, 8, 10]}]
    tab.open(1, 2, 3)
    tab.contribute({0: 9, 1: 10, 2: 10})
    assert GAME.legal_actions(tab.state, 0) == [
        {"kind": "draw", "bust_numbers": [1], "action_deck": 3},
        {"kind": "give_up", "cost": 1},
    ]
    assert GAME.legal_actions(tab.state, 1) == []


@pytest.mark.parametrize(
    "command, code",
    [
        (CreateMatch("c", PEOPLE[:2], SEED), "invalid_seats"),  # K1: 3 to 8
        (CreateMatch("c", PEOPLE * 3, SEED), "invalid_seats"),
        (CreateMatch("c", (*PEOPLE, SeatSpec("npc", level="wizard")), SEED), "invalid_seats"),
        (CreateMatch("c", PEOPLE, SEED[:31]), "invalid_seed"),
        (CreateMatch("c", PEOPLE, SEED, turn_timeout_seconds=0), "validation_error"),
        (object(), "unknown_command"),
    ],
)
def test_a_match_is_created_only_as_the_rules_allow(command: object, code: str) -> None:
    tab = Table(GAME.initial_state())
    tab.refused(command, code)  # type: ignore[arg-type]


def test_every_declared_refusal_is_tested() -> None:
    """Each code the game declares (`Orc.refusals`) is asked for by a test of this folder."""
    tests = "".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))
    assert [code for code in GAME.refusals if f'"{code}"' not in tests] == []
