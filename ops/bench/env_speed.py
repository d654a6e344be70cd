"""How fast the learning environment steps, per game, beside the plain decider.

For every game, one run plays the same seeded matches twice, on one core:

- ``env``: `flipside.env.FlipsideEnv` with random masked actions: every step builds the
  seat's view, its legal actions, the action mask and the flat observation, and executes;
  ``lean`` the same with ``raw_views=False`` (no JSON view in the info);
- ``decider``: the very commands the env executed, each match's creation included,
  replayed through ``Game.execute`` alone (no views, no legal actions, no encoding): the
  baseline, measured in the same run.

The ratios are env (and lean) time over decider time for the same moves, and ``lean adds``
the microseconds a lean step takes beyond the decider's (a faster decider raises the ratio
for the same environment). ``floor`` is the ratio of an environment that did nothing but
what the issue's shape requires (`floor_seconds`): PettingZoo's protocol, and at every turn
the seat's view, its legal actions and whose turn it is, with encoding, masks and
bookkeeping free; what is left below 2 is all a real environment may spend on them.
The target, at most 2, is for ``lean``: a training loop's step, every part of it timed
(``last()`` builds the observation and the mask, the random policy picks from the mask,
``step`` executes and lists the next seat's legal actions), but no JSON view, which a
learner never reads (``raw_views=True``, the default, serialises it into the info for people
and debugging).
One untimed match first pays for what is done once (imports, a game's precomputed tables),
which the decider, timed last, would otherwise get for free.
Times are this process's CPU time (`time.process_time`), so the other processes of a shared
machine do not count (they still disturb the caches). The three runs take turns, ``--repeat``
rounds of env, lean and decider: the steps per second are the fastest run's, each ratio the
median over rounds of the two runs of the same round, as this virtual machine's speed moves
by a third within minutes and runs minutes apart would not compare.
Usage: ``python ops/bench/env_speed.py [--matches 100] [--repeat 5] [--games orc,oink] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from operator import sub, truediv
from typing import Any, ClassVar, NamedTuple

import numpy as np
from pettingzoo import AECEnv

from flipside.engine.registry import INSTALLED, AnyGame, game_named
from flipside.env import FlipsideEnv
from flipside.env.aec import start_episode
from flipside.env.spaces import spaces_of

SEATS = {"flipside": 4, "oink": 2, "holdem": 4, "orc": 4, "juggernaut": 4}
OPTIONS = {"holdem": {"max_hands": 20}, "juggernaut": {"maxSets": 5}}


@contextmanager
def recorded(game: AnyGame) -> Iterator[list[Any]]:
    """Every command `game` executes within the block, the match's creation first (the
    decider replays them)."""
    commands: list[Any] = []
    execute = game.execute

    def recording(state: Any, command: Any) -> Any:
        commands.append(command)
        return execute(state, command)

    game.execute = recording  # type: ignore[method-assign]
    try:
        yield commands
    finally:
        del game.execute  # the class's method again


class Played(NamedTuple):
    seconds: float
    steps: int
    commands: list[list[Any]]  # per match, if recorded: every command executed
    turns: list[tuple[Any, int]]  # if recorded: the state and the seat to choose, each step


def env_run(game: str, matches: int, raw_views: bool, record: bool = False) -> Played:
    """Seconds and steps; with `record`, the commands and turns too (a call more per command
    and a list more per step: the timed runs leave it out, as they play the same moves)."""
    table = FlipsideEnv(game, seats=SEATS[game], options=OPTIONS.get(game), raw_views=raw_views)
    rng = random.Random(0)  # the policy: `Generator.choice` alone costs half a Flipside step
    steps, seconds, played, turns = 0, 0.0, [], []
    for seed in range(matches):
        recording: AbstractContextManager[list[Any]] = (
            recorded(game_named(game)) if record else nullcontext([])
        )
        with recording as commands:
            started = time.process_time()
            table.reset(seed=seed)
            steps += episode(table, rng, turns.append if record else None)
            seconds += time.process_time() - started
        played.append(commands)
    return Played(seconds, steps, played, turns)


def episode(
    table: AECEnv, rng: random.Random, seen: Callable[[tuple[Any, int]], None] | None = None
) -> int:
    """The steps of one episode of `table` (reset already) with random masked actions,
    handing `seen` the state and the seat of every turn."""
    steps = 0
    for agent in table.agent_iter():
        observation, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        if seen is not None:
            seen((table.table.state, table.possible_agents.index(agent)))
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps


def decider_run(game: str, played: list[list[Any]]) -> float:
    """Seconds to create each match and execute its commands again, and nothing else."""
    decide = game_named(game)
    started = time.process_time()
    for commands in played:
        state = decide.initial_state()
        for command in commands:
            _, state = decide.execute(state, command)
    return time.process_time() - started


def env_seconds_of(game: str, matches: int, raw_views: bool) -> float:
    return env_run(game, matches, raw_views).seconds


class _Idle(AECEnv):
    """PettingZoo's protocol with nothing behind it: every step hands over the same
    observation and mask, moves to the next agent, and ends the episode after `length` steps.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "idle_v0"}

    def __init__(self, agents: int, size: int, actions: int, length: int) -> None:
        super().__init__()
        self.possible_agents = [f"seat_{seat}" for seat in range(agents)]
        self.length = length
        mask = np.zeros(actions, dtype=np.int8)
        mask[:: max(1, actions // 4)] = 1
        self.shown = {"observation": np.zeros(size, dtype=np.float32), "action_mask": mask}

    def observe(self, agent: str) -> dict[str, Any]:
        return self.shown

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        start_episode(self)
        self.left = self.length

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.left -= 1
        if not self.left:
            self.terminations = dict.fromkeys(self.agents, True)
        following = (self.agents.index(self.agent_selection) + 1) % len(self.agents)
        self.agent_selection = self.agents[following]
        self._accumulate_rewards()


def floor_seconds(game: str, turns: list[tuple[Any, int]], matches: int) -> float:
    """Seconds of the least an environment of the issue's shape does on the same steps:
    PettingZoo's protocol with the same random pick from a mask (`_Idle`, in episodes of the
    steps' mean length), and at every turn the seat's view (an observation may come from
    nothing else), its legal actions (the mask's source) and whose turn it is. Nothing is
    encoded, masked, parsed or kept: those cost nothing here."""
    rules, spaces = game_named(game), spaces_of(game)
    idle = _Idle(SEATS[game], spaces.size, spaces.actions, max(1, len(turns) // matches))
    rng = random.Random(0)
    started = time.process_time()
    for state, seat in turns:
        rules.legal_actions_seen(state, seat, rules.view(state, seat))
        rules.progress(state)
    stepped = 0
    while stepped < len(turns):
        idle.reset()
        stepped += episode(idle, rng)
    return time.process_time() - started


def rounds(repeat: int, runs: dict[str, Callable[[], float]]) -> dict[str, list[float]]:
    """Each of `runs`' seconds, `repeat` times, taking turns: a round's runs see the machine
    alike, which on a shared virtual machine changes speed by a third within minutes."""
    timed: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            timed[name].append(run())
    return timed


def paired(
    combine: Callable[[float, float], float], over: list[float], under: list[float]
) -> float:
    """The median over rounds of `combine` (a ratio, a difference) of one run's seconds and
    the other's, taken in the same round."""
    return statistics.median(combine(a, b) for a, b in zip(over, under, strict=True))


def _with_decider(floor: float, decider: float) -> float:
    return (decider + floor) / decider


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5, help="rounds of the three runs")
    parser.add_argument("--games", default=",".join(INSTALLED))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in args.games.split(","):
        env_run(game, 1, raw_views=True)  # untimed: imports and the games' one-time tables
        _, steps, played, turns = env_run(game, args.matches, raw_views=True, record=True)
        timed = rounds(
            args.repeat,
            {
                "env": partial(env_seconds_of, game, args.matches, True),
                "lean": partial(env_seconds_of, game, args.matches, False),
                "decider": partial(decider_run, game, played),
                "floor": partial(floor_seconds, game, turns, args.matches),
            },
        )
        # Speeds from the fastest runs (other processes only ever slow a run down); ratios
        # from runs of the same round.
        env_seconds, lean_seconds, decider_seconds = (
            min(timed[name]) for name in ("env", "lean", "decider")
        )
        rows.append(
            {
                "game": game,
                "seats": SEATS[game],
                "matches": args.matches,
                "steps": steps,
                "env_steps_per_second": round(steps / env_seconds),
                "lean_steps_per_second": round(steps / lean_seconds),
                "decider_steps_per_second": round(steps / decider_seconds),
                "ratio": round(paired(truediv, timed["env"], timed["decider"]), 2),
                "lean_ratio": round(paired(truediv, timed["lean"], timed["decider"]), 2),
                # What the environment adds to a step, whatever the decider's own speed.
                "lean_added_us": round(
                    1e6 * paired(sub, timed["lean"], timed["decider"]) / steps, 1
                ),
                # The ratio of an environment whose encoding, masks and bookkeeping were free.
                "floor_ratio": round(paired(_with_decider, timed["floor"], timed["decider"]), 2),
            }
        )
    if args.json:
        print(json.dumps({"load_average": os.getloadavg(), "rows": rows}))
        return
    print(f"load average {os.getloadavg()}")
    print(
        f"{'game':<11}{'steps':>7}{'env/s':>8}{'lean/s':>8}{'decider/s':>10}{'ratio':>7}{'lean':>6}"
        f"{'lean adds us':>13}{'floor':>7}"
    )
    for row in rows:
        print(
            f"{row['game']:<11}{row['steps']:>7}{row['env_steps_per_second']:>8}"
            f"{row['lean_steps_per_second']:>8}{row['decider_steps_per_second']:>10}"
            f"{row['ratio']:>7}{row['lean_ratio']:>6}{row['lean_added_us']:>13}"
            f"{row['floor_ratio']:>7}"
        )


if __name__ == "__main__":
    main()
