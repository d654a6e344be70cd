"""Train a masked PPO agent at one seat of a game against the built-in levels.

Not run in CI: it needs ``pip install 'flipside[rl]' sb3-contrib`` (which brings PyTorch)
and minutes to hours of CPU. `MaskedSingleAgent.action_masks()` is what MaskablePPO asks
for, so no wrapper is needed (docs/research.md)::

    python examples/train_masked_ppo.py --game orc --levels easy,easy --steps 200000
"""

from __future__ import annotations

import argparse

from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.evaluation import evaluate_policy
from stable_baselines3.common.monitor import Monitor

from flipside.env import MaskedSingleAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="orc")
    parser.add_argument(
        "--levels",
        help="the other seats' levels, e.g. easy,normal (default: the game's smallest "
        "table, its weakest level at every other seat)",
    )
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="masked_ppo")
    args = parser.parse_args()
    levels = args.levels.split(",") if args.levels else None
    learner = MaskedSingleAgent(args.game, seat=0, levels=levels)
    model = MaskablePPO("MlpPolicy", learner, seed=args.seed, verbose=1)
    model.learn(total_timesteps=args.steps)
    model.save(args.save)
    # The mean place reward over fresh matches: +1 is always first, -1 always last.
    judged = Monitor(MaskedSingleAgent(args.game, levels=levels))  # counts whole episodes
    mean, spread = evaluate_policy(model, judged, 100)
    print(f"mean reward over 100 matches: {mean:.3f} +- {spread:.3f}")


if __name__ == "__main__":
    main()
