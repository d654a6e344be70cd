"""The computer players (H47) and the test drivers (H47b), by name.

Each level is a `Policy`: `act` on its turn and `show` at the showdown, from its seat's
view and the random stream the driver hands it. The constants are H47's unless "Computer
players in use" in docs/rules/holdem.md says otherwise.
"""

from __future__ import annotations

import random

from ..commands import Act
from ..views import MatchView
from .drivers import Passive, RandomPlayer
from .equity import random_equity, range_equity, unseen
from .features import Board, own_category
from .policy import Policy
from .preflop import EQUITY, class_of, top_share
from .ranges import opponent_range
from .situation import Situation, one_in, show_at_showdown

SAMPLES = 200  # Monte Carlo samples per equity (H47: at least 200)
TWO_PAIR, ONE_PAIR = 2, 1
PREMIUM = ("AA", "KK", "QQ")
OPEN_SHARE = {4: 0.12, 3: 0.20, 2: 0.35, 1: 0.45, 0: 0.15}  # hard: by n_after, at most 4
RERAISE_SHARE = 0.04


class _Level:
    """What every level shares: showing at the showdown (H47)."""

    def show(self, view: MatchView, rng: random.Random) -> bool:
        return show_at_showdown(view)


class Easy(_Level):
    """Categories only: no pot odds, position or bluffs (H47 `easy`)."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        at = Situation.of(view)
        if at.preflop:
            return self._preflop(at)
        category = own_category(at.hole, at.board)
        if category >= TWO_PAIR:
            raised = None if at.aggressed else at.minimum()
            return raised or at.passive(call=True)
        if category == ONE_PAIR:
            return at.passive(call=True)
        return at.passive(call=one_in(rng, 5))

    def _preflop(self, at: Situation) -> Act:
        cards = at.view.seats[at.seat].cards
        cls = class_of(cards[0], cards[1])  # type: ignore[arg-type]
        if cls in PREMIUM and not at.aggressed and (raised := at.minimum()) is not None:
            return raised
        ranks = cls[:2]
        playable = (
            len(cls) == 2 or "A" in ranks or all(r in "TJQKA" for r in ranks) or cls.endswith("s")
        )
        return at.passive(call=playable)


class Normal(_Level):
    """Equity against random hands and pot odds; no position or bluffs (H47 `normal`)."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        at = Situation.of(view)
        k = at.opponents
        equity = self.equity(at, rng)
        strong = equity >= 1 / (k + 1) + 0.25 * k / (k + 1)
        if strong and not at.aggressed and (raised := at.sized()) is not None:
            return raised
        return at.passive(call=equity >= at.pot_odds)

    @staticmethod
    def equity(at: Situation, rng: random.Random) -> float:
        if at.preflop:
            cards = at.view.seats[at.seat].cards
            return EQUITY[class_of(cards[0], cards[1])][at.opponents - 1]  # type: ignore[arg-type]
        return random_equity(at.hole, at.board, at.opponents, SAMPLES, rng)


class Hard(_Level):
    """Equity against ranges read from the actions, pot odds, position and bluffs (H47
    `hard`)."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        at = Situation.of(view)
        move = self._preflop(at, rng) if at.preflop else self._after_flop(at, rng)
        return move if move.kind != "fold" else at.passive(call=False)

    @staticmethod
    def equity(at: Situation, rng: random.Random) -> float:
        """E_r: each opponent's hand from its range (H47)."""
        view = at.view
        cards = unseen((*at.hole, *at.board))
        ranges = [
            opponent_range(s.seat, view.actions, at.board, view.big_blind, cards)
            for s in view.seats
            if s.in_hand and s.seat != at.seat
        ]
        return range_equity(at.hole, at.board, ranges, SAMPLES, rng)

    def _preflop(self, at: Situation, rng: random.Random) -> Act:
        view = at.view
        cards = view.seats[at.seat].cards
        share = top_share(class_of(cards[0], cards[1]))  # type: ignore[arg-type]
        if view.level <= view.big_blind:  # first to raise
            callers = sum(1 for a in view.actions if a.kind == "call")
            if share < OPEN_SHARE[min(at.n_after, 4)]:
                opened = at.aggress((3 + callers) * view.big_blind)
                if opened is not None:
                    return at.committed(opened)  # type: ignore[return-value]
            return at.passive(call=False)
        if share < RERAISE_SHARE and (raised := at.committed(at.aggress(3 * view.level))):
            return raised
        return at.passive(call=self.equity(at, rng) >= at.pot_odds)

    def _after_flop(self, at: Situation, rng: random.Random) -> Act:
        k = at.opponents
        equity = self.equity(at, rng)
        value = equity >= 1 / (k + 1) + 0.2 * k / (k + 1)
        draw = at.street != "river" and Board(at.board).draws(*at.hole)
        opener = self._raised_last_preflop(at)
        semi_bluff = draw and not at.aggressed and (at.n_after == 0 or opener)
        bluff = (
            at.street == "river"
            and at.may("bet")
            and at.n_after == 0
            and equity < 0.2
            and one_in(rng, 3)
        )
        if value or semi_bluff or bluff:
            move = at.committed(at.sized())
            if move is not None:
                return move
        return at.passive(call=equity >= at.pot_odds)

    @staticmethod
    def _raised_last_preflop(at: Situation) -> bool:
        raises = [a.seat for a in at.view.actions if a.street == "preflop" and a.kind == "raise"]
        return bool(raises) and raises[-1] == at.seat


# H47b: for tests and measurements (`flipside simulate` seats them by name), never seat
# levels offered to people.
TEST_DRIVERS: dict[str, type[Policy]] = {"passive": Passive, "random": RandomPlayer}
LEVELS: dict[str, type[Policy]] = {"easy": Easy, "normal": Normal, "hard": Hard, **TEST_DRIVERS}


def policy_for(level: str) -> Policy:
    """The computer player `level`: a level of H47 or a driver of H47b."""
    return LEVELS[level]()
