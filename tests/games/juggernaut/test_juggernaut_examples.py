"""The worked examples of docs/rules/juggernaut.md (JE1-JE5, JE7, JE8), move by move and
card by card. JE2 is in test_juggernaut_evaluator.py, JE6 in test_card_page_params.py and
JE9 in test_juggernaut_npc.py."""

from __future__ import annotations

import pytest

from flipside.engine.chance import shuffle
from flipside.engine.errors import RuleViolation
from flipside.games.juggernaut.cards import DECK
from flipside.games.juggernaut.commands import (
    AnswerReveal,
    Augment,
    Done,
    Exchange,
    ExchangeGold,
    Reveal,
)
from flipside.games.juggernaut.events import (
    CardsExchanged,
    DiscardsReshuffled,
    ExchangeTurnEnded,
    GoldExchanged,
    HandRevealed,
    HandsShown,
    JuggernautCrowned,
    MatchEnded,
    RevealRefused,
    RewardPaid,
    SetEnded,
    SetRanked,
    SilverConfiscated,
)
from flipside.games.juggernaut.rules import verify_reveal
from flipside.games.juggernaut.state import Match

from .table import SEED, cards, laid_out, of_type, play

AUGMENT_NONE = [Augment(seat, 0) for seat in (0, 1, 2, 3)]


def silver(state: Match) -> list[int]:
    return [seat.silver for seat in state.seats]


def rewards(events: list) -> dict[int, tuple[int, int, int, int, int]]:
    """seat -> (place, base, defeat bonus, hand bonus, silver after)."""
    return {
        e.seat: (e.place, e.base, e.defeat_bonus, e.hand_bonus, e.silver)
        for e in of_type(events, RewardPaid)
    }


def test_je1_costs_in_one_turn() -> None:
    """JE1: three one-card exchanges cost 3; an all exchange then a keep of 2 cost 3."""
    state = laid_out(silver=(20, 20, 20, 20), juggernaut=None, order=(0, 1, 2, 3), top=())
    _, state = play(state, [Augment(0, 3), Augment(1, 0), Augment(2, 0), Augment(3, 0)])
    assert silver(state)[0] == 16  # +3 costs 4
    hand = state.seats[0].hand
    three = [Exchange(0, "individual", (hand[i],)) for i in range(3)]
    events, state = play(state, three)
    assert [e.cost for e in of_type(events, CardsExchanged)] == [1, 1, 1]
    assert silver(state)[0] == 13
    events, state = play(state, [Done(0), Exchange(1, "all", ())])
    kept = state.seats[1].hand[:2]
    events, state = play(state, [Exchange(1, "keep", kept), Done(1)])
    assert silver(state)[1] == 17
    assert of_type(events, ExchangeTurnEnded)[0].spent == 3


def test_je1_keeping_four_of_five_costs_8_the_other_card_1() -> None:
    state = laid_out(silver=(20, 20, 20, 20), juggernaut=None, order=(0, 1, 2, 3), top=())
    _, state = play(state, AUGMENT_NONE)
    hand = state.seats[0].hand
    keep, _ = play(state, [Exchange(0, "keep", hand[:4])])
    single, _ = play(state, [Exchange(0, "individual", hand[4:])])
    assert keep[-1].cost == 8 and single[-1].cost == 1  # both allowed (J25)
    assert keep[-1].count == single[-1].count == 1


JE3_TOP = cards(
    # the deal, five rounds of s2 s3 s0 s1
    "Ks Th Ah Qc | Kd Tc Ac Qh | 5c 6d 8d Qd | 5h 3h 4s 4d | 9s 2h Qd 4s"
    # augmentation: s2 +2, s0 +1, s1 +3
    " | Jc 7d | Ks | Tc 8c 2d"
    # exchanges: s2 2 cards, s3 all 5, s0 keeps 2 of 6
    " | 3d 2c | Ac Jd 8s 6h 4c | 5d 5s 9h 7c"
)


def test_je3_set_one_a_tie_and_no_gold() -> None:
    state = laid_out(
        silver=(10, 10, 10, 10), juggernaut=None, order=(2, 3, 0, 1), top=JE3_TOP, set_no=1
    )
    s0_hand = state.seats[0].hand
    events, state = play(
        state,
        [
            Augment(2, 2),
            Augment(3, 0),
            Augment(0, 1),
            Augment(1, 3),
            Exchange(2, "individual", cards("Jc 7d")),
            Done(2),
            Exchange(3, "all", ()),
            Done(3),
            Exchange(0, "keep", cards("Ah Ac")),
            Done(0),
            Done(1),
        ],
    )
    shown = of_type(events, HandsShown)[0]
    assert sorted(shown.hands[2]) == sorted(cards("Ks Kd 5c 5h 9s 3d 2c"))
    assert sorted(shown.hands[3]) == sorted(cards("Ac Jd 8s 6h 4c"))
    assert sorted(shown.hands[0]) == sorted(cards("Ah Ac 5d 5s 9h 7c"))
    assert sorted(shown.hands[1]) == sorted(cards("Qc Qh Qd 4d 4s Tc 8c 2d"))
    assert len(s0_hand) == 5
    assert shown.strengths == (2, 6, 2, 0)  # s0 and s2 equal (J13)
    ranked = of_type(events, SetRanked)[0]
    assert ranked.hand_ranking == ranked.final_ranking == (1, 2, 0, 3)  # J15: s2 before s0
    assert ranked.demoted is None and ranked.beat_juggernaut == ()
    assert of_type(events, SilverConfiscated)[0].amount == 9
    assert not of_type(events, GoldExchanged)  # s1 6, s2 6, s0 7
    assert rewards(events) == {
        1: (1, 15, 0, 0, 21),
        2: (2, 7, 0, 0, 13),
        0: (3, 6, 0, 0, 13),
        3: (4, 5, 0, 0, 5),
    }
    assert of_type(events, JuggernautCrowned)[0].seat == 1
    assert state.set_no == 2 and state.juggernaut == 1 and state.turn_order == (1, 2, 3, 0)


JE4_TOP = cards(
    "5c Ah 2s Ts | 6d Jh 7c Td | 9c 8c Td 6c | Kd 5s Kc 2c | 3s Qc 4s 3d"
    " | Js Tc | 6h | 8d Kc Jd"
    " | 7h 8s 2h | 8h 4h 3h | Qs Qd Qc JK 4d 9s | 6h"
)


def je4_start() -> Match:
    return laid_out(silver=(13, 21, 13, 5), juggernaut=1, order=(1, 2, 3, 0), top=JE4_TOP)


def test_je4_the_deal() -> None:
    state = je4_start()
    dealt = [state.seats[seat].hand for seat in range(4)]
    assert dealt == [
        cards("Ts Td 6c 2c 3d"),
        cards("5c 6d 9c Kd 3s"),
        cards("Ah Jh 8c 5s Qc"),
        cards("2s 7c Td Kc 4s"),
    ]


def test_je4_set_two_card_by_card() -> None:
    state = je4_start()
    events, state = play(state, [Augment(1, 2), Augment(2, 0), Augment(3, 1), Augment(0, 3)])
    assert silver(state) == [9, 19, 13, 4]
    assert state.seats[1].hand[5:] == cards("Js Tc")
    assert state.seats[0].hand[5:] == cards("8d Kc Jd")

    events, state = play(state, [Reveal(1, 2), AnswerReveal(2, refuse=False)])
    shown = of_type(events, HandRevealed)[0]
    assert shown.cards == cards("Ah Jh 8c 5s Qc") and not shown.automatic
    assert silver(state) == [9, 18, 13, 4]
    events, state = play(state, [Reveal(1, 0), AnswerReveal(0, refuse=True)])
    assert of_type(events, RevealRefused)[0].silver == 8 and not of_type(events, HandRevealed)
    assert silver(state) == [8, 17, 13, 4]  # each side lost exactly 1 (J28)

    events, state = play(state, [Exchange(1, "individual", cards("3s Js Tc")), Done(1)])
    exchange = of_type(events, CardsExchanged)[0]
    assert (exchange.cost, exchange.silver, exchange.drawn) == (4, 13, cards("7h 8s 2h"))
    events, state = play(state, [Exchange(2, "keep", cards("Ah Jh")), Done(2)])
    exchange = of_type(events, CardsExchanged)[0]
    assert exchange.discarded == cards("5s 8c Qc")  # canonical order (J26a)
    assert (exchange.cost, exchange.silver, exchange.drawn) == (2, 11, cards("8h 4h 3h"))
    events, state = play(state, [Exchange(3, "all", ()), Done(3)])
    exchange = of_type(events, CardsExchanged)[0]
    assert (exchange.count, exchange.cost, exchange.silver) == (6, 1, 3)
    assert exchange.drawn == cards("Qs Qd Qc JK 4d 9s")
    events, state = play(state, [Exchange(0, "individual", cards("Jd")), Done(0)])
    assert of_type(events, CardsExchanged)[0].drawn == cards("6h")

    shown = of_type(events, HandsShown)[0]
    assert shown.strengths == (2, 4, 5, 7)
    ranked = of_type(events, SetRanked)[0]
    assert ranked.hand_ranking == (3, 2, 1, 0)
    assert ranked.final_ranking == (3, 2, 0, 1) and ranked.demoted == 1
    assert ranked.beat_juggernaut == (3, 2)
    assert of_type(events, SilverConfiscated)[0].amount == 13
    assert state.phase == "gold" and state.awaiting == (2,)  # only s2 has 10 (11)

    events, state = play(state, [ExchangeGold(2, accept=True)])
    gold = of_type(events, GoldExchanged)[0]
    assert (gold.seat, gold.silver, gold.gold) == (2, 1, 1)
    assert rewards(events) == {
        3: (1, 15, 1, 1, 20),
        2: (2, 7, 1, 0, 9),
        0: (3, 6, 0, 0, 13),
        1: (4, 5, 0, 0, 5),
    }
    end = of_type(events, SetEnded)[0]
    assert end.silver == (13, 5, 9, 20) and end.gold == (0, 0, 1, 0)
    assert of_type(events, JuggernautCrowned)[0] == JuggernautCrowned(2, 3, kept=False)
    assert not of_type(events, DiscardsReshuffled)  # 39 cards drawn, 69 left
    assert state.juggernaut == 3 and state.turn_order == (3, 0, 1, 2)


JE5_TOP = cards(
    "9s 7s As Kc | 9h 5d Kh Kd | 9d Jc Jd Kh | 4c 2s 7d 4d | 4h Th 3c 4s | 8c 8d Ks 3h 2d | Qd 6c"
)
JE5_MOVES = [
    *[Augment(seat, 0) for seat in (1, 2, 3, 0)],
    Done(1),
    Exchange(2, "all", ()),
    Done(2),
    Exchange(3, "individual", cards("Jd 7d")),
    Done(3),
    Done(0),
]


def je5_start() -> Match:
    return laid_out(
        silver=(12, 10, 4, 6), gold=(2, 2, 1, 0), juggernaut=1, order=(1, 2, 3, 0), top=JE5_TOP
    )


def test_je5_a_defended_title_and_the_end() -> None:
    state = je5_start()
    assert state.seats[0].hand == cards("Kc Kd Kh 4d 4s")
    events, state = play(state, JE5_MOVES)
    shown = of_type(events, HandsShown)[0]
    assert shown.strengths == (6, 6, 1, 0)  # equal full houses (J13)
    ranked = of_type(events, SetRanked)[0]
    assert ranked.hand_ranking == ranked.final_ranking == (1, 0, 2, 3)
    assert ranked.demoted is None and ranked.beat_juggernaut == ()
    assert of_type(events, SilverConfiscated)[0] == SilverConfiscated(2, 3, 4)
    assert state.awaiting == (1, 0)  # both people may exchange, in any order (J34)
    events, state = play(state, [ExchangeGold(0, accept=True), ExchangeGold(1, accept=True)])
    assert [(e.seat, e.silver, e.gold) for e in of_type(events, GoldExchanged)] == [
        (0, 2, 3),
        (1, 0, 3),
    ]
    assert {seat: r[-1] for seat, r in rewards(events).items()} == {1: 15, 0: 9, 2: 9, 3: 5}
    assert of_type(events, JuggernautCrowned)[0].kept
    ended = of_type(events, MatchEnded)[0]
    assert ended.winner == 1 and ended.reason == "win_gold"  # 1st beats 2nd (J40)
    assert ended.places == (2, 1, 3, 4)
    assert state.phase == "over" and state.seed_revealed


def test_je5_had_s0_declined_s1_wins_alone() -> None:
    events, state = play(je5_start(), JE5_MOVES)
    events, state = play(state, [ExchangeGold(1, accept=True), ExchangeGold(0, accept=False)])
    assert (state.seats[0].silver, state.seats[0].gold) == (19, 2)
    assert of_type(events, MatchEnded)[0].winner == 1


JE7_TOP = cards(
    "Ah 2h 8s Tc | Ad 5h 8d Ts | 7c 9h 8c 6d | 4s Jh Qs 4c | 2d Kh 3h 3s"
    " | Ks Qd 9c | Ac 7h 7s | 4d Jc | Kd 9d 5s 3c 2c"
)


def test_je7_two_reveals_a_refusal_and_two_exchanges_in_one_turn() -> None:
    state = laid_out(
        silver=(10, 14, 3, 20), gold=(1, 0, 2, 1), juggernaut=3, order=(3, 0, 1, 2), top=JE7_TOP
    )
    assert state.seats[3].hand == cards("Ah Ad 7c 4s 2d")
    _, state = play(state, [Augment(seat, 0) for seat in (3, 0, 1, 2)])
    events, state = play(state, [Reveal(3, 0), AnswerReveal(0, refuse=True)])
    assert silver(state) == [9, 14, 3, 19]
    events, state = play(state, [Exchange(3, "individual", cards("7c 4s 2d"))])
    assert of_type(events, CardsExchanged)[0].drawn == cards("Ks Qd 9c")
    events, state = play(state, [Reveal(3, 1), AnswerReveal(1, refuse=False)])
    assert of_type(events, HandRevealed)[0].cards == cards("8s 8d 8c Qs 3h")
    assert silver(state) == [9, 14, 3, 14]
    events, state = play(state, [Exchange(3, "keep", cards("Ah Ad")), Done(3)])
    exchange = of_type(events, CardsExchanged)[0]
    assert exchange.number == 2 and exchange.discarded == cards("9c Qd Ks")
    assert exchange.hand == cards("Ah Ad Ac 7h 7s")
    turn = of_type(events, ExchangeTurnEnded)[0]
    assert (turn.exchanges, turn.spent) == (2, 8)
    _, state = play(
        state,
        [
            Done(0),
            Exchange(1, "individual", cards("Qs 3h")),
            Done(1),
            Exchange(2, "all", ()),
        ],
    )
    assert silver(state) == [9, 12, 2, 12]
    events, state = play(state, [Done(2)])
    shown = of_type(events, HandsShown)[0]
    assert shown.strengths == (5, 3, 0, 6)
    ranked = of_type(events, SetRanked)[0]
    assert ranked.final_ranking == (3, 0, 1, 2) and ranked.demoted is None
    assert of_type(events, SilverConfiscated)[0].amount == 2
    assert state.awaiting == (3, 1)  # s0 holds 9: it cannot exchange
    events, state = play(state, [ExchangeGold(3, accept=True), ExchangeGold(1, accept=True)])
    end = of_type(events, SetEnded)[0]
    assert end.silver == (16, 8, 5, 17) and end.gold == (1, 1, 2, 2)
    assert state.juggernaut == 3


def test_je7_a_refused_citizen_cannot_be_named_again() -> None:
    state = laid_out(
        silver=(10, 14, 3, 20), gold=(1, 0, 2, 1), juggernaut=3, order=(3, 0, 1, 2), top=JE7_TOP
    )
    _, state = play(state, [*[Augment(s, 0) for s in (3, 0, 1, 2)], Reveal(3, 0)])
    _, state = play(state, [AnswerReveal(0, refuse=True)])
    with pytest.raises(RuleViolation) as refusal:
        verify_reveal(state, 3, 0)
    assert refusal.value.code == "already_named"


def test_je8_a_short_deck() -> None:
    deck = shuffle(SEED, "deck", 2, DECK)
    state = laid_out(silver=(30, 20, 20, 20), juggernaut=0, order=(0, 1, 2, 3), top=deck)
    _, state = play(state, [Augment(seat, 5) for seat in range(4)])
    assert len(state.deck) == 68 and all(len(seat.hand) == 10 for seat in state.seats)
    sizes = []
    for _ in range(6):
        _, state = play(state, [Exchange(0, "all", ())])
        sizes.append((len(state.deck), len(state.pile)))
    assert sizes == [(58, 10), (48, 20), (38, 30), (28, 40), (18, 50), (8, 60)]
    old, pile = state.deck, state.pile
    events, state = play(state, [Exchange(0, "all", ())])
    reshuffled = of_type(events, DiscardsReshuffled)[0]
    assert (reshuffled.count, reshuffled.deck_count, reshuffled.number) == (60, 68, 0)
    assert reshuffled.cards == shuffle(SEED, "discards", 0, pile)  # J26a, label discards
    exchange = of_type(events, CardsExchanged)[0]
    assert exchange.drawn == old + reshuffled.cards[:2]  # none of the 10 being discarded
    assert (len(state.deck), len(state.pile)) == (58, 10)
    assert state.seats[0].silver == 30 - 23
