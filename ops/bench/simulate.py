"""How fast whole matches run in process: the decider alone, then with easy computer seats.

Four figures from one run, on one core, so they can be compared side by side:

- ``random play``: `rules.execute` driven by random legal moves read straight off the state (no
  views, no policy, no digest). Discards are 0-2 cards, a typical exchange. The moves are
  recorded; choosing them (a quarter of this figure's time) is the bench's, not the domain's.
- ``decider``: the recorded commands replayed through `rules.execute` alone: the domain's
  own speed.
- ``seat views``: the same commands, each preceded by what `npc.driver` builds for a computer
  seat before its policy decides: the seat's `views.view` and its `shuffle.policy_random`
  stream. The difference from ``decider`` is the domain's cost per computer move.
- ``easy``: `simulation.play_match` with easy seats: ``seat views`` plus the easy policy.
- ``simulate``: `simulation.simulate`, what ``flipside simulate --json`` reports: ``easy``
  plus the sha256 digest over the canonical JSON of every event.
- ``simulate --jobs N`` (with ``--jobs``, wall clock): the same run shared out to N
  processes (`simulation.simulate_in_processes`); its speed-up over ``simulate`` and whether
  the digest is the same are printed.

Every figure beside its baseline, measured in the same run (the machine is shared):
``python ops/bench/revisions.py HEAD ops/bench/simulate.py -- --clock cpu`` runs this on
HEAD and on the working tree in turns and prints before, after and their ratio.

The policy's one-off tables are built before timing. ``easy`` and ``simulate`` play
``--easy-matches`` matches (the policy costs far more than the domain), the others
``--matches``. Usage: ``python ops/bench/simulate.py [--matches 1000] [--easy-matches 200]
[--seats 4] [--seed 7] [--clock wall|cpu] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from flipside.games.flipside.commands import ChooseOrientation, CreateMatch, Exchange
from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.rules import execute, initial_state
from flipside.games.flipside.shuffle import policy_random
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import view
from flipside.simulation import match_seed, play_match, simulate, simulate_in_processes

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def _random_move(state: Match, rng: random.Random) -> Exchange | ChooseOrientation:
    seat = state.seat_to_exchange
    if seat is not None:
        hand = state.seats[seat].hand
        return Exchange(seat, tuple(rng.sample(hand, rng.randint(0, 2))))
    seat = state.awaiting_orientation[0]
    hand = state.seats[seat].hand
    return ChooseOrientation(seat, tuple(c if rng.random() < 0.5 else c[::-1] for c in hand))


Command = CreateMatch | Exchange | ChooseOrientation


def random_play(
    matches: int, seats: int, run_seed: int, clock: Clock
) -> tuple[list[list[Command]], dict[str, float]]:
    """Each match's commands (its creation first), its moves random and legal, chosen off the
    state as the decider runs; and the rates of that play, the choosing included."""
    rng = random.Random(run_seed)
    specs = (SeatSpec("npc", level="easy"),) * seats
    played: list[list[Command]] = []
    rounds = events = 0
    started = clock()
    for number in range(matches):
        commands: list[Command] = [
            CreateMatch(f"bench-{number}", specs, match_seed(run_seed, number), True)
        ]
        new_events, state = execute(initial_state(), commands[0])
        events += len(new_events)
        while state.phase != "over":
            commands.append(move := _random_move(state, rng))
            new_events, state = execute(state, move)
            events += len(new_events)
        rounds += state.round
        played.append(commands)
    return played, _rates(rounds, events, clock() - started)


def bench_decider(
    played: list[list[Command]], clock: Clock, *, seat_views: bool = False
) -> dict[str, float]:
    """Rounds and events per second of the decider alone on `played` (the commands chosen
    beforehand, as a caller of the decider brings its own), or with each seat's view built."""
    rounds = events = 0
    started = clock()
    for commands in played:
        new_events, state = execute(initial_state(), commands[0])
        events += len(new_events)
        for move in commands[1:]:
            if seat_views:
                policy_random(state.seed, f"{move.seat}:{state.version}")
                view(state, move.seat)
            new_events, state = execute(state, move)
            events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, clock() - started)


def bench_easy(matches: int, seats: int, run_seed: int, clock: Clock) -> dict[str, float]:
    """Rounds and events per second of easy seats, without the digest."""
    specs = [SeatSpec("npc", level="easy")] * seats
    rounds = events = 0
    started = clock()
    for number in range(matches):
        new_events, state = play_match(
            f"sim-{run_seed}-{number}", specs, match_seed(run_seed, number)
        )
        events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, clock() - started)


def bench_simulate(matches: int, seats: int, run_seed: int, clock: Clock) -> dict[str, float | str]:
    """`flipside simulate`'s run, digest included, timed around the call."""
    started = clock()
    result = simulate(matches, ["easy"] * seats, run_seed)
    return {**_rates(result.rounds, result.events, clock() - started), "digest": result.digest}


def bench_jobs(matches: int, seats: int, run_seed: int, jobs: int) -> dict[str, float | str]:
    """`bench_simulate`'s run shared out to `jobs` processes, by the wall clock."""
    started = time.perf_counter()
    result = simulate_in_processes(jobs, matches, ["easy"] * seats, run_seed)
    elapsed = time.perf_counter() - started
    return {**_rates(result.rounds, result.events, elapsed), "digest": result.digest}


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
    parser.add_argument("--easy-matches", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="wall",
        help="cpu: this process's CPU time, steadier than wall time on a shared machine",
    )
    parser.add_argument("--jobs", type=int, default=0, help="also simulate in N processes")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    play_match("warm-up", [SeatSpec("npc", level="easy")] * args.seats, bytes(32))
    played, random_rates = random_play(args.matches, args.seats, args.seed, clock)
    results = {
        "random play": random_rates,
        "decider": bench_decider(played, clock),
        "seat views": bench_decider(played, clock, seat_views=True),
        "easy": bench_easy(args.easy_matches, args.seats, args.seed, clock),
        "simulate": bench_simulate(args.easy_matches, args.seats, args.seed, clock),
    }
    if args.jobs:
        one = bench_simulate(args.easy_matches, args.seats, args.seed, time.perf_counter)
        results["simulate, 1 job"] = one
        results[f"simulate, {args.jobs} jobs"] = bench_jobs(
            args.easy_matches, args.seats, args.seed, args.jobs
        )
    if args.json:
        print(json.dumps(results))
        return
    print(f"{args.seats} seats, seed {args.seed}, one core, {args.clock} clock")
    print(f"{'':12}{'rounds':>8}{'events':>9}{'seconds':>9}{'rounds/s':>11}{'events/s':>11}")
    for name, figures in results.items():
        print(
            f"{name:12}{figures['rounds']:>8}{figures['events']:>9}{figures['seconds']:>9.3f}"
            f"{figures['rounds_per_second']:>11,.0f}{figures['events_per_second']:>11,.0f}"
        )
    print(f"simulate digest {results['simulate']['digest']}")
    if args.jobs:
        one, many = results["simulate, 1 job"], results[f"simulate, {args.jobs} jobs"]
        speedup = float(one["seconds"]) / float(many["seconds"])
        same = "the same digest" if one["digest"] == many["digest"] else "DIGESTS DIFFER"
        print(f"{args.jobs} jobs: {speedup:.2f}x one job by the wall clock, {same}")


if __name__ == "__main__":
    main()
