"""K13 and K24: a round deck that runs out during a tie-break, empty hands, the lot, and an
empty action deck. Play reaches them only with 7 or 8 players and long ties, so these tests
set the round deck and the hands (`Table.patch`) after the openings."""

from __future__ import annotations

import pytest

from flipside.games.orc import shuffles
from flipside.games.orc.events import (
    ActionPhaseStarted,
    HandRefilled,
    StartPlayerChosen,
    TieBreakRevealed,
    TurnPassed,
)

from .table import SEED, Table, deal, table

HANDS = ((2, 5, 6, 7, 8, 9), (2, 5, 8, 9, 10, 10), (3, 6, 7, 8, 9, 10))


def tied(monkeypatch: pytest.MonkeyPatch) -> Table:
    deal(monkeypatch, HANDS)
    tab = table(["A", "B", "C"])
    tab.open(2, 2, 3)
    assert tab.state.tied == (0, 1)
    return tab


def test_k13_a_short_round_deck_refills_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = tied(monkeypatch)
    tab.patch(round_deck=(7,))
    tab.tiebreak({0: 5, 1: 5})
    assert tab.of(TieBreakRevealed)[0].still_tied == (0, 1)
    assert [(e.seat, e.numbers, e.round_deck) for e in tab.of(HandRefilled)] == [(0, (7,), 0)]
    assert tab.state.seats[0].hand_size == 5 and tab.state.seats[1].hand_size == 4
    tab.tiebreak({0: 6, 1: 8})
    assert tab.of(StartPlayerChosen)[0].seat == 0 and tab.of(HandRefilled)[1:] == []


def test_k13_a_tied_seat_with_no_card_lays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = tied(monkeypatch)
    tab.patch(round_deck=())
    tab.patch_hand(1)
    assert tab.state.awaiting == (0,)
    tab.tiebreak({0: 5})
    revealed = tab.of(TieBreakRevealed)[0]
    assert revealed.numbers == (5, None) and revealed.sequences == ((2, 5), (2,))
    assert tab.of(StartPlayerChosen)[0].seat == 1  # the shorter sequence (K12.5)


def drawn_by_lot(monkeypatch: pytest.MonkeyPatch) -> Table:
    """Seats 0 and 1 tie again with their last cards and no round deck: a lot (K13)."""
    tab = tied(monkeypatch)
    tab.patch(round_deck=())
    tab.patch_hand(0, 9)
    tab.patch_hand(1, 9)
    tab.tiebreak({0: 9, 1: 9})
    return tab


def test_k13_empty_hands_draw_lots_and_k24_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = drawn_by_lot(monkeypatch)
    assert tab.of(TieBreakRevealed)[0].still_tied == (0, 1)
    start = tab.of(StartPlayerChosen)[0]
    assert start.by == "lot" and start.seat == shuffles.start_lot(SEED, 1, (0, 1))
    phase = tab.of(ActionPhaseStarted)[0]
    assert phase.contributors == (2,)  # K17: empty hands contribute nothing
    assert tab.state.awaiting == (2,)
    tab.contribute({2: 10})
    first = phase.turn_order[0]
    tab.draw(first)
    passed = [(e.seat, e.reason) for e in tab.of(TurnPassed)]
    assert passed == [(seat, "empty_action_deck") for seat in phase.turn_order[1:]]
    assert all(tab.state.seats[seat].in_round for seat in phase.turn_order[1:])  # K24
    assert tab.state.action_phase == 2
