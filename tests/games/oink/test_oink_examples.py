"""The worked examples of docs/rules/oink.md played through the decider: O48 (an opening)
and O49 (the end), with the count checks they state."""

from __future__ import annotations

from flipside.games.oink import GAME
from flipside.games.oink.commands import Accept, Change, CreateMatch, Knock, Oink, Pass
from flipside.games.oink.events import (
    CardsCaptured,
    CardsChanged,
    CardsDealt,
    DealDecided,
    DealEnded,
    DealStarted,
    DieRolled,
    HandRevealed,
    MatchEnded,
    SeedRevealed,
    StartPlayerChosen,
)
from flipside.games.oink.hands import evaluate
from flipside.games.oink.rules import execute, initial_state
from flipside.games.oink.scoring import showdown_capture
from flipside.games.oink.state import Match

from .table import ANN_AND_BO, cards, full_deck, laid_out, opening, play, seed_rolling

ANN, BO = 0, 1
START_ROLLS = ((4, 4), (5, 2))
# O48: the refills alternate from the start player (O13), then the draws of each Change.
O48_DECK = full_deck(
    "9c 12f 9e 12g 7b 5c 4d 3a 2a 8d"  # deal 1
    " 9d 6a"  # Ann's change
    " Kg 10d 11e 5b 3b 2b"  # deal 2
    " 4a 8c 9f"  # Ann's change
    " Aa 6c 8e"  # Bo's change
)
SEED = seed_rolling(START_ROLLS, rolls=(6,))  # Bo's preparation rolls a 6 (O48.4)


def total_cards(state: Match) -> int:
    held = [card for seat in state.seats for card in seat.hand + seat.captured]
    everything = held + list(state.deck) + list(state.discards)
    assert len(set(everything)) == len(everything)
    return len(everything)


def test_o9_o48_1_the_start_rolls_repeat_on_a_tie_and_keep_their_faces() -> None:
    events, state = execute(initial_state(), CreateMatch("m", ANN_AND_BO, SEED))
    rolls = [(e.seat, e.face) for e in events if isinstance(e, DieRolled)]
    assert rolls == [(ANN, 4), (BO, 4), (ANN, 5), (BO, 2)]
    assert StartPlayerChosen(ANN, 2) in events
    assert state.start_seat == ANN and state.joker == 7 and state.to_act == ANN


def test_o13_the_creation_deals_ten_cards_alternately_from_the_start_player() -> None:
    events, _state = execute(initial_state(), CreateMatch("m", ANN_AND_BO, SEED))
    deck = next(e for e in events if type(e).__name__ == "DeckShuffled").cards
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert deck is not None
    assert dealt.cards == (deck[0:10:2], deck[1:10:2]) and dealt.deck == 39


def o48_opening() -> Match:
    return opening(SEED, O48_DECK, START_ROLLS, ("9c 9e 7b 4d 2a", "12f 12g 5c 3a 8d"))


def test_o48_2_deal_1_leaves_39_cards_and_a_joker_of_7() -> None:
    state = o48_opening()
    assert len(state.deck) == 39 and state.joker == 7
    assert evaluate(state.seats[ANN].hand, 7).category == "three_of_a_kind"
    assert evaluate(state.seats[BO].hand, 7).category == "one_pair"


def test_o48_3_4_a_change_a_knock_and_an_accept_with_a_roll() -> None:
    events, state = play(o48_opening(), Change(ANN, cards("4d 2a")), Knock(ANN))
    changed = events[0]
    assert isinstance(changed, CardsChanged)
    assert changed.drawn == cards("9d 6a") and changed.deck == 37
    assert evaluate(state.seats[ANN].hand, 7).category == "four_of_a_kind"

    events, state = play(state, Accept(BO, "roll"))
    assert DieRolled(BO, 6, "prep", 11) in events
    shown = {e.seat: e for e in events if isinstance(e, HandRevealed)}
    assert shown[ANN].category == "three_of_a_kind" and shown[ANN].role_cards == cards("9c 9e 9d")
    assert shown[ANN].jokers == 0 and shown[BO].category == "one_pair"
    assert DealDecided(1, "won", ANN, BO, False, "category") in events
    assert CardsCaptured(1, ANN, cards("9c 9e 9d"), cards("5c 3a 8d"), 6, 6) in events
    assert DealEnded(1, ANN, (2, 2)) in events
    # O48.5: Ann, the knocker, starts deal 2; three cards each, alternately from her.
    assert DealStarted(2, ANN, 11) in events
    assert CardsDealt(2, (cards("Kg 11e 3b"), cards("10d 5b 2b")), 31) in events
    assert state.seats[ANN].hand == cards("7b 6a Kg 11e 3b")
    assert state.seats[BO].hand == cards("12f 12g 10d 5b 2b")
    # O40: the cards shown and kept stay known.
    assert state.seats[ANN].shown == cards("7b 6a") and state.seats[BO].shown == cards("12f 12g")
    assert [seat.score for seat in state.seats] == [6, 0]
    assert total_cards(state) == 49


def o48_deal_2() -> Match:
    moves = (Change(ANN, cards("4d 2a")), Knock(ANN), Accept(BO, "roll"))
    return play(o48_opening(), *moves)[1]


def test_o48_6_9_a_pass_a_knock_with_no_pair_and_an_oink() -> None:
    state = o48_deal_2()
    assert evaluate(state.seats[ANN].hand, 11).role_cards == cards("Kg 11e")
    events, state = play(
        state,
        Change(ANN, cards("7b 6a 3b")),
        Pass(ANN),
        Change(BO, cards("12f 12g 10d")),
        Knock(BO),
    )
    assert [e.drawn for e in events if isinstance(e, CardsChanged)] == [
        cards("4a 8c 9f"),
        cards("Aa 6c 8e"),
    ]
    assert len(state.deck) == 25
    events, state = play(state, Oink(ANN))
    shown = [e for e in events if isinstance(e, HandRevealed)]
    assert [(e.seat, e.category) for e in shown] == [(BO, "no_pair")]  # Ann shows nothing
    assert CardsCaptured(2, BO, cards("5b 2b Aa 6c 8e"), (), 5, 5) in events
    assert state.seats[ANN].hand == cards("Kg 11e 4a 8c 9f") and not state.seats[ANN].shown
    # O48.9: Bo starts deal 3, dealt 5 cards; Ann keeps hers.
    assert DealStarted(3, BO, 11) in events
    dealt = next(e for e in events if isinstance(e, CardsDealt))
    assert len(dealt.cards[ANN]) == 0 and len(dealt.cards[BO]) == 5 and dealt.deck == 20
    assert state.discards == cards("4d 2a 7b 6a 3b 12f 12g 10d")
    assert [seat.score for seat in state.seats] == [6, 5]
    assert total_cards(state) == 49


def test_o48_8_what_accepting_would_have_given() -> None:
    ann, bo = cards("Kg 11e 4a 8c 9f"), cards("Aa 6c 8e 5b 2b")
    for joker, winner, points in ((11, ANN, 2), (9, ANN, 2), (8, BO, 5)):
        mine, theirs = evaluate(ann, joker), evaluate(bo, joker)
        assert (mine.key > theirs.key) == (winner == ANN), joker
        won, lost = (mine, theirs) if winner == ANN else (theirs, mine)
        own, received = showdown_capture(won, lost)
        assert len(own) + len(received) == points, joker
    assert evaluate(ann, 8).role_cards == cards("Kg 8c")
    assert evaluate(bo, 8).role_cards == cards("Aa 8e")


def test_o49_the_first_to_15_wins_and_no_deal_follows() -> None:
    spare = [card for card in O48_DECK if card not in cards("9c 9d 4b 4c Kg 12f 12g 5c 3a 8d")]
    state = laid_out(
        o48_opening(),
        hands=("9c 9d 4b 4c Kg", "12f 12g 5c 3a 8d"),
        captured=(" ".join(spare[:12]), " ".join(spare[12:21])),
        deck=" ".join(spare[21:]),
        dice=(1, 1),  # J = 2: no joker in either hand
        phase="answer",
        knocker=ANN,
        to_act=BO,
    )
    events, state = play(state, Accept(BO))
    assert CardsCaptured(1, ANN, cards("9c 9d 4b 4c"), cards("5c 3a 8d"), 7, 19) in events
    assert MatchEnded(1, ANN, (19, 9)) in events
    assert isinstance(events[-1], SeedRevealed) and state.phase == "over"
    assert not any(isinstance(e, DealStarted) for e in events)


def test_o39_o41_views_of_the_opening() -> None:
    """What each seat sees (O39-O41): the opponent's hand is null until a showdown shows
    cards of it, which stay shown (O40); dice, joker, discards and piles are public."""
    before = GAME.view_json(GAME.view(o48_opening(), BO))
    assert before["seats"][ANN]["hand"] is None and before["seats"][ANN]["hand_size"] == 5
    assert before["seats"][BO]["hand"] == list(cards("12f 12g 5c 3a 8d"))
    assert before["joker"] == 7 and [seat["die"] for seat in before["seats"]] == [5, 2]
    after = GAME.view_json(GAME.view(o48_deal_2(), BO))
    ann = after["seats"][ANN]
    assert ann["hand"] == ["7b", "6a", None, None, None] and ann["shown"] == ["7b", "6a"]
    assert ann["captured"] == list(cards("9c 9e 9d 5c 3a 8d")) and ann["score"] == 6
    assert after["discards"] == [] and after["discard_count"] == 2  # O39: a count, later
    spectator = GAME.view_json(GAME.view(o48_deal_2(), None))
    assert spectator["seats"][BO]["hand"] == ["12f", "12g", None, None, None]
    assert spectator["seed"] is None


def test_o43_the_legal_moves_of_each_step() -> None:
    state = o48_opening()
    assert GAME.legal_actions(state, BO) == []
    action = GAME.legal_actions(state, ANN)
    assert [a["kind"] for a in action] == ["change", "roll"] and action[0]["max"] == 5
    _, state = play(state, Change(ANN, cards("4d 2a")))
    assert [a["kind"] for a in GAME.legal_actions(state, ANN)] == ["knock", "pass"]
    _, state = play(state, Knock(ANN))
    answer = GAME.legal_actions(state, BO)
    assert [a["kind"] for a in answer] == ["oink", "accept"]
    assert answer[1]["prep"] == ["none", "roll", "change"]
