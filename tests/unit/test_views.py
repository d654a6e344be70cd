"""What a seat, a spectator or an administrator may see (R9-R11)."""

from __future__ import annotations

import random

import pytest

from flipside.games.flipside.cards import DECK_SET
from flipside.games.flipside.commands import ChooseOrientation, Exchange
from flipside.games.flipside.events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    MatchCreated,
    OrientationChosen,
    RoundStarted,
    SeedRevealed,
    ShowdownRevealed,
)
from flipside.games.flipside.rules import execute
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import legal_actions, redact, view

from .strategies import SEED, create, exchange_nothing, random_match, rigged, strings_in

S1 = ("K2", "Q3", "J4", "T5", "96")
M1 = ("8A", "8K", "7Q", "6J", "4T")
W1 = ("2A", "3K", "4Q", "5J", "78")


@pytest.fixture
def after_first_exchange() -> tuple[Match, int]:
    """A 4-seat match where the first seat of the lap has swapped two cards."""
    _, state = create(SEED, 4)
    seat = state.seat_to_exchange
    _, state = execute(state, Exchange(seat, state.seats[seat].hand[:2]))
    return state, seat


def _viewers(state: Match):
    return [None, *range(len(state.seats))]


def test_r9_every_dealt_card_is_public_to_everyone():
    _, state = create(SEED, 5)
    for viewer in _viewers(state):
        shown = view(state, viewer)
        for index, seat in enumerate(state.seats):
            assert shown.seats[index].cards == seat.dealt


def test_r10_drawn_cards_are_hidden_from_everyone_but_their_owner(after_first_exchange):
    state, seat = after_first_exchange
    holder = state.seats[seat]
    assert len(holder.drawn) == 2
    for viewer in _viewers(state):
        cards = view(state, viewer).seats[seat].cards
        if viewer == seat:
            assert cards == holder.hand
        else:
            assert cards == (*holder.hand[:3], None, None)  # kept dealt cards stay public
            assert not set(holder.drawn) & view(state, viewer).seen_cards()
    assert view(state, 0, omniscient=True).seats[seat].cards == holder.hand


def test_r10_a_seat_sees_exactly_the_dealt_cards_of_other_hands_all_match_long():
    """The views read hidden cards off the state's drawn cards: the same as hiding every
    card of a hand that was not dealt to it, at every step of whole matches."""
    for count in (3, 5):
        _, steps = random_match(SEED, count, random.Random(count))
        for step in steps:
            state = step.after
            for viewer in _viewers(state):
                for index, seat in enumerate(view(state, viewer).seats):
                    held = state.seats[index]
                    open_to_viewer = viewer == index or state.phase == "over"
                    dealt = held.hand if open_to_viewer else held.dealt
                    assert seat.cards == tuple(c if c in dealt else None for c in held.hand)


def test_r10_discards_and_the_exchanged_count_are_public(after_first_exchange):
    state, seat = after_first_exchange
    for viewer in _viewers(state):
        shown = view(state, viewer)
        assert shown.seats[seat].discarded == state.seats[seat].discarded
        assert shown.seats[seat].exchanged_count == 2
        assert shown.deck_count == len(state.deck)
        others = [s for s in shown.seats if s.seat != seat]
        assert all(s.exchanged_count is None and not s.exchanged for s in others)


def test_unseen_cards_are_the_deck_and_the_other_seats_drawn_cards(after_first_exchange):
    state, seat = after_first_exchange
    drawn = set(state.seats[seat].drawn)
    other = next(s for s in range(4) if s != seat)
    assert view(state, other).unseen_cards() == set(state.deck) | drawn
    assert view(state, None).unseen_cards() == set(state.deck) | drawn
    assert view(state, seat).unseen_cards() == set(state.deck)
    assert view(state, seat).hand == state.seats[seat].hand
    assert view(state, None).hand == ()
    assert view(state, seat).seen_cards() | view(state, seat).unseen_cards() == DECK_SET


def test_nobody_sees_the_deck_order_or_the_seed_before_the_end(after_first_exchange):
    state, _ = after_first_exchange
    for viewer in _viewers(state):
        shown = view(state, viewer)
        assert shown.seed is None
        strings = set(strings_in(shown))
        assert SEED.hex() not in strings
        assert not strings & set(state.deck)
    assert view(state, None, omniscient=True).seed == SEED.hex()


def test_r11_orientation_is_sealed_until_the_showdown():
    _, state = exchange_nothing(rigged([S1, M1, W1]))
    _, state = execute(state, ChooseOrientation(1, M1))
    for viewer in _viewers(state):
        shown = view(state, viewer)
        assert [s.orientation_in for s in shown.seats] == [False, True, False]
        assert shown.seats[1].placed == (M1 if viewer == 1 else None)
        assert shown.awaiting_orientation == (0, 2)
        if viewer != 1:  # M1 is placed low rank up: none of its strings is an identity
            assert not set(strings_in(shown)) & set(M1)
    assert view(state, 0, omniscient=True).seats[1].placed == M1


def test_the_showdown_is_public_and_the_finished_match_is_open():
    events, steps = random_match(SEED, 3, random.Random(3))
    showdown_steps = [s for s in steps if any(isinstance(e, ShowdownRevealed) for e in s.events)]
    assert showdown_steps
    first = showdown_steps[0].after
    for viewer in _viewers(first):
        assert view(first, viewer).showdowns == first.showdowns
    final = steps[-1].after
    for viewer in _viewers(final):
        shown = view(final, viewer)
        assert shown.status == "finished"
        assert shown.seed == SEED.hex()
        assert shown.winner == final.winner
    assert isinstance(events[-1], SeedRevealed)


# --- redact ----------------------------------------------------------------------------------


def test_redact_hides_the_seed_and_every_shuffle_from_everyone():
    events, _ = create(SEED, 3)
    created = next(e for e in events if isinstance(e, MatchCreated))
    shuffled = next(e for e in events if isinstance(e, DeckShuffled))
    for viewer in (None, 0, 1, 2):
        assert redact(created, viewer).seed is None
        assert redact(created, viewer).deck_commitment == created.deck_commitment
        hidden = redact(shuffled, viewer)
        assert hidden.cards is None and hidden.count == 78
    assert redact(created, None, omniscient=True) == created
    assert redact(shuffled, 1, omniscient=True) == shuffled


def test_redact_keeps_public_events_whole():
    events, _ = create(SEED, 3)
    for event in events:
        if isinstance(event, (RoundStarted, CardsDealt)):
            for viewer in (None, 0, 1, 2):
                assert redact(event, viewer) == event


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_redact_hides_drawn_cards_and_orientations_of_other_seats(viewer):
    exchanged = CardsExchanged(round=1, seat=1, discarded=("AK", "32"), drawn=("T2", "Q9"))
    chosen = OrientationChosen(round=1, seat=1, cards=("2T", "AK", "93", "Q4", "J5"))
    if viewer == 1:
        assert redact(exchanged, viewer) == exchanged
        assert redact(chosen, viewer) == chosen
    else:
        assert redact(exchanged, viewer) == CardsExchanged(1, 1, ("AK", "32"), (None, None))
        assert redact(chosen, viewer) == OrientationChosen(1, 1, None)
    assert redact(exchanged, viewer, omniscient=True) == exchanged
    assert redact(chosen, viewer, omniscient=True) == chosen


# --- legal actions ---------------------------------------------------------------------------


def test_legal_actions_follow_the_phase(after_first_exchange):
    state, seat = after_first_exchange
    to_act = state.seat_to_exchange
    assert to_act != seat
    actions = legal_actions(view(state, to_act))
    assert actions == {"exchange": {"cards": list(state.seats[to_act].hand), "min": 0, "max": 5}}
    for viewer in _viewers(state):
        if viewer != to_act:
            assert legal_actions(view(state, viewer)) == {}
    _, orienting = exchange_nothing(state)
    for viewer in range(4):
        assert legal_actions(view(orienting, viewer)) == {
            "orientation": {"cards": list(orienting.seats[viewer].hand), "count": 5}
        }
    assert legal_actions(view(orienting, None)) == {}


def test_no_legal_actions_once_the_match_is_over():
    _, steps = random_match(SEED, 4, random.Random(4))
    final = steps[-1].after
    assert all(legal_actions(view(final, viewer)) == {} for viewer in _viewers(final))
