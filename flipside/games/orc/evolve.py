"""The fold: `evolve(state, event) -> state`, pure, so that replaying a match's events
rebuilds it.

Each evolver returns the fields its event changes. An evolver trusts its event and checks
nothing (the decider checks commands; the audit checks records), and it reads a secret
value only to put it where it belongs, never to decide a public one: a view must not depend
on a value it may not show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any

from flipside.engine.frozen import replace

from .cards import NO_CARDS, add, counts_of, plus
from .events import (
    ActionCardsDiscarded,
    ActionPhaseStarted,
    CardDrawn,
    CardsDealt,
    ChipsPaid,
    DeckShuffled,
    Event,
    GaveUp,
    HandRefilled,
    MatchCreated,
    MatchEnded,
    OpeningRevealed,
    PlayerOut,
    PotAwarded,
    RoundEnded,
    RoundStarted,
    SealedChoiceMade,
    SeedRevealed,
    StartPlayerChosen,
    TieBreakRevealed,
    TurnPassed,
    TurnTimedOut,
)
from .state import Match, SeatState, Turn

Changes = dict[str, Any]


def initial_state() -> Match:
    return Match()


def _seats(state: Match, changes: Iterable[tuple[int, Changes]]) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    for index, change in changes:
        seats[index] = replace(seats[index], **change)
    return tuple(seats)


def _seat(state: Match, index: int, **change: Any) -> tuple[SeatState, ...]:
    return _seats(state, [(index, change)])


def _match_created(state: Match, event: MatchCreated) -> Changes:
    return {
        "match_id": event.match_id,
        "seats": tuple(SeatState(spec, event.start_chips) for spec in event.seats),
        "seed": bytes.fromhex(event.seed or ""),
        "seeded": event.seeded,
        "deck_commitment": event.deck_commitment,
        "turn_timeout_seconds": event.turn_timeout_seconds,
        "start_chips": event.start_chips,
        "rounds": event.rounds,
        "escalating_fee": event.escalating_fee,
    }


def _round_started(state: Match, event: RoundStarted) -> Changes:
    return {
        "round": event.round,
        "fee": event.fee,
        "pot": event.pot,
        "shortfall": False,
        "openings": (),
        "start_seat": None,
        "action_phase": 0,
        "discards": (),
    }


def _chips_paid(state: Match, event: ChipsPaid) -> Changes:
    return {
        "seats": _seat(state, event.seat, chips=event.chips),
        "pot": event.pot,
        "shortfall": state.shortfall or event.shortfall > 0,
    }


def _deck_shuffled(state: Match, event: DeckShuffled) -> Changes:
    cards = _shown(event.cards or ())
    if event.purpose == "round":
        return {"round_deck": cards}
    # K17: the sealed contributions are now the action deck; each owner remembers its own.
    sealed = [(seat, {"sealed": None}) for seat in state.contributors]
    return {"action_deck": cards, "seats": _seats(state, sealed), "phase": "turn", "turn": 0}


def _cards_dealt(state: Match, event: CardsDealt) -> Changes:
    hands = [(seat, {"hand": counts_of(_shown(hand))}) for seat, hand in enumerate(event.hands)]
    dealt = sum(map(len, event.hands))
    return {
        "seats": _seats(state, hands),
        "round_deck": state.round_deck[dealt:],
        "phase": "opening",
    }


def _shown(numbers: Iterable[int | None]) -> tuple[int, ...]:
    """The numbers of a record (a copy redacted for another seat has None in their place)."""
    return tuple(number for number in numbers if number is not None)


def _sealed_choice_made(state: Match, event: SealedChoiceMade) -> Changes:
    hand = state.seats[event.seat].hand
    if event.number is not None:  # always, but in a copy redacted for another seat
        hand = add(hand, event.number, -1)
    change: Changes = {"hand": hand, "sealed": event.number}
    if event.kind == "contribution":
        change["contribution"] = event.number
    return {"seats": _seats(state, [(event.seat, change)])}


def _opening_revealed(state: Match, event: OpeningRevealed) -> Changes:
    rows = [(seat, {"row": (number,), "sealed": None}) for seat, number in enumerate(event.numbers)]
    return {
        "seats": _seats(state, rows),
        "openings": event.numbers,
        "tied": event.tied,
        "tiebreak_step": 1 if event.tied else 0,
        "phase": "tiebreak" if event.tied else state.phase,
    }


def _tiebreak_revealed(state: Match, event: TieBreakRevealed) -> Changes:
    changes = []
    for seat, number, stacked in zip(event.seats, event.numbers, event.stacked, strict=True):
        held = state.seats[seat]
        if number is None:
            continue
        laid = {"stacked": (*held.stacked, number)} if stacked else {"row": (*held.row, number)}
        changes.append((seat, {**laid, "sealed": None}))
    return {
        "seats": _seats(state, changes),
        "tied": event.still_tied,
        "tiebreak_step": state.tiebreak_step + 1,
    }


def _hand_refilled(state: Match, event: HandRefilled) -> Changes:
    hand = plus(state.seats[event.seat].hand, counts_of(_shown(event.numbers)))
    return {
        "seats": _seat(state, event.seat, hand=hand),
        "round_deck": state.round_deck[len(event.numbers) :],
    }


def _start_player_chosen(state: Match, event: StartPlayerChosen) -> Changes:
    return {"start_seat": event.seat, "tied": ()}


def _action_phase_started(state: Match, event: ActionPhaseStarted) -> Changes:
    cleared = [(seat, {"contribution": None}) for seat in event.turn_order]
    return {
        "seats": _seats(state, cleared),
        "phase": "contribute",
        "action_phase": event.phase,
        "start_seat": event.start_seat,
        "turn_order": event.turn_order,
        "contributors": event.contributors,
        "turn": 0,
        "action_deck": (),
        "drawn": (),
    }


def _played(state: Match, seat: int, drew: bool) -> tuple[Turn, ...]:
    held = state.seats[seat]
    return (*held.turns, Turn(held.row, state.give_up_cost(), drew))


def _card_drawn(state: Match, event: CardDrawn) -> Changes:
    row = (*state.seats[event.seat].row, event.number)
    turns = _played(state, event.seat, True)
    return {
        "seats": _seat(state, event.seat, row=row, turns=turns),
        "action_deck": state.action_deck[1:],
        "drawn": (*state.drawn, event.number),
        "turn": state.turn + 1,
    }


def _gave_up(state: Match, event: GaveUp) -> Changes:
    turns = _played(state, event.seat, False)
    return {"seats": _seat(state, event.seat, turns=turns), "turn": state.turn + 1}


def _turn_passed(state: Match, event: TurnPassed) -> Changes:
    return {"turn": state.turn + 1}


def _player_out(state: Match, event: PlayerOut) -> Changes:
    return {"seats": _seat(state, event.seat, out=event.reason)}


def _action_cards_discarded(state: Match, event: ActionCardsDiscarded) -> Changes:
    return {"discards": state.discards + _shown(event.numbers or ()), "action_deck": ()}


def _pot_awarded(state: Match, event: PotAwarded) -> Changes:
    won = [(seat, {"chips": state.seats[seat].chips + event.amount}) for seat in event.seats]
    return {"seats": _seats(state, won), "pot": event.remainder}


def _turn_timed_out(state: Match, event: TurnTimedOut) -> Changes:
    return {}  # the default move that follows changes the state


def _cleared(seat: SeatState) -> SeatState:
    """K28: every card of the round goes back to the deck."""
    return replace(
        seat, hand=NO_CARDS, row=(), stacked=(), out=None, sealed=None, contribution=None
    )


def _round_ended(state: Match, event: RoundEnded) -> Changes:
    return {
        "seats": tuple(_cleared(seat) for seat in state.seats),
        "phase": "between",
        "pot": event.pot,
        "round_deck": (),
        "action_deck": (),
        "discards": (),
        "drawn": (),
        "turn_order": (),
        "contributors": (),
        "turn": 0,
        "tied": (),
    }


def _match_ended(state: Match, event: MatchEnded) -> Changes:
    return {
        "phase": "over",
        "winners": event.winners,
        "places": event.places,
        "first": event.first,
        "end_reason": event.reason,
    }


def _seed_revealed(state: Match, event: SeedRevealed) -> Changes:
    return {"seed_revealed": True}


_EVOLVERS: dict[type[Event], Callable[[Match, Any], Changes]] = {
    MatchCreated: _match_created,
    RoundStarted: _round_started,
    ChipsPaid: _chips_paid,
    DeckShuffled: _deck_shuffled,
    CardsDealt: _cards_dealt,
    SealedChoiceMade: _sealed_choice_made,
    OpeningRevealed: _opening_revealed,
    TieBreakRevealed: _tiebreak_revealed,
    HandRefilled: _hand_refilled,
    StartPlayerChosen: _start_player_chosen,
    ActionPhaseStarted: _action_phase_started,
    CardDrawn: _card_drawn,
    GaveUp: _gave_up,
    TurnPassed: _turn_passed,
    PlayerOut: _player_out,
    ActionCardsDiscarded: _action_cards_discarded,
    PotAwarded: _pot_awarded,
    TurnTimedOut: _turn_timed_out,
    RoundEnded: _round_ended,
    MatchEnded: _match_ended,
    SeedRevealed: _seed_revealed,
}

# The sealed choices of one wait are simultaneous (K10, K12, K17): every awaited seat's clock
# starts when the wait began, so a choice (or a timeout, which its default move follows)
# starts no new wait.
_WITHIN_A_WAIT = (SealedChoiceMade, TurnTimedOut)


def evolve(state: Match, event: Event) -> Match:
    """The state after `event`; the version counts every event applied."""
    changes = _EVOLVERS[type(event)](state, event)
    version = changes["version"] = state.version + 1
    if type(event) not in _WITHIN_A_WAIT:
        changes["turn_started"] = version
    return replace(state, **changes)


def replay(events: Iterable[Event]) -> Match:
    """Rebuild a match from its events."""
    return reduce(evolve, events, initial_state())
