"""Decision latency of the computer players, per level: p50, p99 and max, in milliseconds.

The decisions are real ones: the views every seat saw in a few seeded matches of HARD
players, replayed through each level's policy. Only the policy call is timed (the view is
built beforehand, as the service does once per move). Budgets: EASY exchange p99 <= 0.1 ms,
INSANE and HATE YOU p99 <= 10 ms. Wall time counts the time other processes take the CPU
away on a shared machine; CPU time (this thread's) is the decision's own cost.

The p99 of a decision of a few tens of microseconds sits where the kernel's timer tick
begins to land in it: at 250 Hz a 30 us decision has about a 0.8 % chance of holding a tick,
whose handling (on this virtual machine) adds some 40-70 us. So the p99 moves with a
decision's mean more than its median does: EASY's exchange with half its draws was 14 %
faster at p50 and 35 % at p99. The decisions slowest in one run are not slow in the next.

Each figure is printed beside the baseline's: the same decisions made by the ``npc``
package of git revision ``--baseline`` (default HEAD, loaded from git beside today's and run
on today's rules and views), timed alternately with today's so both see the same load.

    .venv/bin/python ops/bench/npc_latency.py [--matches 12] [--baseline REV|none] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.npc import LEVELS, npc_policies, policy_for
from flipside.games.flipside.npc.policy import Decision, Policy, RecordingPolicy
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.simulation import match_seed, play_match

Call = Callable[[MatchView, random.Random], object]
ROOT = Path(__file__).resolve().parents[2]
NPC_PACKAGE = "flipside/games/flipside/npc"
BEFORE = "npc_before"  # the module name an older npc package is imported under


@contextmanager
def npc_at(revision: str) -> Iterator[str]:
    """A temporary directory holding the `npc` package of git `revision` as package
    `BEFORE` (see `before`), removed afterwards.

    Its modules import each other relatively and the rest of flipside absolutely, so it
    runs on today's rules, views and driver, beside today's `npc`."""
    git = ["git", "-C", str(ROOT)]
    with tempfile.TemporaryDirectory(prefix="flipside-npc-") as directory:
        package = Path(directory) / BEFORE
        package.mkdir()
        listing = [*git, "ls-tree", "--name-only", f"{revision}:{NPC_PACKAGE}"]
        names = subprocess.run(listing, check=True, capture_output=True, text=True).stdout
        for name in names.split():
            if name.endswith(".py"):
                show = [*git, "show", f"{revision}:{NPC_PACKAGE}/{name}"]
                text = subprocess.run(show, check=True, capture_output=True, text=True).stdout
                (package / name).write_text(text)
        yield directory


@cache
def before(directory: str) -> ModuleType:
    """The package `npc_at` wrote into `directory` (imported once per process)."""
    if directory not in sys.path:
        sys.path.insert(0, directory)
    return importlib.import_module(BEFORE)


def collect(matches: int) -> list[Decision]:
    """The decisions of `matches` seeded four-seat matches of HARD players."""
    seen: list[Decision] = []

    def recording(state: Match) -> dict[int, Policy]:
        return {seat: RecordingPolicy(policy, seen) for seat, policy in npc_policies(state).items()}

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


def _calls(policy: Policy) -> dict[str, Call]:
    return {"exchange": policy.exchange, "orientation": policy.orientation}


def _timed(call: Call, view: MatchView, number: int, wall: list[float], cpu: list[float]) -> None:
    rng = random.Random(number)
    started, started_cpu = time.perf_counter(), time.thread_time()
    call(view, rng)
    wall.append((time.perf_counter() - started) * 1000)
    cpu.append((time.thread_time() - started_cpu) * 1000)


def measure(
    level: str, decisions: list[Decision], baseline: ModuleType | None
) -> dict[str, dict[str, object]]:
    """Wall and CPU milliseconds (p50, p99, max) of `level`'s exchange and orientation,
    today's and (``baseline`` key) the baseline package's, timed turn about."""
    sides = {"today": _calls(policy_for(level))}
    if baseline is not None:
        sides["baseline"] = _calls(baseline.policy_for(level))
    times = {side: {kind: ([], []) for kind in ("exchange", "orientation")} for side in sides}
    for calls in sides.values():  # one-off tables (e.g. `field_tables`) are built untimed
        for kind, view in {kind: view for kind, view in decisions}.items():
            calls[kind](view, random.Random(0))
    for number, (kind, view) in enumerate(decisions):
        order = list(sides) if number % 2 else list(reversed(sides))
        for side in order:
            _timed(sides[side][kind], view, number, *times[side][kind])
    report: dict[str, dict[str, object]] = {}
    for kind in ("exchange", "orientation"):
        wall, cpu = times["today"][kind]
        row: dict[str, object] = {"n": len(wall), "wall": _stats(wall), "cpu": _stats(cpu)}
        if baseline is not None:
            old_wall, old_cpu = times["baseline"][kind]
            row["baseline"] = {"wall": _stats(old_wall), "cpu": _stats(old_cpu)}
        report[kind] = row
    return report


def _print(report: dict[str, Any], baseline: str | None) -> None:
    against = f"today (baseline {baseline}, today/baseline)" if baseline else "today"
    print(f"milliseconds per decision, {against}; load average {report['load']}")
    print(
        f"{'level':9} {'decision':12} {'n':>4}  {'clock':5}"
        + "".join(f" {s:>22}" for s in ("p50", "p99", "max"))
    )
    for level, kinds in report["levels"].items():
        for kind, row in kinds.items():
            for clock in ("wall", "cpu"):
                cells = []
                for stat in ("p50", "p99", "max"):
                    now = row[clock][stat]
                    if "baseline" in row:
                        old = row["baseline"][clock][stat]
                        cells.append(f"{now:7.3f} ({old:7.3f}) {now / old:4.2f}")
                    else:
                        cells.append(f"{now:22.3f}")
                print(
                    f"{level:9} {kind:12} {row['n']:4}  {clock:5}"
                    + "".join(f" {c:>22}" for c in cells)
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--baseline", default="HEAD", help="a git revision, or none")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    baseline = None if args.baseline == "none" else args.baseline
    decisions = collect(args.matches)  # also builds the cached field tables
    with npc_at(baseline) if baseline else nullcontext() as directory:
        package = before(directory) if directory else None
        report: dict[str, Any] = {
            "levels": {level: measure(level, decisions, package) for level in LEVELS},
            "load": round(os.getloadavg()[0], 2),
        }
    if args.json:
        print(json.dumps(report))
    else:
        _print(report, baseline)


if __name__ == "__main__":
    main()
