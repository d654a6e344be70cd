"""The state of a match as the decider sees it: everything, secrets included.

Only `rules.evolve` builds these; everything else reads them, and nothing outside the domain
hands one to a client (`views` does the redaction).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, Literal, TypeVar

from flipside.engine.seats import SeatSpec

from .cards import Card, OrientedCard
from .events import ShowdownRevealed

Phase = Literal["new", "exchange", "orientation", "over"]
START_LIFE = 4  # R5

_T = TypeVar("_T")


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
    turn_started: int = 0  # the version whose event began the current wait (R10-R11)

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

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        """Who sits in each seat."""
        return tuple(seat.spec for seat in self.seats)

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats the match waits for: the seat to exchange, or those yet to place."""
        to_act = self.seat_to_exchange
        return (to_act,) if to_act is not None else self.awaiting_orientation


def replacer(cls: type[_T]) -> Callable[[_T, Mapping[str, Any]], _T]:
    """`dataclasses.replace` for one dataclass, `changes` given as a mapping.

    `dataclasses.replace` looks the class's fields up and passes every value by keyword on
    each call; this reads them once, gets all values with one `attrgetter` and calls the
    constructor positionally, about twice as fast. `evolve` builds a state per event, so
    this is on the hot path of every match. Every field must be an ``__init__`` parameter.

    >>> replace_seat = replacer(SeatState)
    >>> replace_seat(SeatState(SeatSpec("npc", level="easy")), {"life": 2}).life
    2
    """
    names = tuple(field.name for field in fields(cls))  # type: ignore[arg-type]
    if len(names) < 2:  # attrgetter of one name returns the value, not a 1-tuple
        raise TypeError(f"{cls.__name__} has fewer than two fields")
    values_of = attrgetter(*names)
    position = {name: index for index, name in enumerate(names)}

    def replace(instance: _T, changes: Mapping[str, Any]) -> _T:
        values = list(values_of(instance))
        for name, value in changes.items():
            values[position[name]] = value
        return cls(*values)

    return replace
