"""How fast whole matches run in process: the decider alone, then with easy computer seats.

Three figures from one run, on one core, so they can be compared side by side:

- ``decider``: `rules.execute` driven by random legal moves read straight off the state (no
  views, no policy, no digest). Discards are 0-2 cards, as the easy player makes them, so the
  rounds look alike and only the overhead differs. This is the domain's own speed.
- ``easy``: `simulation.play_match` with easy seats: views, policy streams and the policy too.
- ``simulate``: `simulation.simulate`, what ``flipside simulate --json`` reports: ``easy``
  plus the sha256 digest over the canonical JSON of every event.

Usage: ``python ops/bench/simulate.py [--matches 1000] [--seats 4] [--seed 7] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
import time

from flipside.domain.commands import ChooseOrientation, Command, CreateMatch, Exchange
from flipside.domain.events import SeatSpec
from flipside.domain.rules import execute, initial_state
from flipside.domain.state import Match
from flipside.simulation import match_seed, play_match, simulate


def _random_move(state: Match, rng: random.Random) -> Command:
    seat = state.seat_to_exchange
    if seat is not None:
        hand = state.seats[seat].hand
        return Exchange(seat, tuple(rng.sample(hand, rng.randint(0, 2))))
    seat = state.awaiting_orientation[0]
    hand = state.seats[seat].hand
    return ChooseOrientation(seat, tuple(c if rng.random() < 0.5 else c[::-1] for c in hand))


def bench_decider(matches: int, seats: int, run_seed: int) -> dict[str, float]:
    """Rounds and events per second of the decider alone."""
    rng = random.Random(run_seed)
    specs = (SeatSpec("npc", level="easy"),) * seats
    rounds = events = 0
    started = time.perf_counter()
    for number in range(matches):
        command = CreateMatch(f"bench-{number}", specs, match_seed(run_seed, number), True)
        new_events, state = execute(initial_state(), command)
        events += len(new_events)
        while state.phase != "over":
            new_events, state = execute(state, _random_move(state, rng))
            events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, time.perf_counter() - started)


def bench_easy(matches: int, seats: int, run_seed: int) -> dict[str, float]:
    """Rounds and events per second of easy seats, without the digest."""
    rounds = events = 0
    started = time.perf_counter()
    for number in range(matches):
        new_events, state = play_match(
            f"sim-{run_seed}-{number}", ["easy"] * seats, match_seed(run_seed, number)
        )
        events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, time.perf_counter() - started)


def bench_simulate(matches: int, seats: int, run_seed: int) -> dict[str, float | str]:
    """`flipside simulate`'s own figures, digest included."""
    result = simulate(matches, ["easy"] * seats, run_seed)
    return {**_rates(result.rounds, result.events, result.seconds), "digest": result.digest}


def _rates(rounds: int, events: int, seconds: float) -> dict[str, float]:
    return {
        "rounds": rounds,
        "events": events,
        "seconds": round(seconds, 3),
        "rounds_per_second": round(rounds / seconds, 1),
        "events_per_second": round(events / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    results = {
        name: bench(args.matches, args.seats, args.seed)
        for name, bench in (
            ("decider", bench_decider),
            ("easy", bench_easy),
            ("simulate", bench_simulate),
        )
    }
    if args.json:
        print(json.dumps(results))
        return
    print(f"{args.matches} matches, {args.seats} seats, seed {args.seed}, one core")
    print(f"{'':10}{'rounds':>8}{'events':>9}{'seconds':>9}{'rounds/s':>11}{'events/s':>11}")
    for name, figures in results.items():
        print(
            f"{name:10}{figures['rounds']:>8}{figures['events']:>9}{figures['seconds']:>9.3f}"
            f"{figures['rounds_per_second']:>11,.0f}{figures['events_per_second']:>11,.0f}"
        )
    print(f"digest {results['simulate']['digest']}")


if __name__ == "__main__":
    main()
