"""A match's parameters (H7): validated options, then the `Config` the match is created with.

>>> config = Config.from_options(options({"blind_schedule": "3:10/20"}), seats=2)
>>> config.starting_stacks, config.blinds_for(2), config.blinds_for(3)
((1000, 1000), (5, 10), (10, 20))
>>> options({"big_blind": 0})
Traceback (most recent call last):
...
flipside.engine.errors.RuleViolation: big_blind must be an integer from 1 to 1000000000
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flipside.engine.errors import RuleViolation
from flipside.engine.game import Option

MAX_CHIPS = 10**9
MAX_HANDS = 10**6
DRAWN = -1  # first_button: no seat given, the button is drawn (H8)

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "starting_stack", "integer", 1000, "Chips per seat at the start (H5, H7).", 1, MAX_CHIPS
    ),
    Option(
        "small_blind", "integer", 5, "The small blind, at most the big blind (H6).", 1, MAX_CHIPS
    ),
    Option("big_blind", "integer", 10, "The big blind and minimum bet (H6, H19).", 1, MAX_CHIPS),
    Option(
        "blind_schedule",
        "string",
        "",
        "Later blinds as 'hand:small/big', comma-separated, hands from 2 and increasing, "
        "e.g. '11:10/20,21:25/50' (H7, H41).",
    ),
    Option(
        "first_button",
        "integer",
        DRAWN,
        "The first button's seat, or -1 to draw it by high card (H8).",
        DRAWN,
        9,
    ),
    Option(
        "stop_when_humans_out",
        "boolean",
        True,
        "End the match as soon as no person has chips (H42).",
    ),
    Option("max_hands", "integer", 1000, "The match ends after this hand (H42).", 1, MAX_HANDS),
)
_SPECS = {spec.name: spec for spec in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class BlindLevel:
    from_hand: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class Config:
    starting_stacks: tuple[int, ...]  # one per seat
    small_blind: int
    big_blind: int
    blind_schedule: tuple[BlindLevel, ...] = ()
    first_button: int | None = None
    stop_when_humans_out: bool = True
    max_hands: int = 1000

    def blinds_for(self, hand: int) -> tuple[int, int]:
        """(small, big) blind of hand number `hand` (H7, H41)."""
        blinds = (self.small_blind, self.big_blind)
        for level in self.blind_schedule:
            if level.from_hand <= hand:
                blinds = (level.small_blind, level.big_blind)
        return blinds

    @classmethod
    def from_options(cls, values: Mapping[str, Any], seats: int) -> Config:
        """The config of a match of `seats` seats with validated `options` values."""
        return cls(
            starting_stacks=(values["starting_stack"],) * seats,
            small_blind=values["small_blind"],
            big_blind=values["big_blind"],
            blind_schedule=parse_schedule(values["blind_schedule"]),
            first_button=None if values["first_button"] == DRAWN else values["first_button"],
            stop_when_humans_out=values["stop_when_humans_out"],
            max_hands=values["max_hands"],
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "starting_stacks": self.starting_stacks,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "blind_schedule": tuple(
                {"from_hand": b.from_hand, "small_blind": b.small_blind, "big_blind": b.big_blind}
                for b in self.blind_schedule
            ),
            "first_button": self.first_button,
            "stop_when_humans_out": self.stop_when_humans_out,
            "max_hands": self.max_hands,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Config:
        return cls(
            starting_stacks=tuple(data["starting_stacks"]),
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            blind_schedule=tuple(BlindLevel(**level) for level in data["blind_schedule"]),
            first_button=data["first_button"],
            stop_when_humans_out=data["stop_when_humans_out"],
            max_hands=data["max_hands"],
        )


def _integer(name: str, value: Any) -> int:
    spec = _SPECS[name]
    if type(value) is not int or not spec.minimum <= value <= spec.maximum:  # type: ignore[operator]
        raise RuleViolation(
            "invalid_options", f"{name} must be an integer from {spec.minimum} to {spec.maximum}"
        )
    return value


def options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """`raw` options checked against H7, defaults filled in; ``invalid_options`` if not."""
    unknown = sorted(set(raw) - set(_SPECS))
    if unknown:
        raise RuleViolation("invalid_options", f"Hold'em has no option(s) {', '.join(unknown)}")
    values = {spec.name: raw.get(spec.name, spec.default) for spec in OPTION_SPECS}
    for name in ("starting_stack", "small_blind", "big_blind", "first_button", "max_hands"):
        _integer(name, values[name])
    if values["small_blind"] > values["big_blind"]:
        raise RuleViolation("invalid_options", "small_blind must be at most big_blind")
    if type(values["stop_when_humans_out"]) is not bool:
        raise RuleViolation("invalid_options", "stop_when_humans_out must be true or false")
    if not isinstance(values["blind_schedule"], str):
        raise RuleViolation("invalid_options", "blind_schedule must be a string")
    parse_schedule(values["blind_schedule"])
    return values


def parse_schedule(text: str) -> tuple[BlindLevel, ...]:
    """``'11:10/20,21:25/50'`` as blind levels (H7); ``invalid_options`` if malformed.

    >>> parse_schedule("11:10/20, 21:25/50")[1]
    BlindLevel(from_hand=21, small_blind=25, big_blind=50)
    """
    levels: list[BlindLevel] = []
    for entry in filter(None, (part.strip() for part in text.split(","))):
        try:
            hand, blinds = entry.split(":")
            small, big = blinds.split("/")
            level = BlindLevel(int(hand), int(small), int(big))
        except ValueError:
            raise RuleViolation(
                "invalid_options", f"blind_schedule entry {entry!r} is not 'hand:small/big'"
            ) from None
        previous = levels[-1].from_hand if levels else 1
        if not previous < level.from_hand <= MAX_HANDS:
            raise RuleViolation(
                "invalid_options", "blind_schedule hands start at 2 and strictly increase"
            )
        if not 1 <= level.small_blind <= level.big_blind <= MAX_CHIPS:
            raise RuleViolation(
                "invalid_options", f"blind_schedule entry {entry!r}: 1 <= small <= big <= 10^9"
            )
        levels.append(level)
    return tuple(levels)
