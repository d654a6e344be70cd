"""Hold'em's speed, side by side in one run (needs the ``bench`` extra: phevaluator, treys,
pokerkit):

1. Seven-card evaluations per second on the same random sets: ours (`evaluator.evaluate`;
   and "ours, board": the five board cards' weights summed beforehand, as the computer
   players' equity loop does), ``phevaluator`` (``evaluate_cards``), ``treys``
   (``Evaluator().evaluate``) and PokerKit (``StandardHighHand.from_game``), each through its
   public call on inputs prepared in its own card form; the best of ``--repeat`` runs, the
   garbage collector off.
2. Whole hands per second with random legal play: the same hands (random tables of 2-10
   seats, random legal moves, all-ins included) played by our decider from their commands,
   and by PokerKit from the same cards and moves (the differential test's mirror). Target:
   ours at least 3x PokerKit's.
3. Computer players' decision time per level (p50 / p99 / max) over whole matches at 6 seats
   (two seats of each level), measured around `next_command`. Target: p99 within 50 ms.

    python ops/bench/holdem_speed.py [--sets 200000] [--hands 2000] [--matches 6]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from phevaluator import evaluate_cards
from pokerkit import Card as PokerkitCard
from pokerkit import StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator

from flipside.engine.seats import SeatSpec
from flipside.games.holdem import GAME, rules
from flipside.games.holdem.cards import DECK
from flipside.games.holdem.commands import Command
from flipside.games.holdem.evaluator import WEIGHT, evaluate, total, value_of_total
from flipside.games.holdem.events import Event, HandEnded

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the tests' random play
from tests.games.holdem.pokerkit_mirror import ReopenedOnlyHere, comparable, mirror
from tests.games.holdem.random_play import Deal, random_move


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The shortest of `repeat` timed runs, with the collector off."""
    best = float("inf")
    for _ in range(repeat):
        gc.disable()
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
        gc.enable()
    return best


def evaluations(sets: int, repeat: int, seed: int) -> None:
    rng = random.Random(seed)
    hands = [rng.sample(range(52), 7) for _ in range(sets)]
    treys_cards = [[TreysCard.new(DECK[c]) for c in hand] for hand in hands]
    treys = Evaluator()
    few = hands[: max(1, sets // 20)]  # PokerKit is slow: a twentieth as many
    kit = [("".join(DECK[c] for c in hand[:2]), "".join(DECK[c] for c in hand[2:])) for hand in few]
    kit_cards = [(list(PokerkitCard.parse(h)), list(PokerkitCard.parse(b))) for h, b in kit]
    boards = [(total(hand[2:]), hand[0], hand[1], hand) for hand in hands]
    contenders: list[tuple[str, int, Callable[[], object]]] = [
        ("ours", sets, lambda: list(map(evaluate, hands))),
        (
            "ours, board",
            sets,
            lambda: [value_of_total(t + WEIGHT[a] + WEIGHT[b], h) for t, a, b, h in boards],
        ),
        ("phevaluator", sets, lambda: [evaluate_cards(*hand) for hand in hands]),
        ("treys", sets, lambda: [treys.evaluate(c[:2], c[2:]) for c in treys_cards]),
        (
            "pokerkit",
            len(few),
            lambda: [StandardHighHand.from_game(h, b) for h, b in kit_cards],
        ),
    ]
    print(f"\n1. seven-card evaluations per second ({sets:,} random sets, best of {repeat})")
    ours = None
    for name, count, run in contenders:
        rate = count / best_of(repeat, run)
        ours = ours or rate
        print(f"   {name:12} {rate:>12,.0f}/s   ours / it = {ours / rate:5.2f}")


def random_hands(count: int, seed: int) -> list[tuple[Deal, list[Command], list[Event]]]:
    """`count` hands of random legal play that PokerKit can play too (the differential
    test's documented differences left out): each table, its commands and its events."""
    rng = random.Random(seed)
    played: list[tuple[Deal, list[Command], list[Event]]] = []
    while len(played) < count:
        deal = Deal.draw(rng)
        commands: list[Command] = [deal.create()]
        events, state = rules.execute(rules.initial_state(), commands[0])
        while not any(isinstance(e, HandEnded) for e in events):
            commands.append(random_move(state, rng))
            more, state = rules.execute(state, commands[-1])
            events += more
        if _replayable(events):
            played.append((deal, commands, events))
    return played


def _replayable(events: list[Event]) -> bool:
    try:
        return comparable(events) and mirror(events) is not None
    except ReopenedOnlyHere:
        return False


def whole_hands(count: int, repeat: int, seed: int) -> None:
    played = random_hands(count, seed)

    def ours() -> None:
        for _, commands, _events in played:
            state = rules.initial_state()
            for command in commands:
                _, state = rules.execute(state, command)

    def pokerkit() -> None:
        for _, _commands, events in played:
            mirror(events)

    print(f"\n2. whole hands per second ({count:,} random hands, 2-10 seats, best of {repeat})")
    mine = count / best_of(repeat, ours)
    theirs = count / best_of(repeat, pokerkit)
    print(f"   ours         {mine:>12,.0f}/s")
    print(f"   pokerkit     {theirs:>12,.0f}/s   ours / it = {mine / theirs:5.2f} (target >= 3)")


def decision_times(matches: int, seed: int) -> None:
    """Wall time, and the process's CPU time (what a loaded machine does not inflate)."""
    levels = ("easy", "normal", "hard")
    times: dict[str, list[tuple[float, float]]] = {level: [] for level in levels}
    for number in range(matches):
        seats = [SeatSpec("npc", level=levels[seat % 3]) for seat in range(6)]
        command = GAME.create(
            f"bench-{number}",
            seats,
            random.Random(seed + number).randbytes(32),
            seeded=True,
            options={"max_hands": 200},
            turn_timeout_seconds=None,
        )
        _, state = GAME.execute(GAME.initial_state(), command)
        policies = GAME.policies(state)
        while (seat := _awaited(state)) is not None:
            wall, cpu = time.perf_counter(), time.process_time()
            move = GAME.next_command(state, policies)
            spent = (time.perf_counter() - wall, time.process_time() - cpu)
            times[levels[seat % 3]].append(spent)
            _, state = GAME.execute(state, move)
    print(f"\n3. computer players' decisions ({matches} matches at 6 seats, 2 seats per level)")
    print(
        "   level    decisions   wall p50 / p99 / max (ms)   cpu p50 / p99 (ms)   target p99 <= 50"
    )
    for level, spent in times.items():
        wall = sorted(1000 * w for w, _ in spent)
        cpu = sorted(1000 * c for _, c in spent)
        print(
            f"   {level:8} {len(wall):>9}   {_p(wall, 0.5):6.2f} / {_p(wall, 0.99):6.2f} /"
            f" {wall[-1]:7.2f}      {_p(cpu, 0.5):6.2f} / {_p(cpu, 0.99):6.2f}"
        )


def _p(ordered: list[float], share: float) -> float:
    return ordered[int(share * (len(ordered) - 1))]


def _awaited(state: Any) -> int | None:
    waiting = GAME.progress(state).awaiting
    return waiting[0] if waiting else None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sets", type=int, default=200_000)
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"load average {_load()} at the start (a shared machine: compare within one run)")
    evaluations(args.sets, args.repeat, args.seed)
    whole_hands(args.hands, args.repeat, args.seed)
    decision_times(args.matches, args.seed)
    print(f"\nload average {_load()} at the end")


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


if __name__ == "__main__":
    main()
