"""Decision latency of Oink Poker's computer players, per level: p50, p99 and max, in ms.

The decisions are real ones: every view a seat decided from in seeded matches between the
levels (each level against each), replayed through each level's policy with the same kind
of decision (an action, a call or an answer). Only the policy call is timed. Budget (the
issue's): p99 within 50 ms at every level. Wall time includes the time other processes take
the CPU away on a shared machine; CPU time (this thread's) is the decision's own cost.

    .venv/bin/python ops/bench/oink_latency.py [--matches 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.events import LEVELS
from flipside.games.oink.npc.levels import policy_for
from flipside.games.oink.npc.policy import Answer, Policy
from flipside.games.oink.views import MatchView
from flipside.simulation import match_seed

BUDGET_MS = 50.0
Decision = tuple[str, MatchView]  # ("action" | "call" | "answer", the seat's view)


class _Recorder:
    """A level's policy that notes every view it decides from."""

    def __init__(self, inner: Policy, seen: list[Decision]) -> None:
        self.inner, self.seen = inner, seen

    def action(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        self.seen.append(("action", view))
        return self.inner.action(view, rng)

    def call(self, view: MatchView, rng: random.Random) -> bool:
        self.seen.append(("call", view))
        return self.inner.call(view, rng)

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        self.seen.append(("answer", view))
        return self.inner.answer(view, rng)


def collect(matches: int) -> list[Decision]:
    seen: list[Decision] = []
    for number in range(matches):
        for first in LEVELS:
            for second in LEVELS:
                seats = (SeatSpec("npc", level=first), SeatSpec("npc", level=second))
                create = GAME.create(
                    "m",
                    seats,
                    match_seed(50, number),
                    seeded=True,
                    options={},
                    turn_timeout_seconds=None,
                )
                state = GAME.execute(GAME.initial_state(), create)[1]
                policies = {
                    seat: _Recorder(policy_for(level), seen)
                    for seat, level in enumerate((first, second))
                }
                play_until_blocked(GAME, state, policies)
    return seen


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timings(level: str, decisions: list[Decision], clock: Callable[[], float]) -> list[float]:
    policy, rng, found = policy_for(level), random.Random(1), []
    for kind, view in decisions:
        decide = getattr(policy, kind)
        started = clock()
        decide(view, rng)
        found.append((clock() - started) * 1000)
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4, help="seeds per pair of levels")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    decisions = collect(args.matches)
    for level in LEVELS:  # one-off tables (reference hands per joker) before timing
        timings(level, decisions[:20], time.perf_counter)
    result = {}
    for level in LEVELS:
        wall = timings(level, decisions, time.perf_counter)
        cpu = timings(level, decisions, time.thread_time)
        result[level] = {
            "decisions": len(wall),
            "wall_p50_ms": round(_percentile(wall, 0.5), 2),
            "wall_p99_ms": round(_percentile(wall, 0.99), 2),
            "wall_max_ms": round(wall[-1], 2),
            "cpu_p99_ms": round(_percentile(cpu, 0.99), 2),
            "within_budget": _percentile(cpu, 0.99) <= BUDGET_MS,
        }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{len(decisions)} decisions; budget p99 <= {BUDGET_MS} ms")
    for level, row in result.items():
        print(
            f"  {level:9} p50 {row['wall_p50_ms']:6} ms  p99 {row['wall_p99_ms']:6} ms  "
            f"max {row['wall_max_ms']:7} ms  (cpu p99 {row['cpu_p99_ms']} ms)"
            f"  {'ok' if row['within_budget'] else 'OVER BUDGET'}"
        )


if __name__ == "__main__":
    main()
