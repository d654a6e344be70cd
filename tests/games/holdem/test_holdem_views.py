"""The view reads the betting rules as conditions rather than trying each move (a learner's
environment builds one every step): what it lists must be exactly what the rules accept,
with the amounts the rules charge (H16-H25, H43, H49); and the hand's actions it shows
hide whether an auto-bet took them from every seat but the actor (H48), however often
each action was redacted before."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from flipside.engine.errors import RuleViolation
from flipside.games.holdem import rules
from flipside.games.holdem.commands import Act, ClearAutoAction, Command, MoveKind, SetAutoAction
from flipside.games.holdem.events import ActionTaken
from flipside.games.holdem.state import Match
from flipside.games.holdem.views import Legal, legal, view

from .random_play import Deal, random_move

UNAMOUNTED: tuple[MoveKind, ...] = ("fold", "check", "call", "all_in")
AMOUNTED: tuple[tuple[MoveKind, Callable[[Match, int], tuple[int, int]]], ...] = (
    ("bet", rules.bet_bounds),
    ("raise", rules.raise_bounds),
)
CHARGED: tuple[MoveKind, ...] = ("call", "all_in")


def check_turn(state: Match, seat: int, listed: dict[str, Legal]) -> None:
    """H16-H25: each betting move listed iff the rules accept it; the listed bounds of a
    bet or raise are its accepted extremes; a call or all-in adds what the view says."""
    for kind in UNAMOUNTED:
        assert (kind in listed) == rules.can_act(state, Act(seat, kind)), kind
    for kind, bounds in AMOUNTED:
        if kind not in listed:
            assert not any(rules.can_act(state, Act(seat, kind, to)) for to in bounds(state, seat))
            continue
        low, high = listed[kind].min, listed[kind].max
        assert low is not None and high is not None
        assert rules.can_act(state, Act(seat, kind, low))
        assert rules.can_act(state, Act(seat, kind, high))
        assert not rules.can_act(state, Act(seat, kind, low - 1))
        assert not rules.can_act(state, Act(seat, kind, high + 1))
    for kind in CHARGED:
        if kind in listed:
            events, _ = rules.execute(state, Act(seat, kind))
            taken = next(event for event in events if isinstance(event, ActionTaken))
            assert (taken.to, taken.added) == (listed[kind].to, listed[kind].amount), kind


def check_off_turn(state: Match, seat: int, listed: dict[str, Legal]) -> None:
    """H43: the auto-bets listed are those the rules accept, between the listed bounds."""
    top = state.bets[seat] + state.stacks[seat] if state.bets else 0
    accepted = tuple(
        kind
        for kind in rules.AUTO_KINDS
        if rules.can_set_auto(
            state, SetAutoAction(seat, kind, top if kind == "bet_or_raise" else None)
        )
    )
    if not accepted:
        assert listed == {}
        return
    setting = listed["set_auto"]
    assert setting.actions == accepted
    assert (setting.min, setting.max) == (state.level + 1, top)
    if "bet_or_raise" in accepted:
        assert setting.min is not None and setting.max is not None
        for to, fits in ((setting.min, True), (setting.max + 1, False), (setting.min - 1, False)):
            assert rules.can_set_auto(state, SetAutoAction(seat, "bet_or_raise", to)) == fits
    clears = "clear_auto" in listed
    assert clears == (state.pending[seat] is not None)
    assert clears == allowed_to_clear(state, seat)


def allowed_to_clear(state: Match, seat: int) -> bool:
    try:
        rules.verify_clear_auto(state, seat)
    except RuleViolation:
        return False
    return True


def check_legal(state: Match) -> None:
    for seat in range(state.seat_count):
        listed = {choice.kind: choice for choice in legal(state, seat)}
        if state.phase == "over":
            assert listed == {}
        elif seat == state.asked:
            assert set(listed) == {"show", "muck"}
        elif seat == state.to_act:
            check_turn(state, seat, listed)
        else:
            check_off_turn(state, seat, listed)


def check_actions_seen(state: Match) -> None:
    """H48: `auto` is the actor's own, until the match is over."""
    for viewer in (None, *range(state.seat_count)):
        seen = view(state, viewer).actions
        assert len(seen) == len(state.actions)
        for action, shown in zip(state.actions, seen, strict=True):
            public = state.phase == "over" or action.seat == viewer
            assert shown == (action if public else replace(action, auto=None))
    assert view(state, None, omniscient=True).actions == state.actions


def auto_bet(state: Match, rng: random.Random) -> Command:
    """A waiting seat's auto-bet or its cancelling (H43), often refused."""
    seat = rng.randrange(state.seat_count)
    if rng.random() < 0.2:
        return ClearAutoAction(seat)
    kind = rng.choice(rules.AUTO_KINDS)
    top = state.bets[seat] + state.stacks[seat] if state.bets else 0
    to = rng.randint(state.level, max(top, state.level)) if kind == "bet_or_raise" else None
    return SetAutoAction(seat, kind, to)


@pytest.mark.parametrize("seed", range(30))
def test_views_list_what_the_rules_accept_and_hide_other_seats_auto_bets(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.draw(rng, seats=(2, 7))
    _, state = rules.execute(rules.initial_state(), deal.create(max_hands=4))
    checked = 0
    while state.phase != "over" and checked < 400:
        check_legal(state)
        check_actions_seen(state)
        checked += 1
        command = random_move(state, rng) if rng.random() < 0.7 else auto_bet(state, rng)
        try:
            _, state = rules.execute(state, command)
        except RuleViolation:
            continue
    check_legal(state)
    check_actions_seen(state)
