"""The worked examples of docs/rules/holdem.md played through the decider (E1-E9, E12, E13)
and E11's odd chips; E10 and E14 are in test_holdem_evaluator."""

from __future__ import annotations

import pytest

from flipside.games.holdem.commands import Act, SetAutoAction
from flipside.games.holdem.events import (
    ActionTaken,
    AutoActionCancelled,
    BettingRoundEnded,
    HandEnded,
    HandStarted,
    HoleCardsDealt,
    HoleCardsShown,
    Pot,
    PotAwarded,
    SeatEliminated,
    UncalledBetReturned,
)
from flipside.games.holdem.pots import split
from flipside.games.holdem.views import legal

from .table import Table, deal, table


def kinds(tab: Table, seat: int) -> dict[str, object]:
    return {choice.kind: choice for choice in legal(tab.state, seat)}


def pots_after(tab: Table, street: str) -> tuple[Pot, ...]:
    return next(e.pots for e in tab.of(BettingRoundEnded) if e.street == street)


def final_stacks(tab: Table) -> tuple[int, ...]:
    return tab.of(HandEnded)[0].stacks


def test_e1_minimum_bet_and_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, "Ac 2c Qh Jh Kd 3d Qs Th 4c 2h 7d 9s")
    tab = table([1000] * 4, button=0)
    assert tab.state.hole == (("Jh", "Th"), ("Ac", "Kd"), ("2c", "3d"), ("Qh", "Qs"))
    tab.act(3, "raise", 25)  # H20: the minimum was min_full(10) = 20
    tab.refused(Act(0, "raise", 40), "invalid_amount")  # the casino minimum; here 50
    tab.act(0, "raise", 50)
    tab.act(1, "fold")
    assert tab.act(2, "call")[0].added == 40
    assert kinds(tab, 3)["raise"].min == 100  # type: ignore[attr-defined]  # H24: 50 >= 50
    tab.act(3, "call")
    assert pots_after(tab, "preflop") == (Pot(155, (0, 2, 3)),)
    assert tab.state.stacks == (950, 995, 950, 950)
    assert tab.state.board == ("2h", "7d", "9s") and tab.state.burns == ("4c",)
    assert tab.state.to_act == 2  # the first in the hand after the button (H26)
    tab.act(2, "check")
    tab.refused(Act(3, "bet", 9), "invalid_amount")  # H19: at least BB
    tab.act(3, "bet", 10)
    tab.refused(Act(0, "raise", 19), "invalid_amount")
    tab.act(0, "raise", 20)
    tab.act(2, "fold")
    tab.act(3, "call")
    assert sum(pot.amount for pot in pots_after(tab, "flop")) == 195
    assert tab.state.stacks == (930, 995, 950, 930)


def test_e2_an_incomplete_all_in_does_not_reopen() -> None:
    tab = table([30, 1000, 1000, 1000], button=0)
    tab.act(3, "raise", 20)
    (all_in,) = tab.act(0, "all_in")
    assert (all_in.kind, all_in.to, all_in.full, all_in.all_in) == ("raise", 30, False, True)
    tab.act(1, "fold")
    assert kinds(tab, 2)["raise"].min == 60  # type: ignore[attr-defined]
    tab.act(2, "call")
    assert set(kinds(tab, 3)) == {"fold", "call"}
    tab.refused(Act(3, "raise", 60), "no_raise_rights")
    tab.refused(Act(3, "all_in"), "no_raise_rights")
    tab.act(3, "call")
    assert pots_after(tab, "preflop") == (Pot(95, (0, 2, 3)),)


def test_e3_several_all_ins_together_reopen() -> None:
    tab = table([1000, 1000, 250, 310], button=0)
    tab.act(3, "raise", 100)
    for seat in (0, 1, 2):
        tab.act(seat, "call")
    assert pots_after(tab, "preflop") == (Pot(400, (0, 1, 2, 3)),)
    tab.act(1, "bet", 100)
    assert tab.act(2, "all_in")[0].full is False  # 150 < 200
    assert tab.act(3, "all_in")[0].full is False  # 210 < 300
    assert "raise" in kinds(tab, 0)
    tab.act(0, "call")
    assert kinds(tab, 1)["raise"].min == 420  # type: ignore[attr-defined]  # 210 >= 200
    tab.act(1, "call")
    assert pots_after(tab, "flop") == (Pot(1000, (0, 1, 2, 3)), Pot(180, (0, 1, 3)))


def test_e3b_an_incomplete_raise_under_the_doubling_rule() -> None:
    tab = table([450, 2000, 2000, 2000], button=0)
    tab.act(3, "raise", 100)
    for seat in (0, 1, 2):
        tab.act(seat, "call")
    tab.act(1, "bet", 100)
    tab.act(2, "raise", 200)
    tab.act(3, "call")
    assert tab.act(0, "all_in")[0].full is False  # 350 < 400
    assert kinds(tab, 1)["raise"].min == 700  # type: ignore[attr-defined]
    tab.act(1, "call")
    for seat in (2, 3):
        assert "raise" not in kinds(tab, seat)
        tab.refused(Act(seat, "raise", 700), "no_raise_rights")
        tab.act(seat, "call")


def _e4(monkeypatch: pytest.MonkeyPatch) -> Table:
    deal(monkeypatch, "Kd Ac Qs 7s Kh Jh Qh 7d 2c Ks Qd 7c 3c 7h 4c 2s")
    tab = table([50, 120, 300, 300], button=0)
    tab.act(3, "raise", 30)
    assert tab.act(0, "all_in")[0].full is False  # 50 < 60
    assert tab.act(1, "all_in")[0].full is True  # 120 >= 100
    tab.act(2, "call")
    assert "raise" in kinds(tab, 3)  # acted at 30, 120 >= 60
    tab.act(3, "call")
    tab.act(2, "bet", 100)
    tab.act(3, "call")
    tab.act(2, "check")
    tab.act(3, "check")
    tab.act(2, "all_in")
    tab.act(3, "call")
    assert tab.state.board == ("Ks", "Qd", "7c", "7h", "2s")
    assert pots_after(tab, "river") == (
        Pot(200, (0, 1, 2, 3)),
        Pot(210, (1, 2, 3)),
        Pot(360, (2, 3)),
    )
    assert tab.state.showdown_order == (2, 3, 0, 1)  # the river's last bettor first (H33)
    return tab


def test_e4_three_all_ins_side_pots_and_a_muck(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = _e4(monkeypatch)
    (awarded,) = [e for e in tab.show(2, False) if isinstance(e, PotAwarded)]
    assert (awarded.pot, awarded.winners, awarded.amount, awarded.uncontested) == (
        2,
        (3,),
        360,
        True,
    )
    tab.show(3)
    tab.show(0)
    tab.show(1)
    awards = {e.pot: e.winners for e in tab.of(PotAwarded)}
    assert awards == {2: (3,), 0: (0,), 1: (1,)}
    categories = {e.seat: e.category for e in tab.of(HoleCardsShown)}
    assert categories == {0: "four_of_a_kind", 1: "full_house", 3: "full_house"}
    assert final_stacks(tab) == (200, 210, 0, 360)
    assert tab.of(SeatEliminated)[0].seat == 2


def test_e4b_a_seat_that_mucks_keeps_what_it_won(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = _e4(monkeypatch)
    tab.show(2, False)
    (side,) = [e for e in tab.show(3, False) if isinstance(e, PotAwarded)]
    assert (side.pot, side.winners) == (1, (1,))
    assert tab.state.asked == 0
    tab.show(0)
    tab.show(1)
    assert final_stacks(tab) == (200, 210, 0, 360)


def test_e5_all_ins_a_fold_an_uncalled_chip_and_split_pots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, "Td 5h Th 9c 5c 2c 4s 4d 8c 4c 2d As Ks Qd 3d Jc 6d 3h")
    tab = table([1000, 35, 200, 75, 1000], button=0)
    assert tab.act(3, "all_in")[0].full is True
    tab.act(4, "call")
    tab.refused(Act(0, "raise", 149), "invalid_amount")
    tab.act(0, "raise", 201)
    assert tab.act(1, "all_in")[0].kind == "call"  # a call for less (H23)
    assert tab.act(2, "all_in")[0].kind == "call"
    assert "raise" in kinds(tab, 4)  # acted at 75; 201 >= 150
    tab.act(4, "fold")
    assert tab.of(UncalledBetReturned)[0] == UncalledBetReturned(1, 0, 1)
    assert not tab.of(HoleCardsShown)  # nothing shown before the board (H32)
    assert tab.state.board == ("As", "Ks", "Qd", "Jc", "3h")
    assert tab.state.showdown_order == (1, 2, 3, 0)  # nobody bet on the river
    for seat in (1, 2, 3, 0):
        tab.show(seat)
    assert tab.state.previous is not None
    pots = [
        (e.amount, e.eligible, e.winners, e.shares, e.odd_chip_seat) for e in tab.of(PotAwarded)
    ]
    assert pots == [
        (175, (0, 1, 2, 3), (1, 3), (88, 87), 1),
        (160, (0, 2, 3), (3,), (160,), None),
        (250, (0, 2), (2, 0), (125, 125), None),  # clockwise from the button
    ]
    assert final_stacks(tab) == (925, 88, 125, 247, 925)


def test_e6_heads_up(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = table([1000, 1000], button=0)
    started = tab.of(HandStarted)[0]
    assert (started.small_blind_seat, started.big_blind_seat) == (0, 1)  # H10
    assert tab.of(HoleCardsDealt)[0].seat == 1
    assert tab.state.to_act == 0
    tab.act(0, "call")
    tab.act(1, "check")
    assert tab.state.to_act == 1  # the button acts last after the flop
    tab.act(1, "bet", 10)
    tab.act(0, "raise", 20)
    tab.act(1, "fold")
    assert tab.of(UncalledBetReturned) == [UncalledBetReturned(1, 0, 10)]
    assert final_stacks(tab) == (1020, 980)


def test_e7_short_big_blind() -> None:
    tab = table([1000, 1000, 6], button=0)
    assert tab.of(ActionTaken) == []
    choices = kinds(tab, 0)
    assert choices["call"].amount == 10 and choices["raise"].min == 20  # type: ignore[attr-defined]
    tab.act(0, "call")
    tab.act(1, "call")
    assert pots_after(tab, "preflop") == (Pot(18, (0, 1, 2)), Pot(8, (0, 1)))
    assert tab.state.street == 1 and tab.state.to_act == 1


def test_e8_walk_and_uncalled_blind() -> None:
    tab = table([1000, 1000, 1000], button=0)
    tab.act(0, "fold")
    tab.act(1, "fold")
    assert tab.of(UncalledBetReturned) == [UncalledBetReturned(1, 2, 5)]
    (award,) = tab.of(PotAwarded)
    assert (award.amount, award.winners, award.uncontested) == (10, (2,), True)
    assert not tab.of(HoleCardsShown)
    assert final_stacks(tab) == (1000, 995, 1005)


def test_e9_showdown_order_and_a_muck(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, "Kd Jc 8c 7c 9d 8d 3c 2s 7d 9c 4c Jh 5c Ks")
    tab = table([1000, 1000, 1000], button=0)
    tab.act(0, "call")
    tab.act(1, "call")
    tab.act(2, "check")
    for _ in ("flop", "turn"):
        for seat in (1, 2, 0):
            tab.act(seat, "check")
    tab.act(1, "check")
    tab.act(2, "bet", 50)
    tab.act(0, "call")
    tab.act(1, "call")
    assert tab.state.asked == 2
    shown = tab.show(2)[0]
    assert shown.best_five == ("Jh", "Jc", "9d", "9c", "Ks")
    tab.show(0, False)
    tab.show(1)
    assert tab.of(HoleCardsShown)[1].best_five == ("Ks", "Kd", "7d", "7c", "Jh")
    (award,) = tab.of(PotAwarded)
    assert (award.winners, award.amount) == ((1,), 180)
    assert final_stacks(tab) == (940, 1120, 940)


def test_e9_without_a_river_bet_the_first_after_the_button_shows_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, "Kd Jc 8c 7c 9d 8d 3c 2s 7d 9c 4c Jh 5c Ks")
    tab = table([1000, 1000, 1000], button=0)
    tab.act(0, "call")
    tab.act(1, "call")
    tab.act(2, "check")
    for _ in ("flop", "turn", "river"):
        for seat in (1, 2, 0):
            tab.act(seat, "check")
    assert tab.state.showdown_order == (1, 2, 0)


def test_e12_eliminations_places_and_the_button(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 3 (button + 1) is dealt first: 7c 2d to seat 3, 8c 3d to seat 4, As Ah to seat 0.
    deal(
        monkeypatch,
        "7c 8c As 9c 9d 2d 3d Ah 6h 6d 4c Kd Qh 9s 4d 6c 4h 5s",
        "2c",
    )
    tab = table([1000, 1000, 1000, 120, 50], button=2)
    tab.act(0, "call")
    tab.act(1, "fold")
    tab.act(2, "fold")
    tab.act(3, "all_in")
    tab.act(4, "all_in")
    tab.act(0, "call")
    for seat in tab.state.showdown_order:
        tab.show(seat)
    places = {e.seat: e.place for e in tab.of(SeatEliminated)}
    assert places == {4: 5, 3: 4}
    second = tab.of(HandStarted)[1]
    assert (second.button, second.small_blind_seat, second.big_blind_seat) == (0, 1, 2)


def test_e12_heads_up_after_an_elimination(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 (button + 1) is dealt first: 7c 2d to seat 1, Ks Kh to seat 2, As Ah to seat 0.
    deal(monkeypatch, "7c Ks As 2d Kh Ah 4c 2h 3h 8s 4d Js 4h Qc", "2c")
    tab = table([1000, 20, 1000], button=0)
    tab.act(0, "call")
    tab.act(1, "all_in")
    tab.act(2, "call")
    tab.act(0, "call")
    tab.check_down_and_show(2, 0)
    assert tab.state.places[1] == 3
    second = tab.of(HandStarted)[1]
    assert (second.button, second.small_blind_seat, second.big_blind_seat) == (2, 2, 0)


def test_e13_auto_bet() -> None:
    tab = table([25, 1000, 1000, 1000], button=0)
    assert tab.state.to_act == 3
    tab.auto(0, "call")
    tab.auto(1, "fold")
    tab.auto(2, "check")
    events = tab.act(3, "raise", 30)
    taken = [e for e in events if isinstance(e, ActionTaken)]
    assert [(e.seat, e.kind, e.to, e.all_in, e.auto) for e in taken] == [
        (3, "raise", 30, False, False),
        (0, "call", 25, True, True),  # "call any", all-in for less
        (1, "fold", 5, False, True),
    ]
    assert events[-1] == AutoActionCancelled(1, 2, "not_possible")
    assert tab.state.to_act == 2
    tab.refused(SetAutoAction(2, "check"), "your_turn")
    tab.act(2, "call")
    assert pots_after(tab, "preflop") == (Pot(80, (0, 2, 3)), Pot(10, (2, 3)))
    assert tab.state.stacks == (0, 995, 970, 970)
    assert tab.state.to_act == 2
    tab.auto(3, "bet_or_raise", 60)
    tab.act(2, "bet", 20)
    assert tab.of(ActionTaken)[-1] == ActionTaken(
        1, 3, "flop", "raise", 60, 60, False, True, 910, True
    )
    tab.auto(3, "fold")
    events = tab.act(2, "call")
    assert AutoActionCancelled(1, 3, "round_ended") in events
    assert pots_after(tab, "flop")[1] == Pot(130, (2, 3))
    assert tab.state.stacks == (0, 995, 910, 910)
    assert tab.state.street == 2 and tab.state.pending == (None,) * 4


def test_e13_an_auto_raise_below_the_minimum_is_cancelled() -> None:
    tab = table([25, 1000, 1000, 1000], button=0)
    tab.act(3, "raise", 30)
    tab.act(0, "all_in")
    tab.act(1, "fold")
    tab.act(2, "call")
    tab.auto(3, "bet_or_raise", 60)
    events = tab.act(2, "bet", 40)
    assert events[-1] == AutoActionCancelled(1, 3, "not_possible")  # 60 < min_full(40) = 80
    assert tab.state.to_act == 3


def test_e13_settings_that_could_never_be_taken_are_refused() -> None:
    tab = table([25, 1000, 1000, 1000], button=0)
    tab.act(3, "raise", 30)
    tab.act(0, "all_in")
    tab.act(1, "fold")
    assert tab.state.to_act == 2
    tab.act(2, "call")
    tab.auto(3, "fold")
    tab.refused(SetAutoAction(3, "bet_or_raise", 971), "never_possible")
    tab = table([1000] * 4, button=0)
    tab.act(3, "raise", 30)
    tab.refused(SetAutoAction(2, "check"), "never_possible")
    tab.refused(SetAutoAction(2, "bet_or_raise", 20), "never_possible")
    tab.refused(SetAutoAction(2, "bet_or_raise", 30), "never_possible")
    tab.auto(2, "bet_or_raise", 31)


def test_e11_odd_chips() -> None:
    assert split(100, 3) == (34, 33, 33)  # the 34 to the first winner after the button
    assert split(101, 3) == (35, 33, 33)
    assert split(101, 2) == (51, 50)
