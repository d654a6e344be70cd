"""Independent references for the evaluator: the definitions of J10-J12 applied literally.

`brute_strength` tries every five-card subset of a hand and every face for each of its
jokers (J10), and classifies each joker-free five by the definitions of J12, sharing no code
with `evaluator`. `category_counts` counts the categories of all C(108, 5) five-card hands
by combinatorics over rank multisets (J16); `enumerated_counts` by visiting every multiset of
five cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

RANKS = "23456789TJQKA"
SUITS = "cdhs"
FACES = tuple(rank + suit for rank in RANKS for suit in SUITS)
JOKER = "JK"
NAMES = (
    "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
    "full_house", "four_of_a_kind", "straight_flush", "royal_straight_flush",
    "five_of_a_kind",
)  # fmt: skip


def classify(five: Sequence[str]) -> int:
    """The strength of five joker-free cards, straight from J11-J12."""
    counts = sorted(Counter(card[0] for card in five).values(), reverse=True)
    suited = len({card[1] for card in five}) == 1
    values = sorted(RANKS.index(card[0]) for card in five)
    straight = len(set(values)) == 5 and (
        values[4] - values[0] == 4 or values == [0, 1, 2, 3, 12]  # A-2-3-4-5
    )
    royal = values == [8, 9, 10, 11, 12]
    if counts[0] == 5:
        return 10
    if straight and suited:
        return 9 if royal else 8
    if counts[0] == 4:
        return 7
    if counts[:2] == [3, 2]:
        return 6
    if suited:
        return 5
    if straight:
        return 4
    if counts[0] == 3:
        return 3
    if counts[:2] == [2, 2]:
        return 2
    return 1 if counts[0] == 2 else 0


@cache
def _best_with_jokers(faces: tuple[str, ...], jokers: int) -> int:
    """The best strength of `faces` plus `jokers` jokers, each joker every face in turn."""
    best = 0
    for chosen in combinations_with_replacement(FACES, jokers):
        best = max(best, classify(faces + chosen))
        if best == 10:
            break
    return best


def brute_strength(hand: Sequence[str]) -> int:
    """The strength of `hand` (5 to 10 cards) by trying everything (J9-J10)."""
    best = 0
    for five in set(tuple(sorted(five)) for five in combinations(hand, 5)):
        faces = tuple(card for card in five if card != JOKER)
        best = max(best, _best_with_jokers(faces, 5 - len(faces)))
    return best


# --- J16: every five-card hand of the 108 ------------------------------------------------


def _rank_multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of `size` ranks, as counts per rank (at most 8: two decks of four)."""
    for chosen in combinations_with_replacement(range(13), size):
        counts = Counter(chosen)
        if max(counts.values(), default=0) <= 8:
            yield tuple(counts.get(rank, 0) for rank in range(13))


def category_counts(strength: Callable[[Sequence[str]], int]) -> list[int]:
    """The number of five-card hands of each strength, by rank multisets.

    A hand is j jokers (C(4, j) ways) and 5 - j faces with rank counts m_r: C(8, m_r) ways
    per rank. Only the suits decide the flush family: the faces are all of one suit in
    4 x prod C(2, m_r) of those ways (two copies of each face of the suit), and that is the
    whole of it when there is a single face. `strength` is asked once for a hand of each
    kind: all of one suit, and (when possible) not.
    """
    totals = [0] * 11
    for jokers in range(5):
        for counts in _rank_multisets(5 - jokers):
            ranks = [rank for rank, count in enumerate(counts) for _ in range(count)]
            ways = comb(4, jokers) * prod(comb(8, count) for count in counts)
            suited = 4 * prod(comb(2, count) for count in counts) * comb(4, jokers)
            if ranks and max(counts) <= 2:
                totals[strength(_hand(ranks, jokers, suited=True))] += suited
            else:
                suited = 0
            if ways > suited:
                totals[strength(_hand(ranks, jokers, suited=False))] += ways - suited
    return totals


def _hand(ranks: list[int], jokers: int, *, suited: bool) -> tuple[str, ...]:
    """Faces of `ranks`, all spades if `suited`, else with the first two suits unlike
    (and at most two copies of a face, as the deck has)."""
    if suited:
        faces = [RANKS[rank] + "s" for rank in ranks]
    else:
        faces = [RANKS[rank] + SUITS[index % 4] for index, rank in enumerate(ranks)]
    return (*faces, *[JOKER] * jokers)


def enumerated_counts(strength: Callable[[Sequence[str]], int]) -> list[int]:
    """The same counts by visiting every multiset of five cards of the deck, with its
    number of ways (C(2, copies) per face, C(4, jokers))."""
    totals = [0] * 11
    for jokers in range(5):
        for faces in combinations_with_replacement(range(52), 5 - jokers):
            copies = Counter(faces)
            if max(copies.values(), default=0) > 2:
                continue
            ways = comb(4, jokers) * prod(comb(2, count) for count in copies.values())
            totals[strength((*[FACES[face] for face in faces], *[JOKER] * jokers))] += ways
    return totals
