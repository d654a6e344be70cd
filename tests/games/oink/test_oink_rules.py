"""The decider's rules one by one (docs/rules/oink.md): moves and their refusals (O16-O22,
O43), refills and reshuffles (O13-O14), the turn limit (O15), oinks (O21, O34), what stays
in the hands (O36), scoring (O37) with the worked examples (O45-O47), the bodies the
actions endpoint refuses, and turn timeouts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flipside.engine.errors import RuleViolation
from flipside.games.oink import GAME
from flipside.games.oink import game as game_module
from flipside.games.oink.cards import DECK
from flipside.games.oink.chance import shuffle
from flipside.games.oink.commands import (
    Accept,
    Change,
    Command,
    Knock,
    Oink,
    Pass,
    Roll,
    TimeOut,
)
from flipside.games.oink.events import (
    Accepted,
    CardsCaptured,
    CardsDealt,
    DealDecided,
    DealStarted,
    DeckShuffled,
    DieRolled,
    HandRevealed,
    Knocked,
    TurnTimedOut,
)
from flipside.games.oink.hands import CATEGORIES, evaluate
from flipside.games.oink.rules import (
    can_accept,
    can_change,
    can_knock,
    can_oink,
    can_pass,
    can_roll,
    execute,
)
from flipside.games.oink.scoring import oink_capture, showdown_capture
from flipside.games.oink.state import Match

from .table import cards, fresh, laid_out, play

ANN, BO = 0, 1
PACKAGE = Path(game_module.__file__).parent  # every module of the game may refuse
TWO_PAIR, PAIR = "9c 9d 4b 4c Kg", "12f 12g 5c 3a 8d"


def at(phase: str, to_act: int = ANN, **changes: object) -> Match:
    """Ann and Bo mid-deal 1, Ann the start player, J = 2 (no jokers in these hands); the
    deck's top as given (``top``), the other cards under it unless ``deck_ends``."""
    layout: dict[str, object] = {
        "hands": (TWO_PAIR, PAIR),
        "top": "6a 6b 6c 7a 7b 7c",
        "deck_ends": False,
        "phase": phase,
        "to_act": to_act,
        "deal": 1,
        "turn": 1,
        "start_seat": ANN,
        "knocker": 1 - to_act if phase == "answer" else None,
    }
    layout |= changes
    hands, top, ends = layout.pop("hands"), str(layout.pop("top")), layout.pop("deck_ends")
    named = f"{' '.join(hands)} {top} {layout.get('discards', '')}"  # type: ignore[arg-type]
    rest = " ".join(card for card in DECK if card not in cards(named))
    deck = top if ends else f"{top} {rest}"
    return laid_out(fresh(), hands=hands, deck=deck, **layout)  # type: ignore[arg-type]


def refused(state: Match, command: Command) -> str:
    with pytest.raises(RuleViolation) as refusal:
        execute(state, command)
    return refusal.value.code


# --- O16-O19: a turn ---------------------------------------------------------------------------


def test_o16_an_action_then_a_call() -> None:
    state = at("action")
    assert can_roll(state, ANN) and can_change(state, ANN, cards("Kg"))
    assert not can_knock(state, ANN) and not can_pass(state, ANN)
    _, state = play(state, Roll(ANN))
    assert state.phase == "call" and can_knock(state, ANN) and can_pass(state, ANN)
    assert not can_roll(state, ANN)
    _, state = play(state, Pass(ANN))
    assert state.phase == "action" and state.to_act == BO and state.turn == 2


def test_o17_a_change_draws_as_many_as_it_discards_from_the_top() -> None:
    _events, state = play(at("action"), Change(ANN, cards("Kg 4b")))
    assert state.seats[ANN].hand == cards("9c 9d 4c 6a 6b") and state.deck[:2] == cards("6c 7a")
    assert state.discards == cards("Kg 4b") and state.table_discards == cards("Kg 4b")


@pytest.mark.parametrize(
    ("discard", "deck", "code"),
    [
        ("", "6a 6b", "invalid_cards"),  # O17: at least one card
        ("9c 9d 4b", "6a 6b", "invalid_cards"),  # O17: no more than the deck holds
        ("9c 9c", "6a 6b", "invalid_cards"),
        ("Aa", "6a 6b", "invalid_cards"),  # not in the hand
        ("9c", "", "deck_empty"),  # O18
    ],
)
def test_o17_o18_a_change_that_is_refused(discard: str, deck: str, code: str) -> None:
    state = at("action", top=deck, deck_ends=True)
    assert refused(state, Change(ANN, cards(discard))) == code
    assert not can_change(state, ANN, cards(discard))
    assert can_roll(state, ANN)  # O18: a Roll always is


def test_o19_a_roll_changes_the_rollers_die_and_the_joker() -> None:
    events, state = play(at("action", dice=(1, 1)), Roll(ANN))
    rolled = events[0]
    assert isinstance(rolled, DieRolled) and rolled.reason == "turn" and rolled.seat == ANN
    assert state.seats[ANN].die == rolled.face and state.seats[BO].die == 1
    assert state.joker == rolled.face + 1 == rolled.joker and state.rolls == 1


@pytest.mark.parametrize(
    ("state", "command", "code"),
    [
        (at("action"), Roll(BO), "not_your_turn"),
        (at("action"), Knock(ANN), "wrong_phase"),
        (at("call"), Roll(ANN), "wrong_phase"),
        (at("call"), Oink(ANN), "wrong_phase"),
        (at("answer", BO), Knock(BO), "wrong_phase"),
        (at("answer", BO), Oink(ANN), "not_your_turn"),
        (at("answer", BO), Accept(BO, "dance"), "invalid_prep"),  # type: ignore[arg-type]
        (at("answer", BO), Accept(BO, "none", cards("5c")), "invalid_cards"),
        (at("answer", BO), Accept(BO, "change"), "invalid_cards"),
        (at("action"), Roll(7), "unknown_seat"),
        (at("over"), Roll(ANN), "match_over"),
    ],
)
def test_o43_moves_out_of_turn_or_phase_are_refused(
    state: Match, command: Command, code: str
) -> None:
    assert refused(state, command) == code


# --- O20-O23: knock and answer -----------------------------------------------------------------


def test_o20_a_knock_asks_the_opponent_at_once() -> None:
    events, state = play(at("call"), Knock(ANN))
    assert events == [Knocked(1, ANN, 1)]
    assert state.phase == "answer" and state.to_act == BO and state.knocker == ANN
    assert can_oink(state, BO) and can_accept(state, BO, "roll")
    assert can_accept(state, BO, "change", cards("5c 3a")) and can_accept(state, BO, "none")


def test_o22_accepting_after_a_change_shows_the_changed_hand() -> None:
    events, _state = play(at("answer", BO), Accept(BO, "change", cards("5c 3a 8d")))
    assert events[0] == Accepted(1, BO, "change", cards("5c 3a 8d"))
    shown = [e for e in events if isinstance(e, HandRevealed)]
    assert [e.seat for e in shown] == [ANN, BO]  # the knocker first
    assert shown[1].cards == cards("12f 12g 6a 6b 6c")  # a full house now
    assert shown[1].category == "full_house"
    assert DealDecided(1, "won", BO, ANN, False, "category") in events


def test_o21_o36_an_oink_shows_only_the_knocker_who_keeps_its_other_cards() -> None:
    events, state = play(at("answer", BO), Oink(BO))
    assert [e.seat for e in events if isinstance(e, HandRevealed)] == [ANN]
    assert CardsCaptured(1, ANN, cards("9c 9d 4b 4c"), (), 4, 4) in events
    assert DealDecided(1, "won", ANN, None, True, "oink") in events
    # O36: Ann keeps her kicker, shown (O40); Bo keeps his whole hidden hand; O12: Ann starts.
    assert state.seats[ANN].hand[:1] == cards("Kg") and state.seats[ANN].shown == cards("Kg")
    assert state.seats[BO].hand == cards(PAIR) and not state.seats[BO].shown
    assert state.start_seat == ANN and state.deal == 2


@pytest.mark.parametrize(("oinker", "taken"), [(PAIR, 5), ("Aa 3b 5c 9d Kg", 0)])
def test_o34_a_straight_flush_shows_the_oinker_and_takes_it_unless_no_pair(
    oinker: str, taken: int
) -> None:
    state = at("answer", BO, hands=("2a 3a 4a 5a 6a", oinker), dice=(4, 4))  # J = 8
    events, state = play(state, Oink(BO))
    shown = [e for e in events if isinstance(e, HandRevealed)]
    assert [e.seat for e in shown] == [ANN, BO]
    captured = next(e for e in events if isinstance(e, CardsCaptured))
    assert captured.points == 5 + taken and len(captured.received) == taken
    if not taken:  # a shown no pair stays in the hand, known (O34, O40)
        assert state.seats[BO].hand == cards(oinker) == state.seats[BO].shown


def test_o27c_o35_o36_a_draw_captures_nothing_and_both_hands_stay() -> None:
    state = at("answer", BO, hands=("Aa 3b 5c 9d Kg", "4a 6b 8c 10d 12f"), dice=(1, 1))
    events, state = play(state, Accept(BO))
    assert DealDecided(1, "draw", None, None, False, "tie") in events
    assert not any(isinstance(e, CardsCaptured) for e in events)
    assert [len(seat.hand) for seat in state.seats] == [5, 5]
    assert not any(isinstance(e, CardsDealt) for e in events)  # O13: nothing to refill
    assert state.start_seat == ANN  # O12: the knocker, a draw included


# --- O13-O15: refills, reshuffles, the turn limit ----------------------------------------------


def test_o13_o14_a_refill_reshuffles_the_discards_when_the_deck_runs_out() -> None:
    discards = "11e 11f 11g 10d 10e 10f 10g 12f"
    state = at(
        "answer",
        BO,
        hands=(TWO_PAIR, "Aa 3b 5c 8d 2a"),
        top="6a",
        deck_ends=True,
        discards=discards,
    )
    events, state = play(state, Oink(BO))  # Ann captures 4, keeps Kg: she needs 4 cards
    shuffled = next(e for e in events if isinstance(e, DeckShuffled))
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert dealt[0].cards == (cards("6a"), ()) and dealt[0].deck == 0
    assert shuffled.reason == "reshuffle" and shuffled.shuffle_no == 0
    assert shuffled.cards == shuffle(state.seed, 0, cards(discards))
    assert dealt[1].cards == (shuffled.cards[:3], ()) and dealt[1].deck == 5
    assert state.discards == () and len(state.seats[ANN].hand) == 5


def test_o15_a_hundred_turns_without_a_knock_draw_and_the_start_player_stays() -> None:
    events, state = play(at("call", BO, turn=100), Pass(BO))
    assert DealDecided(1, "draw", None, None, False, "turn_limit") in events
    assert DealStarted(2, ANN, 2) in events and state.to_act == ANN


# --- O37: the scoring table --------------------------------------------------------------------

# One hand of each category at J = 7.
SAMPLES = {
    "royal_straight": "10d 11e 12f Kg Aa",
    "straight_flush": "2a 3a 4a 5a 6a",
    "five_of_a_kind": "8b 8c 8d 7e 7f",
    "flush": "3c 4c 5c 8c 9c",
    "four_of_a_kind": "9d 9e 9f 7g 2b",
    "straight": "2b 3b 4b 5b 6c",
    "full_house": "10e 10f 10g 12g 12f",
    "three_of_a_kind": "9c 9e 9f 4d 2a",
    "two_pair": "11e 11f 6d 6e 3c",
    "one_pair": "12f 12g 5d 3b 2b",
    "no_pair": "Aa 3b 5c 9d Kg",
}
TABLE = {  # O37: the winner's points against each loser, then oinked (not no pair, no pair)
    "royal_straight": (10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5, 10, 5),
    "straight_flush": (None, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5, 10, 5),
    "five_of_a_kind": (None, None, 5, 5, 6, 5, 5, 7, 6, 8, 5, 5, 5),
    "flush": (None, None, None, 5, 6, 5, 5, 7, 6, 8, 5, 5, 5),
    "four_of_a_kind": (None, None, None, None, 5, 4, 4, 6, 5, 7, 4, 4, 4),
    "straight": (None, None, None, None, None, 5, 5, 7, 6, 8, 5, 5, 5),
    "full_house": (None, None, None, None, None, None, 5, 7, 6, 8, 5, 5, 5),
    "three_of_a_kind": (None, None, None, None, None, None, None, 5, 4, 6, 3, 3, 3),
    "two_pair": (None, None, None, None, None, None, None, None, 5, 7, 4, 4, 4),
    "one_pair": (None, None, None, None, None, None, None, None, None, 5, 2, 2, 2),
}
ORDER = list(reversed(CATEGORIES))


def test_o37_the_samples_are_of_their_categories() -> None:
    assert {name: evaluate(cards(hand), 7).category for name, hand in SAMPLES.items()} == {
        name: name for name in SAMPLES
    }


@pytest.mark.parametrize("winner", list(TABLE))
def test_o37_points_by_categories(winner: str) -> None:
    won = evaluate(cards(SAMPLES[winner]), 7)
    for loser, points in zip(ORDER, TABLE[winner][:11], strict=True):
        if points is not None:
            own, received = showdown_capture(won, evaluate(cards(SAMPLES[loser]), 7))
            assert len(own) + len(received) == points, (winner, loser)
    shown = evaluate(cards(SAMPLES["one_pair"]), 7), evaluate(cards(SAMPLES["no_pair"]), 7)
    for oinker, points in zip(shown, TABLE[winner][11:], strict=True):
        revealed = oinker if won.category in ("royal_straight", "straight_flush") else None
        own, received = oink_capture(won, revealed)
        assert len(own) + len(received) == points, (winner, oinker.category)


def _points(capture: tuple[tuple[str, ...], tuple[str, ...]]) -> int:
    return sum(map(len, capture))


def test_o45_o46_o47_points_of_the_worked_examples() -> None:
    at7 = {name: evaluate(cards(hand), 7) for name, hand in SAMPLES.items()}
    assert _points(showdown_capture(at7["two_pair"], at7["one_pair"])) == 4 + 3
    full, three = evaluate(cards("8b 8c 8d 3a 3b"), 7), evaluate(cards("4a 5b 7c 7d 12f"), 7)
    assert _points(showdown_capture(full, three)) == 5 + 2
    royal, four = at7["royal_straight"], at7["four_of_a_kind"]
    assert _points(showdown_capture(royal, four)) == _points(oink_capture(royal, four)) == 10
    assert _points(showdown_capture(royal, at7["no_pair"])) == 5
    flush, pair = evaluate(cards("2a 3a 4a 5a 6a"), 8), evaluate(cards("4b 5b 7c 7d 12f"), 8)
    assert flush.category == "straight_flush" and pair.category == "one_pair"
    assert _points(showdown_capture(flush, pair)) == 10
    bluff = evaluate(cards("Aa 3b 5c 9d Kg"), 8)
    assert _points(oink_capture(bluff, None)) == 5
    # O46: the royal with no joker beats the one with two, and takes all ten cards.
    plain, jokered = (
        evaluate(cards("Aa 10d 11e 12f Kg"), 6),
        evaluate(cards("10e 11f 12g 6a 6b"), 6),
    )
    assert _points(showdown_capture(plain, jokered)) == 10
    # O45: four 8s at J = 9 keep 3a out of the role; losing, they give it.
    eights = evaluate(cards("8b 8c 8d 8e 3a"), 9)
    assert showdown_capture(evaluate(cards("8f 8g 9c 9d 9e"), 9), eights)[1] == cards("3a")


# --- moves over the wire -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"kind": "fold"}, "unknown_action"),
        ({}, "unknown_action"),
        ({"kind": "change", "cards": "9c"}, "validation_error"),
        ({"kind": "change"}, "validation_error"),
        ({"kind": "change", "cards": ["1a"]}, "invalid_cards"),  # O5: no rank 1
        ({"kind": "change", "cards": ["Ka"]}, "invalid_cards"),  # O4: K is only in g
        ({"kind": "accept", "prep": "change", "cards": ["9z"]}, "invalid_cards"),
    ],
)
def test_o43_bodies_the_actions_endpoint_refuses(body: dict[str, object], code: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        GAME.parse_action(ANN, body)
    assert refusal.value.code == code and code in GAME.refusals


def test_o43_every_refusal_code_is_declared() -> None:
    # The engine raises the refusals every game shares (flipside.engine.verify, .decision).
    engine = PACKAGE.parents[1] / "engine"
    shared = (engine / "verify.py", engine / "decision.py")
    source = "".join(path.read_text() for path in (*PACKAGE.rglob("*.py"), *shared))
    codes = set(re.findall(r'RuleViolation\(\s*"([a-z_]+)"', source))
    assert len(codes) >= 10 and codes <= set(GAME.refusals), codes - set(GAME.refusals)


# --- turn timeouts -----------------------------------------------------------------------------


def test_a_timed_out_turn_rolls_and_knocks_a_timed_out_answer_accepts() -> None:
    state = at("action", turn_timeout_seconds=60)
    assert refused(state, TimeOut(ANN, 59)) == "not_timed_out"
    assert refused(state, TimeOut(BO, 60)) == "not_your_turn"
    events, state = play(state, TimeOut(ANN, 60))
    assert events[0] == TurnTimedOut(1, ANN, "action", 60)
    assert isinstance(events[1], DieRolled) and events[2] == Knocked(1, ANN, 1)
    events, state = play(state, TimeOut(BO, 61))
    assert events[:2] == [TurnTimedOut(1, BO, "answer", 61), Accepted(1, BO, "none")]
    assert any(isinstance(e, DealDecided) for e in events)


def test_a_match_without_a_turn_timeout_never_times_out() -> None:
    assert refused(at("action"), TimeOut(ANN, 10**9)) == "no_turn_timeout"
