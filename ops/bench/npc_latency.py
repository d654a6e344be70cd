"""Decision latency of the computer players, per level: p50, p99 and max, in milliseconds.

The decisions are real ones: the views every seat saw in a few seeded matches of HARD
players, replayed through each level's policy. Only the policy call is timed (the view is
built beforehand, as the service does once per move). Budgets: EASY <= 1 ms,
INSANE and HATE YOU p99 <= 50 ms. Wall time counts the time other processes take the CPU
away on a shared machine; CPU time (this thread's) is the decision's own cost.

    .venv/bin/python ops/bench/npc_latency.py [--matches 12] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.npc import LEVELS, npc_policies, policy_for
from flipside.games.flipside.npc.policy import Policy
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.simulation import match_seed, play_match

Decision = tuple[str, MatchView]  # ("exchange" | "orientation", the seat's view)


class _Recorder:
    """A policy that notes every view it is given, then lets another policy decide."""

    def __init__(self, inner: Policy, seen: list[Decision]) -> None:
        self.inner, self.seen = inner, seen

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        self.seen.append(("exchange", view))
        return self.inner.exchange(view, rng)

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        self.seen.append(("orientation", view))
        return self.inner.orientation(view, rng)


def collect(matches: int) -> list[Decision]:
    """The decisions of `matches` seeded four-seat matches of HARD players."""
    seen: list[Decision] = []

    def recording(state: Match) -> dict[int, Policy]:
        return {seat: _Recorder(policy, seen) for seat, policy in npc_policies(state).items()}

    seats = [SeatSpec("npc", level="hard")] * 4
    for number in range(matches):
        play_match(f"latency-{number}", seats, match_seed(4242, number), recording)
    return seen


def _percentile(sorted_ms: list[float], share: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(share * len(sorted_ms)))]


def _stats(ms: list[float]) -> dict[str, float]:
    ordered = sorted(ms)
    return {
        "p50": round(statistics.median(ordered), 3),
        "p99": round(_percentile(ordered, 0.99), 3),
        "max": round(ordered[-1], 3),
    }


def measure(level: str, decisions: list[Decision]) -> dict[str, dict[str, object]]:
    """Wall and CPU milliseconds (p50, p99, max) of `level`'s exchange and orientation."""
    policy = policy_for(level)
    calls: dict[str, Callable[[MatchView, random.Random], object]] = {
        "exchange": policy.exchange,
        "orientation": policy.orientation,
    }
    wall: dict[str, list[float]] = {"exchange": [], "orientation": []}
    cpu: dict[str, list[float]] = {"exchange": [], "orientation": []}
    for number, (kind, view) in enumerate(decisions):
        rng = random.Random(number)
        started, started_cpu = time.perf_counter(), time.thread_time()
        calls[kind](view, rng)
        wall[kind].append((time.perf_counter() - started) * 1000)
        cpu[kind].append((time.thread_time() - started_cpu) * 1000)
    return {
        kind: {"n": len(wall[kind]), "wall": _stats(wall[kind]), "cpu": _stats(cpu[kind])}
        for kind in wall
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    decisions = collect(args.matches)  # also builds the cached field tables
    report = {level: measure(level, decisions) for level in LEVELS}
    if args.json:
        print(json.dumps(report))
        return
    print(f"{'':28}{'wall ms':^27}{'cpu ms':^27}")
    print(
        f"{'level':9} {'decision':12} {'n':>5}"
        + " {:>8} {:>8} {:>8}".format("p50", "p99", "max") * 2
    )
    for level, kinds in report.items():
        for kind, row in kinds.items():
            cells = [
                row[clock][stat] for clock in ("wall", "cpu") for stat in ("p50", "p99", "max")
            ]
            print(f"{level:9} {kind:12} {row['n']:5}" + "".join(f" {cell:8.3f}" for cell in cells))


if __name__ == "__main__":
    main()
