"""What a client asks for: frozen commands for `rules.execute`."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.engine.seats import SeatSpec

from .cards import Card
from .params import Params


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class CreateMatch(Command):
    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes  # 32 bytes
    params: Params
    seeded: bool = False
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class Augment(Command):
    seat: int
    count: int  # k = 0..5 (J20)


@dataclass(frozen=True, slots=True)
class Exchange(Command):
    seat: int
    method: str  # individual, keep or all (J22-J24)
    cards: tuple[Card, ...]  # discarded (individual), kept (keep), none (all)


@dataclass(frozen=True, slots=True)
class Reveal(Command):
    seat: int  # the Juggernaut (J27)
    target: int


@dataclass(frozen=True, slots=True)
class AnswerReveal(Command):
    seat: int  # the named citizen (J28)
    refuse: bool


@dataclass(frozen=True, slots=True)
class Done(Command):
    seat: int  # ends its exchange turn (J21a)


@dataclass(frozen=True, slots=True)
class ExchangeGold(Command):
    seat: int  # an eligible person (J34)
    accept: bool


@dataclass(frozen=True, slots=True)
class TimeOut(Command):
    """An awaited seat's turn timeout ran out: its default move (J40b). `waited_seconds` is
    measured by the service; the decider only checks it against the match's limit."""

    seat: int
    waited_seconds: int
