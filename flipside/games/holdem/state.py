"""The state of a match as the decider sees it: everything, secrets included.

Only `rules.evolve` builds these; everything else reads them, and nothing hands one to a
client (`views` redacts). Per-seat facts are tuples indexed by seat. The betting terms of
docs/rules/holdem.md ("in the hand", "able to act", `c[s]`, `L`, `acted[s]`, "needs to act")
are properties here, so the rules, the views and the computer players share one reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from flipside.engine.seats import SeatSpec

from .cards import Card
from .config import Config
from .events import ActionTaken, HoleCardsShown, Pot, PotAwarded

NO_CONFIG = Config((), 5, 10)  # before the match is created
Phase = Literal["new", "betting", "showdown", "between", "over"]


@dataclass(frozen=True, slots=True)
class Pending:
    """A seat's pending auto-bet (H43)."""

    kind: str
    to: int | None


@dataclass(frozen=True, slots=True)
class PreviousHand:
    """How the last finished hand ended, for the table to show after the next one began."""

    hand: int
    board: tuple[Card, ...]
    shown: tuple[HoleCardsShown, ...]
    mucked: tuple[int, ...]
    awards: tuple[PotAwarded, ...]
    stacks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Match:
    version: int = 0  # events applied: the stream version
    turn_started: int = 0  # the version whose event began the current wait
    match_id: str = ""
    phase: Phase = "new"
    specs: tuple[SeatSpec, ...] = ()
    config: Config = NO_CONFIG
    seed: bytes = b""  # secret until the match is over
    seeded: bool = False
    deck_commitment: str = ""
    turn_timeout_seconds: int | None = None
    seed_revealed: bool = False
    button_draw: tuple[Card, ...] = ()  # H8, public
    stacks: tuple[int, ...] = ()  # chips behind
    places: tuple[int | None, ...] = ()  # finishing places (H40, H42)
    winner: int | None = None
    end_reason: str | None = None
    # --- the current hand ---------------------------------------------------------------
    hand: int = 0
    button: int = -1
    small_blind_seat: int = -1
    big_blind_seat: int = -1
    small_blind: int = 0
    big_blind: int = 0
    start_stacks: tuple[int, ...] = ()  # at the start of the hand (H40)
    deck: tuple[Card, ...] = ()  # secret: the hand's order, top first (H15)
    dealt: int = 0  # cards taken off the deck
    hole: tuple[tuple[Card, ...], ...] = ()  # secret to the other seats
    board: tuple[Card, ...] = ()
    burns: tuple[Card, ...] = ()  # secret
    in_hand: tuple[bool, ...] = ()  # dealt in and not folded
    street: int = 0  # index into events.STREETS
    bets: tuple[int, ...] = ()  # c[s]: put in during this round
    totals: tuple[int, ...] = ()  # put in during the hand, net of returns (H28)
    acted: tuple[int | None, ...] = ()  # acted[s] (H24)
    level: int = 0  # L
    anchor: int = -1  # the next to act is the first seat after this one that needs to (H26)
    aggressor: int | None = None  # the last to bet or raise in this round (H33)
    pending: tuple[Pending | None, ...] = ()  # auto-bets (H43)
    pots: tuple[Pot, ...] = ()  # H37, as of the last round's end
    actions: tuple[ActionTaken, ...] = ()  # this hand's, in order (public but for `auto`)
    # --- the showdown (H33) -----------------------------------------------------------
    showdown_order: tuple[int, ...] = ()
    answered: tuple[bool, ...] = ()  # shown or mucked
    shown: tuple[HoleCardsShown | None, ...] = ()
    mucked: tuple[bool, ...] = ()
    awarded: tuple[bool, ...] = ()  # per pot
    awards: tuple[PotAwarded, ...] = ()  # this hand's
    previous: PreviousHand | None = None

    # --- betting terms (docs/rules/holdem.md, "Betting") -------------------------------
    @property
    def seat_count(self) -> int:
        return len(self.specs)

    def able(self, seat: int) -> bool:
        """In the hand and not all-in."""
        return self.in_hand[seat] and self.stacks[seat] > 0

    def needs_to_act(self, seat: int) -> bool:
        """H26."""
        if not self.able(seat):
            return False
        if self.bets[seat] < self.level:
            return True
        return self.acted[seat] is None and any(
            self.able(other) for other in range(self.seat_count) if other != seat
        )

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the betting round, if any (H26)."""
        if self.phase != "betting" or sum(self.in_hand) < 2:
            return None
        count = self.seat_count
        for step in range(1, count + 1):
            seat = (self.anchor + step) % count
            if self.needs_to_act(seat):
                return seat
        return None

    def min_full(self, level: int) -> int:
        """The smallest full bet or raise over `level` (H20)."""
        return level + max(level, self.big_blind)

    def has_raise_rights(self, seat: int) -> bool:
        """H24."""
        acted = self.acted[seat]
        return acted is None or self.level >= self.min_full(acted)

    def answerable(self, seat: int) -> bool:
        """H25: another seat in the hand holds more than the level."""
        return any(
            self.in_hand[other] and self.bets[other] + self.stacks[other] > self.level
            for other in range(self.seat_count)
            if other != seat
        )

    @property
    def in_match(self) -> tuple[int, ...]:
        """Seats with chips or still in the current hand."""
        return tuple(seat for seat, place in enumerate(self.places) if place is None)

    # --- the showdown (H33) -------------------------------------------------------------
    def claimants(self, pot: int) -> tuple[int, ...]:
        """The eligible seats of `pot` that have not mucked."""
        return tuple(seat for seat in self.pots[pot].eligible if not self.mucked[seat])

    def contests(self, seat: int) -> bool:
        """Whether `seat` still claims a pot not yet awarded."""
        return any(
            not awarded and seat in self.claimants(index)
            for index, awarded in enumerate(self.awarded)
        )

    @property
    def asked(self) -> int | None:
        """The seat the showdown waits for: the next in order that has not answered and
        still contests a pot (H33); None when nobody is left to ask."""
        if self.phase != "showdown":
            return None
        for seat in self.showdown_order:
            if not self.answered[seat] and self.contests(seat):
                return seat
        return None

    def after_button(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        """`seats` clockwise from the first seat after the button (H33, H39)."""
        count = self.seat_count
        return tuple(sorted(seats, key=lambda seat: (seat - self.button - 1) % count))
