"""Oink Poker hand evaluation speed: the closed form against the brute-force reference, in
one run (docs/rules/oink.md, O28).

The same random hands (joker numbers 2-12, every number of jokers alike, so the brute force
meets its hard cases) go through:

- ``brute force``: the independent reference of the tests (`tests/games/oink/reference.py`),
  which tries every way the jokers could stand in;
- ``evaluate``: the decider's call, naming the role cards;
- ``rate``: the computer players' call on card indices (a key, a role count, a category).

Every hand's verdicts are compared too: the figures are for agreeing evaluators. The brute
force gets a tenth of the hands (it is that much slower). Figures are evaluations per second,
the best of ``--repeat`` timings with the garbage collector off.

    .venv/bin/python ops/bench/oink_hands.py [--hands 20000] [--repeat 5] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the tests' reference

from flipside.games.oink.cards import DECK, INDEX, VALUE
from flipside.games.oink.hands import VALUE_OF, evaluate, rate
from tests.games.oink.reference import brute_force

Hand = tuple[tuple[str, ...], int]


def hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        joker = rng.randint(2, 12)
        wild = [card for card in DECK if VALUE[card] == joker]
        plain = [card for card in DECK if VALUE[card] != joker]
        jokers = min(rng.randint(0, 5), len(wild))
        found.append((tuple(rng.sample(wild, jokers) + rng.sample(plain, 5 - jokers)), joker))
    return found


def best_of(run: Callable[[], object], repeat: int) -> float:
    gc.disable()
    try:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            run()
            times.append(time.perf_counter() - started)
        return min(times)
    finally:
        gc.enable()


def agree(sample: Sequence[Hand]) -> bool:
    for cards, joker in sample:
        found = evaluate(cards, joker)
        best, _ = brute_force(cards, joker)
        rated = rate([INDEX[card] for card in cards], joker)
        if (VALUE_OF[found.category], *found.strength) != best or rated.key != found.key:
            return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sample = hands(args.hands, args.seed)
    slow = sample[: max(1, args.hands // 10)]
    indexed = [([INDEX[card] for card in cards], joker) for cards, joker in sample]
    seconds = {
        "brute force": best_of(lambda: [brute_force(c, j) for c, j in slow], 1) / len(slow),
        "evaluate": best_of(lambda: [evaluate(c, j) for c, j in sample], args.repeat),
        "rate": best_of(lambda: [rate(c, j) for c, j in indexed], args.repeat),
    }
    seconds["evaluate"] /= len(sample)
    seconds["rate"] /= len(sample)
    result = {
        "hands": args.hands,
        "agree": agree(slow),
        "per_second": {name: round(1 / each) for name, each in seconds.items()},
        "speedup_over_brute_force": {
            name: round(seconds["brute force"] / each, 1)
            for name, each in seconds.items()
            if name != "brute force"
        },
    }
    if args.json:
        print(json.dumps(result))
        return
    verdicts = result["agree"]
    print(f"{args.hands} random hands (brute force: {len(slow)}); verdicts agree: {verdicts}")
    for name, rate_ in result["per_second"].items():
        speedup = result["speedup_over_brute_force"].get(name)
        times = f"  x{speedup} the brute force" if speedup else ""
        print(f"  {name:12} {rate_:>12,} evaluations/s{times}")


if __name__ == "__main__":
    main()
