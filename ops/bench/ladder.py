"""The strength ladder of the computer players, measured by seeded simulation.

1. EASY, NORMAL, HARD and INSANE at one four-seat table, every deal played once per
   rotation of the levels around the table. Expected: mean finishing place ordered
   easy > normal > hard > insane (1 is the winner), 95% intervals of neighbours apart.
2. A scripted person who always maximises their up hand, against three INSANE and against
   three HATE YOU players on the same deals (the person rotated through every seat). Both
   levels know the person's habit, estimated from warm-up matches as the ``player_stats``
   projection would. Expected: the person loses life faster against HATE YOU.
3. With ``--against REV``: every level against itself as it was at git revision ``REV``
   (its ``npc`` package loaded from git beside today's, `npc_latency.npc_at`), two seats
   each, on the same deals with the seats rotated. Expected: today's seats win half the
   matches, inside the 95% interval over deals (a change meant to keep the strength kept it).

    .venv/bin/python ops/bench/ladder.py [--deals 500] [--person-deals 60] [--jobs 2]
        [--part ladder|person|against|both] [--against REV --against-deals 100] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from itertools import pairwise

from npc_latency import before, npc_at

from flipside.games.flipside.events import (
    Event,
    LifeChanged,
    RoundStarted,
    SeatSpec,
    ShowdownRevealed,
)
from flipside.games.flipside.hands import orientation_values, oriented_by_mask
from flipside.games.flipside.npc import (
    LEVELS,
    PlayerHabits,
    estimate_habits,
    npc_policies,
    policy_for,
)
from flipside.games.flipside.npc.exchange import choose_discard
from flipside.games.flipside.npc.policy import Policy
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.simulation import (
    Z_95,
    LevelStats,
    PoliciesFor,
    SimulationResult,
    match_seed,
    merged,
    play_match,
    rotate,
    simulate,
)

LADDER = ("easy", "normal", "hard", "insane")
PERSON = "person"
VERSUS = ("today", "today", "before", "before")  # rotated: each side sits everywhere
CHUNK_DEALS = 10  # deals per task: small enough to keep every worker busy to the end


class UpMaximiser:
    """The scripted person: the shared exchange, then always the strongest up hand."""

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        return choose_discard(view, rng)

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        ups = [up for up, _ in orientation_values(view.hand)]
        return oriented_by_mask(view.hand, ups.index(max(ups)))


def _ladder_chunk(task: tuple[range, int]) -> SimulationResult:
    deals, seed = task
    seats = len(LADDER)
    return simulate(len(deals) * seats, LADDER, seed, rotated=True, first_match=deals[0] * seats)


def ladder(deals: int, seed: int, pool: Executor) -> dict[str, object]:
    """Part 1: the rotated four-level table, in chunks of deals shared out to `pool`."""
    started = time.perf_counter()
    chunks = list(pool.map(_ladder_chunk, [(chunk, seed) for chunk in _chunks(deals)]))
    result = merged(chunks, time.perf_counter() - started)
    stats = result.by_level()
    ordered = [stats[level] for level in LADDER]
    return {
        "matches": result.matches,
        "rounds": result.rounds,
        "seconds": round(time.perf_counter() - started, 1),
        "by_level": {row.level: row.to_json() for row in ordered},
        "order_holds": all(a.mean_place > b.mean_place for a, b in pairwise(ordered)),
        "intervals_apart": all(_apart(a, b) for a, b in pairwise(ordered)),
        "digest": result.digest,  # the run's fingerprint, however it was shared out
    }


def _chunks(deals: int, size: int = CHUNK_DEALS) -> list[range]:
    return [range(start, min(start + size, deals)) for start in range(0, deals, size)]


def _apart(weaker: LevelStats, stronger: LevelStats) -> bool:
    assert weaker.ci95 and stronger.ci95
    return weaker.ci95[0] > stronger.ci95[1]


def _person_seats(level: str, rotation: int) -> list[SeatSpec]:
    names = rotate([PERSON, level, level, level], rotation)
    return [
        SeatSpec("human", name=PERSON) if n == PERSON else SeatSpec("npc", level=n) for n in names
    ]


def _policies(habits: PlayerHabits | None) -> PoliciesFor:
    """The person plays `UpMaximiser`; the computer players know `habits` of the person."""

    def policies_for(state: Match) -> dict[int, Policy]:
        provider = (lambda name: habits if name == PERSON else None) if habits else None
        policies: dict[int, Policy] = dict(npc_policies(state, provider))
        for seat, seat_state in enumerate(state.seats):
            if seat_state.spec.kind == "human":
                policies[seat] = UpMaximiser()
        return policies

    return policies_for


def learn_habits(matches: int, seed: int) -> PlayerHabits:
    """The person's habits from the showdowns of warm-up matches against HARD players."""
    showdowns = []
    for number in range(matches):
        seats = _person_seats("hard", number % 4)
        person = next(i for i, spec in enumerate(seats) if spec.kind == "human")
        events, _ = play_match(
            f"warmup-{number}", seats, match_seed(seed, -1 - number), _policies(None)
        )
        for event in events:
            if isinstance(event, ShowdownRevealed) and event.side == "up" and event.placed[person]:
                taking_part = sum(placed is not None for placed in event.placed)
                showdowns.append((event.placed[person], taking_part))
    return estimate_habits(showdowns)


def _person_loss(events: list[Event], person: int) -> tuple[int, int]:
    """(life the person lost, net of gains; rounds the person took part in)."""
    life, lost, rounds = 4, 0, 0
    for event in events:
        if isinstance(event, RoundStarted) and person in event.turn_order:
            rounds += 1
        elif isinstance(event, LifeChanged) and event.seat == person:
            lost += life - event.life
            life = event.life
    return lost, rounds


def _person_deal(task: tuple[str, int, int, PlayerHabits]) -> tuple[int, int, list[int]]:
    """One deal, the person in each seat in turn: (life lost, rounds played, places)."""
    level, deal, seed, habits = task
    lost_deal, rounds_deal, places = 0, 0, []
    for rotation in range(4):
        seats = _person_seats(level, rotation)
        person = [spec.kind for spec in seats].index("human")
        match_id = f"person-{level}-{deal}-{rotation}"
        events, state = play_match(match_id, seats, match_seed(seed, deal), _policies(habits))
        lost, rounds = _person_loss(events, person)
        lost_deal, rounds_deal = lost_deal + lost, rounds_deal + rounds
        places.append(state.seats[person].place or 0)
    return lost_deal, rounds_deal, places


def against(
    level: str, deals: int, seed: int, habits: PlayerHabits, pool: Executor
) -> dict[str, object]:
    """Part 2 for one level: the person's life lost per round, place and win rate."""
    tasks = [(level, deal, seed, habits) for deal in range(deals)]
    outcomes = list(pool.map(_person_deal, tasks))
    per_deal = [lost / rounds for lost, rounds, _ in outcomes]
    places = [place for _, _, deal_places in outcomes for place in deal_places]
    rate = sum(lost for lost, _, _ in outcomes) / sum(rounds for _, rounds, _ in outcomes)
    half = Z_95 * statistics.stdev(per_deal) / len(per_deal) ** 0.5
    mean = statistics.fmean(per_deal)
    return {
        "matches": deals * 4,
        "person_life_lost_per_round": round(rate, 4),
        "ci95_over_deals": [round(mean - half, 4), round(mean + half, 4)],
        "person_mean_place": round(statistics.fmean(places), 3),
        "person_win_rate": round(places.count(1) / len(places), 4),
        "per_deal": per_deal,
    }


def person_test(deals: int, seed: int, pool: Executor) -> dict[str, object]:
    """Part 2: INSANE against HATE YOU, with the paired difference over deals."""
    habits = learn_habits(20, seed)
    runs = {level: against(level, deals, seed, habits, pool) for level in ("insane", "hate_you")}
    differences = [
        hate - insane
        for hate, insane in zip(
            runs["hate_you"].pop("per_deal"), runs["insane"].pop("per_deal"), strict=True
        )
    ]
    half = Z_95 * statistics.stdev(differences) / len(differences) ** 0.5
    mean = statistics.fmean(differences)
    return {
        "habits": {"up_bias": habits.up_bias, "rounds": habits.rounds},
        **runs,
        "hate_minus_insane_per_round": [
            round(mean - half, 4),
            round(mean, 4),
            round(mean + half, 4),
        ],
        "hate_you_faster": runs["hate_you"]["person_life_lost_per_round"]
        > runs["insane"]["person_life_lost_per_round"],
    }


def _versus_deal(task: tuple[str, int, int, str]) -> float:
    """One deal of `level` today against `level` before, rotated: today's share of wins."""
    level, deal, seed, directory = task
    older = before(directory).policy_for(level)
    today = policy_for(level)
    wins = 0
    for rotation in range(len(VERSUS)):
        sides = rotate(VERSUS, rotation)
        seats = [SeatSpec("npc", level=level)] * len(sides)

        def policies_for(_: Match, sides: list[str] = sides) -> dict[int, Policy]:
            return {seat: today if side == "today" else older for seat, side in enumerate(sides)}

        match_id = f"versus-{level}-{deal}-{rotation}"
        _, state = play_match(match_id, seats, match_seed(seed, deal), policies_for)
        winner = next(seat for seat, s in enumerate(state.seats) if s.place == 1)
        wins += sides[winner] == "today"
    return wins / len(VERSUS)


def versus(
    revision: str, levels: list[str], deals: int, seed: int, pool: Executor
) -> dict[str, object]:
    """Part 3: each of `levels`' win share today against itself at `revision`."""
    started = time.perf_counter()
    rows: dict[str, object] = {}
    with npc_at(revision) as directory:
        for level in levels:
            shares = list(
                pool.map(_versus_deal, [(level, d, seed, directory) for d in range(deals)])
            )
            mean = statistics.fmean(shares)
            half = Z_95 * statistics.stdev(shares) / len(shares) ** 0.5
            low, high = round(mean - half, 4), round(mean + half, 4)
            rows[level] = {
                "matches": deals * len(VERSUS),
                "win_share": round(mean, 4),
                "ci95_over_deals": [low, high],
                "parity_inside": low <= 0.5 <= high,
            }
    return {
        "revision": revision,
        "by_level": rows,
        "seconds": round(time.perf_counter() - started, 1),
    }


def _print(report: dict[str, dict[str, object]]) -> None:
    if "ladder" in report:
        _print_ladder(report["ladder"])
    if "person" in report:
        _print_person(report["person"])
    if "against" in report:
        _print_versus(report["against"])
    print(f"{report['seconds']} s in all")


def _print_ladder(table: dict[str, object]) -> None:
    print(f"Ladder: {table['matches']} matches, {table['rounds']} rounds, {table['seconds']} s")
    print(f"{'level':8} {'win rate':>9} {'mean place':>11} {'95% CI':>17}")
    for level, row in table["by_level"].items():
        low, high = row["ci95"]
        print(
            f"{level:8} {row['win_rate']:9.1%} {row['mean_place']:11.3f}   {low:.3f} - {high:.3f}"
        )
    print(
        f"order easy > normal > hard > insane holds: {table['order_holds']}; "
        f"neighbouring intervals apart: {table['intervals_apart']}"
    )


def _print_person(person: dict[str, object]) -> None:
    print(f"\nScripted up-maximising person (habits learnt: {person['habits']})")
    for level in ("insane", "hate_you"):
        row = person[level]
        print(
            f"vs 3 x {level:8}: life lost/round {row['person_life_lost_per_round']:.3f} "
            f"(95% CI over deals {row['ci95_over_deals'][0]:.3f}-{row['ci95_over_deals'][1]:.3f}), "
            f"mean place {row['person_mean_place']:.2f}, wins {row['person_win_rate']:.1%} "
            f"({row['matches']} matches)"
        )
    low, mean, high = person["hate_minus_insane_per_round"]
    print(
        f"hate_you - insane, paired by deal: {mean:+.3f} life/round"
        f" (95% CI {low:+.3f} to {high:+.3f})"
    )


def _print_versus(table: dict[str, object]) -> None:
    print(f"\nEach level today (2 seats) against itself at {table['revision']} (2 seats)")
    print(f"{'level':9} {'matches':>8} {'wins today':>11} {'95% CI':>17}  parity inside")
    for level, row in table["by_level"].items():
        low, high = row["ci95_over_deals"]
        print(
            f"{level:9} {row['matches']:8} {row['win_share']:11.1%}   {low:.3f} - {high:.3f}"
            f"  {row['parity_inside']}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="ladder deals (x4 rotations)")
    parser.add_argument("--person-deals", type=int, default=60, help="person deals (x4 seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", choices=("ladder", "person", "against", "both"), default="both")
    parser.add_argument("--against", metavar="REV", help="also play each level against REV")
    parser.add_argument("--against-deals", type=int, default=100, help="deals per level (x4)")
    parser.add_argument("--against-levels", nargs="+", choices=LEVELS, default=list(LEVELS))
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.part == "against" and not args.against:
        parser.error("--part against needs --against REV")
    started = time.perf_counter()
    report: dict[str, object] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.part in ("ladder", "both"):
            report["ladder"] = ladder(args.deals, args.seed, pool)
        if args.part in ("person", "both"):
            report["person"] = person_test(args.person_deals, args.seed, pool)
        if args.against:
            report["against"] = versus(
                args.against, args.against_levels, args.against_deals, args.seed, pool
            )
    report["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        json.dump(report, sys.stdout)
        print()
    else:
        _print(report)


if __name__ == "__main__":
    main()
