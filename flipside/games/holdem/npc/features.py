"""What a computer player sees in two hole cards and a board (H47): its category without the
board's own, pairs using a hole card, draws, overcards. Cards are canonical indices (H2):
rank ``card >> 2`` (0 = deuce), suit ``card & 3``.

A `Board` reads the board once, so that a range of hundreds of hands is judged quickly.

>>> from ..cards import INDEX
>>> def cards(text): return tuple(INDEX[c] for c in text.split())
>>> own_category(cards("Ah 2c"), cards("7s 7d 9c"))  # the board's pair is not its pair
0
>>> board = Board(cards("7h 9h Kc"))
>>> board.flush_draw(*cards("Ah 2h")), Board(cards("Th Js 2c")).open_ended(*cards("8c 9d"))
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..evaluator import evaluate

_BY_COUNTS = {  # a board of 3 or 4 cards: its category by its rank counts (H35)
    (1, 1, 1): 0,
    (1, 1, 1, 1): 0,
    (2, 1): 1,
    (2, 1, 1): 1,
    (2, 2): 2,
    (3,): 3,
    (3, 1): 3,
    (4,): 7,
}
_ACE = 12


def _open_runs(mask: int) -> tuple[int, ...]:
    """The four-rank runs of a rank mask that a rank at either end would make a straight:
    2-3-4-5 (an ace or a 6) up to T-J-Q-K (a 9 or an ace)."""
    runs = []
    for low in range(9):
        run = 0b1111 << low
        below = 1 << (low - 1 if low else _ACE)  # the ace plays low below a deuce
        if mask & run == run and not mask & below and not mask & (1 << (low + 4)):
            runs.append(run)
    return tuple(runs)


_OPEN_RUNS = tuple(_open_runs(mask) for mask in range(1 << 13))


def category(cards: Sequence[int]) -> int:
    """The category (H35, 0 = high card … 8 = straight flush) of 3 to 7 cards."""
    if len(cards) >= 5:
        return evaluate(cards) >> 20
    counts = tuple(sorted(Counter(card >> 2 for card in cards).values(), reverse=True))
    return _BY_COUNTS[counts]


def own_category(hole: Sequence[int], board: Sequence[int]) -> int:
    """The category of the best five, or high card (0) when the board alone makes it."""
    mine = category((*hole, *board))
    return mine if mine > category(board) else 0


class Board:
    """A board's ranks and suits, read once; each test takes two hole cards."""

    def __init__(self, board: Sequence[int]) -> None:
        self.ranks = frozenset(card >> 2 for card in board)
        self.mask = sum(1 << rank for rank in self.ranks)
        self.suits = [0, 0, 0, 0]
        for card in board:
            self.suits[card & 3] += 1
        self.top = max(self.ranks) if self.ranks else -1

    def pair_with_hole(self, x: int, y: int) -> bool:
        """A pocket pair, or a hole card paired on the board."""
        return x >> 2 == y >> 2 or x >> 2 in self.ranks or y >> 2 in self.ranks

    def flush_draw(self, x: int, y: int) -> bool:
        """Exactly four cards of a suit, one of them a hole card."""
        sx, sy = x & 3, y & 3
        return any(self.suits[s] + (sx == s) + (sy == s) == 4 for s in {sx, sy})

    def open_ended(self, x: int, y: int) -> bool:
        """Four ranks in a row, using a hole card, open at both ends."""
        hole = (1 << (x >> 2)) | (1 << (y >> 2))
        return any(run & hole for run in _OPEN_RUNS[self.mask | hole])

    def overcard(self, x: int, y: int) -> bool:
        """A hole card above every board card."""
        return max(x >> 2, y >> 2) > self.top

    def draws(self, x: int, y: int) -> bool:
        """A flush draw or an open-ended straight draw."""
        return self.flush_draw(x, y) or self.open_ended(x, y)
