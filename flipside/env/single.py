"""A Gymnasium environment for one learner among the game's computer players.

The learner holds one seat; every other seat is a built-in level, moving from its own view as
in a live match. The observation is the flat vector of `GameSpaces.encode`; the legal actions
are `action_masks()` (what ``sb3_contrib.MaskablePPO`` asks for) and ``info["action_mask"]``,
the raw view ``info["view"]``. The one reward comes at the end: the learner's place reward.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from flipside.engine.registry import game_named
from flipside.engine.seats import SeatSpec

from .features import Vector
from .spaces import spaces_of
from .table import Table, match_seed, place_rewards


class MaskedSingleAgent(gym.Env[Vector, np.int64]):
    """Seat `seat` learns; the others play `levels` (by default the weakest level at each of
    the game's smallest table's other seats)."""

    def __init__(
        self,
        game: str = "flipside",
        seat: int = 0,
        levels: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        raw_views: bool = True,
    ) -> None:
        the_game = game_named(game)
        others = list(levels or [the_game.levels[0]] * (the_game.seats.start - 1))
        if len(others) + 1 not in the_game.seats:
            first, last = the_game.seats.start, the_game.seats.stop - 1
            raise ValueError(
                f"{game} seats {first} to {last}, not {len(others) + 1} "
                f"(the learner and {len(others)} levels)"
            )
        if not 0 <= seat <= len(others):
            raise ValueError(f"the learner's seat {seat} is not one of 0 to {len(others)}")
        unknown = sorted(set(others) - set(the_game.levels))
        if unknown:
            raise ValueError(f"{game} has no level {', '.join(unknown)}")
        self.game_id, self.seat, self.options = game, seat, dict(options or {})
        self.raw_views = raw_views  # info carries the learner's JSON view
        self.specs = [SeatSpec("npc", level=level) for level in others]
        self.specs.insert(seat, SeatSpec("human"))
        self.spaces = spaces_of(game)
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.spaces.size,), np.float32)
        self.action_space = gym.spaces.Discrete(self.spaces.actions)
        self.table: Table | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """A new match: from `seed`, else from the environment's own seeded generator."""
        super().reset(seed=seed)
        match = match_seed(seed) if seed is not None else self.np_random.bytes(32)
        self.table = Table(self.game_id, self.specs, match, self.options)
        return self._observe(), self._info()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play `action`, then let the computer seats move until the learner must again."""
        assert self.table is not None
        self.table.play(self.seat, int(action))
        places = self.table.places
        reward = place_rewards(places)[self.seat] if places is not None else 0.0
        info = self._info() | ({"places": list(places)} if places is not None else {})
        return self._observe(), reward, places is not None, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        assert self.table is not None
        return self.table.mask(self.seat).astype(bool)

    def _observe(self) -> Vector:
        assert self.table is not None
        return self.table.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        assert self.table is not None
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        if self.raw_views:
            info["view"] = self.table.view(self.seat)
        return info
