"""The balance parameters of a match (J5) and the set limit (J40a), as the engine's options.

A JSON body is validated strictly (J7): every value a whole number in its range, no unknown
name; a missing name takes its default. (The web page's forgiving reading of its address,
J6, is the page's own: ``api/static/games/juggernaut/params.js``.)

>>> options({"reward1": 30})["reward1"], options({})["maxSets"]
(30, None)
>>> options({"winGold": 0})
Traceback (most recent call last):
...
flipside.engine.errors.RuleViolation: winGold must be a whole number from 1 to 99
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flipside.engine.errors import RuleViolation
from flipside.engine.game import Option

MAX_SETS = 9999

OPTION_SPECS: tuple[Option, ...] = (
    Option("initialSilver", "integer", 10, "Silver per seat at the start (J2, J5).", 0, 99),
    Option("reward1", "integer", 15, "Base reward of 1st place (J36).", 0, 99),
    Option("reward2", "integer", 7, "Base reward of 2nd place (J36).", 0, 99),
    Option("reward3", "integer", 6, "Base reward of 3rd place (J36).", 0, 99),
    Option("reward4", "integer", 5, "Base reward of 4th place (J36).", 0, 99),
    Option("winGold", "integer", 3, "Gold that wins the match (J40).", 1, 99),
    Option("goldExchangeSilver", "integer", 10, "Silver paid for one gold (J34).", 1, 99),
    Option(
        "maxSets",
        "integer",
        None,
        "The match ends after this set if nobody has won (J40a); none by default.",
        1,
        MAX_SETS,
    ),
)
_SPECS = {spec.name: spec for spec in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers a match is played with (J5, J40a)."""

    initial_silver: int = 10
    rewards: tuple[int, int, int, int] = (15, 7, 6, 5)  # base reward by final place (J36)
    win_gold: int = 3  # W
    gold_exchange_silver: int = 10  # G
    max_sets: int | None = None

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Params:
        """From validated options (`options`)."""
        return cls(
            options["initialSilver"],
            tuple(options[f"reward{place}"] for place in range(1, 5)),
            options["winGold"],
            options["goldExchangeSilver"],
            options["maxSets"],
        )


def options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """`raw` checked strictly (J7), defaults filled in; `RuleViolation` ``invalid_options``."""
    unknown = sorted(set(raw) - set(_SPECS))
    if unknown:
        raise RuleViolation(
            "invalid_options", f"Juggernaut has no option(s) {', '.join(map(str, unknown))}"
        )
    return {name: _checked(spec, raw.get(name, spec.default)) for name, spec in _SPECS.items()}


def _checked(spec: Option, value: Any) -> Any:
    if value is None and spec.default is None:
        return None
    assert spec.minimum is not None and spec.maximum is not None
    if type(value) is not int or not spec.minimum <= value <= spec.maximum:
        raise RuleViolation(
            "invalid_options",
            f"{spec.name} must be a whole number from {spec.minimum} to {spec.maximum}",
        )
    return value


def as_options(chosen: Params) -> dict[str, Any]:
    """`chosen` under the options' names (J5): how views and records show them."""
    return {
        "initialSilver": chosen.initial_silver,
        **{f"reward{place}": reward for place, reward in enumerate(chosen.rewards, start=1)},
        "winGold": chosen.win_gold,
        "goldExchangeSilver": chosen.gold_exchange_silver,
        "maxSets": chosen.max_sets,
    }
