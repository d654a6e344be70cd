"""How each Oink Poker computer level plays, measured: the opponent models INSANE starts from
(`flipside/games/oink/npc/models.py`, ``LEVEL_MODELS``).

Plays seeded matches of every level against every level and records, for each knock-or-pass
call and each answer, the deciding hand's percentile among random hands at the joker number
of that moment (`models.reference_percentile`) and what the level did. Prints, per level,
the logistic fit (threshold and width) of knocking and of accepting for hands of a pair or
better, the bluff rate (knocks with no pair), how often a no pair accepts and how often an
accept prepares with a roll.

    .venv/bin/python ops/bench/oink_models.py [--matches 100] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
from collections import defaultdict
from dataclasses import dataclass, field

from flipside.engine.driver import play_until_blocked
from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.cards import INDEX
from flipside.games.oink.events import LEVELS
from flipside.games.oink.hands import NO_PAIR, rate
from flipside.games.oink.npc.levels import policy_for
from flipside.games.oink.npc.models import reference_percentile
from flipside.games.oink.npc.policy import Answer, Policy
from flipside.games.oink.views import MatchView


@dataclass
class Observed:
    calls: list[tuple[float, bool]] = field(default_factory=list)  # (percentile, knocked)
    bluffs: list[bool] = field(default_factory=list)  # no pair: knocked?
    answers: list[tuple[float, bool]] = field(default_factory=list)  # (percentile, accepted)
    no_pair_answers: list[bool] = field(default_factory=list)
    preps: list[str] = field(default_factory=list)


def _standing(view: MatchView) -> tuple[float, bool]:
    assert view.joker is not None
    rating = rate([INDEX[card] for card in view.hand], view.joker)
    return reference_percentile(rating, view.joker), rating.category == NO_PAIR


class Recording:
    """A level's policy that notes what it decides."""

    def __init__(self, policy: Policy, seen: Observed) -> None:
        self.policy, self.seen = policy, seen

    def action(self, view: MatchView, rng: random.Random) -> tuple[str, ...]:
        return self.policy.action(view, rng)

    def call(self, view: MatchView, rng: random.Random) -> bool:
        knocked = self.policy.call(view, rng)
        percentile, no_pair = _standing(view)
        (
            self.seen.bluffs.append(knocked)
            if no_pair
            else self.seen.calls.append((percentile, knocked))
        )
        return knocked

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        answer = self.policy.answer(view, rng)
        percentile, no_pair = _standing(view)
        if no_pair:
            self.seen.no_pair_answers.append(answer.accept)
        else:
            self.seen.answers.append((percentile, answer.accept))
        if answer.accept:
            self.seen.preps.append(answer.prep)
        return answer


def observe(matches: int) -> dict[str, Observed]:
    observed = {level: Observed() for level in LEVELS}
    for number in range(matches):
        for first in LEVELS:
            for second in LEVELS:
                seed = hashlib.sha256(f"oink-models:{number}".encode()).digest()
                seats = (SeatSpec("npc", level=first), SeatSpec("npc", level=second))
                create = GAME.create(
                    "m", seats, seed, seeded=True, options={}, turn_timeout_seconds=None
                )
                _, state = GAME.execute(GAME.initial_state(), create)
                policies = {
                    seat: Recording(policy_for(level), observed[level])
                    for seat, level in enumerate((first, second))
                }
                play_until_blocked(GAME, state, policies)
    return observed


def _logistic_fit(points: list[tuple[float, bool]]) -> tuple[float, float] | None:
    """The (threshold, width) of the logistic that fits `points` best (grid search)."""
    if len(points) < 20:
        return None
    best, found = -math.inf, None
    for at in [i / 100 for i in range(1, 100)]:
        for width in (0.02, 0.04, 0.08, 0.12, 0.2, 0.3, 0.5):
            likelihood = 0.0
            for x, y in points:
                p = min(1 - 1e-6, max(1e-6, 1 / (1 + math.exp(-(x - at) / width))))
                likelihood += math.log(p if y else 1 - p)
            if likelihood > best:
                best, found = likelihood, (at, width)
    return found


def _rate(values: list[bool]) -> float | None:
    return round(sum(values) / len(values), 3) if values else None


def summary(observed: dict[str, Observed]) -> dict[str, dict[str, object]]:
    result = {}
    for level, seen in observed.items():
        preps: dict[str, int] = defaultdict(int)
        for prep in seen.preps:
            preps[prep] += 1
        result[level] = {
            "knock_fit": _logistic_fit(seen.calls),
            "knock_rate": _rate([knocked for _, knocked in seen.calls]),
            "bluff": _rate(seen.bluffs),
            "accept_fit": _logistic_fit(seen.answers),
            "accept_rate": _rate([accepted for _, accepted in seen.answers]),
            "accept_no_pair": _rate(seen.no_pair_answers),
            "rolls": _rate([prep == "roll" for prep in seen.preps]),
            "preps": dict(preps),
            "decisions": len(seen.calls) + len(seen.bluffs) + len(seen.answers),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="seeds per pair of levels")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = summary(observe(args.matches))
    if args.json:
        print(json.dumps(result))
        return
    for level, row in result.items():
        print(level, row)


if __name__ == "__main__":
    main()
