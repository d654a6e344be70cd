"""Random legal play for tests: one hand at a random table, every kind of move, with amounts
at the edges (minimum, maximum, incomplete all-ins) as often as in between."""

from __future__ import annotations

import random
from dataclasses import dataclass

from flipside.engine.seats import SeatSpec
from flipside.games.holdem import rules
from flipside.games.holdem.commands import Act, Command, CreateMatch, ShowOrMuck
from flipside.games.holdem.config import Config
from flipside.games.holdem.events import Event, HandEnded
from flipside.games.holdem.state import Match
from flipside.games.holdem.views import Legal, legal

_WEIGHTS = {"fold": 2, "check": 5, "call": 5, "bet": 3, "raise": 3, "all_in": 1}


@dataclass(frozen=True, slots=True)
class Deal:
    """A random table for one hand: stacks by seat, blinds, button and seed."""

    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    button: int
    seed: bytes

    @classmethod
    def draw(cls, rng: random.Random, seats: tuple[int, int] = (2, 10)) -> Deal:
        count = rng.randint(*seats)
        big = rng.choice((2, 10, 10, 20, 100))
        small = rng.choice((1, big // 2, big // 2, big - 1))  # below BB: see the PokerKit test
        deep = rng.random() < 0.5
        top = big * (200 if deep else 30)
        stacks = tuple(
            rng.randint(1, top) if rng.random() < 0.3 else rng.randint(big, top)
            for _ in range(count)
        )
        return cls(stacks, small, big, rng.randrange(count), rng.randbytes(32))

    def create(self, max_hands: int = 1) -> CreateMatch:
        seats = tuple(SeatSpec("human", name=f"p{seat}") for seat in range(len(self.stacks)))
        config = Config(
            self.stacks, self.small_blind, self.big_blind, (), self.button, True, max_hands
        )
        return CreateMatch("random", seats, self.seed, config, seeded=True)


def random_move(state: Match, rng: random.Random) -> Command:
    """A random allowed move for the seat the match waits for."""
    seat = state.to_act if state.to_act is not None else state.asked
    assert seat is not None
    choices = {choice.kind: choice for choice in legal(state, seat)}
    if "show" in choices:
        return ShowOrMuck(seat, rng.random() < 0.8)
    kinds = sorted(choices)
    kind = rng.choices(kinds, [_WEIGHTS[kind] for kind in kinds])[0]
    return Act(seat, kind, _amount(choices[kind], rng))  # type: ignore[arg-type]


def _amount(choice: Legal, rng: random.Random) -> int | None:
    if choice.kind not in ("bet", "raise"):
        return None
    low, high = choice.min, choice.max
    assert low is not None and high is not None
    edge = rng.random()
    if edge < 0.35:
        return low
    if edge < 0.5:
        return high
    return rng.randint(low, high)


def play_hand(deal: Deal, rng: random.Random) -> tuple[list[Event], Match]:
    """The events of `deal`'s one hand played with random moves, and the state after."""
    events, state = rules.execute(rules.initial_state(), deal.create())
    while not any(isinstance(event, HandEnded) for event in events):
        more, state = rules.execute(state, random_move(state, rng))
        events += more
    return events, state
