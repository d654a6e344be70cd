"""Every worked example of docs/rules/orc.md (K37-K41), played through the decider chip by
chip."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from flipside.games.orc import rules
from flipside.games.orc.commands import SEALED_ACTIONS, ChooseTieBreak, Draw, GiveUp
from flipside.games.orc.events import (
    ActionCardsDiscarded,
    ActionPhaseStarted,
    CardDrawn,
    ChipsPaid,
    GaveUp,
    HandRefilled,
    MatchEnded,
    OpeningRevealed,
    PlayerOut,
    PotAwarded,
    RoundEnded,
    RoundStarted,
    StartPlayerChosen,
    TieBreakRevealed,
)
from flipside.games.orc.start import next_start
from flipside.games.orc.state import Match

from .table import Table, action_decks, deal, table

ANA, BEN, CHO, DAI = range(4)
ERI, FUMI, GEN = range(3)

K38_HANDS = (
    (2, 5, 7, 8, 9, 10),
    (2, 4, 6, 9, 10, 10),
    (3, 6, 7, 8, 8, 10),
    (4, 5, 7, 9, 9, 10),
)
K39_HANDS = ((1, 3, 5, 7, 9, 9), (2, 4, 6, 8, 10, 10), (3, 5, 7, 8, 10, 10))


def starts(events: list) -> list[tuple[int, int, str]]:
    return [(e.phase, e.seat, e.by) for e in events if isinstance(e, StartPlayerChosen)]


def test_k38_a_whole_round_of_four(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, K38_HANDS, top=(6, 3))
    action_decks(monkeypatch, {(1, 1): (9, 10, 8, 10), (1, 2): (7, 3, 10, 9), (1, 3): (9, 10)})
    tab = table(["Ana", "Ben", "Cho", "Dai"])
    # 1. The fee (K7).
    fees = tab.of(ChipsPaid)
    assert [(e.seat, e.reason, e.paid) for e in fees] == [(s, "fee", 1) for s in range(4)]
    assert tab.chips == (29, 29, 29, 29) and tab.state.pot == 4
    # 2. The deal (K9).
    assert [tab.hand(seat) for seat in range(4)] == list(K38_HANDS)
    assert len(tab.state.round_deck) == 31
    # 3. Openings, a tie on 2, the tie-break (K10-K12).
    tab.open(2, 2, 6, 4)
    assert tab.of(OpeningRevealed)[0].tied == (ANA, BEN)
    assert tab.state.awaiting == (ANA, BEN)
    tab.refused(ChooseTieBreak(ANA, 2), "number_not_allowed")  # K12.2: 2 is in her row
    tab.refused(ChooseTieBreak(CHO, 3), "not_your_turn")  # only the tied lay cards
    tab.tiebreak({ANA: 5, BEN: 4})
    revealed = tab.of(TieBreakRevealed)[0]
    assert revealed.sequences == ((2, 5), (2, 4)) and revealed.still_tied == ()
    assert [(e.seat, e.numbers) for e in tab.of(HandRefilled)] == [(ANA, (6,)), (BEN, (3,))]
    assert len(tab.state.round_deck) == 29
    assert starts(tab.events) == [(1, BEN, "tiebreak")]
    assert tab.rows() == ((2, 5), (2, 4), (6,), (4,))
    assert [tab.hand(seat) for seat in range(4)] == [
        (6, 7, 8, 9, 10),
        (3, 6, 9, 10, 10),
        (3, 7, 8, 8, 10),
        (5, 7, 9, 9, 10),
    ]
    # 4. Phase 1.
    assert tab.of(ActionPhaseStarted)[0].turn_order == (BEN, CHO, DAI, ANA)
    tab.contribute({ANA: 10, BEN: 10, CHO: 8, DAI: 9})
    tab.refused(Draw(CHO), "not_your_turn")
    for seat in (BEN, CHO, DAI, ANA):
        tab.draw(seat)
    assert [(e.seat, e.number, e.busted) for e in tab.of(CardDrawn)] == [
        (BEN, 9, False),
        (CHO, 10, False),
        (DAI, 8, False),
        (ANA, 10, False),
    ]
    assert tab.rows() == ((2, 5, 10), (2, 4, 9), (6, 10), (4, 8))
    assert starts(tab.events)[-1] == (2, BEN, "kept")  # K27: Ana's 2 is not smaller
    # 5. Phase 2.
    tab.contribute({ANA: 9, BEN: 3, CHO: 7, DAI: 10})
    tab.give_up(BEN)
    assert tab.of(GaveUp)[-1].cost == 2  # K21
    assert tab.chips[BEN] == 27 and tab.state.pot == 6
    assert not tab.state.seats[BEN].in_round
    tab.draw(CHO)
    tab.draw(DAI)
    tab.draw(ANA)
    assert tab.of(CardDrawn)[-1].busted  # K20: her row holds a 10
    assert tab.chips[ANA] == 19 and tab.state.pot == 16
    assert [(e.seat, e.reason) for e in tab.of(PlayerOut)] == [(BEN, "give_up"), (ANA, "bust")]
    assert tab.of(ActionCardsDiscarded)[-1].count == 1  # K25: the undrawn 9
    assert starts(tab.events)[-1] == (3, DAI, "smallest")  # Ben is out: Cho 6, Dai 3
    # 6. Phase 3.
    assert tab.of(ActionPhaseStarted)[-1].turn_order == (DAI, CHO)
    tab.contribute({CHO: 10, DAI: 9})
    tab.draw(DAI)
    assert tab.rows()[DAI] == (4, 8, 3, 9)
    tab.refused(GiveUp(DAI), "not_your_turn")
    tab.give_up(CHO)
    assert tab.of(GaveUp)[-1].cost == 3
    award = tab.of(PotAwarded)[-1]
    assert (award.seats, award.amount, award.reason) == ((DAI,), 19, "last_player")  # K22
    # 7. After round 1.
    ended = tab.of(RoundEnded)[0]
    assert ended.chips == (19, 27, 26, 48) and ended.pot == 0 and not ended.shortfall
    assert sum(ended.chips) + ended.pot == 120
    assert tab.of(RoundStarted)[-1].round == 2 and tab.state.round == 2


def test_k39_a_round_of_five_phases(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, K39_HANDS)
    decks = {(1, 1): (10, 9, 10), (1, 2): (7, 5, 10)}
    decks |= {(1, 3): (3, 4), (1, 4): (9, 6), (1, 5): (8, 7)}
    action_decks(monkeypatch, decks)
    tab = table(["Eri", "Fumi", "Gen"])
    assert tab.chips == (29, 29, 29) and tab.state.pot == 3
    tab.open(1, 2, 3)
    assert starts(tab.events) == [(1, ERI, "opening")]
    tab.contribute({ERI: 9, FUMI: 10, GEN: 10})
    for seat in (ERI, FUMI, GEN):
        tab.draw(seat)
    assert tab.rows() == ((1, 10), (2, 9), (3, 10))
    assert starts(tab.events)[-1] == (2, ERI, "kept")
    tab.contribute({ERI: 5, FUMI: 10, GEN: 7})
    for seat in (ERI, FUMI, GEN):
        tab.draw(seat)
    assert tab.chips == (29, 29, 19) and tab.state.pot == 13  # Gen's bust on 10
    for cards in ({ERI: 3, FUMI: 4}, {ERI: 9, FUMI: 6}, {ERI: 7, FUMI: 8}):
        tab.contribute(cards)
        tab.draw(ERI)
        tab.draw(FUMI)
    assert tab.rows_of_round(1)[:2] == [[1, 10, 7, 3, 9, 8], [2, 9, 5, 4, 6, 7]]
    award = tab.of(PotAwarded)[0]
    assert (award.seats, award.amount, award.remainder, award.reason) == (
        (ERI, FUMI),
        6,
        1,
        "split",
    )  # K26
    ended = tab.of(RoundEnded)[0]
    assert ended.chips == (35, 35, 19) and ended.pot == 1 and sum(ended.chips) + 1 == 90
    # Round 2's fee joins the remainder.
    assert tab.of(RoundStarted)[-1].pot == 1
    assert tab.chips == (34, 34, 18) and tab.state.pot == 4


def tie_on_two(monkeypatch: pytest.MonkeyPatch, hands: tuple, top: tuple = ()) -> Table:
    deal(monkeypatch, hands, top)
    tab = table(["A", "B", "C"])
    tab.open(*[hand[0] for hand in hands])
    return tab


def test_k37_the_second_card_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    tab = tie_on_two(monkeypatch, ((2, 4, 6, 7, 8, 9), (2, 3, 6, 7, 8, 9), (5, 6, 7, 8, 9, 10)))
    tab.tiebreak({0: 4, 1: 3})
    assert starts(tab.events) == [(1, 1, "tiebreak")]


def test_k37_a_stack_leaves_the_shorter_sequence(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ((9, 10, 10, 10, 10, 10), (9, 9, 9, 9, 9, 9), (10, 10, 10, 10, 8, 8))
    tab = tie_on_two(monkeypatch, hands)
    tab.refused(ChooseTieBreak(0, 9), "number_not_allowed")  # K12.2: A holds 10s
    tab.tiebreak({0: 10, 1: 9})  # K12.3: B holds only 9s
    revealed = tab.of(TieBreakRevealed)[0]
    assert revealed.stacked == (False, True) and revealed.sequences == ((9, 10), (9,))
    assert tab.state.seats[1].stacked == (9,) and tab.state.seats[1].row == (9,)
    assert starts(tab.events) == [(1, 1, "tiebreak")]


def test_k37_three_way_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = (
        (9, 10, 2, 4, 5, 6),
        (9, 9, 9, 9, 9, 9),
        (9, 3, 4, 5, 6, 7),
        (10, 1, 2, 3, 4, 5),
    )
    deal(monkeypatch, hands, top=(7, 8, 6))
    tab = table(["s0", "s1", "s2", "s3"])
    tab.open(9, 9, 9, 10)
    assert tab.state.awaiting == (0, 1, 2)
    tab.tiebreak({0: 10, 1: 9, 2: 3})
    revealed = tab.of(TieBreakRevealed)[0]
    assert revealed.sequences == ((9, 10), (9,), (9, 3)) and revealed.still_tied == ()
    assert starts(tab.events) == [(1, 1, "tiebreak")]
    assert [(e.seat, e.numbers) for e in tab.of(HandRefilled)] == [(0, (7,)), (1, (8,)), (2, (6,))]
    assert [tab.state.seats[seat].hand_size for seat in range(4)] == [5, 5, 5, 5]


def test_k37_equal_sequences_lay_a_third_card(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = ((2, 5, 6, 7, 8, 9), (2, 5, 5, 8, 9, 10), (3, 6, 7, 8, 9, 10))
    tab = tie_on_two(monkeypatch, hands, top=(5, 9))
    tab.tiebreak({0: 5, 1: 5})
    first = tab.of(TieBreakRevealed)[0]
    assert first.sequences == ((2, 5), (2, 5)) and first.still_tied == (0, 1)
    assert tab.state.phase == "tiebreak" and tab.state.awaiting == (0, 1)
    # K12.2: each must lay a number new to its row, since each holds one.
    tab.refused(ChooseTieBreak(0, 5), "number_not_allowed")  # A drew a 5 and holds 6 7 8 9
    tab.refused(ChooseTieBreak(1, 5), "number_not_allowed")
    tab.tiebreak({0: 6, 1: 8})
    assert tab.of(TieBreakRevealed)[1].sequences == ((2, 5, 6), (2, 5, 8))
    assert starts(tab.events) == [(1, 0, "tiebreak")]


def test_k40_a_bust_beyond_the_chips_falls_short(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, K39_HANDS)
    action_decks(monkeypatch, {(1, 1): (10, 9, 10), (1, 2): (9, 7, 8), (1, 3): (3, 4)})
    tab = table(["Eri", "Fumi", "Gen"])
    tab.open(1, 2, 8)
    tab.contribute({ERI: 9, FUMI: 10, GEN: 10})
    for seat in (ERI, FUMI, GEN):
        tab.draw(seat)
    tab.contribute({ERI: 9, FUMI: 8, GEN: 7})
    tab.with_chips(29, 29, 3)
    tab.draw(ERI)
    tab.draw(FUMI)
    tab.draw(GEN)  # an 8 on Gen's 8 (K20)
    paid = tab.of(ChipsPaid)[-1]
    assert (paid.seat, paid.due, paid.paid, paid.shortfall, paid.chips) == (GEN, 8, 3, 5, 0)
    assert tab.state.pot == 3 + 8 - 5 and tab.state.shortfall
    # The round goes on (K8) ...
    assert tab.state.phase == "contribute" and tab.state.action_phase == 3
    tab.contribute({ERI: 3, FUMI: 4})
    tab.give_up(ERI)
    # ... and the match ends with it (K29).
    assert tab.of(MatchEnded)[0].reason == "shortfall" and tab.state.phase == "over"


def test_k40_paying_down_to_zero_is_no_shortfall(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, K39_HANDS)
    action_decks(monkeypatch, {(1, 1): (10, 9, 10), (1, 2): (2, 1)})
    tab = table(["Eri", "Fumi", "Gen"])
    tab.open(3, 4, 5)  # the smallest visible number is Eri's 3
    tab.contribute({ERI: 9, FUMI: 10, GEN: 10})
    tab.draw(ERI)
    tab.draw(FUMI)
    tab.with_chips(29, 29, 3)
    tab.give_up(GEN)
    paid = tab.of(ChipsPaid)[-1]
    assert (paid.seat, paid.due, paid.paid, paid.shortfall, paid.chips) == (GEN, 3, 3, 0, 0)
    assert not tab.state.shortfall
    tab.contribute({ERI: 1, FUMI: 2})
    tab.give_up(ERI)  # Fumi is the last one in: round 1 ends, the match goes on
    assert not tab.of(MatchEnded) and tab.state.round == 2
    fee = [e for e in tab.of(ChipsPaid) if e.seat == GEN][-1]
    assert (fee.reason, fee.due, fee.paid, fee.shortfall) == ("fee", 1, 0, 1)
    assert tab.state.shortfall and GEN in tab.state.awaiting  # Gen plays the last round


def no_one(state: Match, seat: int) -> bool:
    return False


def give_up_until(
    tab: Table, done: Callable[[Match], bool], drawing: Callable[[Match, int], bool] = no_one
) -> None:
    """Every seat lays its smallest legal card and the seats to move give up (or draw, when
    `drawing` says so), until `done`."""
    while not done(tab.state):
        seat = tab.state.awaiting[0]
        if tab.state.to_move == seat:
            tab.draw(seat) if drawing(tab.state, seat) else tab.give_up(seat)
        else:
            number = rules.choices(tab.state, seat)[0]
            tab.do(SEALED_ACTIONS[tab.state.phase](seat, number))


def test_k40_an_escalating_fee_beyond_the_chips_falls_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, K39_HANDS)
    tab = table(["Eri", "Fumi", "Gen"], escalating_fee=True)
    give_up_until(tab, lambda state: state.round == 2)
    assert tab.of(RoundStarted)[-1].fee == 2
    # In round 2 the others draw while Gen is in, and Gen gives up.
    give_up_until(
        tab,
        lambda state: not state.seats[GEN].in_round or state.round == 3,
        lambda state, seat: seat != GEN,
    )
    assert tab.state.round == 2, "Gen gave up in round 2"
    tab.with_chips(*tab.chips[:2], 2)
    total = sum(tab.chips) + tab.state.pot
    give_up_until(tab, lambda state: state.round == 3)
    assert tab.of(RoundStarted)[-1].fee == 3  # K31
    fee = [e for e in tab.of(ChipsPaid) if e.seat == GEN and e.reason == "fee"][-1]
    assert (fee.due, fee.paid, fee.shortfall, fee.chips) == (3, 2, 1, 0)
    assert sum(tab.chips) + tab.state.pot == total  # K3: a shortfall moves no chip
    give_up_until(tab, lambda state: state.phase == "over")
    assert tab.of(MatchEnded)[0].reason == "shortfall" and tab.state.round == 3


def test_k41_the_start_moves_to_the_farthest_clockwise() -> None:
    assert next_start({0: (3, 9), 1: (4, 10), 4: (7, 3)}, previous=2, seat_count=5) == (
        0,
        "farthest_clockwise",
    )
    # The previous start, still in and holding the smallest number, keeps it (K27).
    assert next_start({0: (3, 9), 2: (3, 5), 4: (3,)}, previous=2, seat_count=5) == (2, "kept")
    # d = n - 1, the previous start's right neighbour, is the farthest.
    assert next_start({1: (3,), 3: (3,)}, previous=2, seat_count=5) == (1, "farthest_clockwise")
