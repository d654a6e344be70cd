"""What happened in a match: frozen, past-tense events (docs/rules/juggernaut.md).

Events are the only record. Per-seat fields are tuples indexed by seat. Secret fields say so
in their comment; `views.redact` is the one place that hides them (J42). Every event that
moves coins names the seat, the amount and the silver (or gold) after it, so the coins of a
match can be followed event by event.

`to_data` / `from_data` (the engine's `EventCodec`) turn an event into the JSON object
stored in ``events.data`` and back; the class name is the stored type.

>>> event = CardsExchanged(2, 1, 1, "all", 5, 1, 9, (), ("2c",) * 5, ("As",) * 5, ("As",) * 5)
>>> from_data("CardsExchanged", to_data(event)) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from flipside.engine.event_codec import SEATS, EventCodec, Nested, tuples
from flipside.engine.plain import plain
from flipside.engine.seats import SeatSpec

from .cards import Card
from .params import Params

RULES_VERSION = "juggernaut-1"
Method = Literal["individual", "keep", "all"]  # J22-J24
Cards = tuple[Card | None, ...]  # a secret list of cards: None where a viewer may not see


@dataclass(frozen=True, slots=True)
class Event:
    SCHEMA_VERSION: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    match_id: str
    seats: tuple[SeatSpec, ...]
    rules_version: str
    params: Params  # J5, J40a
    deck_commitment: str  # hex sha256 of the seed
    seeded: bool  # the creator gave the seed (a reproducible match)
    seed: str | None  # secret until SeedRevealed: hex
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class SetStarted(Event):
    set_no: int
    juggernaut: int | None  # none in set 1 (J18)
    turn_order: tuple[int, ...]
    silver: tuple[int, ...]
    gold: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    set_no: int
    count: int
    cards: Cards | None  # secret: the set's deck, top first (J8)


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    set_no: int
    hands: tuple[Cards, ...]  # secret: each seat's five to the others (J19)


@dataclass(frozen=True, slots=True)
class HandAugmented(Event):
    set_no: int
    seat: int
    count: int  # k (J20)
    cost: int
    silver: int  # after paying
    drawn: Cards  # secret to the other seats


@dataclass(frozen=True, slots=True)
class RevealRequested(Event):
    set_no: int
    juggernaut: int
    target: int
    cost: int  # 1 (J27)
    silver: int  # the Juggernaut's, after paying


@dataclass(frozen=True, slots=True)
class RevealRefused(Event):
    set_no: int
    target: int
    cost: int  # 1 (J28)
    silver: int  # the target's, after paying


@dataclass(frozen=True, slots=True)
class HandRevealed(Event):
    """The target's hand was shown to the Juggernaut (J29); everyone learns that it was."""

    set_no: int
    juggernaut: int
    target: int
    automatic: bool  # the target had no silver to refuse with (J28)
    cards: Cards | None  # secret from every seat but the two


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled(Event):
    """The set's discard pile, shuffled, went under the deck before a draw (J26a)."""

    set_no: int
    number: int  # reshuffles of discards before this one in the match: the chance counter
    count: int  # cards moved from the pile
    deck_count: int  # the deck's size after
    cards: Cards | None  # secret: their new order, top first


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    set_no: int
    seat: int
    number: int  # 1, 2, … within the seat's exchange turn (J21)
    method: Method
    count: int  # cards replaced
    cost: int
    silver: int  # after paying
    selected: Cards  # secret: the cards picked, discarded (individual) or kept (keep)
    discarded: Cards  # secret, in canonical order (J26a)
    drawn: Cards  # secret
    hand: Cards  # secret: the seat's hand after the exchange


@dataclass(frozen=True, slots=True)
class ExchangeTurnEnded(Event):
    set_no: int
    seat: int
    exchanges: int
    spent: int  # silver spent on exchanges and reveals in the turn


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """An awaited seat let the turn timeout run out; its default move follows (J40b)."""

    set_no: int
    seat: int
    phase: str
    waited_seconds: int


@dataclass(frozen=True, slots=True)
class HandsShown(Event):
    """Every hand, face up, with what it makes (J31)."""

    set_no: int
    hands: tuple[tuple[Card, ...], ...]
    strengths: tuple[int, ...]  # J11
    fives: tuple[tuple[Card, ...], ...]  # five cards reaching the category
    jokers: tuple[tuple[Card, ...], ...]  # what each joker among the five stands for


@dataclass(frozen=True, slots=True)
class SetRanked(Event):
    set_no: int
    hand_ranking: tuple[int, ...]  # seats, strongest first (J15)
    final_ranking: tuple[int, ...]  # seats by final place, 1st first (J32)
    demoted: int | None
    beat_juggernaut: tuple[int, ...]  # citizens strictly stronger than it (J37)


@dataclass(frozen=True, slots=True)
class SilverConfiscated(Event):
    set_no: int
    seat: int  # the 4th (J33)
    amount: int


@dataclass(frozen=True, slots=True)
class GoldExchanged(Event):
    set_no: int
    seat: int
    cost: int  # G (J34)
    silver: int  # after
    gold: int  # after


@dataclass(frozen=True, slots=True)
class GoldExchangeDeclined(Event):
    set_no: int
    seat: int


@dataclass(frozen=True, slots=True)
class RewardPaid(Event):
    set_no: int
    seat: int
    place: int
    base: int  # J36
    defeat_bonus: int  # J37
    hand_bonus: int  # J38
    total: int
    silver: int  # after


@dataclass(frozen=True, slots=True)
class JuggernautCrowned(Event):
    set_no: int
    seat: int
    kept: bool  # the Juggernaut defended its title (J39)


@dataclass(frozen=True, slots=True)
class SetEnded(Event):
    set_no: int
    silver: tuple[int, ...]
    gold: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    set_no: int
    winner: int
    places: tuple[int, ...]  # per seat, 1 = winner (J40, J40a)
    reason: Literal["win_gold", "max_sets"]


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    seed: str  # hex; sha256 of its bytes is MatchCreated.deck_commitment


def _params(stored: Mapping[str, Any]) -> Params:
    return Params(**{name: tuples(value) for name, value in stored.items()})


CODEC: EventCodec[Event] = EventCodec(
    (
        MatchCreated,
        SetStarted,
        DeckShuffled,
        CardsDealt,
        HandAugmented,
        RevealRequested,
        RevealRefused,
        HandRevealed,
        DiscardsReshuffled,
        CardsExchanged,
        ExchangeTurnEnded,
        TurnTimedOut,
        HandsShown,
        SetRanked,
        SilverConfiscated,
        GoldExchanged,
        GoldExchangeDeclined,
        RewardPaid,
        JuggernautCrowned,
        SetEnded,
        MatchEnded,
        SeedRevealed,
    ),
    {MatchCreated: {"seats": SEATS, "params": Nested(plain, _params)}},
)
EVENT_TYPES = CODEC.types
to_data = CODEC.to_data
from_data = CODEC.from_data
