"""Moves for computer seats: whose turn it is, what their policy says, as commands.

The driver is the only code that holds both the full state and a policy, and it hands the
policy nothing but that seat's `MatchView` and a random stream keyed by the match's seed
(H47c: an HMAC, so the stream does not reveal the seed).
"""

from __future__ import annotations

from collections.abc import Mapping

from flipside.engine.chance import policy_random

from ..commands import Command, ShowOrMuck
from ..state import Match
from ..views import view
from .levels import policy_for
from .policy import Policy


def npc_policies(state: Match) -> dict[int, Policy]:
    """The policy of every computer seat of a match, by seat (H47)."""
    return {
        seat: policy_for(spec.level or "easy")
        for seat, spec in enumerate(state.specs)
        if spec.kind == "npc"
    }


def next_command(state: Match, policies: Mapping[int, Policy]) -> Command | None:
    """The next move of the awaited seat if it has a policy, else None."""
    seat = state.to_act
    asked = state.asked
    if seat is None:
        seat = asked
    if seat is None or seat not in policies:
        return None
    rng = policy_random(state.seed, f"npc:{seat}:{state.version}")
    policy, seen = policies[seat], view(state, seat)
    if seat == asked:
        return ShowOrMuck(seat, policy.show(seen, rng))
    return policy.act(seen, rng)
