"""The evaluator with wild jokers (J9-J16): the worked categories (JE2), the five shown
(J31), agreement with the brute force of `reference` on random hands, and the counts of all
C(108, 5) five-card hands."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.games.juggernaut.cards import DECK, FACES, JOKER
from flipside.games.juggernaut.evaluator import CATEGORIES, best_five, strength

from .reference import brute_strength, category_counts, classify, enumerated_counts

JE2 = [
    ("Ks Kh 9d 4c 2h JK JK", 7),
    ("Ah Ah Kh 7h 2h", 5),
    ("JK JK JK JK 2c", 10),
    ("2c 2c 2d 2d 2h JK JK JK JK 3s", 10),
    ("Ac 2d 3h 4s JK", 4),
    ("9h Th Jh Qh JK", 8),
    ("Ts Js Qs Ks JK", 9),
    ("Kh Kh 7h 7h JK", 6),
    ("As Ad Ac Ah As Kd Kc Kh Ks JK", 10),
    ("Qs Qd Qc JK 4d 9s", 7),
    ("5c 6d 7h 8s 9c Kd 2h", 4),
    ("Ts Td 6c 6h 2c 3d 8d Kc", 2),
    ("As Kd 7c 4h JK", 1),
    ("Ad 2d 3d 4d JK", 8),
    # J12's definitions
    ("Kh Kh JK JK 7h", 7),
    ("Kh Kh Kd JK JK", 10),
    ("Qh Kh Ah 2h 3h", 5),  # no wrap-around
    ("Ah 2h 3h 4h 5h", 8),  # a suited wheel
    ("8c 8c 8c 8c 8c", 10),  # five of a kind without a joker
    # J13: categories only
    ("Ks Kd 5c 5h 9s", 2),
    ("Ah Ac 5d 5s 9h", 2),
]


@pytest.mark.parametrize(("hand", "expected"), JE2, ids=[hand for hand, _ in JE2])
def test_je2_categories(hand: str, expected: int) -> None:
    assert strength(hand.split()) == expected
    assert brute_strength(hand.split()) == expected


def test_categories_are_named_by_strength() -> None:
    assert CATEGORIES[10] == "five_of_a_kind" and CATEGORIES[0] == "high_card"


def test_the_order_of_the_cards_never_matters() -> None:
    hand = ["Ks", "Kh", "9d", "4c", "2h", "JK", "JK"]
    assert {strength(random.Random(i).sample(hand, len(hand))) for i in range(20)} == {7}


def _substituted(five: tuple[str, ...], jokers: tuple[str, ...]) -> list[str]:
    faces = iter(jokers)
    return [next(faces) if card == JOKER else card for card in five]


@pytest.mark.parametrize(("hand", "expected"), JE2, ids=[hand for hand, _ in JE2])
def test_the_five_shown_reaches_the_category_with_as_few_jokers_as_possible(
    hand: str, expected: int
) -> None:
    """J31: five of the hand, its jokers' faces make it the category, no five with fewer
    jokers would."""
    cards = hand.split()
    five = best_five(cards)
    remaining = list(cards)
    for card in five.cards:
        remaining.remove(card)  # the five are cards of the hand
    assert len(five.cards) == 5 and len(five.jokers) == five.cards.count(JOKER)
    assert all(face in FACES for face in five.jokers)
    assert classify(_substituted(five.cards, five.jokers)) == expected
    fewest = min(
        subset.count(JOKER)
        for subset in itertools.combinations(cards, 5)
        if strength(subset) == expected
    )
    assert five.cards.count(JOKER) == fewest


def _hands(jokers: int) -> st.SearchStrategy[list[str]]:
    """Hands of 5-10 cards of the deck with exactly `jokers` jokers."""
    faces = [card for card in DECK if card != JOKER]
    return st.integers(5, 10).flatmap(
        lambda size: st.permutations(faces).map(lambda p: p[: size - jokers] + [JOKER] * jokers)
    )


@settings(max_examples=200, deadline=None)
@given(hand=_hands(0) | _hands(1))
def test_agrees_with_the_brute_force_with_up_to_one_joker(hand: list[str]) -> None:
    assert strength(hand) == brute_strength(hand)


@settings(max_examples=15, deadline=None)
@given(hand=_hands(2))
def test_agrees_with_the_brute_force_with_two_jokers(hand: list[str]) -> None:
    assert strength(hand) == brute_strength(hand)


def _few_cards(hand: list[str]) -> bool:
    """Three or four jokers take the brute force long: five to seven cards only."""
    return hand.count(JOKER) < 3 or len(hand) <= 7


@settings(max_examples=200, deadline=None)
@given(hand=st.integers(0, 4).flatmap(_hands))
def test_the_five_shown_always_reaches_the_category(hand: list[str]) -> None:
    five = best_five(hand)
    assert classify(_substituted(five.cards, five.jokers)) == strength(hand)


@pytest.mark.soak
@settings(max_examples=1_000, deadline=None)
@given(hand=st.integers(0, 4).flatmap(_hands).filter(_few_cards))
def test_agrees_with_the_brute_force_at_length(hand: list[str]) -> None:
    assert strength(hand) == brute_strength(hand)


COUNTS = {  # J16: all C(108, 5) = 111,469,176 five-card hands
    "five_of_a_kind": 10_296,
    "royal_straight_flush": 3_968,
    "straight_flush": 23_040,
    "four_of_a_kind": 593_600,
    "full_house": 489_216,
    "flush": 531_920,
    "straight": 1_171_968,
    "three_of_a_kind": 9_809_664,
    "two_pair": 5_374_512,
    "one_pair": 51_779_712,
    "high_card": 41_681_280,
}


def test_the_category_counts_of_all_five_card_hands() -> None:
    """J16, by combinatorics over rank multisets; five of a kind also by hand:
    C(8,5)·13 + 4·C(8,4)·13 + 6·C(8,3)·13 + 4·C(8,2)·13 + 8·13."""
    counts = category_counts(strength)
    assert dict(zip(CATEGORIES, counts, strict=True)) == COUNTS
    assert sum(counts) == 111_469_176
    assert COUNTS["five_of_a_kind"] == 13 * (56 + 4 * 70 + 6 * 56 + 4 * 28 + 8)


@pytest.mark.soak
def test_the_category_counts_by_brute_force_on_every_rank_multiset() -> None:
    assert category_counts(brute_strength) == list(COUNTS.values())[::-1]


@pytest.mark.soak
def test_the_category_counts_by_visiting_every_five_card_multiset() -> None:
    assert enumerated_counts(strength) == list(COUNTS.values())[::-1]
