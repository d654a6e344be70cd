"""The decider: `execute(state, command) -> (events, state)`, and what each move may do.

`execute` checks a command against docs/rules/juggernaut.md and returns the events it causes,
consequences included (draws, reshuffles, a set's results, the next set, the end). It never
mutates and raises `RuleViolation` with a stable ``code`` for an illegal command, which then
changes nothing. Chance enters only through `DeckShuffled`, `DiscardsReshuffled` and set 1's
first seat, all drawn from the match's seed (`dealing`).

Every move has a ``verify_*`` (raises with the reason), a ``can_*`` (bool) and the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from flipside.engine.chance import commitment
from flipside.engine.decision import run_move
from flipside.engine.errors import RuleViolation
from flipside.engine.verify import allowed, verify_new_match, verify_timed_out

from .cards import Card, sorted_cards, without
from .commands import (
    AnswerReveal,
    Augment,
    Command,
    CreateMatch,
    Done,
    Exchange,
    ExchangeGold,
    Reveal,
    TimeOut,
)
from .dealing import draw, start_set
from .decision import Decision
from .events import (
    RULES_VERSION,
    CardsExchanged,
    Event,
    ExchangeTurnEnded,
    GoldExchanged,
    GoldExchangeDeclined,
    HandAugmented,
    HandRevealed,
    MatchCreated,
    RevealRefused,
    RevealRequested,
    TurnTimedOut,
)
from .evolve import evolve
from .prices import MAX_AUGMENT, METHODS, augment_cost, exchange_cost, picks, replaced
from .results import exchange_gold, finish_set, show_and_rank
from .state import REFUSAL_COST, REVEAL_COST, SEATS, Match, SeatState

LEVELS = ("easy", "normal", "hard")  # computer players, weakest first (J41)


# --- verify / can -------------------------------------------------------------------------


def verify_create(state: Match, command: CreateMatch) -> None:
    seats, seed, timeout = command.seats, command.seed, command.turn_timeout_seconds
    verify_new_match(state.version, seats, range(SEATS, SEATS + 1), LEVELS, seed, timeout)  # J1


def _verify_seat(state: Match, seat: int, *phases: str) -> SeatState:
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    if type(seat) is not int or not 0 <= seat < len(state.seats):  # bool is not a seat
        raise RuleViolation("unknown_seat", f"there is no seat {seat!r}")
    if state.phase not in phases:
        raise RuleViolation("wrong_phase", f"this is the {state.phase} phase")
    return state.seats[seat]


def _verify_turn(state: Match, seat: int, phase: str) -> SeatState:
    if state.phase == "reveal" and phase == "exchange" and seat == state.juggernaut:
        raise RuleViolation("reveal_pending", f"seat {state.target} has not answered the reveal")
    holder = _verify_seat(state, seat, phase)
    if seat != state.to_act:
        raise RuleViolation("not_your_turn", f"it is seat {state.to_act}'s turn")
    return holder


def _verify_pays(holder: SeatState, cost: int) -> None:
    if cost > holder.silver:  # J3
        raise RuleViolation("insufficient_silver", f"this costs {cost}; you have {holder.silver}")


def verify_augment(state: Match, seat: int, count: int) -> None:
    """J20: the seat to act adds 0-5 cards, once, paying 2^(k-1)."""
    holder = _verify_turn(state, seat, "augment")
    if type(count) is not int or not 0 <= count <= MAX_AUGMENT:
        raise RuleViolation("invalid_count", f"count is 0 to {MAX_AUGMENT}")
    _verify_pays(holder, augment_cost(count))


def can_augment(state: Match, seat: int, count: int) -> bool:
    return allowed(verify_augment, state, seat, count)


def verify_exchange(state: Match, seat: int, method: str, cards: tuple[Card, ...]) -> None:
    """J22-J26a: a method, the cards it picks from the seat's hand, its price, the draw."""
    holder = _verify_turn(state, seat, "exchange")
    if method not in METHODS:
        raise RuleViolation("invalid_method", f"method is one of {', '.join(METHODS)}")
    if len(cards) not in picks(method, len(holder.hand)):
        raise RuleViolation("invalid_cards", _pick_rule(method, len(holder.hand)))
    if without(holder.hand, cards) is None:
        raise RuleViolation("invalid_cards", f"not all in your hand: {' '.join(cards)}")
    _verify_pays(holder, exchange_cost(method, len(cards)))
    needed = replaced(method, len(cards), len(holder.hand))
    if len(state.deck) + len(state.pile) < needed:
        raise RuleViolation("deck_exhausted", f"the deck and discards hold fewer than {needed}")


def _pick_rule(method: str, hand_size: int) -> str:
    if method == "individual":
        return f"pick 1 to {hand_size} cards to discard"
    if method == "keep":
        return f"pick 1 to {hand_size - 1} cards to keep"
    return "an all exchange picks no cards"


def can_exchange(state: Match, seat: int, method: str, cards: tuple[Card, ...]) -> bool:
    return allowed(verify_exchange, state, seat, method, cards)


def verify_reveal(state: Match, seat: int, target: int) -> None:
    """J27: the Juggernaut, on its exchange turn, names a citizen not named yet; pays 1."""
    holder = _verify_turn(state, seat, "exchange")
    if seat != state.juggernaut:
        raise RuleViolation("not_juggernaut", "only the Juggernaut reveals")
    if type(target) is not int or not 0 <= target < SEATS or target == seat:
        raise RuleViolation("invalid_target", "the target is another seat, a citizen")
    if state.seats[target].named is not None:
        raise RuleViolation("already_named", f"seat {target} was named this set")
    _verify_pays(holder, REVEAL_COST)


def can_reveal(state: Match, seat: int, target: int) -> bool:
    return allowed(verify_reveal, state, seat, target)


def verify_answer(state: Match, seat: int, refuse: bool) -> None:
    """J28: the named citizen allows (free) or refuses (1 silver)."""
    holder = _verify_seat(state, seat, "reveal")
    if seat != state.target:
        raise RuleViolation("not_your_turn", f"seat {state.target} answers the reveal")
    if refuse:
        _verify_pays(holder, REFUSAL_COST)


def can_answer(state: Match, seat: int, refuse: bool) -> bool:
    return allowed(verify_answer, state, seat, refuse)


def verify_done(state: Match, seat: int) -> None:
    """J21a: ends the seat's exchange turn; not while its reveal awaits an answer."""
    _verify_turn(state, seat, "exchange")


def can_be_done(state: Match, seat: int) -> bool:
    return allowed(verify_done, state, seat)


def verify_gold(state: Match, seat: int, accept: bool) -> None:
    """J34: an eligible person, once per set."""
    _verify_seat(state, seat, "gold")
    if seat not in state.gold_awaited:
        raise RuleViolation("not_your_turn", "the gold exchange does not wait for this seat")


def can_exchange_gold(state: Match, seat: int, accept: bool) -> bool:
    return allowed(verify_gold, state, seat, accept)


def verify_timeout(state: Match, seat: int, waited_seconds: int) -> None:
    """J40b: only an awaited seat, only past the match's limit."""
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    verify_timed_out(seat, state.awaiting, state.turn_timeout_seconds, waited_seconds)


def can_time_out(state: Match, seat: int, waited_seconds: int) -> bool:
    return allowed(verify_timeout, state, seat, waited_seconds)


# --- decide --------------------------------------------------------------------------------


def execute(state: Match, command: Command) -> tuple[list[Event], Match]:
    """The events `command` causes and the state after them; `RuleViolation` if illegal."""
    return run_move(state, command, evolve, _MOVES)


def _create(decision: Decision, command: CreateMatch) -> None:
    verify_create(decision.state, command)
    decision.emit(
        MatchCreated(
            command.match_id,
            tuple(command.seats),
            RULES_VERSION,
            command.params,
            commitment(command.seed),
            command.seeded,
            command.seed.hex(),
            command.turn_timeout_seconds,
        )
    )
    start_set(decision)


def _augment(decision: Decision, command: Augment) -> None:
    verify_augment(decision.state, command.seat, command.count)
    _augmented(decision, command.seat, command.count)


def _augmented(decision: Decision, seat: int, count: int) -> None:
    state = decision.state
    cost = augment_cost(count)
    silver = state.seats[seat].silver - cost
    drawn = state.deck[:count]  # J20: the deck cannot run short here
    decision.emit(HandAugmented(state.set_no, seat, count, cost, silver, drawn))


def _exchange(decision: Decision, command: Exchange) -> None:
    state = decision.state
    seat, method, cards = command.seat, command.method, tuple(command.cards)
    verify_exchange(state, seat, method, cards)
    hand = state.seats[seat].hand
    if method == "individual":
        discarded: tuple[Card, ...] | None = cards
    else:
        discarded = without(hand, cards) if method == "keep" else hand
    assert discarded is not None
    kept = without(hand, discarded)
    assert kept is not None
    cost = exchange_cost(method, len(cards))
    drawn = draw(decision, len(discarded))  # J26: the discards are not on the pile yet
    decision.emit(
        CardsExchanged(
            state.set_no,
            seat,
            state.exchanges_in_turn + 1,
            method,  # type: ignore[arg-type]
            len(discarded),
            cost,
            state.seats[seat].silver - cost,
            cards,
            sorted_cards(discarded),
            drawn,
            kept + drawn,
        )
    )


def _reveal(decision: Decision, command: Reveal) -> None:
    state = decision.state
    verify_reveal(state, command.seat, command.target)
    silver = state.seats[command.seat].silver - REVEAL_COST
    decision.emit(RevealRequested(state.set_no, command.seat, command.target, REVEAL_COST, silver))
    if state.seats[command.target].silver < REFUSAL_COST:  # J28: it cannot refuse
        _revealed(decision, automatic=True)


def _revealed(decision: Decision, *, automatic: bool) -> None:
    state = decision.state
    assert state.juggernaut is not None and state.target is not None
    hand = state.seats[state.target].hand
    decision.emit(HandRevealed(state.set_no, state.juggernaut, state.target, automatic, hand))


def _answer(decision: Decision, command: AnswerReveal) -> None:
    state = decision.state
    verify_answer(state, command.seat, command.refuse)
    if not command.refuse:
        _revealed(decision, automatic=False)
        return
    silver = state.seats[command.seat].silver - REFUSAL_COST
    decision.emit(RevealRefused(state.set_no, command.seat, REFUSAL_COST, silver))


def _done(decision: Decision, command: Done) -> None:
    verify_done(decision.state, command.seat)
    _turn_ended(decision, command.seat)


def _turn_ended(decision: Decision, seat: int) -> None:
    state = decision.state
    decision.emit(
        ExchangeTurnEnded(state.set_no, seat, state.exchanges_in_turn, state.spent_in_turn)
    )
    if decision.state.phase == "results":
        show_and_rank(decision)


def _gold(decision: Decision, command: ExchangeGold) -> None:
    state = decision.state
    verify_gold(state, command.seat, command.accept)
    if command.accept:
        exchange_gold(decision, command.seat)
    else:
        decision.emit(GoldExchangeDeclined(state.set_no, command.seat))
    _after_gold(decision)


def _after_gold(decision: Decision) -> None:
    if not decision.state.gold_awaited:
        finish_set(decision)


def _time_out(decision: Decision, command: TimeOut) -> None:
    """J40b: +0; done; allow; exchange gold."""
    state, seat = decision.state, command.seat
    verify_timeout(state, seat, command.waited_seconds)
    decision.emit(TurnTimedOut(state.set_no, seat, state.phase, command.waited_seconds))
    if state.phase == "augment":
        _augmented(decision, seat, 0)
    elif state.phase == "exchange":
        _turn_ended(decision, seat)
    elif state.phase == "reveal":
        _revealed(decision, automatic=False)
    else:
        exchange_gold(decision, seat)
        _after_gold(decision)


_MOVES: dict[type, Callable[[Decision, Any], None]] = {
    CreateMatch: _create,
    Augment: _augment,
    Exchange: _exchange,
    Reveal: _reveal,
    AnswerReveal: _answer,
    Done: _done,
    ExchangeGold: _gold,
    TimeOut: _time_out,
}


def command_behind(event: Event) -> Command | None:
    """The command whose decision began with `event`, for the audit; None for consequences."""
    match event:
        case MatchCreated():
            seed = bytes.fromhex(event.seed or "")
            return CreateMatch(
                event.match_id,
                event.seats,
                seed,
                event.params,
                event.seeded,
                event.turn_timeout_seconds,
            )
        case HandAugmented():
            return Augment(event.seat, event.count)
        case CardsExchanged():
            return Exchange(event.seat, event.method, cast(tuple[Card, ...], event.selected))
        case RevealRequested():
            return Reveal(event.juggernaut, event.target)
        case RevealRefused():
            return AnswerReveal(event.target, refuse=True)
        case HandRevealed(automatic=False):
            return AnswerReveal(event.target, refuse=False)
        case ExchangeTurnEnded():
            return Done(event.seat)
        case GoldExchanged():
            return ExchangeGold(event.seat, accept=True)
        case GoldExchangeDeclined():
            return ExchangeGold(event.seat, accept=False)
        case TurnTimedOut():
            return TimeOut(event.seat, event.waited_seconds)
    return None
