"""The state of a match as the decider sees it: everything, secrets included.

Only `rules.evolve` builds these; everything else reads them, and nothing outside the domain
hands one to a client (`views` does the redaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card, OrientedCard
from .events import SeatSpec, ShowdownRevealed

Phase = Literal["new", "exchange", "orientation", "over"]
START_LIFE = 4  # R5


@dataclass(frozen=True, slots=True)
class SeatState:
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

    @property
    def active(self) -> bool:
        return not self.eliminated


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

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.active)

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
        return tuple(i for i in self.turn_order if self.seats[i].placed is None)
