"""The smallest policy of every game, for `flipside simulate --policy` (docs/policies.md).

Run from the repository's root, e.g.::

    flipside simulate --game orc --seats 3 --matches 30 --rotate \
        --policy 0=examples.policies:OrcLowest

Each class implements its game's `Policy` protocol (``flipside.games.<game>.npc.Policy``):
every method gets the seat's own view and a reproducible random stream, and answers one
decision.
"""

from __future__ import annotations

import random

from flipside.games.flipside.views import MatchView as FlipsideView
from flipside.games.holdem.commands import Act
from flipside.games.holdem.views import MatchView as HoldemView
from flipside.games.juggernaut.commands import AnswerReveal, Augment, Command, Done, ExchangeGold
from flipside.games.juggernaut.views import MatchView as JuggernautView
from flipside.games.oink.npc import Answer
from flipside.games.oink.views import MatchView as OinkView
from flipside.games.orc.views import MatchView as OrcView
from flipside.games.orc.views import legal_actions as orc_legal_actions


class FlipsideKeepAll:
    """Keeps its five cards and shows every card high rank up."""

    def exchange(self, view: FlipsideView, rng: random.Random) -> tuple[str, ...]:
        return ()  # R10: discard nothing

    def orientation(self, view: FlipsideView, rng: random.Random) -> tuple[str, ...]:
        return tuple(view.hand)  # R11: a card written high rank first has it up


class OinkRoller:
    """Rolls the die every turn, never knocks, and accepts every knock."""

    def action(self, view: OinkView, rng: random.Random) -> tuple[str, ...]:
        return ()  # O19: no cards to change is a roll

    def call(self, view: OinkView, rng: random.Random) -> bool:
        return False  # pass (the driver knocks for it on its 20th turn)

    def answer(self, view: OinkView, rng: random.Random) -> Answer:
        return Answer(accept=True)


class HoldemPusher:
    """Goes all in whenever it may (else calls); shows at every showdown."""

    def act(self, view: HoldemView, rng: random.Random) -> Act:
        assert view.viewer is not None
        kinds = {legal.kind for legal in view.legal}
        return Act(view.viewer, "all_in" if "all_in" in kinds else "call")

    def show(self, view: HoldemView, rng: random.Random) -> bool:
        return True


class OrcLowest:
    """Lays its lowest allowed card and draws while its row is short."""

    def opening(self, view: OrcView, rng: random.Random) -> int:
        return min(view.hand)

    def tiebreak(self, view: OrcView, rng: random.Random) -> int:
        return min(orc_legal_actions(view)[0]["numbers"])  # K12.2-3: only some may be laid

    def contribution(self, view: OrcView, rng: random.Random) -> int:
        return min(view.hand)

    def draws(self, view: OrcView, rng: random.Random) -> bool:
        return len(view.me.row) < 3


class JuggernautMiser:
    """Never pays for cards, allows every reveal, buys gold whenever it can."""

    def move(self, view: JuggernautView, rng: random.Random) -> Command:
        seat = view.viewer
        assert seat is not None
        if view.phase == "augment":
            return Augment(seat, 0)
        if view.phase == "exchange":
            return Done(seat)
        if view.phase == "reveal":
            return AnswerReveal(seat, refuse=False)
        return ExchangeGold(seat, accept=view.me.silver >= view.params.gold_exchange_silver)
