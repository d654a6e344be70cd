"""Moves for computer seats: the only code holding both the full state and a policy. It
hands the policy nothing but its seat's `MatchView` and a random stream keyed by the match's
seed (an HMAC: the stream does not reveal the seed)."""

from __future__ import annotations

from collections.abc import Mapping

from flipside.engine.chance import policy_random
from flipside.games.juggernaut.commands import Command
from flipside.games.juggernaut.state import Match
from flipside.games.juggernaut.views import view

from .levels import policy_for
from .policy import Policy


def npc_policies(state: Match) -> dict[int, Policy]:
    """The policy of every computer seat, by seat."""
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
            return policies[seat].move(view(state, seat), rng)
    return None
