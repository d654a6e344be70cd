"""The 169 starting-hand classes and their equity before the flop (H47).

A class is a pair (``"QQ"``), two ranks suited (``"AKs"``) or offsuit (``"AKo"``), the higher
rank first. `EQUITY[cls][k - 1]` is the chance of a hand of that class winning at the
showdown against k hands dealt at random (ties counted as the share won), from
`preflop_table`, which `compute_table` wrote. `top_share(cls)` is where the class ranks
against one hand, by combinations: 0.0 the best, 1.0 past the worst ("top x %", H47).

>>> class_of("Ah", "Kh"), class_of("7c", "Td"), class_of("5s", "5d")
('AKs', 'T7o', '55')
>>> top_share("AA") < top_share("KK") < top_share("72o")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from ..cards import DECK, INDEX, RANKS, Card
from .equity import random_equity
from .preflop_table import TABLE

MAX_OPPONENTS = 9


def _classes() -> Iterator[str]:
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                yield RANKS[high] * 2
            else:
                yield RANKS[high] + RANKS[low] + "s"
                yield RANKS[high] + RANKS[low] + "o"


CLASSES: tuple[str, ...] = tuple(_classes())


def class_of(first: Card, second: Card) -> str:
    """The class of two hole cards."""
    high, low = sorted((first, second), key=lambda card: RANKS.index(card[0]), reverse=True)
    if high[0] == low[0]:
        return high[0] * 2
    return high[0] + low[0] + ("s" if high[1] == low[1] else "o")


def combinations(cls: str) -> int:
    """How many of the 1,326 two-card hands are of class `cls`."""
    return 6 if len(cls) == 2 else 4 if cls[2] == "s" else 12


def representative(cls: str) -> tuple[int, int]:
    """Two card indices of class `cls` (suits do not change a class's equity)."""
    if len(cls) == 2:
        return INDEX[cls[0] + "s"], INDEX[cls[1] + "h"]
    return INDEX[cls[0] + "s"], INDEX[cls[1] + ("s" if cls[2] == "s" else "h")]


EQUITY: dict[str, tuple[float, ...]] = dict(zip(CLASSES, TABLE, strict=True))


@cache
def _ranking() -> dict[str, float]:
    """Each class's share of hands ranked above it against one hand, by combinations."""
    ordered = sorted(CLASSES, key=lambda cls: -EQUITY[cls][0])
    shares: dict[str, float] = {}
    above = 0
    for cls in ordered:
        shares[cls] = above / 1326
        above += combinations(cls)
    return shares


def top_share(cls: str) -> float:
    """The share of all hands that rank above `cls`: it is in the top x iff this is < x."""
    return _ranking()[cls]


@cache
def _shares_by_pair() -> tuple[float, ...]:
    return tuple(
        top_share(class_of(DECK[x], DECK[y])) if x != y else 1.0
        for x in range(52)
        for y in range(52)
    )


def share_of(x: int, y: int) -> float:
    """`top_share` of the class of the two cards with indices `x` and `y`."""
    return _shares_by_pair()[52 * x + y]


def compute_table(samples: int, seed: int) -> list[tuple[float, ...]]:
    """Every class's equity against 1 to 9 random hands by Monte Carlo (what
    `preflop_table` holds, with the samples and seed its docstring names)."""
    rng = random.Random(seed)
    return [
        tuple(
            round(random_equity(representative(cls), (), opponents, samples, rng), 4)
            for opponents in range(1, MAX_OPPONENTS + 1)
        )
        for cls in CLASSES
    ]
