"""Moves for computer seats: whose turn it is, what their policy says, as commands.

The driver is the only code that holds both the full state and a policy, and it hands the
policy nothing but that seat's `MatchView` and a random stream keyed by the match's seed (an
HMAC, so the stream does not reveal the seed).
"""

from __future__ import annotations

from collections.abc import Mapping

from flipside.games.flipside.commands import ChooseOrientation, Command, Exchange
from flipside.games.flipside.events import Event
from flipside.games.flipside.rules import execute
from flipside.games.flipside.shuffle import policy_random
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import view

from .habits import HabitsProvider
from .levels import policy_for
from .policy import Policy


def npc_policies(state: Match, habits: HabitsProvider | None = None) -> dict[int, Policy]:
    """The policy of every computer seat of a match, by seat; `habits` informs INSANE and
    HATE YOU about the person at the table (e.g. from the ``player_stats`` projection)."""
    return {
        index: policy_for(seat.spec.level or "easy", habits=habits)
        for index, seat in enumerate(state.seats)
        if seat.spec.kind == "npc"
    }


def next_command(state: Match, policies: Mapping[int, Policy]) -> Command | None:
    """The next move of a seat in `policies` whose turn it is, or None."""
    seat = state.seat_to_exchange
    if seat is not None and seat in policies:
        rng = policy_random(state.seed, f"{seat}:{state.version}")
        return Exchange(seat, policies[seat].exchange(view(state, seat), rng))
    for seat in state.awaiting_orientation:
        if seat in policies:
            rng = policy_random(state.seed, f"{seat}:{state.version}")
            return ChooseOrientation(seat, policies[seat].orientation(view(state, seat), rng))
    return None


def play_until_blocked(state: Match, policies: Mapping[int, Policy]) -> tuple[list[Event], Match]:
    """Play the seats in `policies` until another seat must act or the match is over."""
    events: list[Event] = []
    while (command := next_command(state, policies)) is not None:
        new_events, state = execute(state, command)
        events.extend(new_events)
    return events, state
