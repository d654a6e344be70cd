"""A match's parameters (H7): validated options, then the `Config` the match is created with.

>>> schedule = [{"from_hand": 3, "small_blind": 10, "big_blind": 20}]
>>> config = Config.from_options(options({"blind_schedule": schedule}), seats=2)
>>> config.starting_stacks, config.blinds_for(2), config.blinds_for(3)
((1000, 1000), (5, 10), (10, 20))
>>> options({"blind_schedule": "3:10/20"})["blind_schedule"] == tuple(schedule)
True
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

# One entry of the blind schedule (H7): every field required, so no default.
SCHEDULE_ENTRY: tuple[Option, ...] = (
    Option("from_hand", "integer", None, "The first hand of these blinds, from 2.", 2, MAX_HANDS),
    Option("small_blind", "integer", None, "The small blind, at most the big blind.", 1, MAX_CHIPS),
    Option("big_blind", "integer", None, "The big blind.", 1, MAX_CHIPS),
)

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
        "array",
        (),
        "Later blinds (H7, H41): hand h plays those of the last entry whose from_hand is at "
        "most h; from_hand strictly increasing. A form may write them 'hand:small/big', "
        "comma-separated, e.g. '11:10/20,21:25/50'.",
        items=SCHEDULE_ENTRY,
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
            blind_schedule=tuple(BlindLevel(**level) for level in values["blind_schedule"]),
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


def _integer(spec: Option, value: Any, where: str = "") -> int:
    if type(value) is not int or not spec.minimum <= value <= spec.maximum:  # type: ignore[operator]
        raise RuleViolation(
            "invalid_options",
            f"{where}{spec.name} must be an integer from {spec.minimum} to {spec.maximum}",
        )
    return value


def options(raw: Mapping[str, Any]) -> dict[str, Any]:
    """`raw` options checked against H7, defaults filled in; ``invalid_options`` if not.
    The blind schedule comes back as its array of entries, however it was written."""
    unknown = sorted(set(raw) - set(_SPECS))
    if unknown:
        raise RuleViolation("invalid_options", f"Hold'em has no option(s) {', '.join(unknown)}")
    values = {spec.name: raw.get(spec.name, spec.default) for spec in OPTION_SPECS}
    for spec in OPTION_SPECS:
        if spec.kind == "integer":
            _integer(spec, values[spec.name])
    if values["small_blind"] > values["big_blind"]:
        raise RuleViolation("invalid_options", "small_blind must be at most big_blind")
    if type(values["stop_when_humans_out"]) is not bool:
        raise RuleViolation("invalid_options", "stop_when_humans_out must be true or false")
    values["blind_schedule"] = schedule(values["blind_schedule"])
    return values


def schedule(value: object) -> tuple[dict[str, int], ...]:
    """The blind schedule (H7) as its array of entries, from the array or from the text a
    form writes; ``invalid_options`` unless hands start at 2 and strictly increase and
    each small blind is at most its big blind.

    >>> schedule("11:10/20, 21:25/50")[1]
    {'from_hand': 21, 'small_blind': 25, 'big_blind': 50}
    """
    if isinstance(value, str):
        entries = [_entry_of_text(part.strip()) for part in value.split(",") if part.strip()]
    elif isinstance(value, list | tuple):
        entries = [_entry(item, f"blind_schedule[{at}].") for at, item in enumerate(value)]
    else:
        raise RuleViolation("invalid_options", "blind_schedule must be an array of entries")
    hands = [entry["from_hand"] for entry in entries]
    if hands != sorted(set(hands)):
        raise RuleViolation("invalid_options", "blind_schedule hands must strictly increase")
    return tuple(entries)


def _entry(item: object, where: str) -> dict[str, int]:
    """One schedule entry: exactly `SCHEDULE_ENTRY`'s fields, each in its range."""
    names = [spec.name for spec in SCHEDULE_ENTRY]
    if not isinstance(item, Mapping) or set(item) != set(names):
        raise RuleViolation("invalid_options", f"{where[:-1]} must have exactly {names}")
    entry = {spec.name: _integer(spec, item[spec.name], where) for spec in SCHEDULE_ENTRY}
    if entry["small_blind"] > entry["big_blind"]:
        raise RuleViolation("invalid_options", f"{where}small_blind must be at most big_blind")
    return entry


def _entry_of_text(text: str) -> dict[str, int]:
    """``'11:10/20'`` as a schedule entry."""
    try:
        hand, blinds = text.split(":")
        small, big = blinds.split("/")
        numbers = (int(hand), int(small), int(big))
    except ValueError:
        raise RuleViolation(
            "invalid_options", f"blind_schedule entry {text!r} is not 'hand:small/big'"
        ) from None
    item = dict(zip((spec.name for spec in SCHEDULE_ENTRY), numbers, strict=True))
    return _entry(item, f"blind_schedule entry {text!r}: ")
