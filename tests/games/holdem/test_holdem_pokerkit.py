"""The differential test: random hands played by our decider and replayed in PokerKit with
our moves; stacks, pots, pushes and showdown results must agree, but for the documented
differences (docs/rules/holdem.md, "Reference implementation: PokerKit"):

1-2. PokerKit's raises are looser: it is driven with our moves only.
3. A big blind posting less than BB: the hand is not compared.
4. The match layer has no counterpart: each hand is a match of one hand.
5. PokerKit asks for shows before an all-in run-out: the mirror feeds our choices there.
6. A seat that mucks after winning a pot by the others' mucks: not compared.
7. A hand won by folds: stacks only.
8. PokerKit asks the one seat left able to act for a check: the mirror gives it.
9. All but one seat muck at a showdown before the run-out: not compared.
10. PokerKit splits together pots whose claimants become the same once losing hands are
    killed, so odd chips may land elsewhere: each seat within the odd chips of our splits.
11. PokerKit reopens the betting only for incomplete all-ins in a row: a hand with a raise
    H24 allows and PokerKit refuses is not compared.

Random tables have a small blind below the big blind: with equal blinds PokerKit takes the
heads-up button for the big blind.
"""

from __future__ import annotations

import random

import pytest

from flipside.games.holdem.events import (
    BettingRoundEnded,
    Event,
    HandEnded,
    PotAwarded,
    ShowdownStarted,
)

from .pokerkit_mirror import ReopenedOnlyHere, comparable, mirror
from .random_play import Deal, play_hand
from .table import deal, table


def _our_pushes(events: list[Event], seats: int) -> tuple[int, ...]:
    """Chips awarded to each seat, over all pots."""
    pushed = [0] * seats
    for award in (e for e in events if isinstance(e, PotAwarded)):
        for seat, share in zip(award.winners, award.shares, strict=True):
            pushed[seat] += share
    return tuple(pushed)


def _within_odd_chips(ours: tuple[int, ...], theirs: tuple[int, ...], events: list[Event]) -> bool:
    """Difference 10: the same chips, each seat within the odd chips of our uneven splits."""
    odd = sum(e.amount % len(e.winners) for e in events if isinstance(e, PotAwarded))
    apart = max(abs(a - b) for a, b in zip(ours, theirs, strict=True))
    return sum(ours) == sum(theirs) and apart <= odd


def compare(events: list[Event]) -> str:
    """What was compared: "skipped", "stacks" (won by folds) or "all"; raises on a
    difference."""
    if not comparable(events):
        return "skipped"
    try:
        theirs = mirror(events)
    except ReopenedOnlyHere:
        return "skipped"
    ours = next(e for e in events if isinstance(e, HandEnded))
    if not any(isinstance(e, ShowdownStarted) for e in events):
        assert ours.stacks == theirs.stacks
        return "stacks"
    pots = next(e for e in reversed(events) if isinstance(e, BettingRoundEnded)).pots
    assert tuple((pot.amount, pot.eligible) for pot in pots) == theirs.pots
    pushed = _our_pushes(events, len(ours.stacks))
    if pushed == theirs.pushed:
        assert ours.stacks == theirs.stacks
    else:
        assert _within_odd_chips(pushed, theirs.pushed, events), (pushed, theirs.pushed)
        assert _within_odd_chips(ours.stacks, theirs.stacks, events)
    return "all"


def run(hands: int, seed: int) -> dict[str, int]:
    """Random hands until `hands` of them are compared (the rest are documented
    differences); how many were compared fully, by stacks only, and skipped."""
    rng = random.Random(seed)
    compared = {"skipped": 0, "stacks": 0, "all": 0}
    while compared["stacks"] + compared["all"] < hands:
        events, _state = play_hand(Deal.draw(rng), rng)
        compared[compare(events)] += 1
    return compared


def test_random_hands_agree_with_pokerkit() -> None:
    compared = run(400, seed=1)
    assert compared["all"] > 150 and compared["stacks"] > 50
    assert compared["skipped"] < 0.2 * 400


@pytest.mark.soak
def test_ten_thousand_random_hands_agree_with_pokerkit() -> None:
    compared = run(10_000, seed=10_000)
    assert compared["all"] > 7_000 and compared["skipped"] < 2_000


def test_e5_agrees_with_pokerkit(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, "Td 5h Th 9c 5c 2c 4s 4d 8c 4c 2d As Ks Qd 3d Jc 6d 3h")
    tab = table([1000, 35, 200, 75, 1000], button=0, max_hands=1)
    for seat, kind, to in ((3, "all_in", None), (4, "call", None), (0, "raise", 201)):
        tab.act(seat, kind, to)
    for seat, kind in ((1, "all_in"), (2, "all_in"), (4, "fold")):
        tab.act(seat, kind)
    for seat in (1, 2, 3, 0):
        tab.show(seat)
    assert compare(tab.events) == "all"


def test_e4_agrees_with_pokerkit(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, "Kd Ac Qs 7s Kh Jh Qh 7d 2c Ks Qd 7c 3c 7h 4c 2s")
    tab = table([50, 120, 300, 300], button=0, max_hands=1)
    moves = [(3, "raise", 30), (0, "all_in", None), (1, "all_in", None), (2, "call", None)]
    moves += [(3, "call", None), (2, "bet", 100), (3, "call", None), (2, "check", None)]
    moves += [(3, "check", None), (2, "all_in", None), (3, "call", None)]
    for seat, kind, to in moves:
        tab.act(seat, kind, to)
    tab.show(2, False)
    for seat in (3, 0, 1):
        tab.show(seat)
    assert compare(tab.events) == "all"
