"""How fast the learning environment steps, per game, beside the plain decider.

For every game, one run plays the same seeded matches twice, on one core:

- ``env``: `flipside.env.FlipsideEnv` with random masked actions: every step builds the
  seat's view, its legal actions, the action mask and the flat observation, and executes;
  ``lean`` the same with ``raw_views=False`` (no JSON view in the info);
- ``decider``: the very commands the env executed, replayed through ``Game.execute`` alone
  (no views, no legal actions, no encoding): the baseline, measured in the same run.

The ratios are env (and lean) time over decider time for the same moves; the target is at
most 2.
Usage: ``python ops/bench/env_speed.py [--matches 20] [--games orc,oink] [--json]``
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

from flipside.engine.registry import INSTALLED, game_named
from flipside.env import FlipsideEnv
from flipside.env.table import Table

SEATS = {"flipside": 4, "oink": 2, "holdem": 4, "orc": 4, "juggernaut": 4}
OPTIONS = {"holdem": {"max_hands": 20}, "juggernaut": {"maxSets": 5}}


def record(table: Table) -> list[Any]:
    """The commands `table` executes from now on (the decider replays them)."""
    commands: list[Any] = []
    execute = table.execute

    def recording(command: Any) -> None:
        commands.append(command)
        execute(command)

    table.execute = recording  # type: ignore[method-assign]
    return commands


def env_run(
    game: str, matches: int, raw_views: bool
) -> tuple[float, int, list[tuple[Any, list[Any]]]]:
    """Seconds, steps, and per match its created state and the commands executed."""
    table = FlipsideEnv(game, seats=SEATS[game], options=OPTIONS.get(game), raw_views=raw_views)
    rng = np.random.default_rng(0)
    steps, seconds, played = 0, 0.0, []
    for seed in range(matches):
        started = time.perf_counter()
        table.reset(seed=seed)
        assert table.table is not None
        created, commands = table.table.state, record(table.table)
        for _ in table.agent_iter():
            observation, _, terminated, _, _ = table.last()
            if terminated:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        seconds += time.perf_counter() - started
        played.append((created, commands))
    return seconds, steps, played


def decider_run(game: str, played: list[tuple[Any, list[Any]]]) -> float:
    decide = game_named(game)
    started = time.perf_counter()
    for state, commands in played:
        for command in commands:
            _, state = decide.execute(state, command)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--games", default=",".join(INSTALLED))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in args.games.split(","):
        env_seconds, steps, played = env_run(game, args.matches, raw_views=True)
        lean_seconds, _, _ = env_run(game, args.matches, raw_views=False)
        decider_seconds = decider_run(game, played)
        rows.append(
            {
                "game": game,
                "seats": SEATS[game],
                "matches": args.matches,
                "steps": steps,
                "env_steps_per_second": round(steps / env_seconds),
                "lean_steps_per_second": round(steps / lean_seconds),
                "decider_steps_per_second": round(steps / decider_seconds),
                "ratio": round(env_seconds / decider_seconds, 2),
                "lean_ratio": round(lean_seconds / decider_seconds, 2),
            }
        )
    if args.json:
        print(json.dumps({"load_average": os.getloadavg(), "rows": rows}))
        return
    print(f"load average {os.getloadavg()}")
    print(
        f"{'game':<11}{'steps':>7}{'env/s':>8}{'lean/s':>8}{'decider/s':>10}{'ratio':>7}{'lean':>6}"
    )
    for row in rows:
        print(
            f"{row['game']:<11}{row['steps']:>7}{row['env_steps_per_second']:>8}"
            f"{row['lean_steps_per_second']:>8}{row['decider_steps_per_second']:>10}"
            f"{row['ratio']:>7}{row['lean_ratio']:>6}"
        )


if __name__ == "__main__":
    main()
