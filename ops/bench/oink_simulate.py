"""How fast whole Oink Poker matches run in process, in deals per second: the decider alone,
then with EASY computer players (what ``flipside simulate --game oink`` reports).

Three figures from one run, on one core, side by side:

- ``decider``: `rules.execute` driven by random legal moves read straight off the state (no
  views, no policy): the domain's own speed;
- ``easy``: the same matches' length of play with EASY players, each move decided from the
  seat's view (`npc.driver`);
- ``simulate``: `flipside.simulation.simulate`, easy players plus the sha256 digest of every
  event, as ``flipside simulate --json`` measures it.

    .venv/bin/python ops/bench/oink_simulate.py [--matches 300] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.commands import Accept, Change, Command, Knock, Oink, Pass, Roll
from flipside.games.oink.state import Match
from flipside.simulation import match_seed, simulate

EASY = (SeatSpec("npc", level="easy"), SeatSpec("npc", level="easy"))


def created(number: int) -> Match:
    create = GAME.create(
        f"bench-{number}",
        EASY,
        match_seed(7, number),
        seeded=True,
        options={},
        turn_timeout_seconds=None,
    )
    return GAME.execute(GAME.initial_state(), create)[1]


def random_move(state: Match, rng: random.Random) -> Command:
    seat = state.to_act
    assert seat is not None
    hand = state.seats[seat].hand
    if state.phase == "action":
        if state.deck and rng.random() < 0.7:
            return Change(seat, tuple(rng.sample(hand, rng.randint(1, min(3, len(state.deck))))))
        return Roll(seat)
    if state.phase == "call":
        return Knock(seat) if rng.random() < 0.3 else Pass(seat)
    return Accept(seat) if rng.random() < 0.6 else Oink(seat)


def decider(matches: int) -> tuple[int, float]:
    rng, deals, seconds = random.Random(7), 0, 0.0
    for number in range(matches):
        state = created(number)
        started = time.perf_counter()
        while state.phase != "over":
            state = GAME.execute(state, random_move(state, rng))[1]
        seconds += time.perf_counter() - started
        deals += state.deal
    return deals, seconds


def easy(matches: int) -> tuple[int, float]:
    deals, seconds = 0, 0.0
    for number in range(matches):
        state = created(number)
        started = time.perf_counter()
        _, state = play_until_blocked(GAME, state, GAME.policies(state))
        seconds += time.perf_counter() - started
        deals += state.deal
    return deals, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {"decider": decider(args.matches), "easy": easy(args.matches)}
    run = simulate(args.matches, ["easy", "easy"], 7, game="oink")
    figures["simulate"] = (run.rounds, run.seconds)
    result = {
        name: {"deals": deals, "seconds": round(seconds, 3), "per_second": round(deals / seconds)}
        for name, (deals, seconds) in figures.items()
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.matches} matches each")
    for name, row in result.items():
        rate, deals, seconds = row["per_second"], row["deals"], row["seconds"]
        print(f"  {name:9} {rate:>8,} deals/s  ({deals} deals in {seconds} s)")


if __name__ == "__main__":
    main()
