"""The interface every computer player implements, and the levels that exist."""

from __future__ import annotations

import random
from typing import Protocol

from flipside.games.flipside.cards import Card, OrientedCard
from flipside.games.flipside.views import MatchView


class Policy(Protocol):
    """Decides one seat's moves from that seat's view and a reproducible random stream."""

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        """The cards to discard (R10)."""
        ...

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        """The seat's five cards, up rank first (R11)."""
        ...
