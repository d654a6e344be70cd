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
for the same environment). The target, at most 2, is for ``lean``: a training loop's step,
every part of it timed (``last()`` builds the observation and the mask, the random policy
picks from the mask, ``step`` executes and lists the next seat's legal actions), but no JSON
view, which a learner never reads (``raw_views=True``, the default, serialises it into the
info for people and debugging).
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
from typing import Any

import numpy as np

from flipside.engine.registry import INSTALLED, AnyGame, game_named
from flipside.env import FlipsideEnv

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


def env_run(
    game: str, matches: int, raw_views: bool, record: bool = False
) -> tuple[float, int, list[list[Any]]]:
    """Seconds, steps, and per match the commands executed if `record` (a call more per
    command: the timed runs leave it out, as they play the same moves)."""
    table = FlipsideEnv(game, seats=SEATS[game], options=OPTIONS.get(game), raw_views=raw_views)
    rng = random.Random(0)  # the policy: `Generator.choice` alone costs half a Flipside step
    steps, seconds, played = 0, 0.0, []
    for seed in range(matches):
        recording: AbstractContextManager[list[Any]] = (
            recorded(game_named(game)) if record else nullcontext([])
        )
        with recording as commands:
            started = time.process_time()
            table.reset(seed=seed)
            for _ in table.agent_iter():
                observation, _, terminated, _, _ = table.last()
                if terminated:
                    table.step(None)
                    continue
                table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
            seconds += time.process_time() - started
        played.append(commands)
    return seconds, steps, played


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
    return env_run(game, matches, raw_views)[0]


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
        _, steps, played = env_run(game, args.matches, raw_views=True, record=True)
        timed = rounds(
            args.repeat,
            {
                "env": partial(env_seconds_of, game, args.matches, True),
                "lean": partial(env_seconds_of, game, args.matches, False),
                "decider": partial(decider_run, game, played),
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
            }
        )
    if args.json:
        print(json.dumps({"load_average": os.getloadavg(), "rows": rows}))
        return
    print(f"load average {os.getloadavg()}")
    print(
        f"{'game':<11}{'steps':>7}{'env/s':>8}{'lean/s':>8}{'decider/s':>10}{'ratio':>7}{'lean':>6}"
        f"{'lean adds us':>13}"
    )
    for row in rows:
        print(
            f"{row['game']:<11}{row['steps']:>7}{row['env_steps_per_second']:>8}"
            f"{row['lean_steps_per_second']:>8}{row['decider_steps_per_second']:>10}"
            f"{row['ratio']:>7}{row['lean_ratio']:>6}{row['lean_added_us']:>13}"
        )


if __name__ == "__main__":
    main()
