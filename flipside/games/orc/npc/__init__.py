"""Orc Poker's computer players: policies that decide from a `MatchView`, never from the
full state (docs/rules/orc.md, "Computer players").

- `policy_for(level)` (`levels`): the `Policy` of a level in `events.LEVELS`;
- `npc_policies(state)`, `next_command` (`driver`): how the service and the simulator let
  computer seats move.
"""

from .driver import next_command, npc_policies
from .levels import policy_for
from .policy import Policy

__all__ = ["Policy", "next_command", "npc_policies", "policy_for"]
