"""The state of a match as the decider sees it: everything, secrets included.

Only `rules.evolve` builds these; everything else reads them, and nothing hands one to a
client (`views` does the redaction).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from flipside.engine.seats import SeatSpec

from .cards import Card
from .params import Params

Phase = Literal[
    "new", "deal", "augment", "exchange", "reveal", "results", "gold", "rewards", "over"
]
"""``deal``, ``results`` and ``rewards`` never wait: they pass within one decision."""
GoldChoice = Literal["exchanged", "declined"]  # J34
SEATS = 4  # J1
REVEAL_COST = 1  # J27
REFUSAL_COST = 1  # J28


@dataclass(frozen=True, slots=True)
class Reward:
    seat: int
    place: int
    base: int
    defeat_bonus: int
    hand_bonus: int
    total: int
    silver: int  # after


@dataclass(frozen=True, slots=True)
class Results:
    """The latest set's results so far, step by step in the order of J30 (all public)."""

    set_no: int
    hands: tuple[tuple[Card, ...], ...]
    strengths: tuple[int, ...]
    categories: tuple[str, ...]
    fives: tuple[tuple[Card, ...], ...]
    jokers: tuple[tuple[Card, ...], ...]
    hand_ranking: tuple[int, ...] = ()
    final_ranking: tuple[int, ...] = ()
    demoted: int | None = None
    beat_juggernaut: tuple[int, ...] = ()
    confiscated: tuple[int, int] | None = None  # (seat, silver lost)
    gold: tuple[GoldChoice | None, ...] = ()  # per seat
    rewards: tuple[Reward, ...] = ()
    crowned: int | None = None  # the next Juggernaut, once named


@dataclass(frozen=True, slots=True)
class SeatState:
    spec: SeatSpec
    silver: int = 0
    gold: int = 0
    hand: tuple[Card, ...] = ()  # secret from the other seats until the hands are shown
    augmented: int | None = None  # k chosen this set (J20)
    exchanges: int = 0  # made this set (J21)
    discards: tuple[Card, ...] = ()  # this set's, in the order discarded: its owner's only
    done: bool = False  # its exchange turn of this set is over (J21a)
    named: Literal["allowed", "refused"] | None = None  # as a reveal's target this set (J27)
    gold_decided: bool = False  # exchanged or declined at this set's gold exchange (J34)


@dataclass(frozen=True, slots=True)
class Match:
    version: int = 0  # events applied: the stream version
    match_id: str = ""
    phase: Phase = "new"
    params: Params = field(default_factory=Params)
    seats: tuple[SeatState, ...] = ()
    seed: bytes = b""  # secret until the match is over
    seeded: bool = False
    deck_commitment: str = ""
    turn_timeout_seconds: int | None = None
    set_no: int = 0
    juggernaut: int | None = None
    turn_order: tuple[int, ...] = ()
    turn: int = 0  # index into turn_order of the seat to act (augment, exchange)
    deck: tuple[Card, ...] = ()  # top first; secret
    pile: tuple[Card, ...] = ()  # this set's discards not yet reshuffled (J26a); secret
    reshuffles: int = 0  # discard reshuffles so far in the match: the chance counter
    exchanges_in_turn: int = 0
    spent_in_turn: int = 0
    target: int | None = None  # the citizen whose answer to a reveal is awaited (J28)
    snapshots: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (citizen, hand): J29
    results: Results | None = None  # the latest set's that reached them (J30)
    winner: int | None = None
    places: tuple[int, ...] = ()  # per seat once over
    seed_revealed: bool = False
    turn_started: int = 0  # the version whose event began the current wait

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the augmentation or exchange lap."""
        if self.phase in ("augment", "exchange"):
            return self.turn_order[self.turn]
        return None

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        """Who sits in each seat."""
        return tuple(seat.spec for seat in self.seats)

    @property
    def awaiting(self) -> tuple[int, ...]:
        if self.phase == "reveal":
            return (self.target,) if self.target is not None else ()
        if self.phase == "gold":
            return self.gold_awaited
        to_act = self.to_act
        return (to_act,) if to_act is not None else ()

    @property
    def gold_awaited(self) -> tuple[int, ...]:
        """The people the gold exchange waits for: eligible and undecided (J34)."""
        if self.phase != "gold":
            return ()
        price = self.params.gold_exchange_silver
        return tuple(
            index
            for index in self.turn_order
            if (seat := self.seats[index]).spec.kind == "human"
            and not seat.gold_decided
            and seat.silver >= price
        )
