"""What a computer player reads off its seat's view (H47 "Terms"), and the moves it makes.

Everything here comes from a `MatchView`: the seat's own hole cards, the board, the stacks,
bets and pots, and the public actions of the hand. Nothing reaches the full state.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..cards import INDEX
from ..commands import Act
from ..evaluator import evaluate
from ..events import ActionTaken
from ..views import Legal, MatchView

FLOP_STREETS = ("flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class Situation:
    """The seat's decision on its turn, in the terms of H47."""

    view: MatchView
    seat: int
    hole: tuple[int, int]
    board: tuple[int, ...]
    legal: dict[str, Legal]
    opponents: int  # k: the other seats in the hand

    @classmethod
    def of(cls, view: MatchView) -> Situation:
        seat = view.viewer
        assert seat is not None
        cards = view.seats[seat].cards
        hole = (INDEX[cards[0]], INDEX[cards[1]])  # type: ignore[index]
        others = sum(1 for s in view.seats if s.in_hand and s.seat != seat)
        legal = {choice.kind: choice for choice in view.legal}
        return cls(view, seat, hole, tuple(INDEX[c] for c in view.board), legal, others)

    @property
    def preflop(self) -> bool:
        return not self.board

    @property
    def street(self) -> str:
        return self.view.street or "preflop"

    @property
    def to_call(self) -> int:
        call = self.legal.get("call")
        return (call.amount or 0) if call else 0

    @property
    def pot(self) -> int:
        return self.view.pot

    @property
    def pot_odds(self) -> float:
        """p = to_call / (pot + to_call)."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    def may(self, kind: str) -> bool:
        return kind in self.legal

    def actions(self, seat: int, street: str | None = None) -> list[ActionTaken]:
        """`seat`'s public actions this hand (on `street` only, if given)."""
        return [
            a
            for a in self.view.actions
            if a.seat == seat and (street is None or a.street == street)
        ]

    @property
    def aggressed(self) -> bool:
        """Whether this seat has bet or raised in the current round."""
        return any(a.kind in ("bet", "raise") for a in self.actions(self.seat, self.street))

    @property
    def n_after(self) -> int:
        """Seats able to act after this one in the round's order: up to the big blind
        before the flop, up to the button after it (H26, H47)."""
        view, count = self.view, len(self.view.seats)
        last = view.big_blind_seat if self.preflop else view.button
        after = 0
        seat = self.seat
        while seat != last:
            seat = (seat + 1) % count
            other = view.seats[seat]
            after += other.in_hand and not other.all_in
        return after

    def value(self) -> int:
        return evaluate((*self.hole, *self.board))

    # --- moves -------------------------------------------------------------------------
    def check_or(self, kind: str) -> Act:
        """A check when it is allowed (no level folds when it may check), else `kind`."""
        return Act(self.seat, "check") if self.may("check") else Act(self.seat, kind)  # type: ignore[arg-type]

    def passive(self, call: bool) -> Act:
        """Check if allowed; facing a bet, call if `call`, else fold."""
        return self.check_or("call" if call else "fold")

    def aggress(self, target: int) -> Act | None:
        """A bet or raise to `target`, within the allowed amounts; None if neither is allowed."""
        choice = self.legal.get("bet") or self.legal.get("raise")
        if choice is None:
            return None
        assert choice.min is not None and choice.max is not None
        return Act(self.seat, choice.kind, min(max(target, choice.min), choice.max))  # type: ignore[arg-type]

    def minimum(self) -> Act | None:
        """The smallest allowed bet or raise."""
        return self.aggress(0)

    def sized(self) -> Act | None:
        """⌈2/3 · pot⌉ as a bet, or a raise to 3 · L."""
        if self.may("bet"):
            return self.aggress(math.ceil(2 * self.pot / 3))
        return self.aggress(3 * self.view.level)

    def committed(self, move: Act | None) -> Act | None:
        """`move`, as all-in when it would leave less than a third of the pot behind."""
        if move is None or move.to is None:
            return move
        mine = self.view.seats[self.seat]
        added = move.to - mine.bet
        if mine.stack - added < (self.pot + added) / 3 and self.may("all_in"):
            return Act(self.seat, "all_in")
        return move


def show_at_showdown(view: MatchView) -> bool:
    """H47: muck iff every pot still contested has a shown hand of another eligible seat
    beating this seat's."""
    seat = view.viewer
    assert seat is not None
    cards = view.seats[seat].cards
    mine = evaluate([INDEX[card] for card in (*cards, *view.board) if card is not None])
    awarded = {award.pot for award in view.awards}
    shown = {
        s.seat: evaluate([INDEX[card] for card in s.shown.best_five])
        for s in view.seats
        if s.shown is not None and s.seat != seat
    }
    contested = [
        pot for index, pot in enumerate(view.pots) if index not in awarded and seat in pot.eligible
    ]
    return not all(
        any(shown.get(other, -1) > mine for other in pot.eligible if other != seat)
        for pot in contested
    )


def one_in(rng: random.Random, chances: int) -> bool:
    return rng.randrange(chances) == 0
