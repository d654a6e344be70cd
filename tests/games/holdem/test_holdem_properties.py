"""Properties over random matches of several hands: chips are conserved in every state (H5),
no view or redacted event shows a hole card, burn, deck or seed it should not (H48), and a
refused command changes nothing (H16). Moves come from random legal play mixed with
auto-bets from waiting seats (H43) and random, mostly illegal, commands."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.engine.errors import RuleViolation
from flipside.games.holdem import rules
from flipside.games.holdem.commands import (
    Act,
    ClearAutoAction,
    Command,
    SetAutoAction,
    ShowOrMuck,
    TimeOut,
)
from flipside.games.holdem.events import (
    ActionTaken,
    AutoActionCancelled,
    AutoActionSet,
    CardBurned,
    DeckShuffled,
    Event,
    HoleCardsDealt,
    MatchCreated,
)
from flipside.games.holdem.state import Match
from flipside.games.holdem.views import redact, view

from .random_play import Deal, random_move

KINDS = ("fold", "check", "call", "bet", "raise", "all_in", "dance")
AUTO_KINDS = ("fold", "check", "call", "bet_or_raise", "all_in", "sing")


def chips_in_play(state: Match) -> int:
    """Stacks plus what the hand's pots still hold (H5)."""
    awarded = sum(award.amount for award in state.awards)
    return sum(state.stacks) + sum(state.totals) - awarded


def stray_command(state: Match, rng: random.Random) -> Command:
    """A command from any seat (or none), often illegal."""
    seat = rng.randrange(-1, state.seat_count + 1)
    to = rng.choice((None, 0, rng.randint(1, 3000), True))
    pick = rng.random()
    if pick < 0.4:
        return Act(seat, rng.choice(KINDS), to)  # type: ignore[arg-type]
    if pick < 0.75:
        return SetAutoAction(seat, rng.choice(AUTO_KINDS), to)  # type: ignore[arg-type]
    if pick < 0.85:
        return ClearAutoAction(seat)
    if pick < 0.95:
        return ShowOrMuck(seat, rng.random() < 0.5)
    return TimeOut(seat, rng.randint(0, 100))


def check_views(state: Match) -> None:
    """H48: a seat's hole cards are seen by that seat, or by all once shown or over."""
    over = state.phase == "over"
    for viewer in (None, *range(state.seat_count)):
        seen = view(state, viewer)
        for other in seen.seats:
            public = over or other.seat == viewer or other.shown is not None
            if not public:
                assert all(card is None for card in other.cards), (viewer, other)
                assert other.auto is None


def check_redaction(events: list[Event], seats: int) -> None:
    for viewer in (None, *range(seats)):
        for event in events:
            seen = redact(event, viewer)
            others = getattr(event, "seat", viewer) != viewer
            if isinstance(event, HoleCardsDealt) and others:
                assert seen.cards is None  # type: ignore[attr-defined]
            elif isinstance(event, DeckShuffled | CardBurned | MatchCreated):
                assert seen == replace(event, **_SECRET[type(event)])
            elif isinstance(event, AutoActionSet | AutoActionCancelled) and others:
                assert seen.seat is None  # type: ignore[attr-defined]
            elif isinstance(event, ActionTaken) and others:
                assert seen.auto is None  # type: ignore[attr-defined]


_SECRET: dict[type, dict[str, None]] = {
    DeckShuffled: {"order": None},
    CardBurned: {"card": None},
    MatchCreated: {"seed": None},
}


def play(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    deal = Deal.draw(rng, seats=(2, 7))
    events, state = rules.execute(rules.initial_state(), deal.create(max_hands=6))
    total = sum(deal.stacks)
    for _ in range(steps):
        if state.phase == "over":
            break
        roll = rng.random()
        command = random_move(state, rng) if roll < 0.6 else stray_command(state, rng)
        try:
            more, after = rules.execute(state, command)
        except RuleViolation:
            continue  # the decider is pure: a refusal leaves `state` as it was
        assert more, command
        events += more
        state = after
        assert chips_in_play(state) == total
        assert min(state.stacks) >= 0
        check_views(state)
    check_redaction(events, state.seat_count)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_chips_and_secrets(seed: int) -> None:
    play(seed, steps=400)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_state_of_a_match_conserves_chips(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.draw(rng)
    events, state = rules.execute(rules.initial_state(), deal.create(max_hands=3))
    states = [rules.initial_state()]
    while state.phase != "over":
        more, state = rules.execute(state, random_move(state, rng))
        events += more
    for event in events:
        states.append(rules.evolve(states[-1], event))
        if states[-1].hand:
            assert chips_in_play(states[-1]) == sum(deal.stacks)
