"""The state of a match as the decider sees it: everything, secrets included.

Only the rules build these (freezing a `draft.MatchDraft`); everything else reads them, and
nothing outside the domain hands one to a client (`views` does the redaction).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from flipside.engine.seats import SeatSpec

from .cards import Card, OrientedCard
from .events import ShowdownRevealed

Phase = Literal["new", "exchange", "orientation", "over"]
START_LIFE = 4  # R5


class SeatReads:
    """What a seat says of itself, for a `SeatState` and for its draft alike."""

    __slots__ = ()
    eliminated: bool
    placed: tuple[OrientedCard, ...] | None

    @property
    def active(self) -> bool:
        return not self.eliminated


@dataclass(frozen=True, slots=True)
class SeatState(SeatReads):
    spec: SeatSpec
    life: int = START_LIFE
    eliminated: bool = False
    place: int | None = None  # finishing place once eliminated, or 1 for the winner
    dealt: tuple[Card, ...] = ()  # this round's five dealt cards: public (R9)
    hand: tuple[Card, ...] = ()  # the cards held now: kept dealt cards, then drawn ones
    discarded: tuple[Card, ...] = ()  # public (R10)
    drawn: tuple[Card, ...] = ()  # secret to the other seats until the showdown (R10)
    exchanged: bool = False
    placed: tuple[OrientedCard, ...] | None = None  # sealed orientation (R11)


class MatchReads:
    """Whose turn it is, read off a `Match` or off its draft (`draft.MatchDraft`) alike."""

    __slots__ = ()
    phase: Phase
    seats: Sequence[SeatReads]
    turn_order: tuple[int, ...]
    turn: int

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if not seat.eliminated)

    @property
    def seat_to_exchange(self) -> int | None:
        """The seat whose turn it is in the exchange lap, if any (R10)."""
        if self.phase != "exchange":
            return None
        return self.turn_order[self.turn]

    @property
    def awaiting_orientation(self) -> tuple[int, ...]:
        """Active seats that have not yet placed their cards (R11)."""
        if self.phase != "orientation":
            return ()
        seats = self.seats
        return tuple(i for i in self.turn_order if seats[i].placed is None)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the match waits for: the seat to exchange, or those yet to place."""
        to_act = self.seat_to_exchange
        return (to_act,) if to_act is not None else self.awaiting_orientation


@dataclass(frozen=True, slots=True)
class Match(MatchReads):
    version: int = 0  # events applied: the stream version
    match_id: str = ""
    phase: Phase = "new"
    seats: tuple[SeatState, ...] = ()
    seed: bytes = b""  # secret until the match is over
    seeded: bool = False
    deck_commitment: str = ""
    turn_timeout_seconds: int | None = None
    shuffles: int = 0
    deck: tuple[Card, ...] = ()  # top first; secret
    used_pile: tuple[Card, ...] = ()  # cards of finished rounds (R14): all were public
    round: int = 0
    start_seat: int | None = None
    turn_order: tuple[int, ...] = ()  # this round's active seats, start seat first (R8)
    turn: int = 0  # index into turn_order of the seat to exchange
    showdowns: tuple[ShowdownRevealed, ...] = ()  # the latest round's, up then down
    winner: int | None = None
    seed_revealed: bool = False
    turn_started: int = 0  # the version whose event began the current wait (R10-R11)

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        """Who sits in each seat."""
        return tuple(seat.spec for seat in self.seats)
