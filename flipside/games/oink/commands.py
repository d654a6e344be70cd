"""What a player asks for: frozen commands for `rules.execute` (docs/rules/oink.md, O43)."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.engine.seats import SeatSpec

from .cards import Card
from .events import Prep


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class CreateMatch(Command):
    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes  # 32 bytes
    seeded: bool = False
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class Change(Command):
    """O17: discard `cards` and draw as many."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Roll(Command):
    """O19: roll your own die."""

    seat: int


@dataclass(frozen=True, slots=True)
class Knock(Command):
    """O20: call for a showdown."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """O16: end the turn without a knock."""

    seat: int


@dataclass(frozen=True, slots=True)
class Oink(Command):
    """O21: refuse the showdown."""

    seat: int


@dataclass(frozen=True, slots=True)
class Accept(Command):
    """O22: accept, after preparing with nothing, a Roll or a Change of `cards`."""

    seat: int
    prep: Prep = "none"
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class TimeOut(Command):
    """A person's turn ran past the match's turn timeout: play the default move for them.

    `waited_seconds` is measured by the service; the decider only checks it against the limit.
    """

    seat: int
    waited_seconds: int
