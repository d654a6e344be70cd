"""What happened in an Orc Poker match: frozen, past-tense events (docs/rules/orc.md,
"Events").

Events are the only record. Secret fields are marked in their comments; `views.redact` is
the one place that hides them. `to_data` / `from_data` turn an event into the JSON object
stored for it and back; the event's class name is its stored type, `SCHEMA_VERSION` its
schema version.

>>> event = SealedChoiceMade(round=1, seat=2, kind="opening", step=0, number=7)
>>> from_data("SealedChoiceMade", to_data(event)) == event
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from flipside.engine.event_codec import SEATS, EventCodec
from flipside.engine.seats import SeatSpec

RULES_VERSION = "orc-1"
LEVELS = ("easy", "normal", "hard", "insane", "hate_you")  # weakest first

SealedKind = Literal["opening", "tiebreak", "contribution"]
PaymentReason = Literal["fee", "bust", "give_up"]
OutReason = Literal["bust", "give_up"]
StartBy = Literal["opening", "tiebreak", "lot", "kept", "smallest", "farthest_clockwise"]
Hidden = tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Event:
    SCHEMA_VERSION: ClassVar[int] = 1


@dataclass(frozen=True, slots=True)
class MatchCreated(Event):
    match_id: str
    seats: tuple[SeatSpec, ...]
    rules_version: str
    start_chips: int  # K3
    rounds: int  # K5
    escalating_fee: bool  # K31
    deck_commitment: str  # hex sha256 of the seed
    seeded: bool  # the creator gave the seed (a reproducible match)
    seed: str | None  # secret until SeedRevealed (K35): hex
    turn_timeout_seconds: int | None = None


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    fee: int  # K7, K31
    pot: int  # carried in from the round before (K26)


@dataclass(frozen=True, slots=True)
class ChipsPaid(Event):
    """One payment into the pot (K8): `paid` = min(`due`, chips before)."""

    round: int
    seat: int
    reason: PaymentReason
    due: int
    paid: int
    shortfall: int  # `due` - `paid`, forgiven
    chips: int  # the seat's chips after
    pot: int  # the pot after


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    round: int
    purpose: Literal["round", "action"]  # the round's deal (K9) or a phase's action deck (K17)
    phase: int  # the action phase; 0 for the round's shuffle
    count: int
    cards: Hidden | None  # secret until the end (K33): top first


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    round: int
    hands: tuple[Hidden, ...]  # per seat, in the order dealt; secret to the other seats (K33)
    round_deck: int  # cards left in the round deck


@dataclass(frozen=True, slots=True)
class SealedChoiceMade(Event):
    """A card laid face down (K10, K12.1, K17); `step` is the tie-break step or the phase."""

    round: int
    seat: int
    kind: SealedKind
    step: int  # 0 for the opening
    number: int | None  # secret to the other seats (K33)


@dataclass(frozen=True, slots=True)
class OpeningRevealed(Event):
    round: int
    numbers: tuple[int, ...]  # per seat (K10)
    tied: tuple[int, ...]  # the seats tied on the smallest number (K12); () if one is smallest


@dataclass(frozen=True, slots=True)
class TieBreakRevealed(Event):
    """K12: the tied seats' cards turned up, and their visible sequences compared."""

    round: int
    step: int  # from 1
    seats: tuple[int, ...]  # the tied seats, ascending
    numbers: tuple[int | None, ...]  # per tied seat; None: no card in hand (K13)
    stacked: tuple[bool, ...]  # per tied seat (K12.3)
    sequences: tuple[tuple[int, ...], ...]  # per tied seat, after the card (K12.5)
    still_tied: tuple[int, ...]  # equal smallest sequences; () when one is smallest


@dataclass(frozen=True, slots=True)
class HandRefilled(Event):
    round: int
    seat: int
    numbers: Hidden  # drawn from the round deck (K12.4); secret to the other seats (K33)
    round_deck: int  # cards left in the round deck after


@dataclass(frozen=True, slots=True)
class StartPlayerChosen(Event):
    round: int
    phase: int  # the action phase the seat starts
    seat: int
    by: StartBy


@dataclass(frozen=True, slots=True)
class ActionPhaseStarted(Event):
    round: int
    phase: int
    start_seat: int
    turn_order: tuple[int, ...]  # the seats in the round, start seat first, clockwise (K18)
    contributors: tuple[int, ...]  # the seats of `turn_order` holding a card (K17)


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    round: int
    phase: int
    seat: int
    number: int
    busted: bool  # K20


@dataclass(frozen=True, slots=True)
class GaveUp(Event):
    round: int
    phase: int
    seat: int
    cost: int  # the smallest visible number (K21)


@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    round: int
    phase: int
    seat: int
    reason: Literal["empty_action_deck"]  # K24


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """The seat's row turns face down and it is out of the round (K20, K21)."""

    round: int
    phase: int
    seat: int
    reason: OutReason


@dataclass(frozen=True, slots=True)
class ActionCardsDiscarded(Event):
    round: int
    phase: int
    count: int
    numbers: Hidden | None  # secret until the end (K25, K33)


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    round: int
    seats: tuple[int, ...]
    amount: int  # to each of `seats`
    remainder: int  # left in the pot for the next round (K26)
    reason: Literal["last_player", "split"]  # K22, K26


@dataclass(frozen=True, slots=True)
class TurnTimedOut(Event):
    """A person did not act within the match's turn timeout; their default move follows."""

    round: int
    seat: int
    phase: str  # the match phase: opening, tiebreak, contribute or turn
    waited_seconds: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    chips: tuple[int, ...]
    pot: int  # carried into the next round
    shortfall: bool  # K8: this round is the last (K29)


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    round: int
    winners: tuple[int, ...]  # K30: every seat with the most chips
    places: tuple[int, ...]  # by chips, equal chips sharing a place (K30)
    first: int  # the winner the engine's outcome names (docs/rules/orc.md, "Places")
    chips: tuple[int, ...]
    pot: int  # left in the pot: nobody's (K30)
    reason: Literal["rounds", "shortfall"]  # K29


@dataclass(frozen=True, slots=True)
class SeedRevealed(Event):
    seed: str  # hex; sha256 of its bytes is MatchCreated.deck_commitment


CODEC: EventCodec[Event] = EventCodec(
    (
        MatchCreated,
        RoundStarted,
        ChipsPaid,
        DeckShuffled,
        CardsDealt,
        SealedChoiceMade,
        OpeningRevealed,
        TieBreakRevealed,
        HandRefilled,
        StartPlayerChosen,
        ActionPhaseStarted,
        CardDrawn,
        GaveUp,
        TurnPassed,
        PlayerOut,
        ActionCardsDiscarded,
        PotAwarded,
        TurnTimedOut,
        RoundEnded,
        MatchEnded,
        SeedRevealed,
    ),
    {MatchCreated: {"seats": SEATS}},
)
EVENT_TYPES = CODEC.types
to_data = CODEC.to_data
from_data = CODEC.from_data
