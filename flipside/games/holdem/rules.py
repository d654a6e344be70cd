"""The decider: `execute(state, command) -> (events, state)` and `evolve(state, event)`.

`execute` checks a command against docs/rules/holdem.md and returns every event it causes,
consequences included: auto-bets taken at their turn, the end of a betting round, the next
street, the showdown, the awards, eliminations, the next hand, the end. It never mutates
and raises `RuleViolation` (with a stable ``code``) for an illegal command, appending
nothing. `evolve` applies one event. Chance enters only through `ButtonDrawn` and
`DeckShuffled`, derived from the match's seed (`shuffles`).

Every move has a ``verify_*`` (raises with the reason) and a ``can_*`` (bool).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any

from flipside.engine.chance import commitment
from flipside.engine.decision import Decision, run_move
from flipside.engine.errors import RuleViolation
from flipside.engine.frozen import replace
from flipside.engine.verify import allowed, verify_new_match, verify_timed_out

from .cards import DECK, INDEX
from .commands import (
    Act,
    AutoKind,
    ClearAutoAction,
    Command,
    CreateMatch,
    MoveKind,
    SetAutoAction,
    ShowOrMuck,
    TimeOut,
)
from .config import MAX_CHIPS
from .evaluator import best_five, category_of, evaluate
from .events import (
    LEVELS,
    RULES_VERSION,
    STREETS,
    ActionTaken,
    AutoActionCancelled,
    AutoActionSet,
    BettingRoundEnded,
    BlindPosted,
    BoardDealt,
    ButtonDrawn,
    CardBurned,
    DeckShuffled,
    Event,
    HandEnded,
    HandMucked,
    HandStarted,
    HoleCardsDealt,
    HoleCardsShown,
    MatchCreated,
    MatchEnded,
    PotAwarded,
    SeatEliminated,
    SeedRevealed,
    ShowdownStarted,
    TurnTimedOut,
    UncalledBetReturned,
)
from .pots import build_pots, split
from .shuffles import button_cards, hand_deck
from .state import Match, Pending, PreviousHand

SEATS = range(2, 11)  # H4
BOARD_SIZES = (0, 3, 1, 1)  # cards each street adds (H12)
AUTO_KINDS: tuple[AutoKind, ...] = ("fold", "check", "call", "bet_or_raise", "all_in")  # H43


def initial_state() -> Match:
    return Match()


# --- verify / can -------------------------------------------------------------------------


def verify_create(state: Match, command: CreateMatch) -> None:
    seats, seed, timeout = command.seats, command.seed, command.turn_timeout_seconds
    verify_new_match(state.version, seats, SEATS, LEVELS, seed, timeout)  # H4
    config = command.config
    if len(config.starting_stacks) != len(command.seats):
        raise RuleViolation("invalid_options", "one starting stack per seat")
    if not all(type(s) is int and 1 <= s <= MAX_CHIPS for s in config.starting_stacks):
        raise RuleViolation("invalid_options", "a starting stack is 1 to 10^9 chips (H7)")
    button = config.first_button
    if button is not None and not 0 <= button < len(command.seats):
        raise RuleViolation("invalid_options", "first_button must be one of the seats (H7)")


def _verify_seat(state: Match, seat: int) -> None:
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    if type(seat) is not int or not 0 <= seat < state.seat_count:  # bool is not a seat
        raise RuleViolation("unknown_seat", f"there is no seat {seat!r}")


def _verify_turn(state: Match, seat: int) -> None:
    _verify_seat(state, seat)
    if state.phase != "betting":
        raise RuleViolation("wrong_phase", f"there is no betting now (it is the {state.phase})")
    if seat != state.to_act:
        raise RuleViolation("not_your_turn", f"it is seat {state.to_act}'s turn (H26)")


def _verify_answerable(state: Match, seat: int) -> None:
    if not state.answerable(seat):
        raise RuleViolation(
            "nobody_to_answer", "no other seat could answer a bet or raise: check, call or fold"
        )


def _verify_amount(to: object, low: int, high: int, what: str) -> None:
    if type(to) is not int:
        raise RuleViolation("validation_error", f"a {what} needs 'to', an integer amount")
    if not low <= to <= high:
        allowed = f"exactly {low}" if low == high else f"from {low} to {high}"
        raise RuleViolation("invalid_amount", f"a {what} here goes to {allowed}, not {to}")


def bet_bounds(state: Match, seat: int) -> tuple[int, int]:
    """The smallest and largest "to" of a bet (H19), when a bet is allowed."""
    stack = state.stacks[seat]
    return min(state.big_blind, stack), stack


def raise_bounds(state: Match, seat: int) -> tuple[int, int]:
    """The smallest and largest "to" of a raise (H20): all-in only, when it is incomplete."""
    top = state.bets[seat] + state.stacks[seat]
    return min(state.min_full(state.level), top), top


# Each betting action's own terms, once it is the seat's turn (`verify_act` checks the turn
# first; the view lists what a seat may do on its turn from these alone).
def _fold_terms(state: Match, seat: int, to: object) -> None:
    """H21: always, on the seat's turn."""


def _check_terms(state: Match, seat: int, to: object) -> None:
    """H17: nothing owed."""
    if state.bets[seat] < state.level:
        owed = state.level - state.bets[seat]
        raise RuleViolation("cannot_check", f"there is a bet: call {owed}, raise or fold (H17)")


def _call_terms(state: Match, seat: int, to: object) -> None:
    """H18: something owed."""
    if state.bets[seat] >= state.level:
        raise RuleViolation("nothing_to_call", "nothing to call: check or bet (H18)")


def _bet_terms(state: Match, seat: int, to: object) -> None:
    """H19: nobody has bet in the round, someone could answer (H25), BB to all-in."""
    if state.level > 0:
        raise RuleViolation("cannot_bet", "there is already a bet: call, raise or fold (H19)")
    _verify_answerable(state, seat)
    _verify_amount(to, *bet_bounds(state, seat), "bet")


def _raise_terms(state: Match, seat: int, to: object) -> None:
    """H20: a bet to raise, chips beyond it, raise rights (H24), someone to answer (H25)."""
    if state.level == 0:
        raise RuleViolation("cannot_raise", "nobody has bet: bet instead (H20)")
    if state.bets[seat] + state.stacks[seat] <= state.level:
        raise RuleViolation("cannot_raise", "too few chips to raise: call all-in (H18)")
    if not state.has_raise_rights(seat):
        raise RuleViolation(
            "no_raise_rights", "the betting was not reopened since you acted: call or fold (H24)"
        )
    _verify_answerable(state, seat)
    _verify_amount(to, *raise_bounds(state, seat), "raise")


def _all_in_terms(state: Match, seat: int, to: object) -> None:
    """H23: the call, bet or raise that all the seat's chips make must be allowed."""
    top = state.bets[seat] + state.stacks[seat]
    if top <= state.level:
        _call_terms(state, seat, None)
    elif state.level == 0:
        _bet_terms(state, seat, top)
    else:
        _raise_terms(state, seat, top)


_TERMS: dict[str, Callable[[Match, int, object], None]] = {
    "fold": _fold_terms,
    "check": _check_terms,
    "call": _call_terms,
    "bet": _bet_terms,
    "raise": _raise_terms,
    "all_in": _all_in_terms,
}


def verify_act(state: Match, command: Act) -> None:
    """The betting action `command` (H16-H25)."""
    kind, seat, to = command.kind, command.seat, command.to
    terms = _TERMS.get(kind)
    if kind not in ("bet", "raise"):
        if terms is None:
            raise RuleViolation("unknown_action", f"no betting action {kind!r}")
        if to is not None:
            raise RuleViolation("validation_error", f"a {kind} takes no amount")
    _verify_turn(state, seat)
    _TERMS[kind](state, seat, to)


def can_act(state: Match, command: Act) -> bool:
    return allowed(verify_act, state, command)


def can_act_on_turn(state: Match, command: Act) -> bool:
    """`can_act` for the seat whose turn it is (H26), the turn known already: the action's
    own terms alone."""
    return allowed(_TERMS[command.kind], state, command.seat, command.to)


def verify_set_auto(state: Match, command: SetAutoAction) -> None:
    """H43: in the hand, able to act, not on its turn; refused only when never possible."""
    seat, kind, to = command.seat, command.kind, command.to
    _verify_seat(state, seat)
    if state.phase != "betting" or not state.able(seat):
        raise RuleViolation("cannot_act", "you are not in a betting round with chips to act")
    if seat == state.to_act:
        raise RuleViolation("your_turn", "it is your turn: act now (H43)")
    if kind not in AUTO_KINDS:
        raise RuleViolation("unknown_action", f"no auto-bet {kind!r}; one of {AUTO_KINDS}")
    if (kind == "bet_or_raise") != (to is not None):
        raise RuleViolation("validation_error", "'to' goes with bet_or_raise, and only with it")
    if kind == "check" and state.bets[seat] < state.level:
        raise RuleViolation("never_possible", "a check cannot be taken in this round (H43)")
    if kind == "bet_or_raise":
        top = state.bets[seat] + state.stacks[seat]
        if type(to) is not int or not state.level < to <= top:
            raise RuleViolation(
                "never_possible", f"a bet or raise here goes above {state.level}, up to {top}"
            )


def can_set_auto(state: Match, command: SetAutoAction) -> bool:
    return allowed(verify_set_auto, state, command)


def verify_clear_auto(state: Match, seat: int) -> None:
    _verify_seat(state, seat)
    if state.phase != "betting" or state.pending[seat] is None:
        raise RuleViolation("no_auto_action", "you have no auto-bet to cancel")


def verify_show_or_muck(state: Match, seat: int) -> None:
    """H33: only the seat the showdown asks."""
    _verify_seat(state, seat)
    if state.phase != "showdown":
        raise RuleViolation("wrong_phase", "there is no showdown now")
    if seat != state.asked:
        raise RuleViolation("not_your_turn", f"the showdown asks seat {state.asked} (H33)")


def verify_timeout(state: Match, seat: int, waited_seconds: int) -> None:
    """A seat is timed out only while awaited, past the match's limit (H46)."""
    _verify_seat(state, seat)
    awaited = (state.to_act, state.asked)
    verify_timed_out(seat, awaited, state.turn_timeout_seconds, waited_seconds)


def can_time_out(state: Match, seat: int, waited_seconds: int) -> bool:
    return allowed(verify_timeout, state, seat, waited_seconds)


# --- decide --------------------------------------------------------------------------------


_Decision = Decision[Match, Event]


def execute(state: Match, command: Command) -> tuple[list[Event], Match]:
    """The events `command` causes and the state after them; `RuleViolation` if illegal."""
    return run_move(state, command, evolve, _HANDLERS)


def _create(decision: _Decision, command: CreateMatch) -> None:
    verify_create(decision.state, command)
    decision.emit(
        MatchCreated(
            match_id=command.match_id,
            seats=tuple(command.seats),
            config=command.config,
            rules_version=RULES_VERSION,
            deck_commitment=commitment(command.seed),
            seeded=command.seeded,
            seed=command.seed.hex(),
            turn_timeout_seconds=command.turn_timeout_seconds,
        )
    )
    if command.config.first_button is None:  # H8
        cards = button_cards(command.seed, len(command.seats))
        decision.emit(ButtonDrawn(cards, max(range(len(cards)), key=lambda s: INDEX[cards[s]])))
    _start_hand(decision)


def _act(decision: _Decision, command: Act) -> None:
    verify_act(decision.state, command)
    _take(decision, command, auto=False)
    _proceed(decision)


def _set_auto(decision: _Decision, command: SetAutoAction) -> None:
    state = decision.state
    verify_set_auto(state, command)
    decision.emit(AutoActionSet(state.hand, command.seat, command.kind, command.to))


def _clear_auto(decision: _Decision, command: ClearAutoAction) -> None:
    state = decision.state
    verify_clear_auto(state, command.seat)
    decision.emit(AutoActionCancelled(state.hand, command.seat, "player"))


def _show_or_muck(decision: _Decision, command: ShowOrMuck) -> None:
    verify_show_or_muck(decision.state, command.seat)
    _answer(decision, command.seat, command.show)


def _time_out(decision: _Decision, command: TimeOut) -> None:
    state, seat = decision.state, command.seat
    verify_timeout(state, seat, command.waited_seconds)
    decision.emit(TurnTimedOut(state.hand, seat, command.waited_seconds))
    if state.phase == "showdown":
        _answer(decision, seat, show=True)  # H46
        return
    kind: MoveKind = "check" if state.bets[seat] == state.level else "fold"
    _take(decision, Act(seat, kind), auto=False)
    _proceed(decision)


_HANDLERS: dict[type[Command], Callable[[_Decision, Any], None]] = {
    Act: _act,
    SetAutoAction: _set_auto,
    ClearAutoAction: _clear_auto,
    ShowOrMuck: _show_or_muck,
    TimeOut: _time_out,
    CreateMatch: _create,
}


# --- a hand --------------------------------------------------------------------------------


def _next_in_match(state: Match, after: int) -> int:
    """H9: the first seat clockwise after `after` that is still in the match."""
    count = state.seat_count
    for step in range(1, count + 1):
        seat = (after + step) % count
        if state.places[seat] is None:
            return seat
    raise AssertionError("a running match has seats in it")


def _start_hand(decision: _Decision) -> None:
    """H9-H15: button, blinds, shuffle, hole cards, then the preflop round."""
    state = decision.state
    hand = state.hand + 1
    if hand == 1:
        first = state.config.first_button
        button = first if first is not None else state.button
    else:
        button = _next_in_match(state, state.button)
    heads_up = len(state.in_match) == 2  # H10: the button posts the small blind
    small_seat = button if heads_up else _next_in_match(state, button)
    big_seat = _next_in_match(state, small_seat)
    small, big = state.config.blinds_for(hand)
    decision.emit(HandStarted(hand, button, small_seat, big_seat, small, big, state.stacks))
    decision.emit(DeckShuffled(hand, hand_deck(state.seed, hand)))
    for seat, blind, amount in ((small_seat, "small", small), (big_seat, "big", big)):
        stack = decision.state.stacks[seat]
        posted = min(amount, stack)
        decision.emit(BlindPosted(hand, seat, blind, posted, posted == stack))  # type: ignore[arg-type]
    _deal_hole_cards(decision)
    _proceed(decision)


def _deal_hole_cards(decision: _Decision) -> None:
    """H14: one card at a time from the first seat after the button, twice round."""
    state = decision.state
    order = state.after_button(state.in_match)  # heads-up the first after the button is the BB
    deck, count = state.deck, len(order)
    for position, seat in enumerate(order):
        decision.emit(HoleCardsDealt(state.hand, seat, (deck[position], deck[count + position])))


def _bet_after(state: Match, move: Act) -> tuple[str, int]:
    """The kind an allowed move is recorded as, and the seat's bet after it (H17-H23)."""
    bet, stack, level = state.bets[move.seat], state.stacks[move.seat], state.level
    kind = move.kind
    if kind == "all_in":  # H23: a call, a bet or a raise, by the total it makes
        top = bet + stack
        kind = "call" if top <= level else "bet" if level == 0 else "raise"
        return kind, top
    if kind == "call":
        return kind, bet + min(level - bet, stack)
    if kind in ("bet", "raise"):
        assert move.to is not None
        return kind, move.to
    return kind, bet  # fold, check


def _take(decision: _Decision, move: Act, *, auto: bool) -> None:
    """The `ActionTaken` of an allowed move (H16-H23)."""
    state, seat = decision.state, move.seat
    kind, to = _bet_after(state, move)
    stack = state.stacks[seat]
    added = to - state.bets[seat]
    full = to >= state.min_full(state.level) if kind in ("bet", "raise") else None
    decision.emit(
        ActionTaken(
            state.hand,
            seat,
            STREETS[state.street],
            kind,  # type: ignore[arg-type]
            to,
            added,
            added == stack > 0,
            full,
            stack - added,
            auto,
        )
    )


def _pending_move(state: Match, seat: int, pending: Pending) -> Act | None:
    """H44: the move a pending action makes now, or None when it cannot be taken."""
    if pending.kind == "bet_or_raise":
        move = Act(seat, "bet" if state.level == 0 else "raise", pending.to)
    else:
        move = Act(seat, pending.kind)  # type: ignore[arg-type]
    return move if can_act(state, move) else None


def _proceed(decision: _Decision) -> None:
    """After an action: the next turn (taking a pending auto-bet at once, H44), else the end
    of the round (H27)."""
    while True:
        state = decision.state
        seat = state.to_act
        if seat is None:
            _end_round(decision)
            return
        pending = state.pending[seat]
        if pending is None:
            return
        move = _pending_move(state, seat, pending)
        if move is None:
            decision.emit(AutoActionCancelled(state.hand, seat, "not_possible"))
            return
        _take(decision, move, auto=True)


def _end_round(decision: _Decision) -> None:
    """H27-H28, then the hand goes on: the next street, no more betting (H30), the
    showdown (H33) or an uncontested pot (H31)."""
    state = decision.state
    for seat, pending in enumerate(state.pending):
        if pending is not None:
            decision.emit(AutoActionCancelled(state.hand, seat, "round_ended"))
    bets = state.bets
    top = max(bets)
    if bets.count(top) == 1 and top > 0:  # H28
        second = sorted(bets)[-2]
        decision.emit(UncalledBetReturned(state.hand, bets.index(top), top - second))
    state = decision.state
    pots = build_pots(state.totals, state.in_hand)
    decision.emit(BettingRoundEnded(state.hand, STREETS[state.street], pots))
    if sum(state.in_hand) == 1:
        _award_uncontested(decision)
        return
    able = sum(1 for seat in range(state.seat_count) if state.able(seat))
    if state.street == len(STREETS) - 1:
        _start_showdown(decision)
    elif able <= 1:  # H30: the rest of the board, no betting
        while decision.state.street < len(STREETS) - 1:
            _deal_street(decision)
        _start_showdown(decision)
    else:
        _deal_street(decision)
        _proceed(decision)


def _deal_street(decision: _Decision) -> None:
    """H14-H15: a burn, then the street's board cards off the top."""
    state = decision.state
    street = STREETS[state.street + 1]
    size = BOARD_SIZES[state.street + 1]
    at = state.dealt
    decision.emit(CardBurned(state.hand, street, state.deck[at]))
    decision.emit(BoardDealt(state.hand, street, state.deck[at + 1 : at + 1 + size]))


def _award_uncontested(decision: _Decision) -> None:
    """H31: the last seat in the hand takes every pot without showing."""
    state = decision.state
    winner = state.in_hand.index(True)
    for index, pot in enumerate(state.pots):
        decision.emit(
            PotAwarded(
                state.hand, index, pot.amount, pot.eligible, (winner,), (pot.amount,), None, True
            )
        )
    _end_hand(decision)


def _start_showdown(decision: _Decision) -> None:
    """H33: the order, then whatever needs nobody's answer."""
    state = decision.state
    in_hand = tuple(seat for seat in range(state.seat_count) if state.in_hand[seat])
    first = state.aggressor if state.aggressor is not None else state.after_button(in_hand)[0]
    count = state.seat_count
    order = tuple(sorted(in_hand, key=lambda seat: (seat - first) % count))
    decision.emit(ShowdownStarted(state.hand, order))
    _settle(decision)


def _answer(decision: _Decision, seat: int, show: bool) -> None:
    state = decision.state
    if show:
        cards = state.hole[seat]
        indices = [INDEX[card] for card in cards + state.board]
        five = tuple(DECK[index] for index in best_five(indices))
        category = category_of(evaluate(indices))
        decision.emit(HoleCardsShown(state.hand, seat, cards, five, category))
    else:
        decision.emit(HandMucked(state.hand, seat))
    _settle(decision)


def _settle(decision: _Decision) -> None:
    """H33, H38: pots left to one claimant go to it at once; when nobody is left to ask,
    the other pots go to their best shown hands."""
    state = decision.state
    for index, pot in enumerate(state.pots):
        claimants = state.claimants(index)
        if not state.awarded[index] and len(claimants) == 1:
            decision.emit(
                PotAwarded(
                    state.hand,
                    index,
                    pot.amount,
                    pot.eligible,
                    claimants,
                    (pot.amount,),
                    None,
                    True,
                )
            )
    if decision.state.asked is not None:
        return
    state = decision.state
    values = {
        seat: evaluate([INDEX[card] for card in state.hole[seat] + state.board])
        for seat in range(state.seat_count)
        if state.shown[seat] is not None
    }
    for index, pot in enumerate(state.pots):
        if state.awarded[index]:
            continue
        claimants = state.claimants(index)
        best = max(values[seat] for seat in claimants)
        winners = state.after_button(tuple(s for s in claimants if values[s] == best))
        shares = split(pot.amount, len(winners))
        odd = winners[0] if len(winners) > 1 and pot.amount % len(winners) else None
        decision.emit(
            PotAwarded(state.hand, index, pot.amount, pot.eligible, winners, shares, odd, False)
        )
    _end_hand(decision)


def _end_hand(decision: _Decision) -> None:
    """H40-H42: eliminations and places, then the next hand or the end."""
    state = decision.state
    decision.emit(HandEnded(state.hand, state.stacks))
    state = decision.state
    out = [seat for seat in state.in_match if state.stacks[seat] == 0]
    remaining = len(state.in_match)
    for seat in sorted(out, key=lambda s: state.start_stacks[s]):  # last place first
        higher = sum(1 for other in out if state.start_stacks[other] > state.start_stacks[seat])
        place = remaining - len(out) + 1 + higher
        decision.emit(SeatEliminated(state.hand, seat, place))
    state = decision.state
    live = state.in_match
    humans = [seat for seat, spec in enumerate(state.specs) if spec.kind == "human"]
    if len(live) == 1:
        _end_match(decision, "one_left")
    elif state.config.stop_when_humans_out and humans and not set(humans) & set(live):
        _end_match(decision, "no_humans_left")
    elif state.hand >= state.config.max_hands:
        _end_match(decision, "hand_limit")
    else:
        _start_hand(decision)


def _end_match(decision: _Decision, reason: str) -> None:
    """H42: the seats still in are placed by their chips; among equal stacks at the top the
    first clockwise after the button wins, and the others share the next place."""
    state = decision.state
    live = state.in_match
    top = max(state.stacks[seat] for seat in live)
    winner = state.after_button(tuple(s for s in live if state.stacks[s] == top))[0]
    places = list(state.places)
    for seat in live:
        above = sum(1 for other in live if state.stacks[other] > state.stacks[seat])
        places[seat] = 1 if seat == winner else max(2, above + 1)
    decision.emit(MatchEnded(state.hand, winner, tuple(places), reason))  # type: ignore[arg-type]
    decision.emit(SeedRevealed(state.seed.hex()))


# --- evolve --------------------------------------------------------------------------------

Changes = dict[str, Any]


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _match_created(state: Match, event: MatchCreated) -> Changes:
    count = len(event.seats)
    return {
        "match_id": event.match_id,
        "specs": event.seats,
        "config": event.config,
        "seed": bytes.fromhex(event.seed or ""),
        "seeded": event.seeded,
        "deck_commitment": event.deck_commitment,
        "turn_timeout_seconds": event.turn_timeout_seconds,
        "stacks": event.config.starting_stacks,
        "places": (None,) * count,
    }


def _button_drawn(state: Match, event: ButtonDrawn) -> Changes:
    return {"button_draw": event.cards, "button": event.button}


def _hand_started(state: Match, event: HandStarted) -> Changes:
    count = state.seat_count
    zeros = (0,) * count
    return {
        "phase": "betting",
        "hand": event.hand,
        "button": event.button,
        "small_blind_seat": event.small_blind_seat,
        "big_blind_seat": event.big_blind_seat,
        "small_blind": event.small_blind,
        "big_blind": event.big_blind,
        "start_stacks": event.stacks,
        "dealt": 0,
        "hole": ((),) * count,
        "board": (),
        "burns": (),
        "in_hand": tuple(place is None for place in state.places),
        "street": 0,
        "bets": zeros,
        "totals": zeros,
        "acted": (None,) * count,
        "level": event.big_blind,  # H13: the full big blind before the flop
        "anchor": event.big_blind_seat,  # H26
        "aggressor": None,
        "pending": (None,) * count,
        "pots": (),
        "actions": (),
        "showdown_order": (),
        "answered": (False,) * count,
        "shown": (None,) * count,
        "mucked": (False,) * count,
        "awarded": (),
        "awards": (),
    }


def _deck_shuffled(state: Match, event: DeckShuffled) -> Changes:
    return {"deck": event.order or ()}


def _blind_posted(state: Match, event: BlindPosted) -> Changes:
    seat, amount = event.seat, event.amount
    return {
        "stacks": _set(state.stacks, seat, state.stacks[seat] - amount),
        "bets": _set(state.bets, seat, state.bets[seat] + amount),
        "totals": _set(state.totals, seat, state.totals[seat] + amount),
        "level": max(state.level, amount),
    }


def _hole_cards_dealt(state: Match, event: HoleCardsDealt) -> Changes:
    return {"hole": _set(state.hole, event.seat, event.cards or ()), "dealt": state.dealt + 2}


def _action_taken(state: Match, event: ActionTaken) -> Changes:
    seat = event.seat
    level = max(state.level, event.to)
    changes: Changes = {
        "stacks": _set(state.stacks, seat, event.stack),
        "bets": _set(state.bets, seat, event.to),
        "totals": _set(state.totals, seat, state.totals[seat] + event.added),
        "acted": _set(state.acted, seat, level),
        "level": level,
        "anchor": seat,
        "pending": _set(state.pending, seat, None),
        "actions": (*state.actions, event),
    }
    if event.kind == "fold":
        changes["in_hand"] = _set(state.in_hand, seat, False)
    elif event.kind in ("bet", "raise"):
        changes["aggressor"] = seat
    return changes


def _auto_action_set(state: Match, event: AutoActionSet) -> Changes:
    seat = event.seat
    assert seat is not None and event.kind is not None
    return {"pending": _set(state.pending, seat, Pending(event.kind, event.to))}


def _auto_action_cancelled(state: Match, event: AutoActionCancelled) -> Changes:
    assert event.seat is not None
    return {"pending": _set(state.pending, event.seat, None)}


def _turn_timed_out(state: Match, event: TurnTimedOut) -> Changes:
    return {}  # the default move that follows changes the state


def _uncalled_bet_returned(state: Match, event: UncalledBetReturned) -> Changes:
    seat, amount = event.seat, event.amount
    return {
        "stacks": _set(state.stacks, seat, state.stacks[seat] + amount),
        "bets": _set(state.bets, seat, state.bets[seat] - amount),
        "totals": _set(state.totals, seat, state.totals[seat] - amount),
    }


def _betting_round_ended(state: Match, event: BettingRoundEnded) -> Changes:
    count = state.seat_count
    return {
        "pots": event.pots,
        "awarded": (False,) * len(event.pots),
        "bets": (0,) * count,
        "acted": (None,) * count,
        "level": 0,
    }


def _card_burned(state: Match, event: CardBurned) -> Changes:
    return {"burns": state.burns + ((event.card,) if event.card else ()), "dealt": state.dealt + 1}


def _board_dealt(state: Match, event: BoardDealt) -> Changes:
    return {
        "board": state.board + event.cards,
        "dealt": state.dealt + len(event.cards),
        "street": STREETS.index(event.street),
        "anchor": state.button,  # H26
        "aggressor": None,
    }


def _showdown_started(state: Match, event: ShowdownStarted) -> Changes:
    return {"phase": "showdown", "showdown_order": event.order}


def _hole_cards_shown(state: Match, event: HoleCardsShown) -> Changes:
    seat = event.seat
    return {"shown": _set(state.shown, seat, event), "answered": _set(state.answered, seat, True)}


def _hand_mucked(state: Match, event: HandMucked) -> Changes:
    seat = event.seat
    return {"mucked": _set(state.mucked, seat, True), "answered": _set(state.answered, seat, True)}


def _pot_awarded(state: Match, event: PotAwarded) -> Changes:
    stacks = list(state.stacks)
    for seat, share in zip(event.winners, event.shares, strict=True):
        stacks[seat] += share
    return {
        "stacks": tuple(stacks),
        "awarded": _set(state.awarded, event.pot, True),
        "awards": (*state.awards, event),
    }


def _hand_ended(state: Match, event: HandEnded) -> Changes:
    previous = PreviousHand(
        event.hand,
        state.board,
        tuple(shown for shown in state.shown if shown is not None),
        tuple(seat for seat, mucked in enumerate(state.mucked) if mucked),
        state.awards,
        event.stacks,
    )
    return {"previous": previous, "phase": "between"}


def _seat_eliminated(state: Match, event: SeatEliminated) -> Changes:
    return {"places": _set(state.places, event.seat, event.place)}


def _match_ended(state: Match, event: MatchEnded) -> Changes:
    return {
        "phase": "over",
        "places": event.places,
        "winner": event.winner,
        "end_reason": event.reason,
    }


def _seed_revealed(state: Match, event: SeedRevealed) -> Changes:
    return {"seed_revealed": True}


_EVOLVERS: dict[type[Event], Callable[[Match, Any], Changes]] = {
    MatchCreated: _match_created,
    ButtonDrawn: _button_drawn,
    HandStarted: _hand_started,
    DeckShuffled: _deck_shuffled,
    BlindPosted: _blind_posted,
    HoleCardsDealt: _hole_cards_dealt,
    ActionTaken: _action_taken,
    AutoActionSet: _auto_action_set,
    AutoActionCancelled: _auto_action_cancelled,
    TurnTimedOut: _turn_timed_out,
    UncalledBetReturned: _uncalled_bet_returned,
    BettingRoundEnded: _betting_round_ended,
    CardBurned: _card_burned,
    BoardDealt: _board_dealt,
    ShowdownStarted: _showdown_started,
    HoleCardsShown: _hole_cards_shown,
    HandMucked: _hand_mucked,
    PotAwarded: _pot_awarded,
    HandEnded: _hand_ended,
    SeatEliminated: _seat_eliminated,
    MatchEnded: _match_ended,
    SeedRevealed: _seed_revealed,
}


def _keeps_the_clock(event: Event) -> bool:
    """Events that begin no new wait: a waiting seat's auto-bet, a timeout (its move
    follows)."""
    if isinstance(event, AutoActionCancelled):
        return event.reason == "player"
    return isinstance(event, AutoActionSet | TurnTimedOut)


def evolve(state: Match, event: Event) -> Match:
    """The state after `event`; the version counts every event applied."""
    changes = _EVOLVERS[type(event)](state, event)
    version = changes["version"] = state.version + 1
    if not _keeps_the_clock(event):
        changes["turn_started"] = version
    return replace(state, **changes)


def replay(events: Iterable[Event]) -> Match:
    """Rebuild a match from its events."""
    return reduce(evolve, events, initial_state())


def command_behind(event: Event) -> Command | None:
    """The command whose decision began with `event`, for the audit; None for consequences."""
    if isinstance(event, MatchCreated):
        seed = bytes.fromhex(event.seed or "")
        return CreateMatch(
            event.match_id,
            event.seats,
            seed,
            event.config,
            event.seeded,
            event.turn_timeout_seconds,
        )
    if isinstance(event, ActionTaken) and event.auto is False:
        to = event.to if event.kind in ("bet", "raise") else None
        return Act(event.seat, event.kind, to)
    if isinstance(event, AutoActionSet) and event.seat is not None and event.kind is not None:
        return SetAutoAction(event.seat, event.kind, event.to)
    if isinstance(event, AutoActionCancelled) and event.reason == "player":
        assert event.seat is not None
        return ClearAutoAction(event.seat)
    if isinstance(event, HoleCardsShown | HandMucked):
        return ShowOrMuck(event.seat, isinstance(event, HoleCardsShown))
    if isinstance(event, TurnTimedOut):
        return TimeOut(event.seat, event.waited_seconds)
    return None
