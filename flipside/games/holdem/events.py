"""What happened in a match: frozen, past-tense events (docs/rules/holdem.md, H1-H49).

Events are the only record. Secret fields say so in their comment; `views.redact` is the one
place that hides them. `to_data` / `from_data` turn an event into the JSON object stored and
back; the class name is its stored type, ``SCHEMA_VERSION`` its schema.

>>> event = ActionTaken(1, 2, "flop", "raise", 40, 30, False, True, 960, False)
>>> from_data("ActionTaken", to_data(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from flipside.engine.event_codec import SEATS, EventCodec, Nested
from flipside.engine.plain import plain
from flipside.engine.seats import SeatSpec, stored_seats

from .cards import Card
from .config import Config

RULES_VERSION = "holdem-1"
LEVELS = ("easy", "normal", "hard")  # H47, weakest first
Street = Literal["preflop", "flop", "turn", "river"]
STREETS: tuple[Street, ...] = ("preflop", "flop", "turn", "river")
ActKind = Literal["fold", "check", "call", "bet", "raise"]
AutoKind = Literal["fold", "check", "call", "bet_or_raise", "all_in"]


@dataclass(frozen=True, slots=True)
class Event:
    SCHEMA_VERSION: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that may win it (H37)


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    match_id: str
    seats: tuple[SeatSpec, ...]
    config: Config
    rules_version: str
    deck_commitment: str  # hex sha256 of the seed
    seeded: bool  # the creator gave the seed
    seed: str | None  # secret until SeedRevealed (hex)
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class ButtonDrawn(Event):
    cards: tuple[Card, ...]  # one face-up card per seat, public (H8)
    button: int


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    hand: int
    button: int
    small_blind_seat: int
    big_blind_seat: int
    small_blind: int
    big_blind: int
    stacks: tuple[int, ...]  # every seat's chips at the start of the hand


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    hand: int
    order: tuple[Card, ...] | None  # secret until the match is over: top card first (H15)


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    hand: int
    seat: int
    blind: Literal["small", "big"]
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    hand: int
    seat: int
    cards: tuple[Card, ...] | None  # secret to the other seats (H14, H48)


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    hand: int
    seat: int
    street: Street
    kind: ActKind
    to: int  # the seat's bet in this round after the action
    added: int  # chips put in by this action
    all_in: bool
    full: bool | None  # bets and raises: a full one (H20, H24); None otherwise
    stack: int  # chips behind after it
    auto: bool | None  # taken from an auto-bet (H44); secret to the other seats


@dataclass(frozen=True, slots=True)
class AutoActionSet(Event):
    """A pending action (H43); the whole event is its seat's alone."""

    hand: int
    seat: int | None
    kind: AutoKind | None
    to: int | None  # bet_or_raise only


@dataclass(frozen=True, slots=True)
class AutoActionCancelled(Event):
    """A pending action gone untaken (H44); the whole event is its seat's alone."""

    hand: int
    seat: int | None
    reason: Literal["player", "not_possible", "round_ended"] | None


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """A person did not act in time (H46); the default move follows."""

    hand: int
    seat: int
    waited_seconds: int


@dataclass(frozen=True, slots=True)
class UncalledBetReturned(Event):
    hand: int
    seat: int
    amount: int  # H28


@dataclass(frozen=True, slots=True)
class BettingRoundEnded(Event):
    hand: int
    street: Street
    pots: tuple[Pot, ...]  # H37, after this round


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    hand: int
    street: Street
    card: Card | None  # secret until the match is over (H14)


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    hand: int
    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShowdownStarted(Event):
    hand: int
    order: tuple[int, ...]  # the seats in the hand, in the order they are asked (H33)


@dataclass(frozen=True, slots=True)
class HoleCardsShown(Event):
    hand: int
    seat: int
    cards: tuple[Card, ...]
    best_five: tuple[Card, ...]  # H34
    category: str  # H35


@dataclass(frozen=True, slots=True)
class HandMucked(Event):
    hand: int
    seat: int


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    hand: int
    pot: int  # 0 = the main pot, then the side pots in order (H37)
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]  # clockwise from the button
    shares: tuple[int, ...]  # per winner, odd chips included (H39)
    odd_chip_seat: int | None
    uncontested: bool  # every other eligible seat folded or mucked (H31, H33)


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    hand: int
    stacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatEliminated(Event):
    hand: int
    seat: int
    place: int  # H40


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    hand: int
    winner: int
    places: tuple[int, ...]
    reason: Literal["one_left", "no_humans_left", "hand_limit"]


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    seed: str  # hex; its sha256 is MatchCreated.deck_commitment


def _pots(stored: Any) -> tuple[Pot, ...]:
    return tuple(Pot(pot["amount"], tuple(pot["eligible"])) for pot in stored)


CODEC: EventCodec[Event] = EventCodec(
    (
        MatchCreated,
        ButtonDrawn,
        HandStarted,
        DeckShuffled,
        BlindPosted,
        HoleCardsDealt,
        ActionTaken,
        AutoActionSet,
        AutoActionCancelled,
        TurnTimedOut,
        UncalledBetReturned,
        BettingRoundEnded,
        CardBurned,
        BoardDealt,
        ShowdownStarted,
        HoleCardsShown,
        HandMucked,
        PotAwarded,
        HandEnded,
        SeatEliminated,
        MatchEnded,
        SeedRevealed,
    ),
    {
        MatchCreated: {
            "seats": Nested(stored_seats, SEATS.read),  # stored as a list, like the pots
            "config": Nested(Config.to_data, Config.from_data),
        },
        BettingRoundEnded: {"pots": Nested(plain, _pots)},
    },
)
EVENT_TYPES = CODEC.types
to_data = CODEC.to_data
from_data = CODEC.from_data
