"""What a client asks for: imperative, frozen commands for `rules.decide`."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.engine.seats import SeatSpec

from .cards import Card, OrientedCard


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class CreateMatch(Command):
    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes  # 32 bytes: from `secrets` unless the creator gave one
    seeded: bool = False
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class Exchange(Command):
    seat: int
    discard: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ChooseOrientation(Command):
    seat: int
    cards: tuple[OrientedCard, ...]


@dataclass(frozen=True, slots=True)
class TimeOut(Command):
    """A person's turn ran past the match's turn timeout: play the default move for them.

    The default keeps every card (exchange) or places the cards as they lie (orientation).
    `waited_seconds` is measured by the service; the decider only checks it against the limit.
    """

    seat: int
    waited_seconds: int
