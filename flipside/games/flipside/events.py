"""What happened in a match: frozen, past-tense events (docs/records.md).

Events are the only record. Per-seat fields are tuples indexed by seat number, with ``None``
(or an empty tuple) for seats that took no part. Secret fields are marked in the field's
comment; `views.redact` is the one place that hides them.

`to_data` / `from_data` (the engine's `EventCodec`) turn an event into the JSON object stored
in ``events.data`` and back; the event's class name is its stored ``type``. `from_data` reads
the current schema (``SCHEMA_VERSION``); `upcasting.upcast` brings older stored data up to it
first.

>>> event = CardsExchanged(round=1, seat=2, discarded=("AK",), drawn=("T2",))
>>> from_data("CardsExchanged", to_data(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from flipside.engine.event_codec import SEATS, EventCodec
from flipside.engine.seats import SeatSpec

from .cards import Card, OrientedCard

RULES_VERSION = "flipside-1"
LEVELS = ("easy", "normal", "hard", "insane", "hate_you")  # computer players (RULES "NPC")
Side = Literal["up", "down"]


@dataclass(frozen=True, slots=True)
class Event:
    SCHEMA_VERSION: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    match_id: str
    seats: tuple[SeatSpec, ...]
    rules_version: str
    deck_commitment: str  # hex sha256 of the seed
    seeded: bool  # the seed was given by the creator (a reproducible match)
    seed: str | None  # secret until SeedRevealed: hex, so the decider can derive reshuffles
    start_life: int = 4
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    shuffle_no: int
    reason: Literal["initial", "used_pile"]
    count: int
    cards: tuple[Card, ...] | None  # secret: the new cards, top first, placed under the deck


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    start_seat: int
    turn_order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    round: int
    hands: tuple[tuple[Card, ...], ...]  # public (R9)


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    round: int
    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card | None, ...]  # secret to the other seats until the showdown (R10)


@dataclass(frozen=True, slots=True)
class OrientationChosen(Event):
    round: int
    seat: int
    cards: tuple[OrientedCard, ...] | None  # secret to the other seats until the showdown (R11)


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """A seat did not act within the match's turn timeout; its default move follows."""

    round: int
    seat: int
    phase: Literal["exchange", "orientation"]
    waited_seconds: int


@dataclass(frozen=True, slots=True)
class ShowdownRevealed(Event):
    round: int
    side: Side
    placed: tuple[tuple[OrientedCard, ...] | None, ...]  # per seat, as placed; None = not in
    values: tuple[int | None, ...]  # `hands.hand_value` of the side's ranks
    ranking: tuple[int, ...]  # seats, strongest first (R15: ties go to turn order)


@dataclass(frozen=True, slots=True)
class LifeChanged(Event):
    """A seat's life after a showdown side (R12-R13).

    Schema 2: `delta` is the change applied, so a seat's deltas sum to its life; `nominal` is
    the rule's change. They differ only where R5 stops life at 0 (-2 at 1 life applies -1).
    Schema 1 recorded the rule's change as `delta` (`upcasting` reads it as `nominal`).
    """

    SCHEMA_VERSION: ClassVar[int] = 2

    round: int
    seat: int
    side: Side
    delta: int  # `life` minus the life before
    reason: str
    life: int  # after the change, never below 0 (R5)
    nominal: int  # the rule's change: +2, +1, -1 or -2 (R12-R13)


@dataclass(frozen=True, slots=True)
class SeatEliminated(Event):
    round: int
    seat: int
    side: Side
    place: int  # finishing place: the number of seats in play when it fell


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    lives: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    round: int
    winner: int
    places: tuple[int, ...]  # finishing place per seat, 1 = winner


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    seed: str  # hex; sha256 of its bytes is MatchCreated.deck_commitment


CODEC: EventCodec[Event] = EventCodec(
    (
        MatchCreated,
        DeckShuffled,
        RoundStarted,
        CardsDealt,
        CardsExchanged,
        OrientationChosen,
        TurnTimedOut,
        ShowdownRevealed,
        LifeChanged,
        SeatEliminated,
        RoundEnded,
        MatchEnded,
        SeedRevealed,
    ),
    {MatchCreated: {"seats": SEATS}},
)
EVENT_TYPES = CODEC.types
to_data = CODEC.to_data
from_data = CODEC.from_data
