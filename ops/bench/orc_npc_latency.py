"""Orc Poker's computer players: decision latency per level, p50, p99 and max in
milliseconds, beside the budget (p99 within 50 ms) and a baseline from the same run: building
the seat's view, which every decision needs first.

The decisions are real ones: every view a computer seat was asked to decide from in a few
seeded matches of `hard` players (4 and 8 seats), replayed through each level's policy. Only
the policy's call is timed, on this process's CPU clock (a shared machine's other processes
do not count); the view is built beforehand, as the service does once per move.

    .venv/bin/python ops/bench/orc_npc_latency.py [--matches 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from flipside.engine.chance import policy_random
from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME
from flipside.games.orc.events import LEVELS
from flipside.games.orc.npc.driver import decide
from flipside.games.orc.npc.levels import policy_for
from flipside.games.orc.npc.policy import Policy
from flipside.games.orc.state import Match
from flipside.games.orc.views import MatchView, view
from flipside.simulation import match_seed

BUDGET_P99_MS = 50.0


def collect(matches: int, seats: int) -> tuple[list[MatchView], list[Match]]:
    """The views of every computer decision in `matches` matches of hard players, and the
    states they were built from."""
    views, states = [], []
    for number in range(matches):
        specs = [SeatSpec("npc", level="hard")] * seats
        command = GAME.create(
            "lat", specs, match_seed(seats, number), seeded=True, options={},
            turn_timeout_seconds=None,
        )  # fmt: skip
        _, state = GAME.execute(GAME.initial_state(), command)
        policies = GAME.policies(state)
        while (move := GAME.next_command(state, policies)) is not None:
            views.append(view(state, state.awaiting[0]))
            states.append(state)
            _, state = GAME.execute(state, move)
    return views, states


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(views: list[MatchView], states: list[Match]) -> dict[str, dict[str, float]]:
    """Each level's decision times over `views`, after the baseline: building those views."""
    figures = {"(view)": summary(timed(lambda state: view(state, state.awaiting[0]), states))}
    for level in LEVELS:
        rngs = [policy_random(bytes(32), f"lat:{number}") for number in range(len(views))]
        asked = list(zip(views, rngs, strict=True))
        figures[level] = summary(timed(partial(_decide, policy_for(level)), asked))
    return figures


def _decide(policy: Policy, asked: tuple[MatchView, random.Random]) -> None:
    decide(policy, *asked)


def timed(action: Callable[[Any], object], inputs: Sequence[Any]) -> list[float]:
    """The CPU milliseconds of `action` on each input."""
    times = []
    for value in inputs:
        started = time.process_time()
        action(value)
        times.append((time.process_time() - started) * 1000)
    return times


def summary(times: list[float]) -> dict[str, float]:
    return {
        "decisions": len(times),
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {seats: measure(*collect(args.matches, seats)) for seats in (4, 8)}
    if args.json:
        print(json.dumps(report))
        return
    for seats, figures in report.items():
        print(f"\n{seats} seats; budget: p99 <= {BUDGET_P99_MS:.0f} ms (CPU time)")
        print(f"{'level':9}{'decisions':>10}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}  within")
        for level, row in figures.items():
            within = "yes" if row["p99_ms"] <= BUDGET_P99_MS else "NO"
            within = "baseline" if level == "(view)" else within
            print(
                f"{level:9}{row['decisions']:>10}{row['p50_ms']:>9.2f}"
                f"{row['p99_ms']:>9.2f}{row['max_ms']:>9.2f}  {within}"
            )


if __name__ == "__main__":
    main()
