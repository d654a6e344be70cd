"""Hand evaluation (RULES R15-R16): every five-rank multiset as one comparable int.

There are no suits, so a hand is a multiset of five ranks and there are only 6,188 of them.
All are valued once at import into a table keyed by a *count key*: the sum of
``1 << 3*rank`` over the five ranks (three bits per rank count, at most 5). Addition builds
the key, so the 32 orientations of five cards cost 32 sums and 32 lookups
(`orientation_values`).

A value is ``category * 13**5`` plus the tie-break ranks of R15 as base-13 digits, so a
higher int is a stronger hand and equal ints are the same multiset.

>>> hand_category(hand_value("55582"))  # R15 worked example, up side
'three_of_a_kind'
>>> hand_value("9A739") > hand_value("99KQJ")  # kickers A73 beat KQJ
True
>>> hand_value("A2345") < hand_value("23456") < hand_value("TJQKA")  # R16
True
>>> hand_category(hand_value("QKA23"))  # no wrap-around
'high_card'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement, product

from .cards import RANK_INDEX, RANKS

CATEGORIES = (  # weakest first: the index is the category's weight in a value
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "full_house",
    "four_of_a_kind",
    "five_of_a_kind",
)
_CATEGORY_WEIGHT = 13**5
FULL_HOUSE_OR_BETTER = CATEGORIES.index("full_house") * _CATEGORY_WEIGHT  # the R12 bonus line

RANK_KEY: dict[str, int] = {}
"""Count-key contribution of one rank character, upper or lower case."""
for _rank, _index in RANK_INDEX.items():
    RANK_KEY[_rank] = RANK_KEY[_rank.lower()] = 1 << (3 * _index)

SIDE_KEY: dict[str, dict[str, int]] = {
    "up": {up + down: RANK_KEY[up] for up in RANKS for down in RANKS if up != down},
    "down": {up + down: RANK_KEY[down] for up in RANKS for down in RANKS if up != down},
}
"""Count-key contribution of an oriented card (upper case, R3) to its up or its down hand."""

_WHEEL = (12, 3, 2, 1, 0)  # A 5 4 3 2: the ace plays low and the top is 5 (R16)


def _straight_top(descending: Sequence[int]) -> int | None:
    if tuple(descending) == _WHEEL:
        return RANK_INDEX["5"]
    if all(descending[i] - 1 == descending[i + 1] for i in range(4)):
        return descending[0]
    return None


def _value_of(indices: Sequence[int]) -> int:
    """Value a multiset of five rank indices from first principles (R15-R16)."""
    counts = Counter(indices)
    # Rank groups, biggest group first, then higher rank first: this is R15's comparison order
    # for every category except the straight.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    tiebreak = [rank for rank, _ in groups]
    top = _straight_top(sorted(indices, reverse=True)) if shape == (1, 1, 1, 1, 1) else None
    if top is not None:
        category, tiebreak = "straight", [top]
    else:
        category = {
            (5,): "five_of_a_kind",
            (4, 1): "four_of_a_kind",
            (3, 2): "full_house",
            (3, 1, 1): "three_of_a_kind",
            (2, 2, 1): "two_pair",
            (2, 1, 1, 1): "one_pair",
            (1, 1, 1, 1, 1): "high_card",
        }[shape]
    value = CATEGORIES.index(category)
    for position in range(5):
        value = value * 13 + (tiebreak[position] if position < len(tiebreak) else 0)
    return value


def _count_key(indices: Iterable[int]) -> int:
    return sum(1 << (3 * index) for index in indices)


VALUE_BY_KEY: dict[int, int] = {
    _count_key(multiset): _value_of(multiset)
    for multiset in combinations_with_replacement(range(13), 5)
}
assert len(VALUE_BY_KEY) == 6188


def hand_value(ranks: str | Sequence[str]) -> int:
    """The value of five ranks, e.g. ``"AKQJT"`` or ``["a", "2", "3", "4", "5"]``.

    >>> hand_value("AAAAA") > hand_value("AAAAK") > hand_value("KKKAA")
    True
    >>> hand_value("AKQJ")
    Traceback (most recent call last):
    ...
    ValueError: a hand has exactly 5 ranks, got 4
    """
    if type(ranks) is str:  # the common case, checked by unpacking and the lookups alone
        try:
            first, second, third, fourth, fifth = ranks  # type: ignore[str-unpack]
            return VALUE_BY_KEY[
                RANK_KEY[first]
                + RANK_KEY[second]
                + RANK_KEY[third]
                + RANK_KEY[fourth]
                + RANK_KEY[fifth]
            ]
        except (ValueError, KeyError):
            pass  # not five ranks: the checks below say what is wrong
    if isinstance(ranks, bytes):
        raise ValueError("ranks must be text, not bytes")
    if not isinstance(ranks, (str, Sequence)):
        raise ValueError(f"ranks are text or a sequence of rank characters, not {ranks!r}")
    ranks = list(ranks)
    if len(ranks) != 5:
        raise ValueError(f"a hand has exactly 5 ranks, got {len(ranks)}")
    key = 0
    for rank in ranks:
        contribution = RANK_KEY.get(rank) if isinstance(rank, str) else None
        if contribution is None:
            raise ValueError(f"{rank!r} is not a rank (ranks are {RANKS})")
        key += contribution
    return VALUE_BY_KEY[key]


def hand_category(value: int) -> str:
    """The category name of a hand value.

    >>> hand_category(hand_value("77K77"))
    'four_of_a_kind'
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a hand value")
    category = value // _CATEGORY_WEIGHT
    if not 0 <= category < len(CATEGORIES):
        raise ValueError(f"{value!r} is not a hand value")
    return CATEGORIES[category]


def is_full_house_or_better(value: int) -> bool:
    """Whether a strongest up hand earns the +1 bonus of R12."""
    return value >= FULL_HOUSE_OR_BETTER


def orientation_values(cards: Sequence[str]) -> list[tuple[int, int]]:
    """(up value, down value) of five cards for each of the 32 orientations.

    Index ``mask`` flips card ``i`` when bit ``i`` is set; mask 0 is the cards as given
    (first character up).

    >>> values = orientation_values(["AK", "AQ", "AJ", "AT", "A9"])
    >>> hand_category(values[0][0]), hand_category(values[0][1])
    ('five_of_a_kind', 'straight')
    >>> hand_category(values[0b11111][1])
    'five_of_a_kind'
    """
    # Each card adds its first or its second rank's key to the up key. `product` runs its
    # last factor fastest, so with the cards reversed card 0 is bit 0 of the index; the sums
    # and lookups all run in C.
    sides = [(RANK_KEY[card[0]], RANK_KEY[card[1]]) for card in reversed(cards)]
    up_values = list(map(VALUE_BY_KEY.__getitem__, map(sum, product(*sides))))
    # Turning every card over swaps the sides, so the down hand of mask m is the up hand of
    # the complement mask, the same index from the end: 32 lookups serve both sides.
    return list(zip(up_values, reversed(up_values), strict=True))


def oriented_by_mask(cards: Sequence[str], mask: int) -> tuple[str, ...]:
    """The cards of `orientation_values` with the cards of `mask` turned around."""
    return tuple(card[::-1] if mask >> i & 1 else card for i, card in enumerate(cards))


_RANK_WORDS = dict(
    zip(RANKS, ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"), strict=True)
)


def describe(value: int) -> str:
    """A short English name of a hand, for people: ``three 5s``, ``straight to A``.

    >>> describe(hand_value("55582")), describe(hand_value("A2345")), describe(hand_value("KKQQ2"))
    ('three 5s', 'straight to 5', 'two pair, Ks and Qs')
    """
    digits = []
    rest = value
    for _ in range(5):
        digits.append(RANKS[rest % 13])
        rest //= 13
    first, second = (_RANK_WORDS[r] for r in digits[::-1][:2])
    return {
        "five_of_a_kind": f"five {first}s",
        "four_of_a_kind": f"four {first}s",
        "full_house": f"full house, {first}s over {second}s",
        "straight": f"straight to {first}",
        "three_of_a_kind": f"three {first}s",
        "two_pair": f"two pair, {first}s and {second}s",
        "one_pair": f"pair of {first}s",
        "high_card": f"{first} high",
    }[hand_category(value)]
