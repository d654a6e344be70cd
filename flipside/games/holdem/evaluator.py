"""Hand values: the best five of five, six or seven cards under H34-H35.

A *value* is an integer, larger = stronger, equal = a tie (H36): the category (0 high card
… 8 straight flush) in bits 20 and up, then the ranks that decide within it, most
significant first, four bits each. Suits never enter a value (H3).

Cards here are canonical indices (`cards.INDEX`, H2), for speed. Each card has a weight:
one 3-bit counter per rank (bits 0-38) and one 4-bit counter per suit (bits 39-54). The
weights of a hand add up, without carries, to its rank counts and suit counts; the suit
counters start at 3, so a suit with five or more cards sets bit 3 of its counter. Without
such a bit the value is one look-up of the rank counts in a table of every multiset of 5 to
7 ranks (74,000 entries, built at import). With it, the hand is a flush or a straight
flush (five cards of one suit leave too few others for a full house or four of a kind) and
the value is a look-up of that suit's ranks. The weights let the computer players add the
board once and each opponent's two cards after (`total`, `value_of_total`).

>>> from .cards import INDEX
>>> def value(text): return evaluate([INDEX[card] for card in text.split()])
>>> category_of(value("As Ks Qs Js Ts 2c 2d")), category_of(value("Ah Ad Ac Kh Kd Qs Qh"))
('straight_flush', 'full_house')
>>> value("5c 4c 3c 2c Ac") < value("6c 5c 4c 3c 2c")  # the wheel is the lowest (H35, E10)
True
>>> value("As Ks Qs Js Ts") == value("Ah Kh Qh Jh Th")  # suits never break ties (H3)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

CATEGORIES = (  # H35, weakest first: a value's category is its index here
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8
_CATEGORY_SHIFT = 20
_RANK_BITS = 3
_SUIT_SHIFT = 13 * _RANK_BITS
_RANK_MASK = (1 << _SUIT_SHIFT) - 1
_BASE = sum(3 << (_SUIT_SHIFT + 4 * suit) for suit in range(4))
_FLUSH_BITS = sum(8 << (_SUIT_SHIFT + 4 * suit) for suit in range(4))
WEIGHT: tuple[int, ...] = tuple(
    (1 << (_RANK_BITS * (card >> 2))) + (1 << (_SUIT_SHIFT + 4 * (card & 3))) for card in range(52)
)
_WHEEL = 0b1_0000_0000_1111  # A 2 3 4 5


def _pack(category: int, ranks: Iterable[int]) -> int:
    value = category
    count = 0
    for rank in ranks:
        value = (value << 4) | rank
        count += 1
    return value << (4 * (5 - count))


def _straight_top(mask: int) -> int | None:
    """The top rank (0 = deuce) of the highest straight in a rank mask; no wrap (H35)."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    return 3 if mask & _WHEEL == _WHEEL else None


_STRAIGHT_TOPS = tuple(_straight_top(mask) for mask in range(1 << 13))


def _value_of_counts(counts: Sequence[int]) -> int:
    """The best five of the ranks counted, no flush possible (H35)."""
    by_count: tuple[list[int], ...] = ([], [], [], [], [])  # ranks by count, high first
    mask = 0
    for rank in range(12, -1, -1):
        if counts[rank]:
            by_count[counts[rank]].append(rank)
            mask |= 1 << rank
    _, ones, twos, threes, fours = by_count
    if fours:
        return _pack(7, (fours[0], max(threes[:1] + twos[:1] + ones[:1])))
    if threes and (len(threes) > 1 or twos):
        return _pack(6, (threes[0], max(threes[1:2] + twos[:1])))
    straight = _STRAIGHT_TOPS[mask]
    if straight is not None:
        return _pack(STRAIGHT, (straight,))
    if threes:
        return _pack(3, (threes[0], *ones[:2]))
    if len(twos) >= 2:
        return _pack(2, (twos[0], twos[1], max(twos[2:3] + ones[:1])))
    if twos:
        return _pack(1, (twos[0], *ones[:3]))
    return _pack(0, ones[:5])


def _value_of_suited(mask: int) -> int:
    """The best five of five or more ranks of one suit: a straight flush or a flush."""
    straight = _STRAIGHT_TOPS[mask]
    if straight is not None:
        return _pack(STRAIGHT_FLUSH, (straight,))
    return _pack(FLUSH, [r for r in range(12, -1, -1) if mask >> r & 1][:5])


def _tables() -> tuple[dict[int, int], tuple[int, ...]]:
    """(value by rank-counter key, value by suited rank mask): built at import (about half a
    second), so that no move of a match waits for it."""
    unsuited: dict[int, int] = {}
    for size in (5, 6, 7):
        for ranks in combinations_with_replacement(range(13), size):
            counts = [0] * 13
            for rank in ranks:
                counts[rank] += 1
            if max(counts) <= 4:
                key = sum(count << (_RANK_BITS * rank) for rank, count in enumerate(counts))
                unsuited[key] = _value_of_counts(counts)
    suited = tuple(
        _value_of_suited(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13)
    )
    return unsuited, suited


_UNSUITED, _SUITED = _tables()


def total(cards: Iterable[int]) -> int:
    """The summed weights of `cards` (with the suit counters' offset)."""
    result = _BASE
    for card in cards:
        result += WEIGHT[card]
    return result


def value_of_total(summed: int, cards: Iterable[int]) -> int:
    """The value of the 5-7 `cards` whose `total` is `summed` (cards read on a flush only)."""
    flush = summed & _FLUSH_BITS
    if not flush:
        return _UNSUITED[summed & _RANK_MASK]
    suit = (flush.bit_length() - 1 - _SUIT_SHIFT - 3) // 4
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return _SUITED[mask]


def evaluate(cards: Sequence[int]) -> int:
    """The value of the best five of 5 to 7 distinct cards (H34-H35)."""
    return value_of_total(total(cards), cards)


def category_of(value: int) -> str:
    """The category name of a value (H35)."""
    return CATEGORIES[value >> _CATEGORY_SHIFT]


def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """Five of `cards` that make their value, strongest-looking first (for showing, H33).

    Among several fives of equal value, the one with the highest cards in index order.
    """
    ordered = sorted(cards, reverse=True)
    target = evaluate(ordered)
    for five in combinations(ordered, 5):
        if evaluate(five) == target:
            return _display_order(five, target)
    raise AssertionError("some five cards make the value of the best five")


def _display_order(five: Sequence[int], value: int) -> tuple[int, ...]:
    """The five cards as a player reads them: groups first (larger, then higher), and a
    wheel with its ace last."""
    counts = {rank: sum(1 for card in five if card >> 2 == rank) for rank in {c >> 2 for c in five}}
    ordered = sorted(five, key=lambda card: (counts[card >> 2], card >> 2, card), reverse=True)
    if value >> _CATEGORY_SHIFT in (STRAIGHT, STRAIGHT_FLUSH) and (value >> 16) & 15 == 3:
        ordered = ordered[1:] + ordered[:1]  # 5 4 3 2 A
    return tuple(ordered)
