"""The decider: `decide(state, command) -> events` and `evolve(state, event) -> state`.

`decide` checks a command against the rules (docs/rules/flipside.md) and returns the events
it causes, consequences included: a deal, a reshuffle, a showdown with its life changes and
eliminations, the next round, the end. It never mutates and raises `RuleViolation` (with a
stable ``code``) for an illegal command. `evolve` applies one event and is pure, so
`replay(events)` rebuilds any match; inside a decision, `apply` folds each event into one
mutable draft of the state, frozen once the decision is made (draft.py). Chance enters only
through `DeckShuffled`, whose order `shuffle.shuffle` derives from the match's seed, so
replaying needs no random numbers.

Every move has a ``verify_*`` (raises with the reason), a ``can_*`` (bool) and the move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any, Literal

from flipside.engine.decision import Decision, run_move
from flipside.engine.errors import RuleViolation
from flipside.engine.frozen import builder
from flipside.engine.verify import allowed, verify_new_match, verify_timed_out

from .cards import DECK, IDENTITY, Card, CardError, parse_oriented
from .commands import ChooseOrientation, Command, CreateMatch, Exchange, TimeOut
from .draft import MatchDraft, MatchOrDraft, SeatDraft, thaw
from .events import (
    LEVELS,
    RULES_VERSION,
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    Event,
    LifeChanged,
    MatchCreated,
    MatchEnded,
    OrientationChosen,
    RoundEnded,
    RoundStarted,
    SeatEliminated,
    SeedRevealed,
    ShowdownRevealed,
    Side,
    TurnTimedOut,
)
from .hands import SIDE_KEY, VALUE_BY_KEY, is_full_house_or_better
from .shuffle import choose, commitment, shuffle
from .state import START_LIFE, Match, SeatState

SEATS = range(3, 6)  # R4
HAND_SIZE = 5

# A round's events are made at every move, and again for every move an audit replays:
# built without the frozen dataclasses' own __init__ (engine/frozen.py), at a third of its cost.
_new_round_started = builder(RoundStarted)
_new_cards_dealt = builder(CardsDealt)
_new_cards_exchanged = builder(CardsExchanged)
_new_orientation_chosen = builder(OrientationChosen)
_new_showdown_revealed = builder(ShowdownRevealed)
_new_life_changed = builder(LifeChanged)
_new_seat_eliminated = builder(SeatEliminated)
_new_round_ended = builder(RoundEnded)
_new_deck_shuffled = builder(DeckShuffled)


def initial_state() -> Match:
    return Match()


# --- verify / can -------------------------------------------------------------------------


def verify_create(state: MatchOrDraft, command: CreateMatch) -> None:
    seats, seed, timeout = command.seats, command.seed, command.turn_timeout_seconds
    verify_new_match(state.version, seats, SEATS, LEVELS, seed, timeout)  # R4


def _verify_seat(state: MatchOrDraft, seat: int, phase: str) -> SeatState | SeatDraft:
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    if type(seat) is not int or not 0 <= seat < len(state.seats):  # bool is not a seat
        raise RuleViolation("unknown_seat", f"there is no seat {seat!r}")
    if state.seats[seat].eliminated:
        raise RuleViolation("seat_eliminated", f"seat {seat} has been eliminated")
    if state.phase != phase:
        raise RuleViolation("wrong_phase", f"this is not the {phase} phase (it is {state.phase})")
    return state.seats[seat]


def verify_exchange(state: MatchOrDraft, seat: int, discard: tuple[Card, ...]) -> None:
    """R10: the seat to act discards 0-5 distinct cards of its own hand."""
    holder = _verify_seat(state, seat, "exchange")
    if seat != state.seat_to_exchange:
        raise RuleViolation("not_your_turn", f"it is seat {state.seat_to_exchange}'s turn")
    if len(discard) > HAND_SIZE:
        raise RuleViolation("invalid_cards", f"at most {HAND_SIZE} cards can be discarded")
    if not all(isinstance(card, str) for card in discard):
        raise RuleViolation("invalid_cards", "cards are two-character strings (R3)")
    if len(set(discard)) != len(discard):
        raise RuleViolation("invalid_cards", "a card is named twice")
    missing = [card for card in discard if card not in holder.hand]
    if missing:
        raise RuleViolation("invalid_cards", f"not in your hand: {', '.join(map(str, missing))}")


def can_exchange(state: MatchOrDraft, seat: int, discard: tuple[Card, ...]) -> bool:
    return allowed(verify_exchange, state, seat, discard)


def verify_orientation(state: MatchOrDraft, seat: int, cards: tuple[str, ...]) -> None:
    """R11: each of the seat's five cards exactly once, up rank first; once per round."""
    holder = _verify_seat(state, seat, "orientation")
    if holder.placed is not None:
        raise RuleViolation("already_chosen", "this seat has already placed its cards")
    if len(cards) != HAND_SIZE:
        raise RuleViolation("invalid_cards", f"place exactly your {HAND_SIZE} cards")
    try:
        identities = set(map(IDENTITY.__getitem__, cards))
    except (KeyError, TypeError):  # not a card in upper-case notation: say what is wrong
        raise _misnamed(cards) from None
    if identities != set(holder.hand):  # five cards, five distinct identities: each once
        raise RuleViolation("invalid_cards", "place exactly the five cards in your hand")


def _misnamed(cards: tuple[object, ...]) -> RuleViolation:
    """Why `cards`, not all oriented cards in upper-case notation, are refused (R3)."""
    try:
        for card in cards:
            parse_oriented(card)
    except CardError as error:
        return RuleViolation("invalid_cards", str(error))
    return RuleViolation("invalid_cards", "cards are written in upper case (R3)")


def can_choose_orientation(state: MatchOrDraft, seat: int, cards: tuple[str, ...]) -> bool:
    return allowed(verify_orientation, state, seat, cards)


def verify_timeout(state: MatchOrDraft, seat: int, waited_seconds: int) -> None:
    """A seat may be timed out only while the match waits for it, past the match's limit."""
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    verify_timed_out(seat, state.awaiting, state.turn_timeout_seconds, waited_seconds)


def can_time_out(state: MatchOrDraft, seat: int, waited_seconds: int) -> bool:
    return allowed(verify_timeout, state, seat, waited_seconds)


# --- decide --------------------------------------------------------------------------------


# A decision's state is a draft that each event emitted changes in place (draft.py): what an
# event says of the state before it is read before it is emitted.
_Decision = Decision[MatchDraft, Event]


def decide(state: Match, command: Command) -> list[Event]:
    """The events `command` causes in `state`; raises `RuleViolation` if it is illegal."""
    return execute(state, command)[0]


def execute(state: Match, command: Command) -> tuple[list[Event], Match]:
    """`decide`, also returning the state after the events (saves folding them again)."""
    events, draft = run_move(thaw(state), command, apply, _MOVES)
    return events, draft.freeze()


def _create(decision: _Decision, command: CreateMatch) -> None:
    verify_create(decision.state, command)
    decision.emit(
        MatchCreated(
            match_id=command.match_id,
            seats=tuple(command.seats),
            rules_version=RULES_VERSION,
            deck_commitment=commitment(command.seed),
            seeded=command.seeded,
            seed=command.seed.hex(),
            start_life=START_LIFE,
            turn_timeout_seconds=command.turn_timeout_seconds,
        )
    )
    decision.emit(_new_deck_shuffled(0, "initial", len(DECK), shuffle(command.seed, 0, DECK)))
    _start_round(decision)


def _exchange(decision: _Decision, command: Exchange) -> None:
    state = decision.state
    verify_exchange(state, command.seat, command.discard)
    drawn = _draw(decision, len(command.discard))
    decision.emit(_new_cards_exchanged(state.round, command.seat, tuple(command.discard), drawn))


def _choose_orientation(decision: _Decision, command: ChooseOrientation) -> None:
    state = decision.state
    verify_orientation(state, command.seat, command.cards)
    decision.emit(_new_orientation_chosen(state.round, command.seat, tuple(command.cards)))
    if not decision.state.awaiting_orientation:
        _showdown(decision)


def _time_out(decision: _Decision, command: TimeOut) -> None:
    state = decision.state
    verify_timeout(state, command.seat, command.waited_seconds)
    phase: Literal["exchange", "orientation"] = (
        "exchange" if state.phase == "exchange" else "orientation"
    )
    decision.emit(TurnTimedOut(state.round, command.seat, phase, command.waited_seconds))
    if phase == "exchange":
        decision.emit(_new_cards_exchanged(state.round, command.seat, (), ()))
        return
    decision.emit(
        _new_orientation_chosen(state.round, command.seat, state.seats[command.seat].hand)
    )
    if not decision.state.awaiting_orientation:
        _showdown(decision)


_MOVES: dict[type, Callable[[_Decision, Any], None]] = {
    Exchange: _exchange,
    ChooseOrientation: _choose_orientation,
    CreateMatch: _create,
    TimeOut: _time_out,
}


def _next_active(state: MatchOrDraft, after: int) -> int:
    """R7: the next non-eliminated seat clockwise, strictly after `after`."""
    count = len(state.seats)
    for step in range(1, count + 1):
        seat = (after + step) % count
        if state.seats[seat].active:
            return seat
    raise AssertionError("a running match always has an active seat")


def _start_round(decision: _Decision) -> None:
    state = decision.state
    active = state.active_seats
    if state.round == 0:
        start = choose(state.seed, "start-seat", active)  # R7: round 1 is drawn
    else:
        start = _next_active(state, state.start_seat if state.start_seat is not None else -1)
    at = active.index(start)
    order = active[at:] + active[:at]  # R8
    number = state.round + 1
    decision.emit(_new_round_started(number, start, order))
    cards = _draw(decision, HAND_SIZE * len(order))
    hands: list[tuple[Card, ...]] = [()] * len(state.seats)
    for position, seat in enumerate(order):  # R9: one card at a time in turn order
        hands[seat] = cards[position :: len(order)]
    decision.emit(_new_cards_dealt(number, tuple(hands)))


def _draw(decision: _Decision, count: int) -> tuple[Card, ...]:
    """The top `count` cards, reshuffling the used pile under the deck first if short (R14)."""
    state = decision.state
    if len(state.deck) < count:
        order = shuffle(state.seed, state.shuffles, state.used_pile)
        decision.emit(_new_deck_shuffled(state.shuffles, "used_pile", len(order), order))
        state = decision.state
    if len(state.deck) < count:
        raise AssertionError("R14: deck and used pile always hold enough cards")
    return state.deck[:count]


def _side_values(state: MatchOrDraft, side: Side, seats: Iterable[int]) -> list[int | None]:
    """Hand values of `side` for `seats` (R12-R13); None for seats not in the showdown."""
    key_of = SIDE_KEY[side].__getitem__
    values: list[int | None] = [None] * len(state.seats)
    for seat in seats:
        placed = state.seats[seat].placed
        assert placed is not None
        values[seat] = VALUE_BY_KEY[sum(map(key_of, placed))]
    return values


def _reveal(decision: _Decision, side: Side) -> tuple[int, ...]:
    """Reveal one side among the seats still in and return their ranking (R15)."""
    state = decision.state
    seats = [seat for seat in state.turn_order if state.seats[seat].active]
    values = _side_values(state, side, seats)
    # Equal values: the seat earlier in turn order is stronger (R15). `seats` is in turn order
    # and sorted() is stable, so sorting by value alone keeps that tie-break.
    ranking = tuple(sorted(seats, key=lambda seat: -values[seat]))  # type: ignore[operator]
    placed = tuple(state.seats[i].placed if i in seats else None for i in range(len(values)))
    decision.emit(_new_showdown_revealed(state.round, side, placed, tuple(values), ranking))
    return ranking


def _change_life(decision: _Decision, seat: int, side: Side, nominal: int, reason: str) -> None:
    state = decision.state
    before = state.seats[seat].life
    life = max(0, before + nominal)  # R5: recorded as 0
    decision.emit(_new_life_changed(state.round, seat, side, life - before, reason, life, nominal))
    if life == 0:
        place = len(state.active_seats)
        decision.emit(_new_seat_eliminated(state.round, seat, side, place))


def _showdown(decision: _Decision) -> None:
    """R12-R13: the up side, eliminations, then the down side if more than one seat is left."""
    up = _reveal(decision, "up")
    values = decision.state.showdowns[-1].values
    strongest_value = values[up[0]]
    assert strongest_value is not None
    if is_full_house_or_better(strongest_value):
        _change_life(decision, up[0], "up", +2, "strongest_up_full_house")
    else:
        _change_life(decision, up[0], "up", +1, "strongest_up")
    _change_life(decision, up[-1], "up", -1, "weakest_up")
    if len(decision.state.active_seats) > 1:
        down = _reveal(decision, "down")
        _change_life(decision, down[-1], "down", -2, "weakest_down")
    _end_round(decision)


def _end_round(decision: _Decision) -> None:
    state = decision.state
    decision.emit(_new_round_ended(state.round, tuple(seat.life for seat in state.seats)))
    active = state.active_seats
    if len(active) > 1:
        _start_round(decision)
        return
    winner = active[0]  # R6 (R17: there is always exactly one)
    places = tuple(1 if i == winner else seat.place or 0 for i, seat in enumerate(state.seats))
    decision.emit(MatchEnded(state.round, winner, places))
    decision.emit(SeedRevealed(state.seed.hex()))


# --- evolve --------------------------------------------------------------------------------
# Each event is folded into a `MatchDraft` in place; `execute` freezes the draft once per
# decision (draft.py): a frozen state per event was the main cost of playing a match.


def _match_created(draft: MatchDraft, event: MatchCreated) -> None:
    draft.match_id = event.match_id
    draft.seats = tuple(SeatState(spec, life=event.start_life) for spec in event.seats)
    draft.seed = bytes.fromhex(event.seed or "")
    draft.seeded = event.seeded
    draft.deck_commitment = event.deck_commitment
    draft.turn_timeout_seconds = event.turn_timeout_seconds


def _deck_shuffled(draft: MatchDraft, event: DeckShuffled) -> None:
    draft.deck += event.cards or ()
    if event.reason == "used_pile":
        draft.used_pile = ()
    draft.shuffles += 1


def _round_started(draft: MatchDraft, event: RoundStarted) -> None:
    draft.round = event.round
    draft.start_seat = event.start_seat
    draft.turn_order = event.turn_order
    draft.turn = 0


def _cards_dealt(draft: MatchDraft, event: CardsDealt) -> None:
    for index, hand in enumerate(event.hands):
        if hand:
            seat = draft.seat(index)
            seat.dealt = seat.hand = hand
    draft.deck = draft.deck[sum(map(len, event.hands)) :]
    draft.phase = "exchange"


def _cards_exchanged(draft: MatchDraft, event: CardsExchanged) -> None:
    seat = draft.seat(event.seat)
    discarded = event.discarded
    drawn = tuple(filter(None, event.drawn))  # a redacted event's drawn cards are None
    if discarded:
        seat.hand = tuple(card for card in seat.hand if card not in discarded) + drawn
    seat.discarded = discarded
    seat.drawn = drawn
    seat.exchanged = True
    draft.deck = draft.deck[len(drawn) :]
    draft.turn += 1
    draft.phase = "orientation" if draft.turn == len(draft.turn_order) else "exchange"


def _orientation_chosen(draft: MatchDraft, event: OrientationChosen) -> None:
    draft.seat(event.seat).placed = event.cards


def _turn_timed_out(draft: MatchDraft, event: TurnTimedOut) -> None:
    pass  # the default move that follows changes the state


def _showdown_revealed(draft: MatchDraft, event: ShowdownRevealed) -> None:
    showdowns = draft.showdowns
    same_round = showdowns and showdowns[0].round == event.round
    draft.showdowns = (showdowns if same_round else ()) + (event,)


def _life_changed(draft: MatchDraft, event: LifeChanged) -> None:
    draft.seat(event.seat).life = event.life


def _seat_eliminated(draft: MatchDraft, event: SeatEliminated) -> None:
    seat = draft.seat(event.seat)
    seat.eliminated = True
    seat.place = event.place


def _round_ended(draft: MatchDraft, event: RoundEnded) -> None:
    used = [card for seat in draft.seats for card in seat.hand + seat.discarded]
    draft.used_pile += tuple(used)
    draft.seats = tuple(  # R14: the round's cards went to the used pile
        SeatDraft(seat.spec, seat.life, seat.eliminated, seat.place, (), (), (), (), False, None)
        for seat in draft.seats
    )


def _match_ended(draft: MatchDraft, event: MatchEnded) -> None:
    draft.seat(event.winner).place = 1
    draft.winner = event.winner
    draft.phase = "over"


def _seed_revealed(draft: MatchDraft, event: SeedRevealed) -> None:
    draft.seed_revealed = True


_APPLIERS: dict[type[Event], Callable[[MatchDraft, Event], None]] = {
    MatchCreated: _match_created,  # type: ignore[dict-item]
    DeckShuffled: _deck_shuffled,  # type: ignore[dict-item]
    RoundStarted: _round_started,  # type: ignore[dict-item]
    CardsDealt: _cards_dealt,  # type: ignore[dict-item]
    CardsExchanged: _cards_exchanged,  # type: ignore[dict-item]
    OrientationChosen: _orientation_chosen,  # type: ignore[dict-item]
    TurnTimedOut: _turn_timed_out,  # type: ignore[dict-item]
    ShowdownRevealed: _showdown_revealed,  # type: ignore[dict-item]
    LifeChanged: _life_changed,  # type: ignore[dict-item]
    SeatEliminated: _seat_eliminated,  # type: ignore[dict-item]
    RoundEnded: _round_ended,  # type: ignore[dict-item]
    MatchEnded: _match_ended,  # type: ignore[dict-item]
    SeedRevealed: _seed_revealed,  # type: ignore[dict-item]
}


# R11's placements are simultaneous: every seat's clock starts when the exchange lap ends, so
# a placement (or a timeout, which its default move follows) starts no new wait.
_WITHIN_A_TURN = (OrientationChosen, TurnTimedOut)


def apply(draft: MatchDraft, event: Event) -> MatchDraft:
    """`draft` with `event` folded in, in place; the version counts every event applied."""
    _APPLIERS[type(event)](draft, event)
    version = draft.version = draft.version + 1
    if type(event) not in _WITHIN_A_TURN:
        draft.turn_started = version
    return draft


def evolve(state: Match, event: Event) -> Match:
    """The state after `event`; `state` is left as it is."""
    return apply(thaw(state), event).freeze()


def replay(events: Iterable[Event]) -> Match:
    """Rebuild a match from its events."""
    return reduce(apply, events, thaw(initial_state())).freeze()


def command_behind(event: Event) -> Command | None:
    """The command whose decision began with `event`, for audits; None for consequences."""
    if isinstance(event, MatchCreated):
        seed = bytes.fromhex(event.seed or "")
        return CreateMatch(
            event.match_id, event.seats, seed, event.seeded, event.turn_timeout_seconds
        )
    if isinstance(event, CardsExchanged):
        return Exchange(event.seat, event.discarded)
    if isinstance(event, OrientationChosen):
        return ChooseOrientation(event.seat, event.cards or ())
    if isinstance(event, TurnTimedOut):
        return TimeOut(event.seat, event.waited_seconds)
    return None
