"""The opponent's possible hands at one joker number, weighted, and what a hand of ours is
worth against them: the core of the sampling players.

A showdown's points depend on the two hands only through their keys (who wins, O27) and
their *classes*: no pair, 2, 3, 4 or 5 role cards, or a royal/straight flush (O30-O34). So
the sampled opponent hands are split by class and sorted by key, with a running sum of
their weights, and the expected value of any hand of ours is a few bisections and a dozen
products, whatever the number of samples. The split is made once per joker number
(`Ranked`) for the several fields that weigh the same hands differently (by how likely
each is to accept, say).

A `Utility` turns points into value: points won (``gain``) and points lost (``loss``), both
increasing; the levels differ in it (`utility`).

>>> from flipside.games.oink.cards import INDEX
>>> from flipside.games.oink.hands import rate
>>> from .utility import LINEAR
>>> hand = lambda text: rate([INDEX[c] for c in text.split()], 7)
>>> field = Field(Ranked([hand("12f 12g 5c 3a 8d")]), [1.0])  # a pair of 12s
>>> field.showdown(hand("9c 9e 7b 4d 2a"), LINEAR)  # three 9s win 3 + 3 (O47)
6.0
>>> field.showdown(hand("Aa 3b 5c 9d Kg"), LINEAR)  # a no pair loses 2, gives nothing
-2.0
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import accumulate

from flipside.games.oink.hands import NO_PAIR, ROYAL, STRAIGHT_FLUSH, Rating

from .utility import Utility

CLASSES = 6  # no pair, 2-5 role cards, a royal or straight flush
TAKES_ALL = CLASSES - 1
OWN = (5, 2, 3, 4, 5, 5)  # O30: what a winner of each class captures of its own
GIVES = (0, 3, 2, 1, 0, 0)  # O31-O32: what a loser of each class gives an ordinary winner
GIVES_ALL = (0, 5, 5, 5, 5, 5)  # O33: what it gives a royal or straight flush


def hand_class(rating: Rating) -> int:
    if rating.category == NO_PAIR:
        return 0
    if rating.category in (STRAIGHT_FLUSH, ROYAL):
        return TAKES_ALL
    return rating.role_count - 1


class Ranked:
    """Opponent hands (ratings at one joker number) split by class, each class sorted by
    key: `indices[c]` are the hands of class c, `keys[c]` their keys."""

    def __init__(self, ratings: Sequence[Rating]) -> None:
        self.indices: list[list[int]] = [[] for _ in range(CLASSES)]
        for i in sorted(range(len(ratings)), key=lambda i: ratings[i].key):
            self.indices[hand_class(ratings[i])].append(i)
        self.keys = [[ratings[i].key for i in indices] for indices in self.indices]


class Field:
    """`Ranked` hands, weighted: per class, the running sums of the weights in key order."""

    def __init__(self, ranked: Ranked, weights: Sequence[float]) -> None:
        self.keys = ranked.keys
        self.prefix = [
            list(accumulate((weights[i] for i in indices), initial=0.0))
            for indices in ranked.indices
        ]
        self.totals = [sums[-1] for sums in self.prefix]
        self.weight = sum(self.totals)

    def showdown(self, mine: Rating, utility: Utility) -> float:
        """The expected value of a showdown of `mine` against these hands (O27, O30-O33)."""
        if not self.weight:
            return 0.0
        key, ours = mine.key, hand_class(mine)
        gives = GIVES_ALL if ours == TAKES_ALL else GIVES
        own = OWN[ours]
        value = 0.0
        for cls in range(CLASSES):
            sums, keys = self.prefix[cls], self.keys[cls]
            beaten = sums[bisect_left(keys, key)]
            beating = self.totals[cls] - sums[bisect_right(keys, key)]
            if beaten:
                value += beaten * utility.gain(own + gives[cls])
            if beating:
                taken = 0 if ours == 0 else (5 if cls == TAKES_ALL else 5 - mine.role_count)
                value -= beating * utility.loss(OWN[cls] + taken)
        return value / self.weight

    def oinked(self, mine: Rating, utility: Utility) -> float:
        """O34: the value of our knock if every one of these hands oinks."""
        if not self.weight:
            return 0.0
        ours = hand_class(mine)
        shown = self.weight - self.totals[0]
        extra = 5 if ours == TAKES_ALL else 0
        return (
            self.totals[0] * utility.gain(OWN[ours]) + shown * utility.gain(OWN[ours] + extra)
        ) / self.weight

    def oinking(self, mine: Rating, utility: Utility) -> float:
        """O21, O34: the value of oinking to a knock by one of these hands."""
        if not self.weight:
            return 0.0
        ours = hand_class(mine)
        value = 0.0
        for cls in range(1, CLASSES):
            extra = 5 if cls == TAKES_ALL and ours != 0 else 0
            value -= self.totals[cls] * utility.loss(OWN[cls] + extra)
        return (value - self.totals[0] * utility.loss(OWN[0])) / self.weight
