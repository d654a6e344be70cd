"""The state of a match as the decider sees it: everything, secrets included.

Only `evolve` builds these; everything else reads them, and nothing outside the package hands
one to a client (`views` does the redaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flipside.engine.seats import SeatSpec

from .cards import NO_CARDS, Counts, add, counts_of, plus, size
from .events import OutReason, SealedKind

Phase = Literal["new", "opening", "tiebreak", "contribute", "turn", "between", "over"]
SEALED_PHASES: dict[str, SealedKind] = {
    "opening": "opening",
    "tiebreak": "tiebreak",
    "contribute": "contribution",
}
START_CHIPS = {False: 30, True: 50}  # K3, by `long`
ROUNDS = {False: 7, True: 10}  # K5, by `long`
HAND_SIZE = 6  # K9
REFILL_TO = 5  # K12.4
PHASES = 5  # K16


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn a seat played (K18), as everyone saw it: for the computer players' models
    of how readily a player draws."""

    row: tuple[int, ...]  # the row before the turn
    cost: int  # the give-up cost then (K21)
    drew: bool


@dataclass(frozen=True, slots=True)
class SeatState:
    spec: SeatSpec
    chips: int
    hand: Counts = NO_CARDS  # secret to the other seats (K33)
    row: tuple[int, ...] = ()  # the visible cards in the order laid (K14)
    stacked: tuple[int, ...] = ()  # tie-break cards laid on their twins (K12.3)
    out: OutReason | None = None  # out of the round, the row face down (K20, K21)
    sealed: int | None = None  # a sealed card not yet turned up or shuffled (K10, K12, K17)
    contribution: int | None = None  # this phase's contribution: its owner's to know (K33)
    turns: tuple[Turn, ...] = ()  # every turn of the match so far: public (K32)

    @property
    def in_round(self) -> bool:
        return self.out is None

    @property
    def hand_size(self) -> int:
        return size(self.hand)

    def lowest(self) -> int:
        """The smallest number in the row (K27); a row is never empty once opened."""
        return min(self.row)


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
    start_chips: int = START_CHIPS[False]
    rounds: int = ROUNDS[False]
    escalating_fee: bool = False
    round: int = 0
    fee: int = 0
    pot: int = 0
    shortfall: bool = False  # a payment fell short this round (K8, K29)
    round_deck: tuple[int, ...] = ()  # top first; secret (K33)
    openings: tuple[int, ...] = ()  # the revealed opening cards, per seat (K10)
    tied: tuple[int, ...] = ()  # the seats in the tie-break (K12)
    tiebreak_step: int = 0
    start_seat: int | None = None
    action_phase: int = 0  # 1..5 once the first phase has begun (K16)
    turn_order: tuple[int, ...] = ()  # this phase's seats, start seat first (K18)
    contributors: tuple[int, ...] = ()  # this phase's (K17)
    turn: int = 0  # index into `turn_order` of the seat whose turn it is
    action_deck: tuple[int, ...] = ()  # top first; secret (K33)
    drawn: tuple[int, ...] = ()  # the cards drawn this phase, in order: public (K32)
    discards: tuple[int, ...] = ()  # K25: secret until the end (K33)
    winners: tuple[int, ...] = ()
    places: tuple[int, ...] = ()
    first: int | None = None
    end_reason: str | None = None
    seed_revealed: bool = False
    turn_started: int = 0  # the version whose event began the current wait

    @property
    def in_round(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.in_round)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is (K18)."""
        if self.phase != "turn" or self.turn >= len(self.turn_order):
            return None
        return self.turn_order[self.turn]

    @property
    def sealing(self) -> tuple[int, ...]:
        """The seats a sealed choice is asked of in this phase (K10, K12, K17)."""
        if self.phase == "opening":
            return tuple(range(len(self.seats)))
        if self.phase == "tiebreak":
            return tuple(seat for seat in self.tied if self.seats[seat].hand_size)
        if self.phase == "contribute":
            return self.contributors
        return ()

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        """Who sits in each seat."""
        return tuple(seat.spec for seat in self.seats)

    @property
    def awaiting(self) -> tuple[int, ...]:
        to_move = self.to_move
        if to_move is not None:
            return (to_move,)
        return tuple(seat for seat in self.sealing if self.seats[seat].sealed is None)

    def visible_numbers(self) -> tuple[int, ...]:
        """The numbers in the rows of the seats still in the round (K14)."""
        return tuple(number for seat in self.seats if seat.in_round for number in seat.row)

    def give_up_cost(self) -> int:
        """K21: the smallest visible number, the giver's own row included."""
        return min(self.visible_numbers())

    def cards_on_table(self) -> Counts:
        """Every card of the round wherever it lies: all 55 from the round's shuffle to its
        end (K28), none between rounds."""
        total = counts_of(self.round_deck + self.action_deck + self.discards)
        for seat in self.seats:
            total = plus(total, plus(seat.hand, counts_of(seat.row + seat.stacked)))
            if seat.sealed is not None:
                total = add(total, seat.sealed)
        return total
