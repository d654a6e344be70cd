"""A PettingZoo AEC environment for every game: each seat is an agent.

Agents are ``seat_0`` .. ``seat_<n-1>``. An agent observes ``{"observation": float32
vector, "action_mask": int8 vector}`` computed from its own view only; its raw view (the
JSON the API serves it) is in its info as ``view`` (unless ``raw_views=False``, which saves
building it each step) and from `FlipsideEnv.view`. Sealed simultaneous choices (Flipside's
orientations, Orc Poker's openings and contributions, Juggernaut's gold) are stepped one seat
at a time, and every seat chooses from the match as it stood before the first of them: the
choices are applied together once the last seat has chosen, so no seat ever sees another's
earlier choice. Rewards come once, at the end, from the places (`table.place_rewards`).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from flipside.engine.registry import game_named
from flipside.engine.seats import SeatSpec

from .spaces import spaces_of
from .table import Table, match_seed, place_rewards


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def start_episode(env: AECEnv) -> None:
    """PettingZoo's bookkeeping for a new episode: every agent in, no rewards, nobody done,
    empty infos, the first agent selected."""
    env.agents = env.possible_agents[:]
    env.rewards = dict.fromkeys(env.agents, 0.0)
    env._cumulative_rewards = dict.fromkeys(env.agents, 0.0)
    env.terminations = dict.fromkeys(env.agents, False)
    env.truncations = dict.fromkeys(env.agents, False)
    env.infos = {agent: {} for agent in env.agents}
    env.agent_selection = env.agents[0]


class FlipsideEnv(AECEnv):
    """Every seat of a match of `game` is a learner (docs/research.md)."""

    # PettingZoo's bookkeeping (`start_episode`), typed here: AECEnv declares none of it.
    agent_selection: str
    terminations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(
        self,
        game: str = "flipside",
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        raw_views: bool = True,
    ) -> None:
        super().__init__()
        the_game = game_named(game)
        self.game_id = game
        self.seat_count = seats or the_game.seats.start
        if self.seat_count not in the_game.seats:
            first, last = the_game.seats.start, the_game.seats.stop - 1
            raise ValueError(f"{game} seats {first} to {last}, not {self.seat_count}")
        self.spaces = spaces_of(game)
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.raw_views = raw_views  # the selected agent's info carries its JSON view
        self.metadata = {
            "name": f"flipside_{game}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.seat_count)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.spaces.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.spaces.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(self.spaces.actions) for agent in self.possible_agents
        }
        self.table: Table | None = None
        self._no_actions = np.zeros(self.spaces.actions, dtype=np.int8)  # agents not selected
        self._no_actions.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the match -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; the same `seed` deals the same cards and rolls the same dice."""
        self._start(secrets.token_bytes(32) if seed is None else match_seed(seed))

    def _start(self, seed: bytes) -> None:
        self._seed = seed
        self._actions: list[int] = []
        self.table = Table(self.game_id, [SeatSpec("human")] * self.seat_count, seed, self.options)
        start_episode(self)
        self._sealed: dict[int, Any] = {}  # seat -> its sealed command, not yet applied
        self._select(self._next_seat())

    def _next_seat(self) -> int | None:
        """The first seat still to choose: awaited, without a sealed choice (None when every
        awaited seat has chosen)."""
        assert self.table is not None
        for seat in self.table.awaiting:
            if seat not in self._sealed:
                return seat
        return None

    def _select(self, seat: int | None) -> None:
        """Point `agent_selection` at `seat`, the next to choose, and fill its info."""
        assert self.table is not None and seat is not None
        self.infos[self.agent_selection] = {}  # only the selected agent has an info
        self.agent_selection = self.possible_agents[seat]
        info: dict[str, Any] = {"legal_actions": self.table.legal_actions(seat)}
        if self.raw_views:
            info["view"] = self.table.view(seat)
        self.infos[self.agent_selection] = info

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's raw view: the JSON the API serves its seat."""
        assert self.table is not None
        return self.table.view(self._seat_of[agent])

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.table is not None
        seat = self._seat_of[agent]
        selected = agent == self.agent_selection and not self.terminations[agent]
        return {
            "observation": self.table.observation(seat),
            "action_mask": self.table.mask(seat) if selected else self._no_actions,
        }

    def step(self, action: int | None) -> None:
        """The selected seat plays `action`; `table.IllegalAction` if its mask forbids it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.table is not None and action is not None
        seat = self._seat_of[agent]
        action = int(action)
        self._sealed[seat] = self.table.command(seat, action)
        self._actions.append(action)
        self._cumulative_rewards[agent] = 0.0
        following = self._next_seat()
        if following is None:  # every awaited seat has chosen: apply them together
            for command in self._sealed.values():
                self.table.execute(command)
            self._sealed = {}
            following = self._next_seat()  # the match moved on, or is over (None)
        places = self.table.places
        if places is None:
            self._select(following)
            return
        self.rewards = {
            agent_name(seat): reward for seat, reward in enumerate(place_rewards(places))
        }
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {agent: {"places": list(places)} for agent in self.agents}
        self._accumulate_rewards()

    # --- saving and showing -------------------------------------------------------------------
    def serialise(self) -> str:
        """The match so far as JSON: the game, seats, options, seed and every action number
        (`deserialise` replays them)."""
        return json.dumps(
            {
                "game": self.game_id,
                "seats": self.seat_count,
                "options": self.options,
                "raw_views": self.raw_views,
                "seed": self._seed.hex(),
                "actions": self._actions,
            }
        )

    @classmethod
    def deserialise(cls, text: str) -> FlipsideEnv:
        """An environment at the point `serialise` saved, by replaying its actions."""
        saved = json.loads(text)
        env = cls(saved["game"], saved["seats"], saved["options"], raw_views=saved["raw_views"])
        env._start(bytes.fromhex(saved["seed"]))
        for action in saved["actions"]:
            env.step(action)
        return env

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.table is None:
            return None
        return json.dumps(self.table.game.view_json(self.table.game.view(self.table.state, None)))

    def close(self) -> None:
        self.table = None
