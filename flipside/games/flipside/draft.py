"""A match being changed by the events of one decision: mutable, then frozen once.

`rules.apply` folds each event into a `MatchDraft` in place, and `MatchDraft.freeze` makes
the `Match` that everyone else reads: one `Match` per decision rather than one per event,
and a new `SeatState` only for a seat that changed. A frozen dataclass's ``__init__`` sets
every field through ``object.__setattr__``, several times the cost of a plain one, and
building two frozen states per event was most of the cost of playing a match.

Freezing copies nothing: a draft has exactly the slots of the class it drafts (the same
fields in the same order, over the same field-less base), so Python lets its ``__class__``
be set to that class, and it then is an instance of it, frozen like any other. A frozen
draft is spent: the decision that made it no longer holds it.

>>> from flipside.engine.seats import SeatSpec
>>> draft = thaw(Match(seats=(SeatState(SeatSpec("npc", level="easy")),)))
>>> draft.seat(0).life = 2
>>> draft.version = 1
>>> match = draft.freeze()
>>> type(match).__name__, type(match.seats[0]).__name__, match.seats[0].life, match.version
('Match', 'SeatState', 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, TypeAlias, TypeVar

from flipside.engine.seats import SeatSpec

from .cards import Card, OrientedCard
from .events import ShowdownRevealed
from .state import Match, MatchReads, Phase, SeatReads, SeatState

_T = TypeVar("_T")


@dataclass(slots=True)
class SeatDraft(SeatReads):
    """A `SeatState` being changed: its fields, in its order (see there)."""

    spec: SeatSpec
    life: int
    eliminated: bool
    place: int | None
    dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    exchanged: bool
    placed: tuple[OrientedCard, ...] | None


@dataclass(slots=True)
class MatchDraft(MatchReads):
    """A `Match` being changed: its fields, in its order (see there); a seat is a
    `SeatDraft` once `seat` has thawed it."""

    version: int
    match_id: str
    phase: Phase
    seats: tuple[SeatState | SeatDraft, ...]
    seed: bytes
    seeded: bool
    deck_commitment: str
    turn_timeout_seconds: int | None
    shuffles: int
    deck: tuple[Card, ...]
    used_pile: tuple[Card, ...]
    round: int
    start_seat: int | None
    turn_order: tuple[int, ...]
    turn: int
    showdowns: tuple[ShowdownRevealed, ...]
    winner: int | None
    seed_revealed: bool
    turn_started: int

    def seat(self, index: int) -> SeatDraft:
        """Seat `index`, to be changed: thawed on its first change in this draft."""
        seat = self.seats[index]
        if type(seat) is SeatDraft:
            return seat
        draft = SeatDraft(*_SEAT_VALUES(seat))
        self.seats = (*self.seats[:index], draft, *self.seats[index + 1 :])
        return draft

    def freeze(self) -> Match:
        """The match this draft now is; the draft is spent."""
        for seat in self.seats:
            if type(seat) is SeatDraft:
                _become(seat, SeatState)  # in place: the tuple now holds a `SeatState`
        return _become(self, Match)


MatchOrDraft: TypeAlias = Match | MatchDraft
"""What the rules' checks read: a state, or a draft in the middle of a decision."""


def _values_of(cls: type) -> Any:
    """All field values of an instance of the dataclass `cls`, in field order."""
    return attrgetter(*(field.name for field in fields(cls)))


_MATCH_VALUES = _values_of(Match)
_SEAT_VALUES = _values_of(SeatState)


def thaw(match: Match) -> MatchDraft:
    """A draft of `match`; `match` itself is left as it is."""
    return MatchDraft(*_MATCH_VALUES(match))


def _become(draft: object, frozen: type[_T]) -> _T:
    draft.__class__ = frozen  # the same slots: see the module's docstring
    return draft  # type: ignore[return-value]
