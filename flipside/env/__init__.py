"""Flipside for reinforcement learning: a PettingZoo AEC environment for every game, and a
Gymnasium single-agent wrapper with action masks (docs/research.md).

Needs the ``rl`` extra (``pip install 'flipside[rl]'``): pettingzoo, gymnasium and numpy.

>>> from flipside.env import env
>>> table = env("orc", seats=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'seat_0'
"""

from __future__ import annotations

from typing import Any

from .aec import FlipsideEnv
from .single import MaskedSingleAgent
from .spaces import spaces_of
from .table import IllegalAction


def env(game: str = "flipside", **kwargs: Any) -> FlipsideEnv:
    """The AEC environment of `game` (``seats``, ``options``, ``render_mode``)."""
    return FlipsideEnv(game, **kwargs)


__all__ = ["FlipsideEnv", "IllegalAction", "MaskedSingleAgent", "env", "spaces_of"]
