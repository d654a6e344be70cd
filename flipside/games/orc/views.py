"""What one seat, a spectator or an administrator may see: the only redaction point (K32-K35).

A seat sees its own hand, its own sealed cards and its own contribution; everyone sees the
chips, the pot, every row (face down ones too: their cards were public, K34), who has made
a sealed choice, the revealed cards, every card drawn and the sizes of hands and decks.
Nobody sees another seat's hand, a sealed card before its reveal, a contribution nobody
drew, the decks' order, the discards or the seed before the match is over; then everything
is public.

Computer players get a `MatchView` too, so they cannot read what their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flipside.engine.frozen import builder, replace
from flipside.engine.game import JSON, Viewer
from flipside.engine.views import MatchHead, SeatHead, kept_per_seat

from .cards import NUMBERS, counts_of, numbers_of
from .events import (
    ActionCardsDiscarded,
    CardsDealt,
    DeckShuffled,
    Event,
    HandRefilled,
    MatchCreated,
    SealedChoiceMade,
)
from .start import tiebreak_numbers
from .state import SEALED_PHASES, Match, SeatState, Turn


@dataclass(frozen=True, slots=True)
class SeatInView(SeatHead):
    chips: int
    in_round: bool
    out: str | None  # why it left the round: bust or give_up (its row is face down)
    row: tuple[int, ...]  # the visible cards in the order laid (K14)
    stacked: tuple[int, ...]  # tie-break cards under their twins (K12.3)
    hand: tuple[int | None, ...]  # smallest first; None where the viewer may not see the card
    chosen: bool  # has laid the sealed card the match waits for (K32)
    sealed: int | None  # that card, to its owner (K33)
    contribution: int | None  # this phase's contribution, to its owner (K33)
    turns: tuple[Turn, ...]  # the turns it played this match (K32)

    @property
    def hand_size(self) -> int:
        return len(self.hand)


@dataclass(frozen=True, slots=True)
class MatchView(MatchHead):
    round: int
    rounds: int
    fee: int
    escalating_fee: bool
    start_chips: int
    pot: int
    shortfall: bool  # this round is the last (K8, K29)
    openings: tuple[int, ...]  # the revealed opening cards, per seat
    tied: tuple[int, ...]  # the seats in the tie-break
    tiebreak_step: int
    action_phase: int
    start_seat: int | None
    turn_order: tuple[int, ...]
    to_move: int | None
    awaiting: tuple[int, ...]
    sealing: str | None  # the sealed choice asked for: opening, tiebreak or contribution
    round_deck_size: int
    action_deck_size: int
    contributed: int  # the cards this phase's action deck is made of (K17)
    drawn: tuple[int, ...]  # this phase's draws, in order
    discarded: int  # K25's face-down discards this round
    give_up_cost: int | None  # K21, on a turn
    seats: tuple[SeatInView, ...]
    round_deck: tuple[int, ...] | None  # top first, to an administrator or once over
    action_deck: tuple[int, ...] | None
    winners: tuple[int, ...]
    places: tuple[int, ...]
    deck_commitment: str
    seeded: bool
    seed: str | None  # hex, once revealed
    turn_timeout_seconds: int | None

    @property
    def me(self) -> SeatInView:
        assert self.viewer is not None
        return self.seats[self.viewer]

    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's own cards, smallest first (empty for a spectator)."""
        if self.viewer is None:
            return ()
        return tuple(card for card in self.me.hand if card is not None)


# Without the frozen dataclasses' own __init__ (engine/frozen.py): a view is built for every
# computer move and every step of a learner's environment.
_new_seat_in_view = builder(SeatInView)
_new_match_view = builder(MatchView)


# A hand's cards, smallest first: a seat's own, for each view of it; hands repeat.
_cards_of = lru_cache(maxsize=1 << 10)(numbers_of)


def _built_seat_in_view(index: int, seat: SeatState, own: bool) -> SeatInView:
    hand = _cards_of(seat.hand) if own else (None,) * seat.hand_size
    return _new_seat_in_view(
        index,
        seat.spec.kind,
        seat.spec.name,
        seat.spec.level,
        seat.chips,
        seat.in_round,
        seat.out,
        seat.row,
        seat.stacked,
        hand,
        seat.sealed is not None,
        seat.sealed if own else None,
        seat.contribution if own else None,
        seat.turns,
    )


_seat_in_view = kept_per_seat(_built_seat_in_view, SeatState)


def view(state: Match, viewer: Viewer = None, *, omniscient: bool = False) -> MatchView:
    """The match as `viewer` may see it; `omniscient` (an administrator) sees everything."""
    over = state.phase == "over"
    omniscient = omniscient or over
    to_move = state.to_move
    return _new_match_view(
        state.match_id,
        state.version,
        viewer,
        "finished" if over else "active",
        state.phase,
        state.round,
        state.rounds,
        state.fee,
        state.escalating_fee,
        state.start_chips,
        state.pot,
        state.shortfall,
        state.openings,
        state.tied,
        state.tiebreak_step,
        state.action_phase,
        state.start_seat,
        state.turn_order,
        to_move,
        state.awaiting,
        SEALED_PHASES.get(state.phase),
        len(state.round_deck),
        len(state.action_deck),
        len(state.contributors),
        state.drawn,
        len(state.discards),
        state.give_up_cost() if to_move is not None else None,
        tuple(
            [
                _seat_in_view(index, seat, omniscient or index == viewer)
                for index, seat in enumerate(state.seats)
            ]
        ),
        state.round_deck if omniscient else None,
        state.action_deck if omniscient else None,
        state.winners,
        state.places,
        state.deck_commitment,
        state.seeded,
        state.seed.hex() if omniscient or state.seed_revealed else None,
        state.turn_timeout_seconds,
    )


def view_json(match: MatchView) -> JSON:
    """The view, JSON-ready: hidden values are ``null``; each seat's ``kind`` is its
    ``type`` (the envelope's word) and ``hand_size`` is spelt out for clients."""
    body: dict[str, Any] = {
        name: _plain(getattr(match, name)) for name in MatchView.__dataclass_fields__
    }
    for seat, shown in zip(body["seats"], match.seats, strict=True):
        seat["type"] = seat.pop("kind")
        seat["hand_size"] = shown.hand_size
    return body


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, SeatInView | Turn):
        return {name: _plain(getattr(value, name)) for name in type(value).__dataclass_fields__}
    return value


def redact(event: Event, viewer: Viewer, *, omniscient: bool = False) -> Event:
    """`event` as `viewer` may see it, hidden values set to None (counts stay public, K32).

    The caller says `omniscient` once the match is over (K35) or for an administrator.
    """
    if omniscient:
        return event
    if isinstance(event, MatchCreated):
        return replace(event, seed=None)
    if isinstance(event, DeckShuffled):
        return replace(event, cards=None)
    if isinstance(event, ActionCardsDiscarded):
        return replace(event, numbers=None)
    if isinstance(event, CardsDealt):
        hands = tuple(
            hand if seat == viewer else (None,) * len(hand) for seat, hand in enumerate(event.hands)
        )
        return replace(event, hands=hands)
    if isinstance(event, HandRefilled) and event.seat != viewer:
        return replace(event, numbers=(None,) * len(event.numbers))
    if isinstance(event, SealedChoiceMade) and event.seat != viewer:
        return replace(event, number=None)
    return event


def legal_actions(match: MatchView) -> list[JSON]:
    """What the viewer may do now (K36): the numbers it may lay, or draw and give up with
    what each risks."""
    viewer = match.viewer
    if viewer is None or viewer not in match.awaiting:
        return []
    me = match.me
    if match.to_move == viewer:
        bust = sorted(set(me.row))
        return [
            {"kind": "draw", "bust_numbers": bust, "action_deck": match.action_deck_size},
            {"kind": "give_up", "cost": match.give_up_cost},
        ]
    held = match.hand
    if match.phase == "tiebreak":
        numbers = tiebreak_numbers(counts_of(held), me.row)
    else:
        numbers = tuple(number for number in NUMBERS if number in held)
    return [{"kind": match.phase, "numbers": list(numbers)}]  # K36: the phase names the move
