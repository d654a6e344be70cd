"""Computer players: policies that decide from a `MatchView`, never from the full state.

The public surface:

- `policy_for(level, habits=..., target=...)`: the `Policy` of a level in `LEVELS`;
- `npc_policies(state, habits)`, `next_command`, `play_until_blocked` (`driver`): how the
  service and the simulator let computer seats move;
- `PlayerHabits`, `HabitsProvider`, `estimate_habits`, `matching_biases`,
  `habits_from_hits` (`habits`): how INSANE and HATE YOU learn the person's way of playing
  from their history (a projection can keep the per-bias counters incrementally).
"""

from .driver import next_command, npc_policies, play_until_blocked
from .habits import (
    HabitsProvider,
    PlayerHabits,
    estimate_habits,
    habits_from_hits,
    matching_biases,
)
from .levels import LEVELS, policy_for
from .policy import Policy

__all__ = [
    "LEVELS",
    "HabitsProvider",
    "PlayerHabits",
    "Policy",
    "estimate_habits",
    "habits_from_hits",
    "matching_biases",
    "next_command",
    "npc_policies",
    "play_until_blocked",
    "policy_for",
]
