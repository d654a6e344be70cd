"""What one seat, a spectator or an administrator may see: the only redaction point.

A seat sees its own cards; everyone sees every dealt card (R9), every discard and how many
cards each seat drew (R10), whether each seat has placed its cards, and the used pile. Nobody
sees another seat's drawn cards or orientation before the showdown (R10-R11), the deck order
or the seed before `SeedRevealed`. Once the match is over, everything is public.

Computer players get a `MatchView` too, so they cannot read what their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from flipside.engine.frozen import builder, replace
from flipside.engine.game import Viewer
from flipside.engine.views import MatchHead, SeatHead, kept_per_seat

from .cards import DECK_SET, Card, OrientedCard
from .events import (
    CardsExchanged,
    DeckShuffled,
    Event,
    MatchCreated,
    OrientationChosen,
    ShowdownRevealed,
)
from .state import Match, SeatState


@dataclass(frozen=True, slots=True)
class SeatInView(SeatHead):
    life: int
    eliminated: bool
    place: int | None
    cards: tuple[Card | None, ...]  # the hand now; None where the viewer may not see the card
    discarded: tuple[Card, ...]
    exchanged: bool
    exchanged_count: int | None  # public once the seat has exchanged (R10)
    orientation_in: bool
    placed: tuple[OrientedCard, ...] | None  # the viewer's own, or everyone's once over


@dataclass(frozen=True, slots=True)
class MatchView(MatchHead):
    round: int
    start_seat: int | None
    turn_order: tuple[int, ...]
    to_act: int | None  # the seat to exchange now
    awaiting_orientation: tuple[int, ...]
    deck_count: int
    used_pile: tuple[Card, ...]
    seats: tuple[SeatInView, ...]
    showdowns: tuple[ShowdownRevealed, ...]  # the latest round's, up then down
    winner: int | None
    deck_commitment: str
    seeded: bool
    seed: str | None  # hex, once revealed
    turn_timeout_seconds: int | None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for a spectator)."""
        if self.viewer is None:
            return ()
        return tuple(filter(None, self.seats[self.viewer].cards))

    def seen_cards(self) -> frozenset[Card]:
        """Every card whose identity this viewer knows."""
        seen: set[Card | None] = set(self.used_pile)
        for seat in self.seats:
            seen.update(seat.cards)
            seen.update(seat.discarded)
        seen.discard(None)  # a card the viewer may not see
        return frozenset(seen)  # type: ignore[arg-type]

    def unseen_cards(self) -> frozenset[Card]:
        """The deck and the other seats' drawn cards, as far as this viewer can tell."""
        return DECK_SET - self.seen_cards()


# Without the frozen dataclasses' own __init__ (engine/frozen.py): a view is built for every
# computer move and every step of a learner's environment.
_new_seat_in_view = builder(SeatInView)
_new_match_view = builder(MatchView)
_HIDDEN: tuple[tuple[None, ...], ...] = tuple((None,) * count for count in range(6))
"""`_HIDDEN[n]`: the places of n drawn cards in another seat's hand (R10: 0-5 cards)."""


def _built_seat_in_view(index: int, seat: SeatState, own: bool) -> SeatInView:
    hand = seat.hand
    drawn = len(seat.drawn)
    cards: tuple[Card | None, ...] = hand
    if drawn and not own:  # a hand is its kept dealt cards, then the drawn ones (R9-R10)
        cards = hand[: len(hand) - drawn] + _HIDDEN[drawn]
    spec = seat.spec
    return _new_seat_in_view(
        index,
        spec.kind,
        spec.name,
        spec.level,
        seat.life,
        seat.eliminated,
        seat.place,
        cards,
        seat.discarded,
        seat.exchanged,
        len(seat.discarded) if seat.exchanged else None,
        seat.placed is not None,
        seat.placed if own else None,
    )


_seat_in_view = kept_per_seat(_built_seat_in_view, SeatState)


def view(state: Match, viewer: Viewer = None, *, omniscient: bool = False) -> MatchView:
    """The match as `viewer` may see it; `omniscient` (an administrator) sees everything."""
    over = state.phase == "over"
    omniscient = omniscient or over
    return _new_match_view(
        state.match_id,
        state.version,
        viewer,
        "finished" if over else "active",
        state.phase,
        state.round,
        state.start_seat,
        state.turn_order,
        state.seat_to_exchange,
        state.awaiting_orientation,
        len(state.deck),
        state.used_pile,
        tuple(
            [
                _seat_in_view(index, seat, omniscient or index == viewer)
                for index, seat in enumerate(state.seats)
            ]
        ),
        state.showdowns,
        state.winner,
        state.deck_commitment,
        state.seeded,
        state.seed.hex() if omniscient or state.seed_revealed else None,
        state.turn_timeout_seconds,
    )


def redact(event: Event, viewer: Viewer, *, omniscient: bool = False) -> Event:
    """`event` as `viewer` may see it, hidden fields set to None (counts stay public).

    The caller says `omniscient` once the match is over (or for an administrator).
    """
    if omniscient:
        return event
    if isinstance(event, MatchCreated):
        return replace(event, seed=None)
    if isinstance(event, DeckShuffled):
        return replace(event, cards=None)
    if isinstance(event, CardsExchanged) and event.seat != viewer:
        return replace(event, drawn=(None,) * len(event.drawn))
    if isinstance(event, OrientationChosen) and event.seat != viewer:
        return replace(event, cards=None)
    return event


def legal_actions(match: MatchView) -> dict[str, dict[str, object]]:
    """What the viewer may do now: the moves and the cards they may name."""
    if match.viewer is None or match.status == "finished":
        return {}
    hand = match.hand
    if match.to_act == match.viewer:
        return {"exchange": {"cards": list(hand), "min": 0, "max": len(hand)}}
    if match.viewer in match.awaiting_orientation:
        return {"orientation": {"cards": list(hand), "count": len(hand)}}
    return {}
