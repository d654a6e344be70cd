"""Computer players: policies that decide from a seat's `MatchView`, never the full state.

- `baseline`: the rules' baseline player (J41), the ``easy`` level;
- `levels`: the levels, weakest first, and `policy_for`;
- `driver`: `npc_policies` and `next_command`, how the engine lets computer seats move.
"""

from .policy import Policy

__all__ = ["Policy"]
