"""What one seat, a spectator or an administrator may see: the only redaction point (J42).

Everyone sees the coins, the Juggernaut, the turn order, every seat's card count, every
augmentation, exchange, reveal and answer as a fact, and each set's results. A seat sees its
own cards and discards, and, as the Juggernaut, the hands shown to it (J29); a revealed
citizen knows its own hand. Nobody sees another seat's cards before the hands are shown
(J31), the deck's order or the seed; once the match is over, everything is public.

Computer players get a `MatchView` too, so they cannot read what their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flipside.engine.frozen import builder, replace
from flipside.engine.game import Viewer
from flipside.engine.views import MatchHead, SeatHead

from .cards import Card
from .evaluator import CATEGORIES, strength
from .events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    DiscardsReshuffled,
    Event,
    HandAugmented,
    HandRevealed,
    MatchCreated,
)
from .params import Params
from .state import Match, Results, SeatState


@dataclass(frozen=True, slots=True)
class SeatInView(SeatHead):
    silver: int
    gold: int
    gold_ready: bool  # silver >= G: it could buy gold now (J35, J43)
    card_count: int
    cards: tuple[Card, ...] | None  # None where the viewer may not see them
    category: str | None  # of `cards`, when seen (J11)
    augmented: int | None  # k chosen this set (J20)
    exchanges: int  # made this set
    done: bool  # its exchange turn of this set is over
    named: str | None  # as a reveal's target this set: allowed or refused (J27-J29)
    discards: tuple[Card, ...] | None  # this set's: its owner's only (J26)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A citizen's hand as shown to the Juggernaut (J29)."""

    seat: int
    cards: tuple[Card, ...]
    category: str


@dataclass(frozen=True, slots=True)
class MatchView(MatchHead):
    set_no: int
    params: Params
    juggernaut: int | None
    turn_order: tuple[int, ...]
    to_act: int | None  # the seat to augment or exchange
    target: int | None  # the citizen whose answer to a reveal is awaited
    awaiting: tuple[int, ...]
    deck_count: int
    pile_count: int
    seats: tuple[SeatInView, ...]
    snapshots: tuple[Snapshot, ...]  # shown to the viewer as Juggernaut this set
    results: Results | None
    winner: int | None
    places: tuple[int, ...] | None
    deck_commitment: str
    seeded: bool
    seed: str | None  # hex, once revealed
    turn_timeout_seconds: int | None

    @property
    def me(self) -> SeatInView:
        assert self.viewer is not None
        return self.seats[self.viewer]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own cards (empty for a spectator)."""
        return self.me.cards or () if self.viewer is not None else ()


@lru_cache(maxsize=4096)
def _category(cards: tuple[Card, ...]) -> str:
    """The category (J11) of the best five of `cards`. A hand changes only when its seat
    augments or exchanges, but every view shows its category: each hand is evaluated once."""
    return CATEGORIES[strength(cards)]


# Without the frozen dataclasses' own __init__ (engine/frozen.py): a view is built for every
# computer move and every step of a learner's environment.
_new_seat_in_view = builder(SeatInView)
_new_match_view = builder(MatchView)


def _seat_in_view(index: int, seat: SeatState, seen: bool, gold_price: int) -> SeatInView:
    cards = seat.hand if seen else None
    return _new_seat_in_view(
        index,
        seat.spec.kind,
        seat.spec.name,
        seat.spec.level,
        seat.silver,
        seat.gold,
        seat.silver >= gold_price,
        len(seat.hand),
        cards,
        _category(cards) if cards else None,
        seat.augmented,
        seat.exchanges,
        seat.done,
        seat.named,
        seat.discards if seen else None,
    )


def view(state: Match, viewer: Viewer = None, *, omniscient: bool = False) -> MatchView:
    """The match as `viewer` may see it; `omniscient` (an administrator) sees everything."""
    over = state.phase == "over"
    omniscient = omniscient or over
    price = state.params.gold_exchange_silver
    seats = tuple(
        _seat_in_view(index, seat, omniscient or index == viewer, price)
        for index, seat in enumerate(state.seats)
    )
    spying = omniscient or (viewer is not None and viewer == state.juggernaut)
    snapshots = tuple(
        Snapshot(seat, cards, _category(cards)) for seat, cards in state.snapshots if spying
    )
    return _new_match_view(
        state.match_id,
        state.version,
        viewer,
        "finished" if over else "active",
        state.phase,
        state.set_no,
        state.params,
        state.juggernaut,
        state.turn_order,
        state.to_act,
        state.target if state.phase == "reveal" else None,
        state.awaiting,
        len(state.deck),
        len(state.pile),
        seats,
        snapshots,
        state.results,
        state.winner,
        state.places or None,
        state.deck_commitment,
        state.seeded,
        state.seed.hex() if omniscient or state.seed_revealed else None,
        state.turn_timeout_seconds,
    )


def _hidden(cards: tuple[Card | None, ...]) -> tuple[None, ...]:
    return (None,) * len(cards)


def redact(event: Event, viewer: Viewer, *, omniscient: bool = False) -> Event:
    """`event` as `viewer` may see it: hidden cards set to None, their count kept (J42).

    The caller says `omniscient` once the match is over (or for an administrator).
    """
    if omniscient:
        return event
    if isinstance(event, MatchCreated):
        return replace(event, seed=None)
    if isinstance(event, DeckShuffled | DiscardsReshuffled):
        return replace(event, cards=None)
    if isinstance(event, CardsDealt):
        hands = tuple(
            hand if seat == viewer else _hidden(hand) for seat, hand in enumerate(event.hands)
        )
        return replace(event, hands=hands)
    if isinstance(event, HandAugmented) and event.seat != viewer:
        return replace(event, drawn=_hidden(event.drawn))
    if isinstance(event, CardsExchanged) and event.seat != viewer:
        return replace(
            event,
            selected=_hidden(event.selected),
            discarded=_hidden(event.discarded),
            drawn=_hidden(event.drawn),
            hand=_hidden(event.hand),
        )
    if isinstance(event, HandRevealed) and viewer not in (event.juggernaut, event.target):
        return replace(event, cards=None)
    return event
