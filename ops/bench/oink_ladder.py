"""Oink Poker's ladder of computer levels, measured by seeded matches (docs/rules/oink.md,
"Computer players"): each level against the one below, every seed played twice with the
seats swapped, so the cards' and the dice's luck falls on both levels alike.

Per pair: the upper level's match win rate with its 95% Wilson interval, and its *paired
margin*: per seed, the upper level's wins in the two seatings less one half (each -1/2, 0
or +1/2), averaged over the seeds with a 95% normal interval (pairing cancels much of
the cards' luck, so it is usually the narrower). The ladder holds when its lower bound is
above zero: easy < normal < hard < insane, and hate_you (insane playing against
the opponent's points, not for the most of its own) above hard. Also the points per deal
each level scored, the deals per match, and the matches aborted for passing 1,000 turns
(there must be none: a computer knocks by its 20th turn of a deal). Beside it, the
baseline of the same run: the lower level against itself, one match per seed, whose seat 0
wins about half only by chance: the interval a pair of equal levels gets from this many
seeds. The load average is printed before and after, since the machine may be shared.

The same figures for a pair come from the CLI too (win rate and mean place):

    flipside simulate --game oink --levels easy,normal --rotate --matches 4000

    .venv/bin/python ops/bench/oink_ladder.py [--seeds 1000] [--first-seed 0]
        [--pairs normal/easy ...] [--jobs 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.commands import Change, Roll
from flipside.games.oink.events import CardsCaptured, DealEnded
from flipside.simulation import match_seed

Z_95 = 1.959964
TURNS_MAX = 1_000  # "Computer players": a longer match is aborted and reported
PAIRS = ("normal/easy", "hard/normal", "insane/hard", "hate_you/hard")
RUN_SEED = 15  # the run's seeds: match_seed(RUN_SEED, n)


@dataclass(frozen=True)
class Played:
    """One match as the ladder counts it, from the upper level's side."""

    upper_won: bool
    points: tuple[int, int]  # (upper, lower): all the points each scored
    deals: int
    aborted: bool


def play(levels: tuple[str, str], seed: bytes) -> tuple[int | None, list[int], int]:
    """One match: the winning seat (None if aborted), each seat's points, the deals."""
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    create = GAME.create("ladder", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    _, state = GAME.execute(GAME.initial_state(), create)
    policies, points, deals, turns = GAME.policies(state), [0, 0], 0, 0
    while (command := GAME.next_command(state, policies)) is not None:
        turns += isinstance(command, (Change, Roll)) and state.phase == "action"
        if turns > TURNS_MAX:
            return None, points, deals
        events, state = GAME.execute(state, command)
        for event in events:
            if isinstance(event, CardsCaptured):
                points[event.seat] += event.points
            deals += isinstance(event, DealEnded)
    return state.winner, points, max(deals, state.deal)


def seed_pair(upper: str, lower: str, number: int, seatings: int = 2) -> list[Played]:
    """Seed `number` played with the upper level in seat 0, then (with 2 seatings) in seat 1."""
    found = []
    for upper_seat in range(seatings):
        levels = (upper, lower) if upper_seat == 0 else (lower, upper)
        winner, points, deals = play(levels, match_seed(RUN_SEED, number))
        found.append(
            Played(
                upper_won=winner == upper_seat,
                points=(points[upper_seat], points[1 - upper_seat]),
                deals=deals,
                aborted=winner is None,
            )
        )
    return found


def paired_margin(matches: Sequence[Played]) -> tuple[float, tuple[float, float]]:
    """The mean over seeds of the upper level's wins in its two seatings less one half, and
    its 95% normal interval; `matches` come in seed pairs, as `seed_pair` plays them."""
    margins = [
        (first.upper_won + second.upper_won) / 2 - 0.5
        for first, second in zip(matches[::2], matches[1::2], strict=True)
    ]
    n = len(margins)
    if n < 2:
        return 0.0, (-0.5, 0.5)
    mean = sum(margins) / n
    spread = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1) / n)
    return mean, (mean - Z_95 * spread, mean + Z_95 * spread)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = wins / n, Z_95 * Z_95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


@dataclass(frozen=True)
class Summary:
    """A pair's figures, from the upper level's side."""

    matches: int
    aborted: int
    win_rate: float
    ci95: tuple[float, float]
    margin: float  # paired (`paired_margin`); 0 for one seating
    margin_ci95: tuple[float, float]
    points_per_deal: tuple[float, float]  # (upper, lower)
    deals_per_match: float
    seconds_per_match: float

    @property
    def holds(self) -> bool:
        return self.margin_ci95[0] > 0


def summary(matches: Sequence[Played], seconds: float, seatings: int) -> Summary:
    margin, margin_ci95 = paired_margin(matches) if seatings == 2 else (0.0, (0.0, 0.0))
    finished = [m for m in matches if not m.aborted]
    wins, deals = sum(m.upper_won for m in finished), sum(m.deals for m in finished)
    games = max(len(finished), 1)
    return Summary(
        matches=len(matches),
        aborted=len(matches) - len(finished),
        win_rate=wins / games,
        ci95=wilson(wins, len(finished)),
        margin=margin,
        margin_ci95=margin_ci95,
        points_per_deal=(
            sum(m.points[0] for m in finished) / max(deals, 1),
            sum(m.points[1] for m in finished) / max(deals, 1),
        ),
        deals_per_match=deals / games,
        seconds_per_match=seconds / len(matches),
    )


def measure(upper: str, lower: str, seeds: range, jobs: int, seatings: int = 2) -> Summary:
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        count = len(seeds)
        rows = pool.map(seed_pair, [upper] * count, [lower] * count, seeds, [seatings] * count)
        matches = [played for pair in rows for played in pair]
    return summary(matches, time.perf_counter() - started, seatings)


def line(name: str, found: Summary, *, baseline: bool = False) -> str:
    low, high = found.ci95
    if baseline:
        verdict = "even" if low <= 0.5 <= high else "uneven"
    else:
        verdict = "holds" if found.holds else "NOT apart"
    upper_points, lower_points = found.points_per_deal
    margin_low, margin_high = found.margin_ci95
    paired = (
        f"margin {found.margin:+.3f} [{margin_low:+.3f}, {margin_high:+.3f}] "
        if not baseline
        else ""
    )
    return (
        f"{name:16} {found.matches:>6} {found.win_rate:>8.1%} [{low:.1%}, {high:.1%}] "
        f"{paired}{verdict:>9}  pts/deal {upper_points:.2f} vs {lower_points:.2f}  "
        f"deals/match {found.deals_per_match:.1f}  aborted {found.aborted}  "
        f"{found.seconds_per_match:.2f} s/match"
    )


def load() -> str:
    return "load average " + ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1_000, help="each played twice")
    parser.add_argument("--first-seed", type=int, default=0, help="to run a range in parts")
    parser.add_argument("--baseline-seeds", type=int, default=100, help="0: no baseline")
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS), metavar="UPPER/LOWER")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report: dict[str, object] = {
        "load_before": os.getloadavg(),
        "seeds": args.seeds,
        "first_seed": args.first_seed,
    }
    if not args.json:
        print(
            f"{load()}; seeds {args.first_seed}..{args.first_seed + args.seeds - 1} x 2 "
            "seatings per pair, upper level's wins"
        )
    for pair in args.pairs:
        upper, lower = pair.split("/")
        seeds = range(args.first_seed, args.first_seed + args.seeds)
        found = {"ladder": measure(upper, lower, seeds, args.jobs)}
        if args.baseline_seeds:
            baseline = range(args.baseline_seeds)
            found["baseline"] = measure(lower, lower, baseline, args.jobs, seatings=1)
        report[pair] = {name: asdict(summary) for name, summary in found.items()}
        if not args.json:
            print(line(pair, found["ladder"]), flush=True)
            if "baseline" in found:
                print(line(f"{lower}/{lower}", found["baseline"], baseline=True), "(seat 0's wins)")
    report["load_after"] = os.getloadavg()
    print(json.dumps(report) if args.json else load())


if __name__ == "__main__":
    main()
