"""The state of a match as the decider sees it: everything, secrets included.

Only `rules.evolve` builds these; everything else reads them, and nothing hands one to a
client (`views` does the redaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flipside.engine.seats import SeatSpec

from .cards import Card
from .events import CardsCaptured, DealDecided, HandRevealed

Phase = Literal["new", "action", "call", "answer", "scoring", "over"]
TARGET = 15  # O10
TURN_LIMIT = 100  # O15


@dataclass(frozen=True, slots=True)
class SeatState:
    spec: SeatSpec
    die: int | None = None  # the face it shows (O6); None before the first roll
    hand: tuple[Card, ...] = ()  # kept cards first, then drawn ones; secret (O41)
    held: int = 0  # the hand's size, counted from public facts only (O39)
    shown: tuple[Card, ...] = ()  # the hand's cards shown at a showdown or oink (O40)
    captured: tuple[Card, ...] = ()  # public (O39); its size is the score (O11)

    @property
    def score(self) -> int:
        return len(self.captured)


@dataclass(frozen=True, slots=True)
class Move:
    """One public move of the current deal (O39), for the views and the record."""

    turn: int
    seat: int
    kind: Literal["change", "roll", "knock", "pass", "oink", "accept", "timeout"]
    cards: tuple[Card, ...] = ()  # a change's discards
    face: int | None = None  # a roll's face
    prep: str | None = None  # an accept's preparation
    joker: int | None = None  # J after the move


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal, as everyone saw it (O39): the basis of the computer players' models."""

    deal: int
    start_seat: int
    turns: int
    knocker: int | None
    knock_joker: int | None  # J when the knock was made (before any preparation)
    moves: tuple[Move, ...]
    reveals: tuple[HandRevealed, ...]
    decided: DealDecided | None
    captured: CardsCaptured | None


@dataclass(frozen=True, slots=True)
class Match:
    version: int = 0  # events applied: the stream version
    match_id: str = ""
    phase: Phase = "new"
    seats: tuple[SeatState, ...] = ()
    seed: bytes = b""  # secret until the match is over
    seeded: bool = False
    deck_commitment: str = ""
    turn_timeout_seconds: int | None = None
    target: int = TARGET
    shuffles: int = 0  # the `deck` label's next counter (Chance)
    rolls: int = 0  # turn and preparation rolls so far: the `die` label's next counter
    deck: tuple[Card, ...] = ()  # top first; secret (O41)
    discards: tuple[Card, ...] = ()  # the discard pile, oldest first
    table_from: int = 0  # where this deal's discards begin in `discards` (O39)
    deal: int = 0
    start_seat: int | None = None
    to_act: int | None = None  # the seat the match waits for
    turn: int = 0  # the turn of the deal, from 1 (O15)
    knocker: int | None = None
    knock_joker: int | None = None
    moves: tuple[Move, ...] = ()  # this deal's
    reveals: tuple[HandRevealed, ...] = ()  # this deal's
    decided: DealDecided | None = None  # this deal's
    captured: CardsCaptured | None = None  # this deal's
    history: tuple[DealRecord, ...] = ()  # the finished deals
    winner: int | None = None
    seed_revealed: bool = False
    turn_started: int = 0  # the version of the event that began the current wait

    @property
    def joker(self) -> int | None:
        """O7: the sum of both dice; None before both were rolled."""
        faces = [seat.die for seat in self.seats]
        return None if None in faces or not faces else sum(faces)  # type: ignore[arg-type]

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        """Who sits in each seat."""
        return tuple(seat.spec for seat in self.seats)

    @property
    def awaiting(self) -> tuple[int, ...]:
        if self.phase in ("action", "call", "answer") and self.to_act is not None:
            return (self.to_act,)
        return ()

    @property
    def table_discards(self) -> tuple[Card, ...]:
        """This deal's discards: every card public (O39)."""
        return self.discards[self.table_from :]
