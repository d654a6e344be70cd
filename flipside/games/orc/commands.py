"""What a seat asks for: imperative, frozen commands for `rules.execute` (K36)."""

from __future__ import annotations

from dataclasses import dataclass

from flipside.engine.seats import SeatSpec


@dataclass(frozen=True, slots=True)
class Command:
    pass


@dataclass(frozen=True, slots=True)
class CreateMatch(Command):
    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes  # 32 bytes: from `secrets` unless the creator gave one
    seeded: bool = False
    long: bool = False  # K4, K5
    escalating_fee: bool = False  # K31
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class SealedCommand(Command):
    """A card laid face down: one of the three below (K10, K12, K17)."""

    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class ChooseOpening(SealedCommand):
    """K10: the seat's opening card, sealed."""


@dataclass(frozen=True, slots=True)
class ChooseTieBreak(SealedCommand):
    """K12: a tied seat's next card, sealed."""


@dataclass(frozen=True, slots=True)
class Contribute(SealedCommand):
    """K17: the seat's card for this phase's action deck, sealed."""


SEALED_ACTIONS: dict[str, type[SealedCommand]] = {  # K36: each named as its phase
    "opening": ChooseOpening,
    "tiebreak": ChooseTieBreak,
    "contribute": Contribute,
}


@dataclass(frozen=True, slots=True)
class Draw(Command):
    """K19: turn up the top card of the action deck."""

    seat: int


@dataclass(frozen=True, slots=True)
class GiveUp(Command):
    """K21: pay the smallest visible number and leave the round."""

    seat: int


@dataclass(frozen=True, slots=True)
class TimeOut(Command):
    """A person's wait ran past the match's turn timeout: their default move is made
    (docs/rules/orc.md, "Turn timeouts"). `waited_seconds` is measured by the service; the
    decider only checks it against the limit."""

    seat: int
    waited_seconds: int
