"""The five levels, weakest first (docs/rules/oink.md, "Computer players")."""

from __future__ import annotations

from dataclasses import replace

from .policy import Policy
from .search import Search, SearchPolicy
from .simple import Easy, Normal

# HARD samples and searches; INSANE samples more, draws more for each Change, models the
# opponent (its level, its Changes, passes, knocks and answers) and plays the race to 15.
# It also knocks sooner: a pass keeps less of a hand's showdown value (`patience`), since
# the opponent knocks first otherwise and its knocks pay (measured: ops/bench/oink_ladder.py,
# the margin over HARD rose with patience 0.8, 0.6, 0.4 from below zero to above it).
INSANE = Search(samples=300, draws=250, patience=0.4, learns=True, race=True, preps=True)

LEVELS: dict[str, Policy] = {
    "easy": Easy(),
    "normal": Normal(),
    "hard": SearchPolicy(Search()),
    "insane": SearchPolicy(INSANE),
    "hate_you": SearchPolicy(replace(INSANE, spite=1.3)),
}


def policy_for(level: str) -> Policy:
    """The computer player of `level` (one of `events.LEVELS`)."""
    return LEVELS[level]
