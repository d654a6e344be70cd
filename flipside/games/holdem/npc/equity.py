"""Equity by Monte Carlo (H47): the chance of winning at the showdown, a tie counting as the
share won, against opponents' hands dealt from the cards the seat cannot see, the missing
board cards dealt from the same cards. Cards are canonical indices (H2).

Opponents are dealt at random (`random_equity`) or from ranges (`range_equity`): each
opponent's two cards are drawn from its range, the hands its actions leave it, again until
they miss the cards already dealt in the sample (rejection), a bounded number of times.

>>> import random
>>> aces = random_equity((51, 50), (), 1, 400, random.Random(1))
>>> 0.8 < aces < 0.9
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..evaluator import WEIGHT, total, value_of_total

Hole = tuple[int, int]
Range = Sequence[Hole]  # the two-card hands an opponent may hold
MAX_TRIES = 60  # draws per opponent and sample before its range is let go for that sample


def unseen(known: Sequence[int]) -> list[int]:
    """The cards not in `known`, in index order."""
    seen = set(known)
    return [card for card in range(52) if card not in seen]


def _share(mine: int, others: Sequence[int]) -> float:
    """What one showdown is worth to a hand of value `mine` against `others`."""
    best = max(others)
    if mine > best:
        return 1.0
    if mine < best:
        return 0.0
    return 1.0 / (1 + sum(1 for other in others if other == mine))


class _Showdowns:
    """Values of the hero and the opponents over sampled boards, by summed weights."""

    def __init__(self, hole: Hole, board: Sequence[int]) -> None:
        self.hole = hole
        self.board = tuple(board)
        self.board_total = total(board)

    def share(self, extra: Sequence[int], hands: Sequence[Hole]) -> float:
        full = self.board + tuple(extra)
        summed = self.board_total
        for card in extra:
            summed += WEIGHT[card]
        a, b = self.hole
        mine = value_of_total(summed + WEIGHT[a] + WEIGHT[b], (a, b, *full))
        others = [value_of_total(summed + WEIGHT[x] + WEIGHT[y], (x, y, *full)) for x, y in hands]
        return _share(mine, others)


def random_equity(
    hole: Hole, board: Sequence[int], opponents: int, samples: int, rng: random.Random
) -> float:
    """Equity against `opponents` hands dealt at random."""
    showdowns = _Showdowns(hole, board)
    cards = unseen((*hole, *board))
    missing = 5 - len(board)
    need = missing + 2 * opponents
    won = 0.0
    for _ in range(samples):
        drawn = rng.sample(cards, need)
        hands = [(drawn[i], drawn[i + 1]) for i in range(missing, need, 2)]
        won += showdowns.share(drawn[:missing], hands)
    return won / samples


def range_equity(
    hole: Hole, board: Sequence[int], ranges: Sequence[Range], samples: int, rng: random.Random
) -> float:
    """Equity against one opponent per range, each hand drawn from its range."""
    showdowns = _Showdowns(hole, board)
    cards = unseen((*hole, *board))
    missing = 5 - len(board)
    won = 0.0
    for _ in range(samples):
        used: set[int] = set()
        hands = [_draw_in(hands, cards, used, rng) for hands in ranges]
        left = [card for card in cards if card not in used]
        won += showdowns.share(rng.sample(left, missing), hands)
    return won / samples


def _draw_in(hands: Range, cards: Sequence[int], used: set[int], rng: random.Random) -> Hole:
    """A hand of `hands` that misses `used` (after `MAX_TRIES`, any two cards that do),
    added to `used`."""
    count = len(hands)
    for _ in range(MAX_TRIES if count else 0):
        x, y = hands[int(rng.random() * count)]
        if x not in used and y not in used:
            break
    else:
        x, y = rng.sample([card for card in cards if card not in used], 2)
    used.add(x)
    used.add(y)
    return x, y
