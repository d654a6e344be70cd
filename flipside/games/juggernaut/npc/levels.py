"""The computer players' levels, weakest first (docs/rules/juggernaut.md, "Computer players
in use"):

- ``easy``: the baseline of J41;
- ``normal``: plans its augmentation by the end-of-set value of its coins (`planner`), and
  plays the rest as the baseline;
- ``hard``: plans its augmentation and every exchange.
"""

from __future__ import annotations

from .baseline import Baseline
from .planner import Planner
from .policy import Policy

LEVELS: dict[str, Policy] = {
    "easy": Baseline(),
    "normal": Planner(samples=48, plans_exchanges=False),
    "hard": Planner(samples=48, plans_exchanges=True),
}


def policy_for(level: str) -> Policy:
    """The computer player of `level` (a name in `LEVELS`)."""
    return LEVELS[level]
