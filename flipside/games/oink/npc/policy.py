"""The interface every computer player implements (docs/rules/oink.md, "Computer players")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from flipside.games.oink.cards import Card
from flipside.games.oink.events import Prep
from flipside.games.oink.views import MatchView


@dataclass(frozen=True, slots=True)
class Answer:
    """The reply to a knock (O21-O22): an oink, or an accept with its preparation."""

    accept: bool
    prep: Prep = "none"
    cards: tuple[Card, ...] = ()


OINK = Answer(accept=False)


class Policy(Protocol):
    """Decides one seat's moves from that seat's view and a reproducible random stream."""

    def action(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        """The cards to change (O17), or none to roll (O19)."""
        ...

    def call(self, view: MatchView, rng: random.Random) -> bool:
        """Whether to knock (O20) rather than pass."""
        ...

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        """Oink or accept (O21-O22)."""
        ...
