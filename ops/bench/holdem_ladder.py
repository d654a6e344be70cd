"""H47a: how strong Hold'em's computer players are, in chips won per 100 hands.

Each deck is one hand at blinds 5/10, every stack 1,000, played twice with the same button
(moving one seat per deck), the two levels swapping seats between the runs (heads-up one
seat each; at 6 seats alternating A B A B A B). One sample is a deck's net for level A over
both runs; the figure is its mean per seat and 100 hands with a 95 % interval (± 1.96
standard errors over decks). Levels are H47's or H47b's drivers (passive, random).

    python ops/bench/holdem_ladder.py --decks 2000 --seats 2 --pair normal:easy ...
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.holdem import GAME, rules
from flipside.games.holdem.commands import CreateMatch
from flipside.games.holdem.config import Config
from flipside.games.holdem.npc.levels import policy_for

STACK, SMALL, BIG = 1000, 5, 10
PAIRS = ("normal:easy", "hard:normal", "hard:passive", "hard:random")


def _hand(levels: list[str], seed: bytes, button: int) -> list[int]:
    """Each seat's net after one hand of `levels` dealt from `seed`."""
    seats = tuple(SeatSpec("human", name=f"s{seat}") for seat in range(len(levels)))
    config = Config((STACK,) * len(levels), SMALL, BIG, (), button, False, 1)
    _, state = rules.execute(rules.initial_state(), CreateMatch("ladder", seats, seed, config))
    policies = {seat: policy_for(level) for seat, level in enumerate(levels)}
    _, state = play_until_blocked(GAME, state, policies)
    return [stack - STACK for stack in state.stacks]


def deck_net(pair: str, seats: int, deck: int) -> float:
    """Level A's net chips per seat-hand over deck `deck`'s two runs."""
    first, second = pair.split(":")
    seed = hashlib.sha256(f"holdem-ladder:{seats}:{deck}".encode()).digest()
    button = deck % seats
    net = 0
    for a_first in (True, False):
        levels = [first if (seat % 2 == 0) == a_first else second for seat in range(seats)]
        result = _hand(levels, seed, button)
        net += sum(chips for seat, chips in enumerate(result) if levels[seat] == first)
    return net / seats  # A has seats / 2 seats in each of the two runs


def measure(pair: str, seats: int, decks: int, workers: int) -> tuple[float, float, float]:
    """(mean, low, high) chips per 100 hands per seat of level A against level B."""
    with ProcessPoolExecutor(workers) as pool:
        nets = list(pool.map(deck_net, [pair] * decks, [seats] * decks, range(decks), chunksize=50))
    per100 = [100 * net for net in nets]
    mean = statistics.fmean(per100)
    half = 1.959964 * statistics.stdev(per100) / math.sqrt(len(per100))
    return mean, mean - half, mean + half


def _load() -> str:
    """The 1, 5 and 15 minute load averages: the figures depend on a shared machine."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=2000)
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 6])
    parser.add_argument("--pair", nargs="+", default=list(PAIRS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"load average {_load()} at the start")
    print(f"{'pairing':14} {'seats':>5} {'decks':>6} {'A chips/100':>12} {'95% interval':>22}")
    for seats in args.seats:
        for pair in args.pair:
            started = time.perf_counter()
            mean, low, high = measure(pair, seats, args.decks, args.workers)
            seconds = time.perf_counter() - started
            interval = f"[{low:+.1f}, {high:+.1f}]"
            row = f"{pair:14} {seats:>5} {args.decks:>6} {mean:>+12.1f} {interval:>22}"
            print(f"{row}  ({seconds:.0f} s, load {_load()})", flush=True)


if __name__ == "__main__":
    main()
