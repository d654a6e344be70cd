"""What happened in a match of Oink Poker: frozen, past-tense events (docs/rules/oink.md).

Events are the only record. Per-seat fields are tuples indexed by seat. Secret fields are
marked in their comment; `views.redact` is the one place that hides them (O39-O42).

`to_data` / `from_data` turn an event into the JSON object stored and back; the event's
class name is its stored type (qualified by the engine as ``oink.<name>``).

>>> event = CardsChanged(deal=1, seat=0, context="turn", discarded=("4d",), drawn=("9d",), deck=37)
>>> from_data("CardsChanged", to_data(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from flipside.engine.event_codec import SEATS, EventCodec
from flipside.engine.seats import SeatSpec

from .cards import Card

RULES_VERSION = "oink-1"
LEVELS = ("easy", "normal", "hard", "insane", "hate_you")  # weakest first (Computer players)
Prep = Literal["none", "roll", "change"]  # O22
Phase = Literal["action", "call", "answer"]  # O43


@dataclass(frozen=True, slots=True)
class Event:
    SCHEMA_VERSION: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    match_id: str
    seats: tuple[SeatSpec, ...]
    rules_version: str
    target: int  # O10: the score that ends the match
    deck_commitment: str  # hex sha256 of the seed
    seeded: bool  # the creator gave the seed (a reproducible match)
    seed: str | None  # secret until SeedRevealed (O42): hex
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    shuffle_no: int  # the `deck` label's counter (Chance)
    reason: Literal["initial", "reshuffle"]  # O8, O14
    count: int
    cards: tuple[Card, ...] | None  # secret until the end (O41): the new deck, top first


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    seat: int
    face: int
    reason: Literal["start", "turn", "prep"]  # O9, O19, O22
    joker: int | None  # J after the roll (O7); None while the other die has never been rolled


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    seat: int  # O9: the higher face
    attempts: int  # rolls of both dice it took (ties roll again)


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    deal: int
    start_seat: int  # O12
    joker: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    deal: int
    cards: tuple[tuple[Card | None, ...], ...]  # per seat, in dealing order; secret (O41)
    deck: int  # cards left in the deck


@dataclass(frozen=True, slots=True)
class CardsChanged(Event):
    deal: int
    seat: int
    context: Literal["turn", "prep"]  # O17, O22
    discarded: tuple[Card, ...]  # public (O39)
    drawn: tuple[Card | None, ...]  # secret to the other seat (O41)
    deck: int


@dataclass(frozen=True, slots=True)
class Knocked(Event):
    deal: int
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    deal: int
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class Oinked(Event):
    deal: int
    seat: int


@dataclass(frozen=True, slots=True)
class Accepted(Event):
    deal: int
    seat: int
    prep: Prep
    discarded: tuple[Card, ...] = ()  # a Change's cards (public, O39); its result follows


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """A person let the turn timeout run out; the default move follows ("Turn timeouts")."""

    deal: int
    seat: int
    phase: Phase
    waited_seconds: int


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    deal: int
    seat: int
    cards: tuple[Card, ...]
    joker: int
    category: str
    role_cards: tuple[Card, ...]
    strength: tuple[int, ...]  # O27a
    jokers: int  # O27b


@dataclass(frozen=True, slots=True)
class DealDecided(Event):
    deal: int
    outcome: Literal["won", "draw"]
    winner: int | None
    loser: int | None  # None after an oink (O21) or a draw
    oinked: bool
    decided_by: Literal["category", "strength", "jokers", "oink", "tie", "turn_limit"]


@dataclass(frozen=True, slots=True)
class CardsCaptured(Event):
    deal: int
    seat: int
    own: tuple[Card, ...]  # O30
    received: tuple[Card, ...]  # O31-O34
    points: int
    score: int  # after the capture (O11)


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    deal: int
    next_start_seat: int  # O12
    carried: tuple[int, ...]  # cards kept in each hand (O36)


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    deal: int
    winner: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    seed: str  # hex; its sha256 is MatchCreated.deck_commitment


CODEC: EventCodec[Event] = EventCodec(
    (
        MatchCreated,
        DeckShuffled,
        DieRolled,
        StartPlayerChosen,
        DealStarted,
        CardsDealt,
        CardsChanged,
        Knocked,
        Passed,
        Oinked,
        Accepted,
        TurnTimedOut,
        HandRevealed,
        DealDecided,
        CardsCaptured,
        DealEnded,
        MatchEnded,
        SeedRevealed,
    ),
    {MatchCreated: {"seats": SEATS}},
)
EVENT_TYPES = CODEC.types
to_data = CODEC.to_data
from_data = CODEC.from_data
