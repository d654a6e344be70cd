"""`hard`'s reading of each opponent's range from its public actions in the hand (H47).

Before the flop: re-raised → top 5 %, raised → top 15 %, called a raise → top 30 %, only
called the big blind or checked → top 60 % (the big blind checking, or no action yet: any
hand). After the flop, per street: a bet or raise keeps hands with a pair using a hole card,
a flush draw or an open-ended straight draw; a call also keeps hands with a card above every
board card. A range is the list of the two-card hands of the unseen cards that pass; when
fewer than `SURVIVORS` pass, the latest street's filter is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from ..events import ActionTaken
from .equity import Range
from .features import Board
from .preflop import share_of

SURVIVORS = 50
STREET_BOARD = {"flop": 3, "turn": 4, "river": 5}
Filter = Callable[[int, int], bool]


def _strong(board: Board) -> Filter:
    return lambda x, y: board.pair_with_hole(x, y) or board.draws(x, y)


def _strong_or_over(board: Board) -> Filter:
    return lambda x, y: board.pair_with_hole(x, y) or board.draws(x, y) or board.overcard(x, y)


def street_filters(seat: int, actions: Sequence[ActionTaken], board: Sequence[int]) -> list[Filter]:
    """One filter per street after the flop on which `seat` bet, raised or called."""
    filters = []
    for street, size in STREET_BOARD.items():
        kinds = {a.kind for a in actions if a.seat == seat and a.street == street}
        seen = Board(board[:size])
        if kinds & {"bet", "raise"}:
            filters.append(_strong(seen))
        elif "call" in kinds:
            filters.append(_strong_or_over(seen))
    return filters


def opponent_range(
    seat: int,
    actions: Sequence[ActionTaken],
    board: Sequence[int],
    big_blind: int,
    unseen: Sequence[int],
) -> Range:
    """The hands `seat` may hold as its public actions tell it, filters dropped as H47
    says."""
    share = preflop_share(seat, [a for a in actions if a.street == "preflop"], big_blind)
    hands = [hand for hand in combinations(unseen, 2) if share_of(*hand) < share]
    filters = street_filters(seat, actions, board)
    while filters:
        kept = [hand for hand in hands if all(f(*hand) for f in filters)]
        if len(kept) >= SURVIVORS:
            return kept
        filters.pop()
    return hands


def preflop_share(seat: int, preflop: Sequence[ActionTaken], big_blind: int) -> float:
    """The top share of starting hands that `seat`'s part in the `preflop` actions leaves
    it (1.0: any hand), reading the level each of its actions faced."""
    level, share = big_blind, 1.0
    for action in preflop:
        if action.seat == seat:
            facing_raise = level > big_blind
            if action.kind == "raise":
                share = min(share, 0.05 if facing_raise else 0.15)
            elif action.kind == "call":
                share = min(share, 0.30 if facing_raise else 0.60)
        level = max(level, action.to)
    return share
