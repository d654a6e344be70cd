"""Juggernaut's ladder: each level in one seat against three of the level below.

Every deal (seed) is played four times, the tested seat in each position. Per deal, over
its rotations, the tested seat's share of the sets it won (final place 1 of a set) and of
the matches it won; both would be 0.25 between equals. Each share has a 95% interval over
deals; the ladder holds when each level's interval lies above 0.25. Processes share the
deals.

    .venv/bin/python ops/bench/juggernaut_ladder.py [--deals 500] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.events import JuggernautCrowned
from flipside.simulation import match_seed

Z_95 = 1.959964
SEATS = 4
PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


def play(levels: Sequence[str], seed: bytes) -> tuple[list[int], int]:
    """One match: the sets each seat won (J39: crowned), and the winner."""
    seats = [SeatSpec("npc", level=level) for level in levels]
    command = GAME.create("ladder", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    events, state = GAME.execute(GAME.initial_state(), command)
    more, state = play_until_blocked(GAME, state, GAME.policies(state))
    won = [0] * SEATS
    for event in events + more:
        if isinstance(event, JuggernautCrowned):
            won[event.seat] += 1
    assert state.winner is not None
    return won, state.winner


def deal_result(level: str, below: str, deal: int) -> tuple[float, float]:
    """The tested seat's share of the sets and of the matches, over the deal's rotations."""
    sets = total = wins = 0
    for position in range(SEATS):
        levels = [below] * SEATS
        levels[position] = level
        won, winner = play(levels, match_seed(7, deal))
        sets, total = sets + won[position], total + sum(won)
        wins += winner == position
    return sets / total, wins / SEATS


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def text(found: tuple[float, float, float]) -> str:
    return f"{found[0]:.3f} [{found[1]:.3f}, {found[2]:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, object] = {}
    if not args.json:
        print(f"one seat of a level vs three of another, {args.deals} deals x 4 rotations")
        print(f"{'level vs':18} {'sets won (share)':>24} {'matches won (share)':>24}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for level, below in PAIRS:
            started = time.perf_counter()
            jobs = [(level, below, deal) for deal in range(args.deals)]
            rows = list(pool.map(deal_result, *zip(*jobs, strict=True)))
            sets, matches = interval([s for s, _ in rows]), interval([m for _, m in rows])
            report[f"{level}/{below}"] = {
                "sets": sets,
                "matches": matches,
                "seconds": round(time.perf_counter() - started, 1),
            }
            if not args.json:
                print(f"{level + ' vs ' + below:18} {text(sets):>24} {text(matches):>24}")
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
