"""How fast Orc Poker's rounds run in process, at 4 and 8 seats, beside Flipside's.

Figures from one run, on one core, so they can be compared side by side:

- ``decider``: `rules.execute` driven by random legal moves read straight off the state (no
  views, no policy): the domain's own speed;
- ``easy``: `simulation.play_match` with easy seats (each move builds the seat's view and
  asks its policy);
- ``simulate``: `simulation.simulate`, what ``flipside simulate --game orc --json``
  reports: ``easy`` plus the sha256 digest over every event;
- the baseline: Flipside's ``simulate`` with easy seats at 4 seats, the engine's first game.

An Orc Poker round has more events than a Flipside round (up to five laps of turns), so
events per second are shown too. Usage: ``python ops/bench/orc_simulate.py [--matches 200]
[--seed 7] [--clock wall|cpu] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from flipside.engine.seats import SeatSpec
from flipside.games.orc import rules
from flipside.games.orc.commands import SEALED_ACTIONS, Command, CreateMatch, Draw, GiveUp
from flipside.games.orc.evolve import initial_state
from flipside.games.orc.state import Match
from flipside.simulation import match_seed, play_match, simulate

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def _random_move(state: Match, rng: random.Random) -> Command:
    seat = state.awaiting[0]
    if state.to_move == seat:
        return Draw(seat) if rng.random() < 0.75 else GiveUp(seat)
    return SEALED_ACTIONS[state.phase](seat, rng.choice(rules.choices(state, seat)))


def bench_decider(matches: int, seats: int, run_seed: int, clock: Clock) -> dict[str, float | str]:
    rng = random.Random(run_seed)
    specs = (SeatSpec("npc", level="easy"),) * seats
    rounds = events = 0
    started = clock()
    for number in range(matches):
        command: Command = CreateMatch(f"bench-{number}", specs, match_seed(run_seed, number))
        new_events, state = rules.execute(initial_state(), command)
        events += len(new_events)
        while state.phase != "over":
            new_events, state = rules.execute(state, _random_move(state, rng))
            events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, clock() - started)


def bench_easy(
    matches: int, seats: int, run_seed: int, clock: Clock, game: str = "orc"
) -> dict[str, float | str]:
    specs = [SeatSpec("npc", level="easy")] * seats
    rounds = events = 0
    started = clock()
    for number in range(matches):
        seed = match_seed(run_seed, number)
        new_events, state = play_match(f"sim-{number}", specs, seed, game=game)
        events += len(new_events)
        rounds += state.round
    return _rates(rounds, events, clock() - started)


def bench_simulate(
    matches: int, seats: int, run_seed: int, clock: Clock, game: str = "orc"
) -> dict[str, float | str]:
    started = clock()
    result = simulate(matches, ["easy"] * seats, run_seed, game=game)
    return {**_rates(result.rounds, result.events, clock() - started), "digest": result.digest}


def _rates(rounds: int, events: int, seconds: float) -> dict[str, float | str]:
    return {
        "rounds": rounds,
        "events": events,
        "seconds": round(seconds, 3),
        "rounds_per_second": round(rounds / seconds, 1),
        "events_per_second": round(events / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--clock", choices=CLOCKS, default="cpu")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    clock, count, seed = CLOCKS[args.clock], args.matches, args.seed
    results: dict[str, dict[str, float | str]] = {}
    for seats in (4, 8):
        results[f"orc {seats} decider"] = bench_decider(count, seats, seed, clock)
        results[f"orc {seats} easy"] = bench_easy(count, seats, seed, clock)
        results[f"orc {seats} simulate"] = bench_simulate(count, seats, seed, clock)
    results["flipside 4 simulate"] = bench_simulate(count, 4, seed, clock, game="flipside")
    if args.json:
        print(json.dumps(results))
        return
    print(f"{count} matches a row, seed {seed}, one core, {args.clock} clock")
    print(f"{'':22}{'rounds':>8}{'events':>9}{'seconds':>9}{'rounds/s':>11}{'events/s':>11}")
    for name, figures in results.items():
        print(
            f"{name:22}{figures['rounds']:>8}{figures['events']:>9}{figures['seconds']:>9.3f}"
            f"{figures['rounds_per_second']:>11,.0f}{figures['events_per_second']:>11,.0f}"
        )


if __name__ == "__main__":
    main()
