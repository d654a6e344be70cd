"""Moves for computer seats: which awaited seats they hold, what their policies say.

The driver is the only code that holds both the full state and a policy, and it hands the
policy nothing but that seat's `MatchView` and a random stream keyed by the match's seed (an
HMAC, so the stream does not reveal the seed; label ``npc:<seat>:<version>``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from flipside.engine.chance import policy_random
from flipside.games.orc.commands import (
    ChooseOpening,
    ChooseTieBreak,
    Command,
    Contribute,
    Draw,
    GiveUp,
)
from flipside.games.orc.state import Match
from flipside.games.orc.views import MatchView, view

from .levels import policy_for
from .policy import Policy


def npc_policies(state: Match) -> dict[int, Policy]:
    """The policy of every computer seat of a match, by seat."""
    return {
        index: policy_for(seat.spec.level or "easy")
        for index, seat in enumerate(state.seats)
        if seat.spec.kind == "npc"
    }


def next_command(state: Match, policies: Mapping[int, Policy]) -> Command | None:
    """The next move of an awaited seat in `policies`, or None."""
    for seat in state.awaiting:
        if seat in policies:
            rng = policy_random(state.seed, f"npc:{seat}:{state.version}")
            return decide(policies[seat], view(state, seat), rng)
    return None


def decide(policy: Policy, seen: MatchView, rng: random.Random) -> Command:
    """The seat's move in the phase its view shows (K36)."""
    seat = seen.viewer
    assert seat is not None
    if seen.phase == "turn":
        return Draw(seat) if policy.draws(seen, rng) else GiveUp(seat)
    if seen.phase == "opening":
        return ChooseOpening(seat, policy.opening(seen, rng))
    if seen.phase == "tiebreak":
        return ChooseTieBreak(seat, policy.tiebreak(seen, rng))
    return Contribute(seat, policy.contribution(seen, rng))
