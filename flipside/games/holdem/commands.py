"""What a client asks for: frozen commands for `rules.execute`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flipside.engine.seats import SeatSpec

from .config import Config

MoveKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
AutoKind = Literal["fold", "check", "call", "bet_or_raise", "all_in"]


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class CreateMatch(Command):
    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes
    config: Config
    seeded: bool = False
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class Act(Command):
    """A betting action on the seat's turn (H16-H23); `to` for bets and raises only."""

    seat: int
    kind: MoveKind
    to: int | None = None


@dataclass(frozen=True, slots=True)
class SetAutoAction(Command):
    """A pending action for the seat's next turn (H43); `to` for bet_or_raise only."""

    seat: int
    kind: AutoKind
    to: int | None = None


@dataclass(frozen=True, slots=True)
class ClearAutoAction(Command):
    seat: int


@dataclass(frozen=True, slots=True)
class ShowOrMuck(Command):
    """The seat's answer when the showdown asks it (H33)."""

    seat: int
    show: bool


@dataclass(frozen=True, slots=True)
class TimeOut(Command):
    """A person's turn ran past the match's limit: check, else fold, or show (H46)."""

    seat: int
    waited_seconds: int
