"""How often each level picks the best orientation, and what its misses cost.

"Best" is the orientation INSANE's estimate (more samples than INSANE uses, a fixed
stream) rates highest, ties included; regret is that estimate's best minus its value of
the level's choice, in expected life. The views are those of `npc_latency.collect`. Each
figure is printed beside the baseline's: the same decisions made by the ``npc`` package of
git revision ``--baseline`` (default HEAD, see `npc_latency.npc_at`), judged by the same
reference.

    .venv/bin/python ops/bench/npc_choices.py [--matches 6] [--baseline REV|none]
"""

from __future__ import annotations

import argparse
import random
import statistics
from contextlib import nullcontext
from dataclasses import replace
from types import ModuleType

from npc_latency import before, collect, npc_at

from flipside.games.flipside.hands import oriented_by_mask
from flipside.games.flipside.npc import LEVELS, policy_for
from flipside.games.flipside.npc.levels import LevelPolicy
from flipside.games.flipside.views import MatchView

REFERENCE_SAMPLES = 600


def choices(
    package: ModuleType | None, level: str, scored: list[tuple[MatchView, list[float]]]
) -> tuple[float, float]:
    """(share of best choices, mean regret) of `level`, today's or `package`'s (an older npc)."""
    policy = package.policy_for(level) if package else policy_for(level)
    hits, regrets = 0, []
    for number, (view, own) in enumerate(scored):
        placed = policy.orientation(view, random.Random(number + 1))
        mask = next(m for m in range(32) if oriented_by_mask(view.hand, m) == placed)
        regrets.append(max(own) - own[mask])
        hits += regrets[-1] <= 1e-9
    return hits / len(scored), statistics.fmean(regrets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--baseline", default="HEAD", help="a git revision, or none")
    args = parser.parse_args()
    baseline = None if args.baseline == "none" else args.baseline
    views = [view for kind, view in collect(args.matches) if kind == "orientation"]
    reference = LevelPolicy(replace(LEVELS["insane"], samples=REFERENCE_SAMPLES))
    scored = [(view, reference.scores(view, random.Random(0)).own) for view in views]
    print(f"{len(views)} orientation decisions; reference: {REFERENCE_SAMPLES} samples")
    print(
        f"{'level':9} {'best':>7} {'mean regret':>12}"
        + (f"   (baseline {baseline})" if baseline else "")
    )
    with npc_at(baseline) if baseline else nullcontext() as directory:
        package = before(directory) if directory else None
        for level in ("easy", "normal", "hard", "insane"):
            best, regret = choices(None, level, scored)
            row = f"{level:9} {best:7.1%} {regret:12.3f}"
            if package is not None:
                old_best, old_regret = choices(package, level, scored)
                row += f"   ({old_best:7.1%} {old_regret:12.3f})"
            print(row)


if __name__ == "__main__":
    main()
