"""Hand evaluation speed: `hands.hand_value` against the `treys` evaluator, in one run.

Both evaluate the same number of random five-card hands, each through its public call in the
same loop shape (``map`` over prepared inputs, so only the evaluation is timed):

- ``treys``: ``Evaluator().evaluate(hand, board)`` on random five-card suited hands (two
  cards + three cards, treys's own API; it does no input checks).
- ``hand_value``: our public call on random five-rank strings; it checks its input.
- ``unchecked``: what the decider does with cards it has already checked: add the ranks'
  `RANK_KEY` and look the sum up in `VALUE_BY_KEY`, without any validation.
- ``lookup only``: `VALUE_BY_KEY` on keys built beforehand, as `orientation_values` uses it.
- ``orientation_values``: time to score all 32 orientations (up and down) of five cards.

Each figure is the best of ``--repeat`` runs, the contenders taking turns, with the garbage
collector off as `timeit` does (treys allocates a list per call, and the collections that
causes would otherwise land on whichever loop runs next). ``orientation_values`` scores a
tenth as many hands. Needs the ``bench`` extra (``pip install .[bench]``).
Usage: ``python ops/bench/hands.py [--hands 50000] [--repeat 20] [--seed 1]``
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable

from treys import Card as TreysCard
from treys import Evaluator

from flipside.games.flipside.cards import DECK, RANKS
from flipside.games.flipside.hands import RANK_KEY, VALUE_BY_KEY, hand_value, orientation_values

TARGET_SPEEDUP = 3.0  # hand_value must evaluate at least 3x as many hands per second as treys
TARGET_ORIENTATIONS_US = 10.0  # and score a hand's 32 orientations within 10 microseconds


def race(contenders: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The fastest of `repeat` timings of each contender, in seconds.

    The contenders take turns within each repetition, so a busy spell on a shared machine
    slows all of them rather than whichever happened to be running; the minimum is the
    least disturbed run.
    """
    best = dict.fromkeys(contenders, float("inf"))
    gc.disable()
    try:
        for _ in range(repeat):
            for name, run in contenders.items():
                started = time.perf_counter()
                run()
                best[name] = min(best[name], time.perf_counter() - started)
    finally:
        gc.enable()
    return best


def unchecked(ranks: str) -> int:
    """The decider's path for checked cards: five key lookups, a sum, one table lookup."""
    first, second, third, fourth, fifth = ranks
    return VALUE_BY_KEY[
        RANK_KEY[first] + RANK_KEY[second] + RANK_KEY[third] + RANK_KEY[fourth] + RANK_KEY[fifth]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    treys_deck = [TreysCard.new(rank + suit) for rank in RANKS for suit in "shdc"]
    treys_hands, treys_boards = [], []
    for _ in range(args.hands):
        cards = rng.sample(treys_deck, 5)
        treys_hands.append(cards[:2])
        treys_boards.append(cards[2:])
    texts = ["".join(rng.choices(RANKS, k=5)) for _ in range(args.hands)]
    keys = [sum(RANK_KEY[rank] for rank in text) for text in texts]
    evaluator = Evaluator()

    card_sets = [rng.sample(DECK, 5) for _ in range(args.hands // 10)]
    timings = race(
        {
            "treys": lambda: list(map(evaluator.evaluate, treys_hands, treys_boards)),
            "hand_value": lambda: list(map(hand_value, texts)),
            "unchecked": lambda: list(map(unchecked, texts)),
            "lookup only": lambda: list(map(VALUE_BY_KEY.__getitem__, keys)),
            "orientations": lambda: list(map(orientation_values, card_sets)),
        },
        args.repeat,
    )
    treys_rate = args.hands / timings["treys"]
    print(f"{args.hands:,} random hands each, best of {args.repeat}")
    print(f"{'':14}{'hands/s':>12}{'vs treys':>10}")
    for name, seconds in timings.items():
        if name != "orientations":
            rate = args.hands / seconds
            print(f"{name:14}{rate:>12,.0f}{rate / treys_rate:>9.2f}x")
    per_hand_us = timings["orientations"] / len(card_sets) * 1e6
    print(f"orientation_values: {per_hand_us:.2f} us per hand (32 orientations, up and down)")

    speedup = timings["treys"] / timings["hand_value"]
    print(
        f"targets: hand_value >= {TARGET_SPEEDUP:.0f}x treys: "
        f"{'met' if speedup >= TARGET_SPEEDUP else 'missed'} ({speedup:.2f}x); "
        f"orientation_values <= {TARGET_ORIENTATIONS_US:.0f} us: "
        f"{'met' if per_hand_us <= TARGET_ORIENTATIONS_US else 'missed'} ({per_hand_us:.2f} us)"
    )


if __name__ == "__main__":
    main()
