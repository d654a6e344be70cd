"""The interface every computer player implements."""

from __future__ import annotations

import random
from typing import Protocol

from flipside.games.orc.views import MatchView


class Policy(Protocol):
    """Decides one seat's moves from that seat's view and a reproducible random stream."""

    def opening(self, view: MatchView, rng: random.Random) -> int:
        """The opening card (K10)."""
        ...

    def tiebreak(self, view: MatchView, rng: random.Random) -> int:
        """The next tie-break card, one the seat may lay (K12.2-3)."""
        ...

    def contribution(self, view: MatchView, rng: random.Random) -> int:
        """The card for the action deck (K17)."""
        ...

    def draws(self, view: MatchView, rng: random.Random) -> bool:
        """Draw (K19) rather than give up (K21)?"""
        ...
