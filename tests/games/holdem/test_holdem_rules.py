"""Rules outside the worked examples: options (H7), the button draw (H8), the blind schedule
(H41), the end of the match (H42), timeouts (H46) and moves over the wire."""

from __future__ import annotations

import pytest

from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.holdem import GAME, rules
from flipside.games.holdem.cards import INDEX
from flipside.games.holdem.commands import Act, ClearAutoAction, SetAutoAction, ShowOrMuck, TimeOut
from flipside.games.holdem.events import (
    ActionTaken,
    ButtonDrawn,
    HandStarted,
    HoleCardsShown,
    MatchEnded,
    TurnTimedOut,
)

from .table import SEED, Table, deal, table

PEOPLE = tuple(SeatSpec("human", name=f"p{seat}") for seat in range(10))


@pytest.mark.parametrize(
    "raw",
    [
        {"small_blind": 20, "big_blind": 10},
        {"big_blind": 0},
        {"starting_stack": True},
        {"blind_schedule": "1:10/20"},
        {"blind_schedule": "5:10/20,5:20/40"},
        {"blind_schedule": "5:10-20"},
        {"blind_schedule": 5},
        {"blind_schedule": [{"from_hand": 1, "small_blind": 10, "big_blind": 20}]},
        {"blind_schedule": [{"from_hand": 5, "small_blind": 30, "big_blind": 20}]},
        {"blind_schedule": [{"from_hand": 5, "small_blind": 10}]},
        {"blind_schedule": [{"from_hand": 5, "small_blind": 10, "big_blind": 20, "ante": 1}]},
        {"blind_schedule": [{"from_hand": 5, "small_blind": 10, "big_blind": True}]},
        {"blind_schedule": [{"from_hand": 5, "small_blind": 10, "big_blind": 20}, "6:20/40"]},
        {
            "blind_schedule": [
                {"from_hand": 5, "small_blind": 10, "big_blind": 20},
                {"from_hand": 4, "small_blind": 20, "big_blind": 40},
            ]
        },
        {"max_hands": 0},
        {"first_button": 10},
        {"first_button": -2},
        {"first_button": None},
        {"stop_when_humans_out": "yes"},
        {"antes": 5},
    ],
)
def test_h7_invalid_options_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(RuleViolation) as refusal:
        GAME.options(raw)
    assert refusal.value.code == "invalid_options"


def create(seats: int, **raw: object) -> Table:
    command = GAME.create(
        "m", PEOPLE[:seats], SEED, seeded=True, options=raw, turn_timeout_seconds=None
    )
    tab = Table(rules.initial_state())
    tab.do(command)
    return tab


def test_h7_a_first_button_beyond_the_table_is_refused() -> None:
    with pytest.raises(RuleViolation) as refusal:
        create(2, first_button=5)
    assert refusal.value.code == "invalid_options"


def test_h8_the_highest_card_takes_the_button() -> None:
    tab = create(6)
    (drawn,) = tab.of(ButtonDrawn)
    assert len(drawn.cards) == 6
    assert drawn.button == max(range(6), key=lambda seat: INDEX[drawn.cards[seat]])
    assert tab.of(HandStarted)[0].button == drawn.button


def fold_to_the_big_blind(tab: Table) -> None:
    """Everyone before the big blind folds: the hand ends and the next begins."""
    hand = tab.state.hand
    while tab.state.hand == hand and tab.state.phase != "over":
        seat = tab.state.to_act
        assert seat is not None
        tab.act(seat, "fold")


SCHEDULE = [
    {"from_hand": 3, "small_blind": 10, "big_blind": 20},
    {"from_hand": 5, "small_blind": 50, "big_blind": 100},
]


def test_h7_the_blind_schedule_is_an_array_and_a_form_may_write_it_as_text() -> None:
    (option,) = (spec for spec in GAME.option_specs if spec.name == "blind_schedule")
    assert option.kind == "array" and option.default == ()
    assert [item.name for item in option.items or ()] == list(SCHEDULE[0])
    assert GAME.options({"blind_schedule": SCHEDULE})["blind_schedule"] == tuple(SCHEDULE)
    assert GAME.options({"blind_schedule": " 3:10/20 , 5:50/100"}) == GAME.options(
        {"blind_schedule": SCHEDULE}
    )
    assert GAME.options({"blind_schedule": ""})["blind_schedule"] == ()


@pytest.mark.parametrize("written", [SCHEDULE, "3:10/20,5:50/100"], ids=["array", "text"])
def test_h41_the_blind_schedule(written: object) -> None:
    tab = create(3, blind_schedule=written, first_button=0)
    for _ in range(5):
        fold_to_the_big_blind(tab)
    blinds = [(e.hand, e.small_blind, e.big_blind) for e in tab.of(HandStarted)]
    assert blinds == [(1, 5, 10), (2, 5, 10), (3, 10, 20), (4, 10, 20), (5, 50, 100), (6, 50, 100)]


def test_h42_the_hand_limit_and_a_tie_at_the_top() -> None:
    tab = create(2, first_button=0, max_hands=2)
    fold_to_the_big_blind(tab)
    fold_to_the_big_blind(tab)
    (ended,) = tab.of(MatchEnded)
    assert tab.state.stacks == (1000, 1000)
    # Equal stacks: the first after the last button (seat 1) wins; the other is second.
    assert (ended.reason, ended.winner, ended.places) == ("hand_limit", 0, (1, 2))


def test_h42_the_match_ends_when_no_person_has_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 is dealt first: 7c 2d to the person at seat 1, As Ah to seat 2, Ks Kh to seat 0.
    deal(monkeypatch, "7c As Ks 2d Ah Kh 3c 8d Td Jc 4s 2h 4h Qs")
    tab = table([1000, 100, 1000], button=0, kinds=["easy", "human", "easy"])
    tab.act(0, "call")
    tab.act(1, "all_in")
    tab.act(2, "call")
    tab.act(0, "call")
    tab.check_down_and_show(2, 0)
    (ended,) = tab.of(MatchEnded)
    assert ended.reason == "no_humans_left" and ended.places[1] == 3
    assert ended.winner == 2 and tab.state.phase == "over"


def test_h46_timeouts_check_else_fold_and_show_at_the_showdown() -> None:
    tab = table([1000, 1000, 1000], button=0, timeout=30)
    tab.refused(TimeOut(0, 29), "not_timed_out")
    tab.refused(TimeOut(1, 60), "not_your_turn")
    events = tab.do(TimeOut(0, 30))
    assert isinstance(events[0], TurnTimedOut) and events[1].kind == "fold"  # type: ignore[attr-defined]
    tab.act(1, "call")
    events = tab.do(TimeOut(2, 31))
    assert events[1].kind == "check"  # type: ignore[attr-defined]
    for _ in ("flop", "turn", "river"):
        tab.act(1, "check")
        tab.act(2, "check")
    asked = tab.state.asked
    assert asked is not None
    events = tab.do(TimeOut(asked, 30))
    assert isinstance(events[1], HoleCardsShown)
    assert rules.command_behind(events[0]) == TimeOut(asked, 30)


def test_without_a_timeout_nobody_times_out() -> None:
    tab = table([1000, 1000], button=0)
    tab.refused(TimeOut(0, 10**6), "no_turn_timeout")


def test_moves_over_the_wire() -> None:
    assert GAME.parse_action(1, {"kind": "raise", "to": 40}) == Act(1, "raise", 40)
    assert GAME.parse_action(1, {"kind": "all_in"}) == Act(1, "all_in")
    assert GAME.parse_action(2, {"kind": "set_auto", "action": "bet_or_raise", "to": 60}) == (
        SetAutoAction(2, "bet_or_raise", 60)
    )
    assert GAME.parse_action(2, {"kind": "clear_auto"}) == ClearAutoAction(2)
    assert GAME.parse_action(0, {"kind": "muck"}) == ShowOrMuck(0, False)
    for body, code in (
        ({"kind": "raise", "to": "40"}, "validation_error"),
        ({"kind": "raise", "to": True}, "validation_error"),
        ({"kind": "shove"}, "unknown_action"),
    ):
        with pytest.raises(RuleViolation) as refusal:
            GAME.parse_action(0, body)
        assert refusal.value.code == code


def test_refusals_name_their_reason() -> None:
    tab = table([1000, 1000, 1000], button=0)
    tab.refused(Act(1, "call"), "not_your_turn")
    tab.refused(Act(0, "check"), "cannot_check")
    tab.refused(Act(0, "bet", 20), "cannot_bet")
    tab.refused(Act(0, "raise"), "validation_error")
    tab.refused(Act(0, "fold", 10), "validation_error")
    tab.refused(Act(7, "fold"), "unknown_seat")
    tab.refused(ShowOrMuck(0, True), "wrong_phase")
    tab.refused(ClearAutoAction(1), "no_auto_action")
    tab.act(0, "call")
    tab.act(1, "call")
    tab.refused(Act(2, "call"), "nothing_to_call")
    tab.act(2, "check")
    tab.refused(Act(1, "raise", 20), "cannot_raise")
    assert all(e.seat in (0, 1, 2) for e in tab.of(ActionTaken))
    assert set(GAME.refusals) >= {"cannot_check", "no_raise_rights", "never_possible"}
