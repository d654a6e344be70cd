"""The two rule-based levels, EASY and NORMAL (docs/rules/oink.md, "Computer players").

Both read only their seat's view: their hand, the dice and the deck count.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from flipside.games.oink.cards import SYMBOL, VALUE, Card
from flipside.games.oink.hands import ONE_PAIR, THREE, TWO_PAIR, Evaluation, evaluate
from flipside.games.oink.views import MatchView

from .policy import OINK, Answer

NEAR = 4  # cards of a near flush or a near run
FACES = range(1, 7)


def evaluation(view: MatchView) -> Evaluation:
    assert view.joker is not None
    return evaluate(view.hand, view.joker)


def change_of(view: MatchView, keep: Sequence[Card]) -> tuple[Card, ...]:
    """The cards not kept, as many as the deck allows (O17); none means a roll."""
    return tuple(card for card in view.hand if card not in keep)[: view.deck_count]


class Easy:
    """Keeps its role cards and changes some of the rest at random, or rolls one time in
    three; knocks with three of a kind or better, or one time in ten; accepts half the
    time, without preparing."""

    def action(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        others = change_of(view, evaluation(view).role_cards)
        if not others or rng.random() < 1 / 3:
            return ()
        return tuple(rng.sample(others, rng.randint(1, len(others))))

    def call(self, view: MatchView, rng: random.Random) -> bool:
        return evaluation(view).value >= THREE or rng.random() < 0.1

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        return Answer(accept=True) if rng.random() < 0.5 else OINK


def near_flush(hand: Sequence[Card]) -> tuple[Card, ...]:
    """Four or more cards of one symbol, if the hand has them."""
    for symbol in {SYMBOL[card] for card in hand}:
        suited = tuple(card for card in hand if SYMBOL[card] == symbol)
        if len(suited) >= NEAR:
            return suited
    return ()


def near_run(hand: Sequence[Card]) -> tuple[Card, ...]:
    """Four cards of different values within one run window (O26), if the hand has them."""
    for start in range(1, 10):
        window: dict[int, Card] = {}
        for card in hand:
            if start <= VALUE[card] <= start + 4:
                window.setdefault(VALUE[card], card)
        if len(window) >= NEAR:
            return tuple(window.values())
    return ()


class Normal:
    """Keeps its role cards and the cards of a near run or flush; rolls when that is likely
    to make a joker for itself; knocks with two pair or better; accepts with a pair of 9 or
    better; never bluffs."""

    def action(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        found = evaluation(view)
        if self._roll_helps(view, found):
            return ()
        keep: Sequence[Card] = found.role_cards
        if found.value <= ONE_PAIR:
            keep = near_flush(view.hand) or near_run(view.hand) or keep
        return change_of(view, keep)

    def _roll_helps(self, view: MatchView, found: Evaluation) -> bool:
        """A roll is worth it when at least half of the faces make the hand stronger."""
        assert view.viewer is not None
        other_die = view.seats[1 - view.viewer].die or 0
        better = sum(evaluate(view.hand, other_die + face).value > found.value for face in FACES)
        return better * 2 >= len(FACES)

    def call(self, view: MatchView, rng: random.Random) -> bool:
        return evaluation(view).value >= TWO_PAIR

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        found = evaluation(view)
        strong = found.value > ONE_PAIR or (found.value == ONE_PAIR and found.strength[0] >= 9)
        return Answer(accept=True) if strong else OINK
