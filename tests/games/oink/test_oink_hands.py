"""The evaluator (O24-O29): the worked examples, an independent brute force over every way
the jokers could stand in, and the category counts of O50 over all 1,906,884 hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.games.oink.cards import DECK, INDEX, STRENGTH, VALUE
from flipside.games.oink.hands import CATEGORIES, evaluate, rate, shape

from .reference import brute_force
from .table import cards

# --- O45, O46 ---------------------------------------------------------------------------------

EVALUATIONS = [  # O45: joker, hand, category, role cards, strength, jokers
    (7, "9c 9e 7b 4d 2a", "three_of_a_kind", "9c 9e 7b", (9, 9, 9), 1),
    (7, "9c 9e 5b 3a 7a", "three_of_a_kind", "9c 9e 7a", (9, 9, 9), 1),
    (7, "9c 9e 9d 7b 6a", "four_of_a_kind", "9c 9e 9d 7b", (9, 9, 9, 9), 1),
    (11, "9c 9e 9d 7b 6a", "three_of_a_kind", "9c 9e 9d", (9, 9, 9), 0),
    (7, "Aa 3b 5c 7d 9e", "one_pair", "Aa 7d", (14, 14), 1),
    (8, "Aa 3b 5c 7d 9e", "no_pair", "", (), 0),
    (7, "4a 5b 7c 7d 12f", "three_of_a_kind", "7c 7d 12f", (12, 12, 12), 2),
    (7, "3c 4c 8c 9c 7a", "flush", "3c 4c 8c 9c 7a", (14, 9, 8, 4, 3), 1),
    (7, "2a 3a 4a 5a 6a", "straight_flush", "2a 3a 4a 5a 6a", (6, 5, 4, 3, 2), 0),
    (9, "Aa 2a 3a 4a 5a", "straight_flush", "Aa 2a 3a 4a 5a", (14, 5, 4, 3, 2), 0),
    (7, "7a 7b 7c 7d Kg", "royal_straight", "7a 7b 7c 7d Kg", (14, 13, 12, 11, 10), 4),
    (7, "7a 7b 7c 7d 7e", "royal_straight", "7a 7b 7c 7d 7e", (14, 13, 12, 11, 10), 5),
    (6, "10d 11e 12f Kg 6b", "royal_straight", "10d 11e 12f Kg 6b", (14, 13, 12, 11, 10), 1),
    (6, "8b 8c 8d 6a 6b", "five_of_a_kind", "8b 8c 8d 6a 6b", (8,) * 5, 2),
    (7, "9c 9e 5b 5c 7a", "full_house", "9c 9e 5b 5c 7a", (9, 9, 9, 5, 5), 1),
    (9, "8b 8c 8d 8e 3a", "four_of_a_kind", "8b 8c 8d 8e", (8, 8, 8, 8), 0),
]


@pytest.mark.parametrize(("joker", "hand", "category", "role", "strength", "jokers"), EVALUATIONS)
def test_o45_evaluations(
    joker: int, hand: str, category: str, role: str, strength: tuple[int, ...], jokers: int
) -> None:
    found = evaluate(cards(hand), joker)
    assert (found.category, found.role_cards, found.strength, found.jokers) == (
        category,
        cards(role),
        strength,
        jokers,
    )
    assert rate([INDEX[card] for card in cards(hand)], joker).key == found.key


COMPARISONS = [  # O46: joker, stronger (or one side of a draw), weaker, draw?
    (7, "Aa 2b 3c 4d 5e", "9c 10d 11e 12f Kg", False),
    (7, "12f 12g 3a 3b 3c", "11e 11f 11g 10d 10e", False),
    (7, "9c 9d Kg 4b 2a", "9e 9f 12f 11e 10d", True),
    (7, "9c 9d 2a 3b 4b", "9e 7a 5c 3a 2b", False),
    (7, "Aa 12g 9d 4c 7b", "Kg 12f 9c 4b 7a", False),
    (7, "Aa 3b 5c 9d Kg", "2a 4b 6c 8d 12f", True),
    (9, "8f 8g 9c 9d 9e", "8b 8c 8d 8e 3a", False),
    (6, "Aa 10d 11e 12f Kg", "10e 11f 12g 6a 6b", False),
]


@pytest.mark.parametrize(("joker", "first", "second", "draw"), COMPARISONS)
def test_o46_comparisons(joker: int, first: str, second: str, draw: bool) -> None:
    a, b = evaluate(cards(first), joker), evaluate(cards(second), joker)
    assert a.key == b.key if draw else a.key > b.key


def test_o26_no_run_wraps_around() -> None:
    for hand in ("Kg Aa 2b 3c 4d", "12f Kg Aa 2b 3c", "11e 12f Kg Aa 2b"):
        assert evaluate(cards(hand), None).category == "no_pair"


# --- O28-O29 against a brute force -------------------------------------------------------------


def _check_against_brute_force(hand: tuple[str, ...], joker: int) -> None:
    found = evaluate(hand, joker)
    best, roles = brute_force(hand, joker)
    assert (CATEGORIES.index(found.category) + 1, *found.strength) == best, (hand, joker)
    assert roles == {frozenset(found.role_cards)}, (hand, joker, roles)  # O29: unique
    assert all(VALUE[c] != joker or c in found.role_cards for c in hand)  # every joker


def _hand_with_jokers(joker: int, jokers: int, rng: random.Random) -> tuple[str, ...]:
    wild = [c for c in DECK if VALUE[c] == joker]
    plain = [c for c in DECK if VALUE[c] != joker]
    jokers = min(jokers, len(wild))
    return tuple(rng.sample(wild, jokers) + rng.sample(plain, 5 - jokers))


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 12), st.integers(0, 5), st.randoms(use_true_random=False))
def test_o28_o29_the_closed_form_is_the_brute_force(
    joker: int, jokers: int, rng: random.Random
) -> None:
    _check_against_brute_force(_hand_with_jokers(joker, jokers, rng), joker)


@pytest.mark.soak
def test_o28_o29_the_closed_form_is_the_brute_force_on_many_hands() -> None:
    rng = random.Random(28)
    for _ in range(20_000):
        joker = rng.randint(2, 12)
        _check_against_brute_force(_hand_with_jokers(joker, rng.randint(0, 5), rng), joker)


def test_o24_the_jokers_are_fully_wild_a_pair_of_aces_with_a_joker() -> None:
    # O24 (decided): a joker may stand for a card the deck does not hold twice.
    assert evaluate(cards("Aa 3b 5c 7d 9e"), 7).strength == (14, 14)
    assert evaluate(cards("Kg 3b 5c 7d 9e"), 7).strength == (13, 13)


# --- O50: the counts over all hands ------------------------------------------------------------

O50 = {  # royal, SF, five, flush, four, straight, full house, three, two pair, pair, no pair
    None: (24, 21, 35, 126, 3290, 23079, 7966, 87199, 135807, 890400, 758937),
    2: (257, 310, 294, 425, 15495, 61053, 14779, 223330, 125154, 909449, 556338),
    3: (546, 689, 666, 669, 27014, 79071, 17421, 285119, 115272, 893886, 486531),
    4: (1021, 1322, 1285, 987, 41793, 88142, 19176, 340581, 103539, 875790, 433248),
    5: (1750, 2289, 2154, 1388, 59045, 86586, 19901, 390324, 90942, 860420, 392085),
    6: (2814, 3754, 3196, 1797, 77720, 80963, 19625, 434361, 78438, 846261, 357955),
    7: (4308, 5900, 4228, 2115, 96635, 83889, 18599, 470211, 66864, 826889, 327246),
    8: (2814, 3754, 3196, 1797, 77720, 80963, 19625, 434361, 78438, 846261, 357955),
    9: (1750, 2289, 2154, 1388, 59045, 86586, 19901, 390324, 90942, 860420, 392085),
    10: (201, 1378, 1285, 987, 41881, 88474, 19176, 340725, 103539, 875966, 433272),
    11: (111, 710, 666, 669, 27032, 79254, 17421, 285182, 115272, 894012, 486555),
    12: (55, 316, 294, 425, 15495, 61133, 14779, 223346, 125154, 909525, 556362),
}
HANDS = comb(49, 5)
COPIES = Counter(VALUE.values())  # O4: cards of each value


def _row(counts: Counter[int]) -> tuple[int, ...]:
    return tuple(counts[category] for category in range(11, 0, -1))


def test_o50_rows_sum_to_every_hand() -> None:
    assert HANDS == 1_906_884 and all(sum(row) == HANDS for row in O50.values())


def _suited_ways(values: tuple[int, ...]) -> int:
    """In how many ways cards of these distinct values can all share a symbol (O4)."""
    return sum(all(symbol <= v <= symbol + 6 for v in values) for symbol in range(1, 8))


def grouped_counts(joker: int | None) -> Counter[int]:
    """O50 for one joker number, every hand counted: the hands are grouped by what the
    evaluator reads (the values of the non-jokers, the jokers, one symbol or not)."""
    counts: Counter[int] = Counter()
    for multiset in combinations_with_replacement(range(1, 14), 5):
        of = Counter(multiset)
        if any(n > COPIES[v] for v, n in of.items()):
            continue
        jokers = of.pop(joker, 0) if joker is not None else 0
        plain = tuple(v for v in multiset if v != joker)
        ways = comb(COPIES[joker], jokers) if jokers else 1
        for v, n in of.items():
            ways *= comb(COPIES[v], n)
        suited = _suited_ways(plain) * comb(COPIES[joker], jokers) if len(of) == len(plain) else 0
        if not plain:
            suited, ways = ways, 0  # five jokers: N is empty, "one symbol"
        else:
            ways -= suited
        for is_suited, number in ((True, suited), (False, ways)):
            if number:
                counts[shape(plain, jokers, is_suited).category] += number
    return counts


@pytest.mark.parametrize("joker", list(O50), ids=lambda joker: f"J={joker}")
def test_o50_category_counts_over_all_hands(joker: int | None) -> None:
    counts = grouped_counts(joker)
    assert sum(counts.values()) == HANDS
    assert _row(counts) == O50[joker]


def enumerated_counts(joker: int | None) -> Counter[int]:
    """O50 for one joker number, hand by hand through `rate`."""
    at = 0 if joker is None else joker  # no card has value 0: no jokers
    return Counter(rate(hand, at).category for hand in combinations(range(len(DECK)), 5))


def test_o50_every_hand_one_by_one_at_joker_7() -> None:
    assert _row(enumerated_counts(7)) == O50[7]


@pytest.mark.soak
@pytest.mark.parametrize("joker", list(O50), ids=lambda joker: f"J={joker}")
def test_o50_every_hand_one_by_one(joker: int | None) -> None:
    assert _row(enumerated_counts(joker)) == O50[joker]


def test_o2_strength_puts_the_ace_first() -> None:
    assert max(STRENGTH, key=STRENGTH.__getitem__) == "Aa" and STRENGTH["Kg"] == 13
