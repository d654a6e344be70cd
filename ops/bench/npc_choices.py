"""How often each level picks the best orientation, and what its misses cost.

"Best" is the orientation INSANE's estimate (more samples than INSANE uses, a fixed
stream) rates highest, ties included; regret is that estimate's best minus its value of
the level's choice, in expected life. The views are those of `npc_latency.collect`.

    .venv/bin/python ops/bench/npc_choices.py [--matches 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from npc_latency import collect

from flipside.games.flipside.hands import oriented_by_mask
from flipside.games.flipside.npc import LEVELS, policy_for
from flipside.games.flipside.npc.levels import LevelPolicy

REFERENCE_SAMPLES = 600


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    args = parser.parse_args()
    views = [view for kind, view in collect(args.matches) if kind == "orientation"]
    reference = LevelPolicy(replace(LEVELS["insane"], samples=REFERENCE_SAMPLES))
    scored = [(view, reference.scores(view, random.Random(0)).own) for view in views]
    print(f"{len(views)} orientation decisions; reference: {REFERENCE_SAMPLES} samples")
    print(f"{'level':9} {'best':>7} {'mean regret':>12}")
    for level in ("easy", "normal", "hard", "insane"):
        policy = policy_for(level)
        hits, regrets = 0, []
        for number, (view, own) in enumerate(scored):
            placed = policy.orientation(view, random.Random(number + 1))
            mask = next(m for m in range(32) if oriented_by_mask(view.hand, m) == placed)
            regrets.append(max(own) - own[mask])
            hits += regrets[-1] <= 1e-9
        print(f"{level:9} {hits / len(scored):7.1%} {statistics.fmean(regrets):12.3f}")


if __name__ == "__main__":
    main()
