"""Juggernaut's speed, in one run (docs/rules/juggernaut.md):

- the joker evaluator (`evaluator.strength`, J9-J14) on hands of 5, 7 and 10 cards dealt
  off the 108-card deck, side by side with the brute force of the tests
  (`tests/games/juggernaut/reference.py`: every five, every joker face), on the same hands,
  their verdicts compared; the brute force gets the first ``--brute`` hands of each size;
- sets per second of whole matches of the ``easy`` computer players (the baseline, J41),
  through the decider;
- the computer players' decision latency per level: every view the seats of seeded matches
  between the levels decided from, replayed through each level; p50, p99 and max in ms,
  wall and this thread's CPU. Budget: p99 within 50 ms at every level.

Rates are the best of ``--repeat`` timings with the garbage collector off. On a shared
machine, wall time includes other processes' turns on the CPU: see ``uptime``.

    .venv/bin/python ops/bench/juggernaut_speed.py [--hands 20000] [--brute 100] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the tests' reference

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.cards import DECK
from flipside.games.juggernaut.commands import Command
from flipside.games.juggernaut.evaluator import strength
from flipside.games.juggernaut.npc.levels import LEVELS, policy_for
from flipside.games.juggernaut.npc.policy import Policy
from flipside.games.juggernaut.views import MatchView
from flipside.simulation import match_seed
from tests.games.juggernaut.reference import brute_strength

SIZES = (5, 7, 10)
BUDGET_MS = 50.0


def rate(function: Callable[[Sequence[str]], int], hands: list[tuple[str, ...]], repeat: int):
    """(evaluations per second, verdicts), the best of `repeat` timings."""
    best = float("inf")
    verdicts: list[int] = []
    for _ in range(repeat):
        gc.disable()
        started = time.perf_counter()
        verdicts = [function(hand) for hand in hands]
        best = min(best, time.perf_counter() - started)
        gc.enable()
    return len(hands) / best, verdicts


def evaluators(count: int, brute: int, repeat: int) -> dict[str, dict[str, float]]:
    found = {}
    for size in SIZES:
        rng = random.Random(size)
        hands = [tuple(rng.sample(DECK, size)) for _ in range(count)]
        fast, verdicts = rate(strength, hands, repeat)
        slow, reference = rate(brute_strength, hands[:brute], 1)
        assert verdicts[:brute] == reference, "the evaluators disagree"
        found[str(size)] = {"strength": fast, "brute_force": slow, "speedup": fast / slow}
    return found


def sets_per_second(matches: int) -> dict[str, float]:
    seats = [SeatSpec("npc", level="easy")] * 4
    sets = 0
    started = time.perf_counter()
    for deal in range(matches):
        command = GAME.create(
            "bench", seats, match_seed(3, deal), seeded=True, options={}, turn_timeout_seconds=None
        )
        _, state = GAME.execute(GAME.initial_state(), command)
        _, state = play_until_blocked(GAME, state, GAME.policies(state))
        sets += state.set_no
    seconds = time.perf_counter() - started
    return {"matches": matches, "sets": sets, "sets_per_second": sets / seconds}


class _Recorder:
    """A level's policy that notes every view it decides from."""

    def __init__(self, inner: Policy, seen: list[MatchView]) -> None:
        self.inner, self.seen = inner, seen

    def move(self, view: MatchView, rng: random.Random) -> Command:
        self.seen.append(view)
        return self.inner.move(view, rng)


def views(matches: int) -> list[MatchView]:
    """Every view the seats of matches between the levels decided from."""
    seen: list[MatchView] = []
    names = list(LEVELS)
    for deal in range(matches):
        levels = [names[(deal + seat) % len(names)] for seat in range(4)]
        seats = [SeatSpec("npc", level=level) for level in levels]
        command = GAME.create(
            "bench", seats, match_seed(5, deal), seeded=True, options={}, turn_timeout_seconds=None
        )
        _, state = GAME.execute(GAME.initial_state(), command)
        policies = {seat: _Recorder(policy_for(levels[seat]), seen) for seat in range(4)}
        play_until_blocked(GAME, state, policies)
    return seen


def latency(seen: list[MatchView]) -> dict[str, dict[str, float]]:
    found = {}
    for level in LEVELS:
        policy = policy_for(level)
        for view in seen[:20]:  # warm the field tables (built once per process)
            policy.move(view, random.Random(0))
        wall, cpu = [], []
        for number, view in enumerate(seen):
            rng = random.Random(number)
            started, started_cpu = time.perf_counter(), time.thread_time()
            policy.move(view, rng)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.thread_time() - started_cpu) * 1000)
        found[level] = {
            "decisions": len(seen),
            "p50_ms": statistics.median(wall),
            "p99_ms": _percentile(wall, 0.99),
            "max_ms": max(wall),
            "cpu_p99_ms": _percentile(cpu, 0.99),
        }
    return found


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--brute", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--latency-matches", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {
        "evaluator": evaluators(args.hands, args.brute, args.repeat),
        "simulation": sets_per_second(args.matches),
        "latency": latency(views(args.latency_matches)),
    }
    if args.json:
        print(json.dumps(report))
        return
    print("evaluations per second (hands dealt off the 108-card deck)")
    print(f"{'cards':>6} {'strength':>12} {'brute force':>12} {'speedup':>9}")
    for size, row in report["evaluator"].items():
        print(
            f"{size:>6} {row['strength']:>12,.0f} {row['brute_force']:>12,.1f} "
            f"{row['speedup']:>8,.0f}x"
        )
    simulation = report["simulation"]
    print(
        f"\n{simulation['sets_per_second']:,.0f} sets/s with the easy players "
        f"({simulation['matches']} matches, {simulation['sets']} sets)"
    )
    print(f"\ndecision latency (ms), budget p99 <= {BUDGET_MS:.0f}")
    print(f"{'level':8} {'decisions':>9} {'p50':>7} {'p99':>7} {'max':>7} {'cpu p99':>8}")
    for level, row in report["latency"].items():
        print(
            f"{level:8} {row['decisions']:>9} {row['p50_ms']:>7.2f} {row['p99_ms']:>7.2f} "
            f"{row['max_ms']:>7.2f} {row['cpu_p99_ms']:>8.2f}"
        )


if __name__ == "__main__":
    main()
