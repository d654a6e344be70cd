"""The decider: `execute(state, command) -> (events, state)` and `evolve(state, event)`.

`execute` checks a command against docs/rules/oink.md and returns the events it causes,
consequences included (O43): start rolls, refills and reshuffles, the showdown, the
capture, the next deal, the end. It never mutates and raises `RuleViolation` with a stable
code for an illegal command. `evolve` applies one event. Chance enters only through
`DeckShuffled` and `DieRolled`, whose results `chance` derives from the match seed (O44).

Every move has a ``verify_*`` (raises with the reason), a ``can_*`` (bool) and the move.

>>> from flipside.engine.seats import SeatSpec
>>> seats = (SeatSpec("human", "Ann"), SeatSpec("human", "Bo"))
>>> events, match = execute(initial_state(), CreateMatch("m", seats, bytes(32)))
>>> match.phase, match.deal, [len(seat.hand) for seat in match.seats], len(match.deck)
('action', 1, [5, 5], 39)
>>> can_roll(match, match.to_act), can_knock(match, match.to_act)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

from flipside.engine.chance import commitment
from flipside.engine.decision import Decision, run_move
from flipside.engine.errors import RuleViolation
from flipside.engine.frozen import replace
from flipside.engine.verify import allowed, verify_new_match, verify_timed_out

from .cards import DECK, HAND_SIZE, Card
from .chance import die_face, shuffle, start_faces
from .commands import (
    Accept,
    Change,
    Command,
    CreateMatch,
    Knock,
    Oink,
    Pass,
    Roll,
    TimeOut,
)
from .events import (
    LEVELS,
    RULES_VERSION,
    Accepted,
    CardsCaptured,
    CardsChanged,
    CardsDealt,
    DealDecided,
    DealEnded,
    DealStarted,
    DeckShuffled,
    DieRolled,
    Event,
    HandRevealed,
    Knocked,
    MatchCreated,
    MatchEnded,
    Oinked,
    Passed,
    SeedRevealed,
    StartPlayerChosen,
    TurnTimedOut,
)
from .hands import Evaluation, evaluate
from .scoring import oink_capture, showdown_capture, takes_all
from .state import TARGET, TURN_LIMIT, DealRecord, Match, Move, SeatState

SEATS = range(2, 3)  # O1
PREPS = ("none", "roll", "change")  # O22


def initial_state() -> Match:
    return Match()


def other(seat: int) -> int:
    return 1 - seat


# --- verify / can -------------------------------------------------------------------------


def verify_create(state: Match, command: CreateMatch) -> None:
    seats, seed, timeout = command.seats, command.seed, command.turn_timeout_seconds
    verify_new_match(state.version, seats, SEATS, LEVELS, seed, timeout)  # O1


def _verify_turn(state: Match, seat: int, phase: str) -> SeatState:
    """`seat` is the one the match waits for, in `phase` (O43)."""
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    if type(seat) is not int or not 0 <= seat < len(state.seats):  # bool is not a seat
        raise RuleViolation("unknown_seat", f"there is no seat {seat!r}")
    if seat != state.to_act:
        raise RuleViolation("not_your_turn", f"the match waits for seat {state.to_act}")
    if state.phase != phase:
        raise RuleViolation("wrong_phase", f"this is the {state.phase} step, not the {phase} step")
    return state.seats[seat]


def _verify_cards(state: Match, holder: SeatState, cards: tuple[Card, ...]) -> None:
    """O17-O18: 1 to 5 distinct cards of the hand, no more than the deck holds."""
    if not state.deck:
        raise RuleViolation("deck_empty", "the deck is empty: roll instead (O18)")
    if not 1 <= len(cards) <= min(HAND_SIZE, len(state.deck)):
        raise RuleViolation(
            "invalid_cards",
            f"change 1 to {min(HAND_SIZE, len(state.deck))} cards (O17: no more than the deck)",
        )
    if len(set(cards)) != len(cards):
        raise RuleViolation("invalid_cards", "a card is named twice")
    missing = [card for card in cards if card not in holder.hand]
    if missing:
        raise RuleViolation("invalid_cards", f"not in your hand: {', '.join(map(str, missing))}")


def verify_change(state: Match, seat: int, cards: tuple[Card, ...]) -> None:
    """O16-O18: the action of a turn."""
    _verify_cards(state, _verify_turn(state, seat, "action"), cards)


def can_change(state: Match, seat: int, cards: tuple[Card, ...]) -> bool:
    return allowed(verify_change, state, seat, cards)


def verify_roll(state: Match, seat: int) -> None:
    """O16, O19: the other action of a turn; always possible."""
    _verify_turn(state, seat, "action")


def can_roll(state: Match, seat: int) -> bool:
    return allowed(verify_roll, state, seat)


def verify_knock(state: Match, seat: int) -> None:
    """O16, O20: the call after the action."""
    _verify_turn(state, seat, "call")


def can_knock(state: Match, seat: int) -> bool:
    return allowed(verify_knock, state, seat)


def verify_pass(state: Match, seat: int) -> None:
    """O16: the other call."""
    _verify_turn(state, seat, "call")


def can_pass(state: Match, seat: int) -> bool:
    return allowed(verify_pass, state, seat)


def verify_oink(state: Match, seat: int) -> None:
    """O20-O21: the knocker's opponent answers."""
    _verify_turn(state, seat, "answer")


def can_oink(state: Match, seat: int) -> bool:
    return allowed(verify_oink, state, seat)


def verify_accept(state: Match, seat: int, prep: str, cards: tuple[Card, ...]) -> None:
    """O22: accept after no preparation, a Roll, or a Change of `cards`."""
    holder = _verify_turn(state, seat, "answer")
    if prep not in PREPS:
        raise RuleViolation("invalid_prep", f"prep is one of {', '.join(PREPS)}")
    if prep == "change":
        _verify_cards(state, holder, cards)
    elif cards:
        raise RuleViolation("invalid_cards", "cards go with a change only")


def can_accept(state: Match, seat: int, prep: str, cards: tuple[Card, ...] = ()) -> bool:
    return allowed(verify_accept, state, seat, prep, cards)


def verify_timeout(state: Match, seat: int, waited_seconds: int) -> None:
    """A seat may be timed out only while the match waits for it, past the match's limit."""
    if state.phase == "over":
        raise RuleViolation("match_over", "the match is over")
    verify_timed_out(seat, state.awaiting, state.turn_timeout_seconds, waited_seconds)


def can_time_out(state: Match, seat: int, waited_seconds: int) -> bool:
    return allowed(verify_timeout, state, seat, waited_seconds)


# --- decide --------------------------------------------------------------------------------


_Decision = Decision[Match, Event]


def execute(state: Match, command: Command) -> tuple[list[Event], Match]:
    """The events `command` causes and the state after them; `RuleViolation` if illegal."""
    return run_move(state, command, evolve, _MOVES)


def _create(decision: _Decision, command: CreateMatch) -> None:
    verify_create(decision.state, command)
    decision.emit(
        MatchCreated(
            match_id=command.match_id,
            seats=tuple(command.seats),
            rules_version=RULES_VERSION,
            target=TARGET,
            deck_commitment=commitment(command.seed),
            seeded=command.seeded,
            seed=command.seed.hex(),
            turn_timeout_seconds=command.turn_timeout_seconds,
        )
    )
    decision.emit(DeckShuffled(0, "initial", len(DECK), shuffle(command.seed, 0, DECK)))  # O8
    _choose_start_player(decision)


def _choose_start_player(decision: _Decision) -> None:
    """O9: both roll until the faces differ; the higher starts and the dice stay as they are."""
    attempt = 0
    while True:
        faces = start_faces(decision.state.seed, attempt)
        attempt += 1
        for seat, face in enumerate(faces):
            decision.emit(DieRolled(seat, face, "start", _joker_after(decision.state, seat, face)))
        if faces[0] != faces[1]:
            start = 0 if faces[0] > faces[1] else 1
            decision.emit(StartPlayerChosen(start, attempt))
            _start_deal(decision, start)
            return


def _joker_after(state: Match, seat: int, face: int) -> int | None:
    """O7: J once `seat`'s die shows `face`."""
    other_face = state.seats[other(seat)].die
    return None if other_face is None else face + other_face


def _start_deal(decision: _Decision, start: int) -> None:
    state = decision.state
    joker = state.joker
    assert joker is not None, "both dice were rolled at the start (O9)"
    decision.emit(DealStarted(state.deal + 1, start, joker))
    _refill(decision, start)


def _dealing_order(state: Match, start: int) -> list[int]:
    """O13: one card at a time, alternately from the start player, skipping full hands."""
    needs = [HAND_SIZE - len(seat.hand) for seat in state.seats]
    order = []
    while any(needs):
        for seat in (start, other(start)):
            if needs[seat]:
                order.append(seat)
                needs[seat] -= 1
    return order


def _refill(decision: _Decision, start: int) -> None:
    """O13-O14: deal until both hands hold five, reshuffling the discards when the deck
    runs out (a `CardsDealt` before and after the reshuffle)."""
    order = _dealing_order(decision.state, start)
    while order:
        state = decision.state
        if not state.deck:
            assert state.discards, "O14: the deck and the discards never both run out"
            order_after = shuffle(state.seed, state.shuffles, state.discards)
            decision.emit(DeckShuffled(state.shuffles, "reshuffle", len(order_after), order_after))
            state = decision.state
        now, order = order[: len(state.deck)], order[len(state.deck) :]
        dealt: list[list[Card]] = [[], []]
        for card, seat in zip(state.deck, now, strict=False):
            dealt[seat].append(card)
        remaining = len(state.deck) - len(now)
        decision.emit(CardsDealt(state.deal, tuple(tuple(cards) for cards in dealt), remaining))


def _change(decision: _Decision, command: Change) -> None:
    state = decision.state
    verify_change(state, command.seat, command.cards)
    _emit_change(decision, command.seat, "turn", command.cards)


def _emit_change(decision: _Decision, seat: int, context: Any, cards: tuple[Card, ...]) -> None:
    """O17: the cards go to the discards and as many come off the top of the deck."""
    state = decision.state
    drawn = state.deck[: len(cards)]
    decision.emit(
        CardsChanged(state.deal, seat, context, tuple(cards), drawn, len(state.deck) - len(drawn))
    )


def _roll(decision: _Decision, command: Roll) -> None:
    verify_roll(decision.state, command.seat)
    _emit_roll(decision, command.seat, "turn")


def _emit_roll(decision: _Decision, seat: int, reason: Any) -> None:
    """O19: the seat's own die, from the match's next `die` draw."""
    state = decision.state
    face = die_face(state.seed, state.rolls)
    decision.emit(DieRolled(seat, face, reason, _joker_after(state, seat, face)))


def _knock(decision: _Decision, command: Knock) -> None:
    state = decision.state
    verify_knock(state, command.seat)
    decision.emit(Knocked(state.deal, command.seat, state.turn))


def _pass(decision: _Decision, command: Pass) -> None:
    state = decision.state
    verify_pass(state, command.seat)
    _emit_pass(decision, command.seat)


def _emit_pass(decision: _Decision, seat: int) -> None:
    """O16; O15: the 100th turn without a knock ends the deal as a draw."""
    state = decision.state
    decision.emit(Passed(state.deal, seat, state.turn))
    if state.turn >= TURN_LIMIT:
        decision.emit(DealDecided(state.deal, "draw", None, None, False, "turn_limit"))
        assert state.start_seat is not None
        _end_deal(decision, state.start_seat)


def _oink(decision: _Decision, command: Oink) -> None:
    state = decision.state
    verify_oink(state, command.seat)
    decision.emit(Oinked(state.deal, command.seat))
    _settle_oink(decision, command.seat)


def _accept(decision: _Decision, command: Accept) -> None:
    state = decision.state
    verify_accept(state, command.seat, command.prep, command.cards)
    decision.emit(Accepted(state.deal, command.seat, command.prep, tuple(command.cards)))
    if command.prep == "roll":
        _emit_roll(decision, command.seat, "prep")
    elif command.prep == "change":
        _emit_change(decision, command.seat, "prep", command.cards)
    _showdown(decision)


def _time_out(decision: _Decision, command: TimeOut) -> None:
    """The default move ("Turn timeouts"): roll and knock, knock, or accept unprepared."""
    state = decision.state
    seat = command.seat
    verify_timeout(state, seat, command.waited_seconds)
    phase: Any = state.phase
    decision.emit(TurnTimedOut(state.deal, seat, phase, command.waited_seconds))
    if phase == "answer":
        decision.emit(Accepted(state.deal, seat, "none"))
        _showdown(decision)
        return
    if phase == "action":
        _emit_roll(decision, seat, "turn")
    decision.emit(Knocked(state.deal, seat, state.turn))


def _reveal(decision: _Decision, seat: int) -> Evaluation:
    state = decision.state
    joker = state.joker
    assert joker is not None
    found = evaluate(state.seats[seat].hand, joker)
    decision.emit(
        HandRevealed(
            state.deal,
            seat,
            found.cards,
            joker,
            found.category,
            found.role_cards,
            found.strength,
            found.jokers,
        )
    )
    return found


def _settle_oink(decision: _Decision, oinker: int) -> None:
    """O21, O34: the knocker shows and wins; the oinker shows only to a royal or SF."""
    knocker = other(oinker)
    shown = _reveal(decision, knocker)
    oinker_hand = _reveal(decision, oinker) if takes_all(shown) else None
    deal = decision.state.deal
    decision.emit(DealDecided(deal, "won", knocker, None, True, "oink"))
    _capture(decision, knocker, oink_capture(shown, oinker_hand))
    _end_deal(decision, knocker)


def _showdown(decision: _Decision) -> None:
    """O23, O27: both hands shown, the stronger wins; equal ones draw."""
    knocker = decision.state.knocker
    assert knocker is not None
    hands = {knocker: _reveal(decision, knocker)}
    hands[other(knocker)] = _reveal(decision, other(knocker))
    deal = decision.state.deal
    first, second = hands[0], hands[1]
    if first.key == second.key:  # O27c
        decision.emit(DealDecided(deal, "draw", None, None, False, "tie"))
    else:
        winner = 0 if first.key > second.key else 1
        decision.emit(
            DealDecided(deal, "won", winner, other(winner), False, _decided_by(first, second))
        )
        _capture(decision, winner, showdown_capture(hands[winner], hands[other(winner)]))
    _end_deal(decision, knocker)  # O12


def _decided_by(first: Evaluation, second: Evaluation) -> Any:
    if first.value != second.value:
        return "category"
    return "strength" if first.strength != second.strength else "jokers"


def _capture(decision: _Decision, seat: int, capture: tuple[tuple[Card, ...], ...]) -> None:
    own, received = capture
    state = decision.state
    points = len(own) + len(received)
    score = state.seats[seat].score + points
    decision.emit(CardsCaptured(state.deal, seat, own, received, points, score))


def _end_deal(decision: _Decision, next_start: int) -> None:
    """O36: uncaptured cards stay in the hands; O10, O38: the end, or the next deal."""
    state = decision.state
    carried = tuple(len(seat.hand) for seat in state.seats)
    decision.emit(DealEnded(state.deal, next_start, carried))
    state = decision.state
    scores = tuple(seat.score for seat in state.seats)
    leaders = [seat for seat, score in enumerate(scores) if score >= state.target]
    if not leaders:
        _start_deal(decision, next_start)
        return
    decision.emit(MatchEnded(state.deal, leaders[0], scores))
    decision.emit(SeedRevealed(state.seed.hex()))


_MOVES: dict[type, Callable[[_Decision, Any], None]] = {
    CreateMatch: _create,
    Change: _change,
    Roll: _roll,
    Knock: _knock,
    Pass: _pass,
    Oink: _oink,
    Accept: _accept,
    TimeOut: _time_out,
}


# --- evolve --------------------------------------------------------------------------------
# Each evolver returns the fields its event changes; `evolve` builds the next state once.

Changes = dict[str, Any]


def _with_seat(state: Match, index: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[index] = replace(seats[index], **changes)
    return tuple(seats)


def _logged(state: Match, seat: int, kind: Any, **details: Any) -> tuple[Move, ...]:
    joker = details.pop("joker", state.joker)
    return (*state.moves, Move(state.turn, seat, kind, **details, joker=joker))


def _match_created(state: Match, event: MatchCreated) -> Changes:
    return {
        "match_id": event.match_id,
        "seats": tuple(SeatState(spec) for spec in event.seats),
        "seed": bytes.fromhex(event.seed or ""),
        "seeded": event.seeded,
        "deck_commitment": event.deck_commitment,
        "turn_timeout_seconds": event.turn_timeout_seconds,
        "target": event.target,
    }


def _deck_shuffled(state: Match, event: DeckShuffled) -> Changes:
    changes: Changes = {"deck": state.deck + (event.cards or ()), "shuffles": state.shuffles + 1}
    if event.reason == "reshuffle":  # O14: the whole discard pile became the deck
        changes |= {"discards": (), "table_from": 0}
    return changes


def _die_rolled(state: Match, event: DieRolled) -> Changes:
    changes: Changes = {"seats": _with_seat(state, event.seat, die=event.face)}
    if event.reason == "start":
        return changes
    moves = _logged(state, event.seat, "roll", face=event.face, joker=event.joker)
    changes |= {"rolls": state.rolls + 1, "moves": moves}
    if event.reason == "turn":
        changes["phase"] = "call"
    return changes


def _start_player_chosen(state: Match, event: StartPlayerChosen) -> Changes:
    return {}  # the deal that follows records its start seat


def _deal_started(state: Match, event: DealStarted) -> Changes:
    return {
        "deal": event.deal,
        "start_seat": event.start_seat,
        "to_act": event.start_seat,
        "phase": "action",
        "turn": 1,
        "knocker": None,
        "knock_joker": None,
        "moves": (),
        "reveals": (),
        "decided": None,
        "captured": None,
        "table_from": len(state.discards),
    }


def _cards_dealt(state: Match, event: CardsDealt) -> Changes:
    seats = tuple(
        replace(
            seat,
            hand=seat.hand + tuple(card for card in cards if card is not None),
            held=seat.held + len(cards),
        )
        for seat, cards in zip(state.seats, event.cards, strict=True)
    )
    dealt = sum(len(cards) for cards in event.cards)
    return {"seats": seats, "deck": state.deck[dealt:]}


def _cards_changed(state: Match, event: CardsChanged) -> Changes:
    holder = state.seats[event.seat]
    kept = tuple(card for card in holder.hand if card not in event.discarded)
    drawn = tuple(card for card in event.drawn if card is not None)
    shown = tuple(card for card in holder.shown if card in kept)
    changes: Changes = {
        "seats": _with_seat(state, event.seat, hand=kept + drawn, shown=shown),
        "deck": state.deck[len(event.drawn) :],
        "discards": state.discards + event.discarded,
        "moves": _logged(state, event.seat, "change", cards=event.discarded),
    }
    if event.context == "turn":
        changes["phase"] = "call"
    return changes


def _knocked(state: Match, event: Knocked) -> Changes:
    return {
        "phase": "answer",
        "to_act": other(event.seat),
        "knocker": event.seat,
        "knock_joker": state.joker,
        "moves": _logged(state, event.seat, "knock"),
    }


def _passed(state: Match, event: Passed) -> Changes:
    return {
        "phase": "action",
        "to_act": other(event.seat),
        "turn": state.turn + 1,
        "moves": _logged(state, event.seat, "pass"),
    }


def _oinked(state: Match, event: Oinked) -> Changes:
    return {"moves": _logged(state, event.seat, "oink")}


def _accepted(state: Match, event: Accepted) -> Changes:
    return {"moves": _logged(state, event.seat, "accept", prep=event.prep)}


def _turn_timed_out(state: Match, event: TurnTimedOut) -> Changes:
    return {"moves": _logged(state, event.seat, "timeout")}


def _hand_revealed(state: Match, event: HandRevealed) -> Changes:
    seats = _with_seat(state, event.seat, shown=event.cards)  # O40
    return {"seats": seats, "reveals": (*state.reveals, event)}


def _deal_decided(state: Match, event: DealDecided) -> Changes:
    return {"decided": event, "phase": "scoring", "to_act": None}


def _cards_captured(state: Match, event: CardsCaptured) -> Changes:
    taken = set(event.own + event.received)
    seats = tuple(
        replace(
            seat,
            hand=tuple(card for card in seat.hand if card not in taken),
            held=seat.held - len(event.own if index == event.seat else event.received),
            shown=tuple(card for card in seat.shown if card not in taken),
            captured=seat.captured + (event.own + event.received if index == event.seat else ()),
        )
        for index, seat in enumerate(state.seats)
    )
    return {"seats": seats, "captured": event}


def _deal_ended(state: Match, event: DealEnded) -> Changes:
    assert state.start_seat is not None
    record = DealRecord(
        state.deal,
        state.start_seat,
        state.turn,
        state.knocker,
        state.knock_joker,
        state.moves,
        state.reveals,
        state.decided,
        state.captured,
    )
    return {"history": (*state.history, record)}


def _match_ended(state: Match, event: MatchEnded) -> Changes:
    return {"winner": event.winner, "phase": "over", "to_act": None}


def _seed_revealed(state: Match, event: SeedRevealed) -> Changes:
    return {"seed_revealed": True}


_EVOLVERS: dict[type[Event], Callable[[Match, Any], Changes]] = {
    MatchCreated: _match_created,
    DeckShuffled: _deck_shuffled,
    DieRolled: _die_rolled,
    StartPlayerChosen: _start_player_chosen,
    DealStarted: _deal_started,
    CardsDealt: _cards_dealt,
    CardsChanged: _cards_changed,
    Knocked: _knocked,
    Passed: _passed,
    Oinked: _oinked,
    Accepted: _accepted,
    TurnTimedOut: _turn_timed_out,
    HandRevealed: _hand_revealed,
    DealDecided: _deal_decided,
    CardsCaptured: _cards_captured,
    DealEnded: _deal_ended,
    MatchEnded: _match_ended,
    SeedRevealed: _seed_revealed,
}


def evolve(state: Match, event: Event) -> Match:
    """The state after `event`. Every event ends a decision's step, so each one restarts
    the turn clock: the last event of a decision is the one a timeout counts from."""
    changes = _EVOLVERS[type(event)](state, event)
    version = state.version + 1
    return replace(state, version=version, turn_started=version, **changes)


def replay(events: list[Event]) -> Match:
    """Rebuild a match from its events."""
    return reduce(evolve, events, initial_state())


def command_behind(event: Event) -> Command | None:
    """The command whose decision began with `event` (for the audit); None for consequences."""
    if isinstance(event, MatchCreated):
        seed = bytes.fromhex(event.seed or "")
        return CreateMatch(
            event.match_id, event.seats, seed, event.seeded, event.turn_timeout_seconds
        )
    if isinstance(event, CardsChanged) and event.context == "turn":
        return Change(event.seat, event.discarded)
    if isinstance(event, DieRolled) and event.reason == "turn":
        return Roll(event.seat)
    if isinstance(event, Accepted):
        return Accept(event.seat, event.prep, event.discarded)
    if isinstance(event, TurnTimedOut):
        return TimeOut(event.seat, event.waited_seconds)
    simple = {Knocked: Knock, Passed: Pass, Oinked: Oink}.get(type(event))
    return simple(event.seat) if simple else None  # type: ignore[attr-defined]
