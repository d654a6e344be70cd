"""Hand evaluation (RULES R15-R16), checked against tables and an independent evaluator."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.games.flipside.cards import DECK, RANKS
from flipside.games.flipside.hands import (
    CATEGORIES,
    describe,
    hand_category,
    hand_value,
    is_full_house_or_better,
    orientation_values,
    oriented_by_mask,
)

# --- an independent evaluator, written from R15-R16 alone ------------------------------------

_PIP = {rank: pip for pip, rank in enumerate("23456789TJQKA", start=2)}  # A = 14


def reference_key(hand: str) -> tuple[int, tuple[int, ...]]:
    """(category strength 8..1, tie-break pips) for five rank characters; bigger is stronger.

    Straight tops follow R16: the wheel A-2-3-4-5 tops at 5 and nothing wraps past the ace.
    """
    pips = sorted((_PIP[rank.upper()] for rank in hand), reverse=True)
    count = Counter(pips)
    # Ranks by how often they occur, then by pip: the R15 "compare by" order.
    grouped = tuple(sorted(count, key=lambda pip: (count[pip], pip), reverse=True))
    shape = sorted(count.values(), reverse=True)
    if shape == [5]:
        return 8, grouped
    if shape == [4, 1]:
        return 7, grouped
    if shape == [3, 2]:
        return 6, grouped
    if len(count) == 5:
        if pips[0] - pips[4] == 4:
            return 5, (pips[0],)
        if pips == [14, 5, 4, 3, 2]:
            return 5, (5,)
        return 1, tuple(pips)
    if shape == [3, 1, 1]:
        return 4, grouped
    if shape == [2, 2, 1]:
        return 3, grouped
    return 2, grouped  # one pair


_REFERENCE_NAMES = {
    8: "five_of_a_kind",
    7: "four_of_a_kind",
    6: "full_house",
    5: "straight",
    4: "three_of_a_kind",
    3: "two_pair",
    2: "one_pair",
    1: "high_card",
}


def _sign(number: int) -> int:
    return (number > 0) - (number < 0)


def _compare_reference(a: str, b: str) -> int:
    key_a, key_b = reference_key(a), reference_key(b)
    return (key_a > key_b) - (key_a < key_b)


# --- categories ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("AAAAA", "five_of_a_kind"),
        ("22222", "five_of_a_kind"),
        ("77K77", "four_of_a_kind"),
        ("2AAAA", "four_of_a_kind"),
        ("KKKAA", "full_house"),
        ("TT999", "full_house"),
        ("A2345", "straight"),  # R16 wheel
        ("54A32", "straight"),
        ("23456", "straight"),
        ("9TJQK", "straight"),
        ("TJQKA", "straight"),  # broadway
        ("QKA23", "high_card"),  # R16 no wrap-around
        ("JQKA2", "high_card"),
        ("KA234", "high_card"),
        ("55582", "three_of_a_kind"),  # worked example, up side
        ("9Q3QQ", "three_of_a_kind"),  # worked example, down side
        ("KKQQ2", "two_pair"),
        ("99A73", "one_pair"),
        ("AKQJ9", "high_card"),
        ("75432", "high_card"),
    ],
)
def test_r15_r16_hand_categories(hand, category):
    assert hand_category(hand_value(hand)) == category
    assert _REFERENCE_NAMES[reference_key(hand)[0]] == category


def test_r15_hand_category_names_all_eight_categories():
    names = {
        hand_category(hand_value(multiset)) for multiset in combinations_with_replacement(RANKS, 5)
    }
    assert names == set(CATEGORIES)
    assert len(CATEGORIES) == 8


def test_r15_categories_are_listed_weakest_first():
    assert CATEGORIES == (
        "high_card",
        "one_pair",
        "two_pair",
        "three_of_a_kind",
        "straight",
        "full_house",
        "four_of_a_kind",
        "five_of_a_kind",
    )


# --- comparisons -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        # between categories, strongest first (R15 table)
        pytest.param("22222", "AAAAK", id="five_of_a_kind>four"),
        pytest.param("22223", "AAAKK", id="four>full_house"),
        pytest.param("22233", "TJQKA", id="full_house>straight"),
        pytest.param("A2345", "AAAKQ", id="wheel>three_of_a_kind"),
        pytest.param("22234", "AAKKQ", id="three>two_pair"),
        pytest.param("22334", "AAKQJ", id="two_pair>one_pair"),
        pytest.param("22345", "AKQJ9", id="one_pair>high_card"),
        # five of a kind: the rank
        pytest.param("33333", "22222", id="five:rank"),
        # four of a kind: the quad, then the kicker
        pytest.param("88882", "7777A", id="four:quad_rank_first"),
        pytest.param("7777K", "7777Q", id="four:kicker"),
        pytest.param("7777A", "77772", id="four:kicker_ace"),
        # full house: the triple, then the pair
        pytest.param("33322", "222AA", id="full_house:triple_first"),
        pytest.param("333AA", "333KK", id="full_house:pair"),
        # straight: the top (R16)
        pytest.param("TJQKA", "9TJQK", id="straight:broadway_strongest"),
        pytest.param("34567", "23456", id="straight:top"),
        pytest.param("23456", "A2345", id="straight:six_high_beats_wheel"),
        pytest.param("65432", "5432A", id="straight:r16_example"),
        # three of a kind: the triple, then the kickers high to low
        pytest.param("44423", "333AK", id="three:triple_first"),
        pytest.param("555A2", "555KQ", id="three:first_kicker"),
        pytest.param("555A3", "555A2", id="three:second_kicker"),
        pytest.param("QQQ93", "55582", id="three:worked_example_down_beats_up"),
        # two pair: the high pair, the low pair, then the kicker
        pytest.param("KK223", "QQJJA", id="two_pair:high_pair"),
        pytest.param("KKQQ2", "KKJJA", id="two_pair:low_pair"),
        pytest.param("KKQQ3", "KKQQ2", id="two_pair:kicker"),
        # one pair: the pair, then three kickers high to low
        pytest.param("TT234", "99AKQ", id="pair:pair_rank_first"),
        pytest.param("99A73", "99KQJ", id="pair:worked_example_first_kicker"),
        pytest.param("99AK2", "99AQJ", id="pair:second_kicker"),
        pytest.param("99A74", "99A73", id="pair:third_kicker"),
        # high card: five ranks high to low
        pytest.param("AKQJ9", "AKQJ8", id="high:fifth_rank"),
        pytest.param("AKQJ9", "AKQT9", id="high:fourth_rank"),
        pytest.param("AK432", "KQJT8", id="high:ace_is_high"),
        pytest.param("QKA23", "KA234", id="no_wrap:compared_as_high_card"),
        pytest.param("22345", "QKA23", id="no_wrap:qka23_loses_to_the_lowest_pair"),
        pytest.param("A2345", "JQKA2", id="no_wrap:jqka2_loses_to_the_wheel"),
        pytest.param("A2346", "75432", id="high:ace_high_beats_seven_high"),
    ],
)
def test_r15_r16_comparison_edges(stronger, weaker):
    assert hand_value(stronger) > hand_value(weaker)
    assert reference_key(stronger) > reference_key(weaker)


@pytest.mark.parametrize(
    ("a", "b"),
    [("A2345", "54A32"), ("7777K", "K7777"), ("99A73", "3a799"), ("KKQQ2", "2QKQK")],
)
def test_r15_equal_value_means_the_same_multiset(a, b):
    assert hand_value(a) == hand_value(b)


def test_r16_worked_example_straights_in_order():
    assert hand_value("A2345") < hand_value("23456") < hand_value("TJQKA")


def test_r16_the_wheel_is_the_weakest_straight_and_broadway_the_strongest():
    straights = [
        hand_value(multiset)
        for multiset in combinations_with_replacement(RANKS, 5)
        if hand_category(hand_value(multiset)) == "straight"
    ]
    assert len(straights) == 10  # tops 5, 6, ..., A
    assert min(straights) == hand_value("A2345")
    assert max(straights) == hand_value("AKQJT")


def test_r15_worked_example_sides_of_the_source():
    up, down = hand_value("55582"), hand_value("9Q3QQ")
    assert hand_category(up) == hand_category(down) == "three_of_a_kind"
    assert describe(up) == "three 5s"
    assert describe(down) == "three Qs"
    assert down > up


def test_r2_r15_five_of_a_kind_is_possible_with_real_cards():
    # each rank is on 12 cards, so five cards can all show an A up
    cards = ["AK", "AQ", "AJ", "AT", "A9"]
    assert set(cards) <= set(DECK)
    assert hand_category(hand_value([card[0] for card in cards])) == "five_of_a_kind"


# --- the independent evaluator, everywhere ---------------------------------------------------


def test_hand_value_orders_all_6188_multisets_as_the_reference_does():
    hands = ["".join(m) for m in combinations_with_replacement(RANKS, 5)]
    assert len(hands) == 6188
    by_value = sorted(hands, key=hand_value)
    by_reference = sorted(hands, key=reference_key)
    assert [reference_key(h) for h in by_value] == [reference_key(h) for h in by_reference]
    values = sorted(hand_value(h) for h in hands)
    assert len(set(values)) == 6188  # equal values only for equal multisets


hands_st = st.lists(st.sampled_from(RANKS + RANKS.lower()), min_size=5, max_size=5).map("".join)


@settings(max_examples=400, deadline=None)
@given(hands_st, hands_st)
def test_r15_hand_value_agrees_with_the_brute_force_reference(a, b):
    assert _sign(hand_value(a) - hand_value(b)) == _compare_reference(a, b)
    same_multiset = Counter(a.upper()) == Counter(b.upper())
    assert (hand_value(a) == hand_value(b)) == same_multiset
    assert hand_category(hand_value(a)) == _REFERENCE_NAMES[reference_key(a)[0]]


@settings(max_examples=200, deadline=None)
@given(hands_st, st.randoms(use_true_random=False))
def test_r11_order_of_ranks_never_matters(hand, rnd):
    ranks = list(hand)
    rnd.shuffle(ranks)
    assert hand_value(ranks) == hand_value(hand)


# --- input handling --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ranks",
    [
        "AKQJT",
        "akqjt",
        "aKqJt",
        ["A", "K", "Q", "J", "T"],
        ("a", "k", "q", "j", "t"),
        list("TJQKA"),
    ],
)
def test_hand_value_accepts_strings_and_sequences_in_any_case(ranks):
    assert hand_value(ranks) == hand_value("AKQJT")


@pytest.mark.parametrize(
    ("ranks", "message"),
    [
        ("AKQJ", "exactly 5 ranks, got 4"),
        ("AKQJT9", "exactly 5 ranks, got 6"),
        ("", "exactly 5 ranks, got 0"),
        ("AKQJ1", "'1' is not a rank"),
        ("AKQJX", "'X' is not a rank"),
        (["10", "J", "Q", "K", "A"], "'10' is not a rank"),
        (["A", "K", "Q", "J", None], "None is not a rank"),
        ([14, 13, 12, 11, 10], "14 is not a rank"),
        (["AK", "Q", "J", "T", "9"], "'AK' is not a rank"),
        (b"AKQJT", "bytes"),
    ],
)
def test_hand_value_rejects_bad_input_naming_the_problem(ranks, message):
    with pytest.raises(ValueError, match=message):
        hand_value(ranks)


@pytest.mark.parametrize("value", [-1, 8 * 13**5, 10**9, True])
def test_hand_category_rejects_what_is_not_a_hand_value(value):
    with pytest.raises(ValueError, match="not a hand value"):
        hand_category(value)


@pytest.mark.parametrize(
    ("hand", "bonus"),
    [
        ("AAAAA", True),
        ("22223", True),
        ("22233", True),
        ("TJQKA", False),
        ("AAAKQ", False),
        ("AAKKQ", False),
        ("AKQJ9", False),
    ],
)
def test_r12_bonus_line_is_full_house_or_better(hand, bonus):
    assert is_full_house_or_better(hand_value(hand)) is bonus


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("55582", "three 5s"),
        ("A2345", "straight to 5"),
        ("TJQKA", "straight to A"),
        ("KKQQ2", "two pair, Ks and Qs"),
        ("TTT99", "full house, 10s over 9s"),
        ("7777K", "four 7s"),
        ("AAAAA", "five As"),
        ("99A73", "pair of 9s"),
        ("AKQJ9", "A high"),
    ],
)
def test_describe_names_hands_for_people(hand, words):
    assert describe(hand_value(hand)) == words


# --- orientation_values ----------------------------------------------------------------------


def _up_down(cards: list[str], mask: int) -> tuple[str, str]:
    up = "".join(card[1] if mask >> i & 1 else card[0] for i, card in enumerate(cards))
    down = "".join(card[0] if mask >> i & 1 else card[1] for i, card in enumerate(cards))
    return up, down


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_orientation_values_match_hand_value_for_all_32_masks(rnd: random.Random):
    cards = [card if rnd.random() < 0.5 else card[::-1] for card in rnd.sample(DECK, 5)]
    values = orientation_values(cards)
    assert len(values) == 32
    for mask in range(32):
        up, down = _up_down(cards, mask)
        assert values[mask] == (hand_value(up), hand_value(down)), mask
        placed = oriented_by_mask(cards, mask)
        assert "".join(card[0] for card in placed) == up
        assert "".join(card[1] for card in placed) == down


def test_orientation_values_docstring_example_five_aces():
    values = orientation_values(["AK", "AQ", "AJ", "AT", "A9"])
    assert hand_category(values[0][0]) == "five_of_a_kind"
    assert hand_category(values[0][1]) == "straight"
    assert values[0b11111] == (values[0][1], values[0][0])


@pytest.mark.parametrize("bad", [None, 12345, 2.5, object()])
def test_hand_value_refuses_what_is_not_ranks_with_value_error(bad: object) -> None:
    with pytest.raises(ValueError, match="not"):
        hand_value(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [2.5, "7", None, True])
def test_hand_category_refuses_what_is_not_a_value(bad: object) -> None:
    with pytest.raises(ValueError, match="not a hand value"):
        hand_category(bad)  # type: ignore[arg-type]
