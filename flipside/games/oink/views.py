"""What one seat, a spectator or an administrator may see: the only redaction point.

Everyone sees both dice and the joker number, the deck count, this deal's discards (older
ones as a count), every public move, every shown hand with its evaluation and both captured
piles (O39). A seat sees its own hand; of the opponent's it sees only the cards that were
shown and are still there (O40); the opponent's hand is ``None`` while none is. Nobody sees
the deck order, a drawn card of the other seat or the seed before the end (O41); once the
match is over, everything is public (O42).

Computer players get a `MatchView` too, so they cannot read what their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flipside.engine.frozen import builder, replace
from flipside.engine.game import Viewer
from flipside.engine.views import MatchHead, SeatHead

from .cards import HAND_SIZE, Card
from .events import CardsChanged, CardsDealt, DeckShuffled, Event, MatchCreated
from .hands import evaluate
from .rules import PREPS
from .state import DealRecord, Match, Move, SeatState


@dataclass(frozen=True, slots=True)
class HandInView:
    """A whole hand's evaluation at the current joker number (O24-O28)."""

    category: str
    role_cards: tuple[Card, ...]
    strength: tuple[int, ...]
    jokers: int


@dataclass(frozen=True, slots=True)
class SeatInView(SeatHead):
    die: int | None
    score: int
    captured: tuple[Card, ...]
    hand: tuple[Card | None, ...] | None  # None where the viewer knows no card of it
    hand_size: int
    shown: tuple[Card, ...]  # its cards shown at a showdown or oink, still in it (O40)
    evaluation: HandInView | None  # when the viewer sees the whole hand


@dataclass(frozen=True, slots=True)
class MatchView(MatchHead):
    deal: int
    turn: int
    start_seat: int | None
    to_act: int | None
    knocker: int | None
    joker: int | None
    deck_count: int
    discards: tuple[Card, ...]  # this deal's (O39)
    discard_count: int  # the whole pile
    target: int
    seats: tuple[SeatInView, ...]
    moves: tuple[Move, ...]  # this deal's
    history: tuple[DealRecord, ...]  # the finished deals, the latest last
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
        return tuple(card for card in self.seats[self.viewer].hand or () if card is not None)


@lru_cache(maxsize=4096)
def _hand_in_view(hand: tuple[Card, ...], joker: int | None) -> HandInView | None:
    """A whole hand's evaluation (O24-O29). Every view shows the viewer's, which changes only
    when its cards or the joker do: each is evaluated once."""
    if len(hand) != HAND_SIZE or joker is None:
        return None
    found = evaluate(hand, joker)
    return HandInView(found.category, found.role_cards, found.strength, found.jokers)


# Without the frozen dataclasses' own __init__ (engine/frozen.py): a view is built for every
# computer move and every step of a learner's environment.
_new_seat_in_view = builder(SeatInView)
_new_match_view = builder(MatchView)


def _seat_in_view(index: int, seat: SeatState, sees_all: bool, joker: int | None) -> SeatInView:
    """A seat as the viewer sees it. What the viewer may not see is told from public facts
    alone (the shown cards, the hand's size), never from the hidden cards themselves."""
    hand: tuple[Card | None, ...] | None = seat.hand if sees_all else None
    if not sees_all and seat.shown:
        hand = seat.shown + (None,) * (seat.held - len(seat.shown))
    whole = sees_all or len(seat.shown) == seat.held
    return _new_seat_in_view(
        index,
        seat.spec.kind,
        seat.spec.name,
        seat.spec.level,
        seat.die,
        seat.score,
        seat.captured,
        hand,
        seat.held,
        seat.shown,
        _hand_in_view(seat.hand if sees_all else seat.shown, joker) if whole else None,
    )


def view(state: Match, viewer: Viewer = None, *, omniscient: bool = False) -> MatchView:
    """The match as `viewer` may see it; `omniscient` (an administrator) sees everything."""
    over = state.phase == "over"
    omniscient = omniscient or over
    joker = state.joker
    return _new_match_view(
        state.match_id,
        state.version,
        viewer,
        "finished" if over else "active",
        state.phase,
        state.deal,
        state.turn,
        state.start_seat,
        state.to_act,
        state.knocker,
        joker,
        len(state.deck),
        state.table_discards,
        len(state.discards),
        state.target,
        tuple(
            _seat_in_view(index, seat, omniscient or index == viewer, joker)
            for index, seat in enumerate(state.seats)
        ),
        state.moves,
        state.history,
        state.winner,
        state.deck_commitment,
        state.seeded,
        state.seed.hex() if omniscient or state.seed_revealed else None,
        state.turn_timeout_seconds,
    )


def redact(event: Event, viewer: Viewer, *, omniscient: bool = False) -> Event:
    """`event` as `viewer` may see it, hidden fields set to None (counts stay public)."""
    if omniscient:
        return event
    if isinstance(event, MatchCreated):
        return replace(event, seed=None)
    if isinstance(event, DeckShuffled):
        return replace(event, cards=None)
    if isinstance(event, CardsDealt):
        cards = tuple(
            dealt if seat == viewer else (None,) * len(dealt)
            for seat, dealt in enumerate(event.cards)
        )
        return replace(event, cards=cards)
    if isinstance(event, CardsChanged) and event.seat != viewer:
        return replace(event, drawn=(None,) * len(event.drawn))
    return event


def legal_actions(match: MatchView) -> list[dict[str, Any]]:
    """What the viewer may do now (O43), with the cards a change may name."""
    if match.viewer is None or match.status == "finished" or match.to_act != match.viewer:
        return []
    hand = list(match.hand)
    change = {"cards": hand, "min": 1, "max": min(HAND_SIZE, match.deck_count)}
    if match.phase == "action":
        return ([{"kind": "change", **change}] if match.deck_count else []) + [{"kind": "roll"}]
    if match.phase == "call":
        return [{"kind": "knock"}, {"kind": "pass"}]
    if match.phase == "answer":
        preps = [prep for prep in PREPS if prep != "change" or match.deck_count]
        accept = {"kind": "accept", "prep": preps} | (change if match.deck_count else {})
        return [{"kind": "oink"}, accept]
    return []
