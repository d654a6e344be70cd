"""The Pairs deck (K2): 55 cards, the number n on n cards, named by number only.

A set of cards (a hand, a pool of unseen cards) is a `Counts`: how many cards of each number,
indexed by the number (index 0 is unused and always 0). Cards of one number are
interchangeable, so counts are all a rule or a computer player needs.

>>> len(DECK), DECK[:6], DECK[-1]
(55, (1, 2, 2, 3, 3, 3), 10)
>>> counts_of((2, 5, 5))[:6], numbers_of(counts_of((5, 2, 5)))
((0, 0, 1, 0, 0, 2), (2, 5, 5))
"""

from __future__ import annotations

from collections.abc import Iterable

NUMBERS = range(1, 11)
LOWEST, HIGHEST = NUMBERS[0], NUMBERS[-1]
DECK: tuple[int, ...] = tuple(number for number in NUMBERS for _ in range(number))  # K2
DECK_SIZE = len(DECK)

Counts = tuple[int, ...]
NO_CARDS: Counts = (0,) * (HIGHEST + 1)


def counts_of(numbers: Iterable[int]) -> Counts:
    """How many of each number `numbers` holds."""
    counts = list(NO_CARDS)
    for number in numbers:
        counts[number] += 1
    return tuple(counts)


DECK_COUNTS = counts_of(DECK)


def numbers_of(counts: Counts) -> tuple[int, ...]:
    """The cards of `counts`, smallest first."""
    return tuple(number for number in NUMBERS for _ in range(counts[number]))


def size(counts: Counts) -> int:
    return sum(counts)


def add(counts: Counts, number: int, times: int = 1) -> Counts:
    """`counts` with `times` more cards of `number` (fewer, if negative)."""
    changed = list(counts)
    changed[number] += times
    return tuple(changed)


def plus(first: Counts, second: Counts) -> Counts:
    return tuple(a + b for a, b in zip(first, second, strict=True))


def minus(first: Counts, second: Counts) -> Counts:
    return tuple(a - b for a, b in zip(first, second, strict=True))


def is_number(value: object) -> bool:
    """A card's number: an int 1-10 (a bool is not a number here)."""
    return type(value) is int and LOWEST <= value <= HIGHEST
