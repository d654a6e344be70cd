"""Orc Poker's ladder: each level against `normal` seats, on the same deals.

The level under test sits in one seat and `normal` in the others; every deal (seed) is
played once with the tested seat in each position. Per deal, over its rotations:

- *margin*: the tested seat's final chips minus the table's mean;
- *win share*: its share of the victory (a shared win counts 1/k, K30).

Each level's means come with a 95% interval over deals, and so does its difference from the
level below, paired by deal (the deals are the same). The ladder holds when each difference
is above zero (easy < normal < hard < insane; hate_you >= hard). Processes share the deals.

    .venv/bin/python ops/bench/orc_ladder.py [--deals 1000] [--first-deal 0] [--seats 4 6]
        [--jobs 2] [--others normal]

``--first-deal`` starts the deals elsewhere, to confirm on deals a change was not tuned on.

With ``--others hard`` a level's margin is measured against `hard` seats directly: above zero,
it plays better than `hard` at that table.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME
from flipside.simulation import match_seed

Z_95 = 1.959964
LEVELS = ("easy", "normal", "hard", "insane", "hate_you")
BELOW = {"normal": "easy", "hard": "normal", "insane": "hard", "hate_you": "hard"}


def play(levels: Sequence[str], seed: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One match: each seat's final chips, and the winners (K30)."""
    seats = [SeatSpec("npc", level=level) for level in levels]
    command = GAME.create("ladder", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    _, state = GAME.execute(GAME.initial_state(), command)
    policies = GAME.policies(state)
    while (move := GAME.next_command(state, policies)) is not None:
        _, state = GAME.execute(state, move)
    return tuple(seat.chips for seat in state.seats), state.winners


def deal_result(level: str, seats: int, deal: int, others: str) -> tuple[float, float]:
    """The tested seat's mean margin and win share over the deal's rotations, `others` in the
    other seats."""
    margins, shares = [], []
    for position in range(seats):
        levels = [others] * seats
        levels[position] = level
        chips, winners = play(levels, match_seed(seats, deal))
        margins.append(chips[position] - statistics.fmean(chips))
        shares.append(1 / len(winners) if position in winners else 0.0)
    return statistics.fmean(margins), statistics.fmean(shares)


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def _text(interval: tuple[float, float, float], digits: int = 2) -> str:
    mean, low, high = interval
    return f"{mean:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first-deal", type=int, default=0, help="the first deal's number")
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--others", default="normal", help="the level of the other seats")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        for seats in args.seats:
            print(
                f"\n{seats} seats, the level in one seat, {args.others} in the others,"
                f" {args.deals} deals from deal {args.first_deal}"
            )
            print(f"{'level':9} {'margin (chips)':>28} {'win share':>28} {'margin - below':>30}")
            results: dict[str, list[tuple[float, float]]] = {}
            for level in args.levels:
                started = time.perf_counter()
                deals = range(args.first_deal, args.first_deal + args.deals)
                jobs = [(level, seats, deal, args.others) for deal in deals]
                results[level] = list(pool.map(deal_result, *zip(*jobs, strict=True)))
                print(_line(level, results, time.perf_counter() - started), flush=True)


def _line(level: str, results: dict[str, list[tuple[float, float]]], seconds: float) -> str:
    """A level's margin and win share, and its margin's lift over the level below."""
    rows = results[level]
    margin = _interval([m for m, _ in rows])
    share = _interval([s for _, s in rows])
    below = BELOW.get(level)
    lifted = ""
    if below in results:
        lift = _interval([m - b for (m, _), (b, _) in zip(rows, results[below], strict=True)])
        lifted = f"{_text(lift)} vs {below}"
    return f"{level:9} {_text(margin):>28} {_text(share, 3):>28}   {lifted:30} {seconds:.0f}s"


if __name__ == "__main__":
    main()
