"""The interface every computer player implements, and a policy that notes what it is shown."""

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


Decision = tuple[str, MatchView]  # ("exchange" | "orientation", the seat's view)


class RecordingPolicy:
    """A policy that notes every view it is given in `seen`, then lets `inner` decide: the
    real decisions of real matches, for benchmarks and for checks of a policy's parts."""

    def __init__(self, inner: Policy, seen: list[Decision]) -> None:
        self.inner, self.seen = inner, seen

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        self.seen.append(("exchange", view))
        return self.inner.exchange(view, rng)

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        self.seen.append(("orientation", view))
        return self.inner.orientation(view, rng)
