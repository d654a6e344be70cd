"""Hand values (H34-H35): the comparisons of E10, the exact category counts of E14, and an
independent evaluator (phevaluator) as the reference on random seven-card sets."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise

import pytest
from phevaluator import evaluate_cards

from flipside.games.holdem.cards import INDEX, split_cards
from flipside.games.holdem.evaluator import (
    CATEGORIES,
    WEIGHT,
    best_five,
    category_of,
    evaluate,
    total,
    value_of_total,
)


def value(text: str) -> int:
    return evaluate([INDEX[card] for card in split_cards(text)])


def test_e10_hand_comparisons() -> None:
    assert value("As Ks Qs Js Ts") == value("Ah Kh Qh Jh Th")
    assert value("5c 4c 3c 2c Ac") < value("6c 5c 4c 3c 2c")
    board = "9s 9h 9d 9c 2h"
    assert value(f"Kd 3c {board}") > value(f"Qd Jc {board}")
    assert value(f"5d 4d {board}") > value(f"3c 2c {board}")
    assert value(f"3c 2c {board}") == value(f"3d 2d {board}")
    assert value("7c 7d 7h 2c 2d") > value("6c 6d 6h Ac Ad")
    assert value("Ad Qd 9d 5d 3d") > value("Ad Qd 9d 5d 2d")
    assert value("Kc Kd 7h 7c As") > value("Kc Kd 7h 7c Qs")
    broadway = "Ah Kd Qc Js Th"
    assert value(f"2c 3c {broadway}") == value(f"4d 5h {broadway}")
    full = [INDEX[card] for card in split_cards("Ah Ad Ac Kh Kd Qs Qh")]
    assert category_of(evaluate(full)) == "full_house"
    assert sorted(best_five(full)) == sorted(INDEX[c] for c in split_cards("Ah Ad Ac Kh Kd"))


def test_no_wrap_around_straight() -> None:
    assert category_of(value("Qc Kd As 2h 3c")) == "high_card"
    assert category_of(value("Ac 2d 3h 4s 5c")) == "straight"


def test_best_five_shows_the_wheel_with_its_ace_last() -> None:
    five = best_five([INDEX[card] for card in split_cards("Ac 2d 3h 4s 5c Kd Kh")])
    assert category_of(evaluate(five)) == "straight"
    assert [card >> 2 for card in five] == [3, 2, 1, 0, 12]


def _fives() -> Iterator[tuple[int, tuple[int, ...]]]:
    """(total, cards) of every five-card hand, the totals added one card at a time."""
    base = total(())
    for a in range(52):
        ta = base + WEIGHT[a]
        for b in range(a + 1, 52):
            tb = ta + WEIGHT[b]
            for c in range(b + 1, 52):
                tc = tb + WEIGHT[c]
                for d in range(c + 1, 52):
                    td = tc + WEIGHT[d]
                    for e in range(d + 1, 52):
                        yield td + WEIGHT[e], (a, b, c, d, e)


def test_e14_category_counts_over_every_five_card_hand() -> None:
    by_value: Counter[int] = Counter(value_of_total(summed, cards) for summed, cards in _fives())
    counts: Counter[str] = Counter()
    for found, count in by_value.items():
        counts[category_of(found)] += count
    assert counts == {
        "straight_flush": 40,
        "four_of_a_kind": 624,
        "full_house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three_of_a_kind": 54_912,
        "two_pair": 123_552,
        "one_pair": 1_098_240,
        "high_card": 1_302_540,
    }
    assert by_value[value("As Ks Qs Js Ts")] == 4


SEVEN_CARD_COUNTS = {
    "royal_flush": 4_324,
    "straight_flush": 37_260,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "one_pair": 58_627_800,
    "high_card": 23_294_460,
}


@pytest.mark.soak
def test_e14_category_counts_over_every_seven_card_set() -> None:
    royal_value = value("As Ks Qs Js Ts")
    by_value: Counter[int] = Counter()
    for summed, five in _fives():
        last = five[-1]
        for f in range(last + 1, 52):
            tf = summed + WEIGHT[f]
            for g in range(f + 1, 52):
                by_value[value_of_total(tf + WEIGHT[g], (*five, f, g))] += 1
    counts: Counter[str] = Counter()
    for found, count in by_value.items():
        name = "royal_flush" if found == royal_value else category_of(found)
        counts[name] += count
    assert counts == SEVEN_CARD_COUNTS


def _agree_with_reference(sets: int, seed: int) -> None:
    """Ours orders hands exactly as phevaluator (lower rank = stronger) does: equal values
    exactly for equal ranks, and a larger value exactly for a better rank."""
    rng = random.Random(seed)
    rank_of_value: dict[int, int] = {}
    for _ in range(sets):
        cards = rng.sample(range(52), 7)  # phevaluator numbers cards as H2 does
        ours, theirs = evaluate(cards), evaluate_cards(*cards)
        assert rank_of_value.setdefault(ours, theirs) == theirs, cards
    ordered = sorted(rank_of_value.items())
    assert all(low[1] > high[1] for low, high in pairwise(ordered))


def test_evaluator_agrees_with_an_independent_reference() -> None:
    _agree_with_reference(100_000, seed=14)


@pytest.mark.soak
def test_evaluator_agrees_with_an_independent_reference_on_a_million_sets() -> None:
    _agree_with_reference(1_000_000, seed=1_000_014)


def test_categories_are_the_rules_nine() -> None:
    assert CATEGORIES[0] == "high_card" and CATEGORIES[-1] == "straight_flush"
    assert len(CATEGORIES) == 9
