"""The decider: `execute(state, command) -> (events, state)` (docs/rules/orc.md).

`execute` checks a command against the rules and returns the events it causes, consequences
included: reveals, refills, start players, busts, payments, awards, the next round, the end.
It never mutates and raises `RuleViolation` (with a stable ``code``) for an illegal command.
Chance enters only through `shuffles`, whose results the events record.

Every move has a ``verify_*`` (raises with the reason), a ``can_*`` (bool) and the move.
"""

from __future__ import annotations

from typing import Literal

from flipside.engine.decision import Decision
from flipside.engine.errors import RuleViolation
from flipside.engine.verify import allowed, verify_new_match, verify_timed_out

from . import events as ev
from . import shuffles
from .cards import NUMBERS, is_number
from .commands import (
    ChooseOpening,
    ChooseTieBreak,
    Command,
    Contribute,
    CreateMatch,
    Draw,
    GiveUp,
    SealedCommand,
    TimeOut,
)
from .evolve import evolve
from .standings import places_by
from .start import clockwise_from, next_start, smallest_openers, smallest_sequences
from .start import tiebreak_numbers as _tiebreak_numbers
from .state import HAND_SIZE, PHASES, REFILL_TO, ROUNDS, SEALED_PHASES, START_CHIPS, Match

SEATS = range(3, 9)  # K1


# --- verify / can -------------------------------------------------------------------------


def verify_create(state: Match, command: CreateMatch) -> None:
    seats, seed, timeout = command.seats, command.seed, command.turn_timeout_seconds
    verify_new_match(state.version, seats, SEATS, ev.LEVELS, seed, timeout)  # K1


def _verify_seat(state: Match, seat: int) -> None:
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    if type(seat) is not int or not 0 <= seat < len(state.seats):  # bool is not a seat
        raise RuleViolation("unknown_seat", f"there is no seat {seat!r}")


def choices(state: Match, seat: int) -> tuple[int, ...]:
    """The numbers `seat` may lay in the current sealed choice (K10, K12.2-3, K17)."""
    holder = state.seats[seat]
    if state.phase == "tiebreak":
        return _tiebreak_numbers(holder.hand, holder.row)
    return tuple(number for number in NUMBERS if holder.hand[number] > 0)


def verify_sealed(state: Match, seat: int, kind: ev.SealedKind, number: int) -> None:
    """K10, K12, K17: an awaited seat lays a card of its hand, once."""
    _verify_seat(state, seat)
    if SEALED_PHASES.get(state.phase) != kind:
        raise RuleViolation("wrong_phase", f"no {kind} card is asked for now ({state.phase})")
    if seat not in state.sealing:
        raise RuleViolation("not_your_turn", f"seat {seat} has no {kind} card to lay")
    if state.seats[seat].sealed is not None:
        raise RuleViolation("already_chosen", f"seat {seat} has laid its {kind} card")
    if not is_number(number):
        raise RuleViolation("invalid_number", "a card is a number from 1 to 10 (K2)")
    allowed = choices(state, seat)
    if number not in allowed:
        where = "may lay (K12.2-3)" if kind == "tiebreak" else "hold"
        raise RuleViolation("number_not_allowed", f"you {where} {list(allowed)}, not {number}")


def can_seal(state: Match, seat: int, kind: ev.SealedKind, number: int) -> bool:
    return allowed(verify_sealed, state, seat, kind, number)


def verify_turn(state: Match, seat: int) -> None:
    """K18: the seat whose turn it is draws or gives up."""
    _verify_seat(state, seat)
    if state.phase != "turn":
        raise RuleViolation("wrong_phase", f"this is not a turn (it is {state.phase})")
    if seat != state.to_move:
        raise RuleViolation("not_your_turn", f"it is seat {state.to_move}'s turn")


def can_draw(state: Match, seat: int) -> bool:
    return allowed(verify_turn, state, seat)


def can_give_up(state: Match, seat: int) -> bool:
    return allowed(verify_turn, state, seat)


def verify_timeout(state: Match, seat: int, waited_seconds: int) -> None:
    """A seat may be timed out only while the match waits for it, past the match's limit."""
    _verify_seat(state, seat)
    verify_timed_out(seat, state.awaiting, state.turn_timeout_seconds, waited_seconds)


def can_time_out(state: Match, seat: int, waited_seconds: int) -> bool:
    return allowed(verify_timeout, state, seat, waited_seconds)


# --- decide --------------------------------------------------------------------------------


_Decision = Decision[Match, ev.Event]


_SEALED: dict[type[SealedCommand], ev.SealedKind] = {
    ChooseOpening: "opening",
    ChooseTieBreak: "tiebreak",
    Contribute: "contribution",
}


def execute(state: Match, command: Command) -> tuple[list[ev.Event], Match]:
    """The events `command` causes in `state` and the state after them."""
    decision: _Decision = Decision(state, evolve)
    if isinstance(command, SealedCommand):
        verify_sealed(state, command.seat, _SEALED[type(command)], command.number)
        _seal(decision, command.seat, command.number)
    elif isinstance(command, Draw):
        verify_turn(state, command.seat)
        _draw(decision, command.seat)
    elif isinstance(command, GiveUp):
        verify_turn(state, command.seat)
        _give_up(decision, command.seat)
    elif isinstance(command, TimeOut):
        verify_timeout(state, command.seat, command.waited_seconds)
        _time_out(decision, command)
    elif isinstance(command, CreateMatch):
        verify_create(state, command)
        _create(decision, command)
    else:
        raise RuleViolation("unknown_command", f"unknown command {type(command).__name__}")
    return decision.events, decision.state


def _create(decision: _Decision, command: CreateMatch) -> None:
    decision.emit(
        ev.MatchCreated(
            match_id=command.match_id,
            seats=tuple(command.seats),
            rules_version=ev.RULES_VERSION,
            start_chips=START_CHIPS[command.long],
            rounds=ROUNDS[command.long],
            escalating_fee=command.escalating_fee,
            deck_commitment=shuffles.commitment(command.seed),
            seeded=command.seeded,
            seed=command.seed.hex(),
            turn_timeout_seconds=command.turn_timeout_seconds,
        )
    )
    _start_round(decision)


def fee(round_no: int, escalating: bool) -> int:
    """K7, K31: 1 chip, or 1 2 3 4 5 1 2 ... with the escalating fee.

    >>> [fee(r, True) for r in range(1, 11)], fee(9, False)
    ([1, 2, 3, 4, 5, 1, 2, 3, 4, 5], 1)
    """
    return (round_no - 1) % 5 + 1 if escalating else 1


def _start_round(decision: _Decision) -> None:
    state = decision.state
    round_no = state.round + 1
    due = fee(round_no, state.escalating_fee)
    decision.emit(ev.RoundStarted(round_no, due, state.pot))
    for seat in range(len(state.seats)):
        _pay(decision, seat, "fee", due)  # K7
    deck = shuffles.round_deck(state.seed, round_no)
    decision.emit(ev.DeckShuffled(round_no, "round", 0, len(deck), deck))
    count = len(state.seats)
    hands = tuple(deck[seat : HAND_SIZE * count : count] for seat in range(count))  # K9
    decision.emit(ev.CardsDealt(round_no, hands, len(deck) - HAND_SIZE * count))


def _pay(decision: _Decision, seat: int, reason: ev.PaymentReason, due: int) -> None:
    """K8: pay what is due, or everything held; the rest is a shortfall."""
    state = decision.state
    chips = state.seats[seat].chips
    paid = min(due, chips)
    decision.emit(
        ev.ChipsPaid(
            state.round, seat, reason, due, paid, due - paid, chips - paid, state.pot + paid
        )
    )


def _seal(decision: _Decision, seat: int, number: int) -> None:
    state = decision.state
    kind = SEALED_PHASES[state.phase]
    step = {"opening": 0, "tiebreak": state.tiebreak_step}.get(kind, state.action_phase)
    decision.emit(ev.SealedChoiceMade(state.round, seat, kind, step, number))
    if decision.state.awaiting:
        return
    if kind == "opening":
        _reveal_openings(decision)
    elif kind == "tiebreak":
        _reveal_tiebreak(decision)
    else:
        _shuffle_action_deck(decision)


def _reveal_openings(decision: _Decision) -> None:
    """K10-K11: all opening cards turn up; the smallest starts, or K12 decides."""
    state = decision.state
    numbers = tuple(seat.sealed for seat in state.seats)
    assert all(number is not None for number in numbers)
    lowest = smallest_openers(numbers)  # type: ignore[arg-type]
    tied = lowest if len(lowest) > 1 else ()
    decision.emit(ev.OpeningRevealed(state.round, numbers, tied))  # type: ignore[arg-type]
    if tied:
        _await_tiebreak(decision)
    else:
        _choose_start(decision, lowest[0], "opening")


def _await_tiebreak(decision: _Decision) -> None:
    """K13: when no tied seat holds a card, a lot decides; else the tied seats lay cards."""
    state = decision.state
    if not state.awaiting:
        _choose_start(decision, shuffles.start_lot(state.seed, state.round, state.tied), "lot")


def _reveal_tiebreak(decision: _Decision) -> None:
    """K12.2-5: the tie-break cards turn up, the tied seats refill, sequences compare."""
    state = decision.state
    tied = state.tied
    numbers = tuple(state.seats[seat].sealed for seat in tied)
    stacked = tuple(
        number is not None and number in state.seats[seat].row
        for seat, number in zip(tied, numbers, strict=True)
    )
    sequences = tuple(
        state.seats[seat].row + ((number,) if number is not None and not stack else ())
        for seat, number, stack in zip(tied, numbers, stacked, strict=True)
    )
    still = smallest_sequences(dict(zip(tied, sequences, strict=True)))
    still_tied = still if len(still) > 1 else ()
    decision.emit(
        ev.TieBreakRevealed(
            state.round, state.tiebreak_step, tied, numbers, stacked, sequences, still_tied
        )
    )
    _refill(decision, tied)
    if still_tied:
        _await_tiebreak(decision)
    else:
        _choose_start(decision, still[0], "tiebreak")


def _refill(decision: _Decision, tied: tuple[int, ...]) -> None:
    """K12.4, K13: the tied seats draw back to 5, one card at a time in turn from the lowest
    tied seat, while the round deck lasts."""
    state = decision.state
    deck = list(state.round_deck)
    short = {seat: REFILL_TO - state.seats[seat].hand_size for seat in tied}
    drawn: dict[int, list[int]] = {seat: [] for seat in tied}
    while deck and any(short.values()):
        for seat in tied:
            if deck and short[seat] > 0:
                drawn[seat].append(deck.pop(0))
                short[seat] -= 1
    left = len(state.round_deck)
    for seat in tied:
        if drawn[seat]:
            left -= len(drawn[seat])
            decision.emit(ev.HandRefilled(state.round, seat, tuple(drawn[seat]), left))


def _choose_start(decision: _Decision, seat: int, by: ev.StartBy) -> None:
    state = decision.state
    decision.emit(ev.StartPlayerChosen(state.round, state.action_phase + 1, seat, by))
    _start_phase(decision)


def _start_phase(decision: _Decision) -> None:
    """K17-K18: the seats in the round, from the start player clockwise, contribute."""
    state = decision.state
    assert state.start_seat is not None
    order = clockwise_from(state.start_seat, state.in_round, len(state.seats))
    contributors = tuple(seat for seat in order if state.seats[seat].hand_size)
    phase = state.action_phase + 1
    decision.emit(ev.ActionPhaseStarted(state.round, phase, state.start_seat, order, contributors))
    if not contributors:
        _shuffle_action_deck(decision)


def _shuffle_action_deck(decision: _Decision) -> None:
    state = decision.state
    sealed = [state.seats[seat].sealed for seat in state.contributors]
    deck = shuffles.action_deck(state.seed, state.round, state.action_phase, sealed)  # type: ignore[arg-type]
    decision.emit(ev.DeckShuffled(state.round, "action", state.action_phase, len(deck), deck))
    _next_turn(decision)


def _next_turn(decision: _Decision) -> None:
    """K22, K24, K25: after a turn, the last player takes the pot; an empty action deck
    passes the turn; the lap over, the phase ends."""
    while True:
        state = decision.state
        if len(state.in_round) == 1:
            _award(decision, state.in_round, "last_player")  # K22
            return
        seat = state.to_move
        if seat is None:
            _end_phase(decision)
            return
        if state.action_deck:
            return  # the seat to move decides
        decision.emit(ev.TurnPassed(state.round, state.action_phase, seat, "empty_action_deck"))


def _draw(decision: _Decision, seat: int) -> None:
    """K19-K20."""
    state = decision.state
    number = state.action_deck[0]
    busted = number in state.seats[seat].row
    decision.emit(ev.CardDrawn(state.round, state.action_phase, seat, number, busted))
    if busted:
        _pay(decision, seat, "bust", number)
        decision.emit(ev.PlayerOut(state.round, state.action_phase, seat, "bust"))
    _next_turn(decision)


def _give_up(decision: _Decision, seat: int) -> None:
    """K21: the cost counts the giver's own row, before it turns down."""
    state = decision.state
    cost = state.give_up_cost()
    decision.emit(ev.GaveUp(state.round, state.action_phase, seat, cost))
    _pay(decision, seat, "give_up", cost)
    decision.emit(ev.PlayerOut(state.round, state.action_phase, seat, "give_up"))
    _next_turn(decision)


def _end_phase(decision: _Decision) -> None:
    """K25-K27."""
    state = decision.state
    if state.action_deck:
        decision.emit(
            ev.ActionCardsDiscarded(
                state.round, state.action_phase, len(state.action_deck), state.action_deck
            )
        )
    if state.action_phase == PHASES:
        _award(decision, state.in_round, "split")  # K26
        return
    assert state.start_seat is not None
    rows = {seat: state.seats[seat].row for seat in state.in_round}
    seat, by = next_start(rows, state.start_seat, len(state.seats))
    _choose_start(decision, seat, by)


def _award(
    decision: _Decision, seats: tuple[int, ...], reason: Literal["last_player", "split"]
) -> None:
    """K22, K26: the pot to the last player, or shared among those left."""
    state = decision.state
    amount, remainder = divmod(state.pot, len(seats))
    decision.emit(ev.PotAwarded(state.round, seats, amount, remainder, reason))
    _end_round(decision)


def _end_round(decision: _Decision) -> None:
    """K28-K29."""
    state = decision.state
    chips = tuple(seat.chips for seat in state.seats)
    decision.emit(ev.RoundEnded(state.round, chips, state.pot, state.shortfall))
    if state.shortfall or state.round == state.rounds:
        _end_match(decision, "shortfall" if state.shortfall else "rounds")
    else:
        _start_round(decision)


def _end_match(decision: _Decision, reason: Literal["rounds", "shortfall"]) -> None:
    state = decision.state
    chips = tuple(seat.chips for seat in state.seats)
    places = places_by(chips)
    winners = tuple(seat for seat, place in enumerate(places) if place == 1)
    first = shuffles.shared_win(state.seed, winners) if len(winners) > 1 else winners[0]
    decision.emit(ev.MatchEnded(state.round, winners, places, first, chips, state.pot, reason))
    decision.emit(ev.SeedRevealed(state.seed.hex()))


def default_number(state: Match, seat: int) -> int:
    """The card laid for a timed-out seat: the smallest it may lay."""
    return choices(state, seat)[0]


def _time_out(decision: _Decision, command: TimeOut) -> None:
    state, seat = decision.state, command.seat
    decision.emit(ev.TurnTimedOut(state.round, seat, state.phase, command.waited_seconds))
    if state.phase == "turn":
        _give_up(decision, seat)
    else:
        _seal(decision, seat, default_number(state, seat))


def command_behind(event: ev.Event) -> Command | None:
    """The command whose decision began with `event`, for audits; None for consequences."""
    if isinstance(event, ev.MatchCreated):
        return CreateMatch(
            event.match_id,
            event.seats,
            bytes.fromhex(event.seed or ""),
            event.seeded,
            event.rounds == ROUNDS[True],
            event.escalating_fee,
            event.turn_timeout_seconds,
        )
    if isinstance(event, ev.SealedChoiceMade):
        sealed = {"opening": ChooseOpening, "tiebreak": ChooseTieBreak}.get(event.kind, Contribute)
        return sealed(event.seat, event.number)  # type: ignore[arg-type]
    if isinstance(event, ev.CardDrawn):
        return Draw(event.seat)
    if isinstance(event, ev.GaveUp):
        return GiveUp(event.seat)
    if isinstance(event, ev.TurnTimedOut):
        return TimeOut(event.seat, event.waited_seconds)
    return None
