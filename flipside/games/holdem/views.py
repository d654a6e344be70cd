"""What one seat, a spectator or an administrator may see: the only redaction point (H48).

A seat sees its own hole cards; everyone sees stacks, bets, pots, the board, every action
and the hands shown at the showdown. Nobody sees another seat's hole cards before they are
shown, a burn card, the deck order, the seed, or another seat's auto-bet. Once the match is
over, everything is public. Computer players get a `MatchView` too, so they cannot read what
their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat

from flipside.engine.frozen import builder, replace
from flipside.engine.game import Viewer
from flipside.engine.views import MatchHead, SeatHead

from . import rules
from .cards import Card
from .commands import SetAutoAction
from .events import (
    STREETS,
    ActionTaken,
    AutoActionCancelled,
    AutoActionSet,
    CardBurned,
    DeckShuffled,
    Event,
    HoleCardsDealt,
    HoleCardsShown,
    MatchCreated,
    Pot,
    PotAwarded,
)
from .state import Match, Pending, PreviousHand


@dataclass(frozen=True, slots=True)
class Legal:
    """One thing the viewer may do now; amounts are "to" amounts (H15 terms)."""

    kind: str
    min: int | None = None  # bet, raise, set_auto's bet_or_raise
    max: int | None = None
    to: int | None = None  # call, all_in: the seat's bet after it
    amount: int | None = None  # call, all_in: the chips it adds
    actions: tuple[str, ...] | None = None  # set_auto: the kinds that may be set now


@dataclass(frozen=True, slots=True)
class SeatInView(SeatHead):
    stack: int
    bet: int  # c[s], this round
    total: int  # put in during the hand
    in_hand: bool
    all_in: bool
    acted: int | None  # the level after its last action this round (H24)
    place: int | None
    cards: tuple[Card | None, ...]  # None where the viewer may not see the card
    shown: HoleCardsShown | None
    mucked: bool
    auto: Pending | None  # the viewer's own pending auto-bet only


@dataclass(frozen=True, slots=True)
class MatchView(MatchHead):
    hand: int
    max_hands: int
    button: int
    small_blind_seat: int
    big_blind_seat: int
    small_blind: int
    big_blind: int
    street: str | None
    board: tuple[Card, ...]
    level: int  # L, the bet to match (H17-H20)
    min_raise_to: int  # min_full(L)
    pot: int  # every chip put into the hand so far
    pots: tuple[Pot, ...]  # as of the last finished betting round (H37)
    actions: tuple[ActionTaken, ...]  # this hand's, `auto` hidden but for the viewer's own
    to_act: int | None
    asked: int | None  # the seat the showdown waits for (H33)
    showdown_order: tuple[int, ...]
    awards: tuple[PotAwarded, ...]  # this hand's so far
    seats: tuple[SeatInView, ...]
    legal: tuple[Legal, ...]  # the viewer's
    previous: PreviousHand | None
    button_draw: tuple[Card, ...]
    winner: int | None
    end_reason: str | None
    deck_commitment: str
    seeded: bool
    seed: str | None  # hex, once revealed
    turn_timeout_seconds: int | None


# Without the frozen dataclasses' own __init__ (engine/frozen.py): a view is built for every
# computer move and every step of a learner's environment. A seat's part is mostly the same
# from one view to the next (only the seat that moved changes; another seat's part is the
# same to every other viewer), so equal values share one frozen instance; `typed` keeps a
# True from standing for a 1.
_new_seat_in_view = lru_cache(maxsize=1024, typed=True)(builder(SeatInView))
_new_match_view = builder(MatchView)
_new_legal = builder(Legal)
_FOLD = Legal("fold")
_CHECK = Legal("check")
_SHOW_OR_MUCK = (Legal("show"), Legal("muck"))
_CLEAR_AUTO = Legal("clear_auto")


def _cards(state: Match, seat: int, visible: bool) -> tuple[Card | None, ...]:
    hole = state.hole[seat] if state.hole else ()
    shown = state.shown[seat] if state.shown else None
    if visible:
        return hole
    if shown is not None:
        return shown.cards
    return (None,) * len(hole)


def _seat_in_view(state: Match, seat: int, viewer: Viewer, omniscient: bool) -> SeatInView:
    spec = state.specs[seat]
    dealt = bool(state.in_hand) and state.phase != "new"
    own = seat == viewer
    return _new_seat_in_view(
        seat,
        spec.kind,
        spec.name,
        spec.level,
        state.stacks[seat],
        state.bets[seat] if dealt else 0,
        state.totals[seat] if dealt else 0,
        dealt and state.in_hand[seat],
        dealt and state.in_hand[seat] and state.stacks[seat] == 0,
        state.acted[seat] if dealt else None,
        state.places[seat],
        _cards(state, seat, omniscient or own),
        state.shown[seat] if dealt else None,
        dealt and state.mucked[seat],
        state.pending[seat] if dealt and (own or omniscient) else None,
    )


def view(state: Match, viewer: Viewer = None, *, omniscient: bool = False) -> MatchView:
    """The match as `viewer` may see it; `omniscient` (an administrator) sees everything."""
    over = state.phase == "over"
    omniscient = omniscient or over
    betting = state.phase in ("betting", "showdown")
    to_act, asked = state.to_act, state.asked  # each worked out from the seats: once
    return _new_match_view(
        state.match_id,
        state.version,
        viewer,
        "finished" if over else "active",
        state.phase,
        state.hand,
        state.config.max_hands,
        state.button,
        state.small_blind_seat,
        state.big_blind_seat,
        state.small_blind,
        state.big_blind,
        STREETS[state.street] if betting else None,
        state.board,
        state.level,
        state.min_full(state.level),
        sum(state.totals),
        state.pots,
        state.actions if omniscient else tuple(map(_action_seen, state.actions, repeat(viewer))),
        to_act,
        asked,
        state.showdown_order,
        state.awards,
        tuple(_seat_in_view(state, seat, viewer, omniscient) for seat in range(state.seat_count)),
        _legal(state, viewer, to_act, asked),
        state.previous,
        state.button_draw,
        state.winner,
        state.end_reason,
        state.deck_commitment,
        state.seeded,
        state.seed.hex() if omniscient or state.seed_revealed else None,
        state.turn_timeout_seconds,
    )


def legal(state: Match, seat: Viewer) -> tuple[Legal, ...]:
    """What `seat` may do now (H16-H25, H33, H43), with the amounts (H49)."""
    return _legal(state, seat, state.to_act, state.asked)


def _legal(state: Match, seat: Viewer, to_act: int | None, asked: int | None) -> tuple[Legal, ...]:
    if seat is None or state.phase == "over":
        return ()
    if seat == asked:
        return _SHOW_OR_MUCK
    if seat == to_act:
        return _betting_choices(state, seat)
    return _auto_choices(state, seat)


def _betting_choices(state: Match, seat: int) -> tuple[Legal, ...]:
    """On `seat`'s turn (H26): the terms of `rules.verify_act` read as conditions rather than
    tried one by one (a raised `RuleViolation` each), for the view of every step of a
    learner's environment; test_holdem_views holds them to the rules.

    Fold always (H21); check with nothing owed (H17), else call (H18); a bet when nobody
    has (H19), else a raise with chips beyond the level and raise rights (H20, H24), either
    only when someone could answer (H25); all-in as such a call, bet or raise (H23)."""
    bet, stack, level = state.bets[seat], state.stacks[seat], state.level
    top = bet + stack
    calls = bet < level
    if calls:
        added = min(level - bet, stack)
        choices = [_FOLD, _new_legal("call", None, None, bet + added, added, None)]
    else:
        choices = [_FOLD, _CHECK]
    if level == 0:
        kind, opens, (low, high) = "bet", state.answerable(seat), rules.bet_bounds(state, seat)
    else:
        kind, (low, high) = "raise", rules.raise_bounds(state, seat)
        opens = top > level and state.has_raise_rights(seat) and state.answerable(seat)
    if opens:
        choices.append(_new_legal(kind, low, high, None, None, None))
    if opens or (calls and top <= level):
        choices.append(_new_legal("all_in", None, None, top, stack, None))
    return tuple(choices)


def _auto_choices(state: Match, seat: int) -> tuple[Legal, ...]:
    """Off its turn (H43): `rules.verify_set_auto`'s terms shared by every kind tried once
    (an auto-fold has none of its own), then each kind's own read as conditions (a check
    with nothing owed, a bet or raise above the level); test_holdem_views holds them to
    the rules."""
    if not rules.can_set_auto(state, SetAutoAction(seat, "fold", None)):
        return ()
    level, bet = state.level, state.bets[seat]
    top = bet + state.stacks[seat]
    barred = {"check": bet < level, "bet_or_raise": top <= level}
    kinds = tuple(kind for kind in rules.AUTO_KINDS if not barred.get(kind))
    setting = _new_legal("set_auto", level + 1, top, None, None, kinds)
    if state.pending[seat] is None:
        return (setting,)
    return (setting, _CLEAR_AUTO)


def redact(event: Event, viewer: Viewer, *, omniscient: bool = False) -> Event:
    """`event` as `viewer` may see it, hidden fields None (H48); the caller says
    `omniscient` once the match is over (or for an administrator)."""
    if omniscient:
        return event
    if isinstance(event, MatchCreated):
        return replace(event, seed=None)
    if isinstance(event, DeckShuffled):
        return replace(event, order=None)
    if isinstance(event, CardBurned):
        return replace(event, card=None)
    if isinstance(event, HoleCardsDealt) and event.seat != viewer:
        return replace(event, cards=None)
    if isinstance(event, ActionTaken):
        return _action_seen(event, viewer)
    if isinstance(event, AutoActionSet) and event.seat != viewer:
        return replace(event, seat=None, kind=None, to=None)
    if isinstance(event, AutoActionCancelled) and event.seat != viewer:
        return replace(event, seat=None, reason=None)
    return event


@lru_cache(maxsize=8192)
def _action_seen(action: ActionTaken, viewer: Viewer) -> ActionTaken:
    """`action` without whether an auto-bet took it, but for its own seat (H48). Every view
    redacts the hand's actions so far again, a `dataclasses.replace` each (a fifth of a
    view): each is redacted once per viewer (events are frozen, so equal actions redact
    alike)."""
    if action.seat == viewer or action.auto is None:
        return action
    return replace(action, auto=None)
