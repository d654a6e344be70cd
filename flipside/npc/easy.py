"""EASY: a computer player that plays legal moves almost at random (RULES "NPC")."""

from __future__ import annotations

import random

from flipside.domain.cards import Card, OrientedCard
from flipside.domain.views import MatchView


class EasyPolicy:
    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        hand = view.hand
        return tuple(rng.sample(hand, rng.randint(0, 2)))

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        return tuple(card if rng.random() < 0.5 else card[::-1] for card in view.hand)
