"""A random legal move from a seat's listed actions, for each game (`random_move`).

``GET .../actions`` lists what a seat may do in its game's terms: the cards it may name and
how many, the range of a bet, the numbers it may lay. Each game's function below picks one
concrete move from one listed action, the body ``POST .../actions`` takes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

JSON = dict[str, Any]


def _flipside(action: JSON, rng: random.Random) -> JSON:
    cards = list(action["cards"])
    if action["kind"] == "exchange":  # R10: discard min to max of the hand
        return {
            "kind": "exchange",
            "discard": rng.sample(cards, rng.randint(action["min"], action["max"])),
        }
    rng.shuffle(cards)  # R11: each card either way up, in any order
    return {"kind": "orientation", "cards": [c if rng.random() < 0.5 else c[::-1] for c in cards]}


def _oink(action: JSON, rng: random.Random) -> JSON:
    if action["kind"] == "change":  # O17
        count = rng.randint(action["min"], action["max"])
        return {"kind": "change", "cards": rng.sample(action["cards"], count)}
    if action["kind"] == "accept":  # O22: accept plain, or after the roll or change open now
        prep = rng.choice(action["prep"])
        if prep == "change":
            count = rng.randint(action["min"], action["max"])
            return {"kind": "accept", "prep": prep, "cards": rng.sample(action["cards"], count)}
        return {"kind": "accept", "prep": prep}
    return {"kind": action["kind"]}


def _holdem(action: JSON, rng: random.Random) -> JSON:
    kind = action["kind"]
    if kind in ("bet", "raise"):  # H20-H22: any amount in the listed range
        return {"kind": kind, "to": rng.randint(action["min"], action["max"])}
    if kind == "set_auto":  # a person's standing order; a bot just acts
        return {"kind": "clear_auto"}
    return {"kind": kind}


def _orc(action: JSON, rng: random.Random) -> JSON:
    if "numbers" in action:  # K10, K12, K17: one of the numbers the seat may lay
        return {"kind": action["kind"], "number": rng.choice(action["numbers"])}
    return {"kind": action["kind"]}


def _juggernaut(action: JSON, rng: random.Random) -> JSON:
    kind = action["kind"]
    if kind == "augment":
        return {"kind": kind, "count": action["count"]}
    if kind == "reveal":
        return {"kind": kind, "target": action["target"]}
    if kind == "exchange":  # J22-J25: pick as many cards as one affordable price allows
        picked = rng.choice(action["costs"])["picked"]
        cards = rng.sample(action["cards"], picked) if action["cards"] else []
        return {"kind": kind, "method": action["method"], "cards": cards}
    return {"kind": kind}


MOVERS: dict[str, Callable[[JSON, random.Random], JSON]] = {
    "flipside": _flipside,
    "oink": _oink,
    "holdem": _holdem,
    "orc": _orc,
    "juggernaut": _juggernaut,
}


def random_move(game: str, actions: list[JSON], rng: random.Random) -> JSON:
    """A random concrete move of `game` from the listed `actions` (not empty)."""
    playable = [a for a in actions if a["kind"] != "set_auto"] or actions
    return MOVERS[game](rng.choice(playable), rng)
