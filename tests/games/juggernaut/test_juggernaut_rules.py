"""The decider beyond the worked examples: every refused move has a stable code and changes
nothing (J3, J20-J28, J34, J40b); set 1's lot (J18); the deal (J19); the automatic allow
(J28); the computer seats' gold (J34); the set limit (J40a)."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace

import pytest

from flipside.engine.chance import choose, shuffle
from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.cards import DECK
from flipside.games.juggernaut.commands import (
    AnswerReveal,
    Augment,
    Command,
    Done,
    Exchange,
    ExchangeGold,
    Reveal,
    TimeOut,
)
from flipside.games.juggernaut.events import (
    CardsDealt,
    DeckShuffled,
    GoldExchanged,
    HandRevealed,
    MatchEnded,
    SetStarted,
)
from flipside.games.juggernaut.rules import execute
from flipside.games.juggernaut.state import Match

from .table import PEOPLE, SEED, laid_out, of_type, play


def refused(state: Match, command: Command) -> str:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as refusal:
        execute(state, command)
    assert state == before
    return refusal.value.code


def created(seats=PEOPLE, seed: bytes = SEED, **options: object) -> Match:
    command = GAME.create(
        "m", seats, seed, seeded=True, options=GAME.options(options), turn_timeout_seconds=60
    )
    return execute(Match(), command)[1]


def exchanging(silver=(10, 10, 10, 10), juggernaut: int | None = 0) -> Match:
    """Seat 0's exchange turn, every seat +0."""
    state = laid_out(silver=silver, juggernaut=juggernaut, order=(0, 1, 2, 3), top=())
    return play(state, [Augment(seat, 0) for seat in range(4)])[1]


# --- J18-J19 ------------------------------------------------------------------------------


def test_set_one_begins_with_the_seat_drawn_by_lot_then_clockwise() -> None:
    firsts = set()
    for number in range(12):
        seed = bytes(31) + bytes([number])
        state = created(seed=seed)
        first = choose(seed, "first-seat", range(4))
        assert state.turn_order == tuple((first + step) % 4 for step in range(4))
        assert state.juggernaut is None
        firsts.add(first)
    assert len(firsts) > 1


def test_the_deal_is_one_card_at_a_time_in_turn_order_off_a_fresh_shuffle() -> None:
    events, state = GAME.execute(
        Match(), GAME.create("m", PEOPLE, SEED, seeded=True, options={}, turn_timeout_seconds=None)
    )
    deck = of_type(events, DeckShuffled)[0].cards
    assert deck == shuffle(SEED, "deck", 1, DECK)
    order = of_type(events, SetStarted)[0].turn_order
    dealt = of_type(events, CardsDealt)[0].hands
    for position, card in enumerate(deck[:20]):
        assert dealt[order[position % 4]][position // 4] == card
    assert len(state.deck) == 88 and state.phase == "augment"


# --- refusals -----------------------------------------------------------------------------


def test_augmenting_costs_and_takes_turns() -> None:
    state = laid_out(silver=(3, 10, 10, 10), juggernaut=None, order=(0, 1, 2, 3), top=())
    assert refused(state, Augment(0, 3)) == "insufficient_silver"  # 4 > 3 (J3)
    assert refused(state, Augment(0, 6)) == "invalid_count"
    assert refused(state, Augment(0, True)) == "invalid_count"  # type: ignore[arg-type]
    assert refused(state, Augment(1, 0)) == "not_your_turn"
    assert refused(state, Augment(7, 0)) == "unknown_seat"
    assert refused(state, Done(0)) == "wrong_phase"
    _, after = execute(state, Augment(0, 2))
    assert after.seats[0].silver == 1 and len(after.seats[0].hand) == 7
    assert refused(after, Augment(0, 0)) == "not_your_turn"  # once a set (J20)


def test_exchanges_pick_cards_of_the_hand_and_are_paid() -> None:
    state = exchanging(silver=(3, 10, 10, 10))
    hand = state.seats[0].hand
    assert refused(state, Exchange(0, "swap", hand[:1])) == "invalid_method"
    assert refused(state, Exchange(0, "individual", ())) == "invalid_cards"
    assert refused(state, Exchange(0, "keep", hand)) == "invalid_cards"  # keeps at most n-1
    assert refused(state, Exchange(0, "all", hand[:1])) == "invalid_cards"
    missing = next(card for card in DECK if card not in hand)
    assert refused(state, Exchange(0, "individual", (missing,))) == "invalid_cards"
    assert Counter(hand)[hand[0]] == 1
    assert refused(state, Exchange(0, "individual", (hand[0], hand[0]))) == "invalid_cards"
    assert refused(state, Exchange(0, "individual", hand[:3])) == "insufficient_silver"
    assert refused(state, Exchange(1, "all", ())) == "not_your_turn"


def test_an_exchange_the_deck_and_discards_cannot_fill_is_refused() -> None:
    state = exchanging()
    short = replace(state, deck=state.deck[:2], pile=state.deck[2:4])
    assert refused(short, Exchange(0, "all", ())) == "deck_exhausted"  # J26a's guard


def test_only_the_juggernaut_reveals_a_citizen_once_on_its_turn() -> None:
    state = exchanging(juggernaut=0)
    assert refused(state, Reveal(0, 0)) == "invalid_target"
    assert refused(state, Reveal(0, 4)) == "invalid_target"
    assert refused(state, Reveal(1, 2)) == "not_your_turn"
    no_juggernaut = exchanging(juggernaut=None)
    assert refused(no_juggernaut, Reveal(0, 1)) == "not_juggernaut"  # set 1 (J27)
    broke = exchanging(silver=(0, 10, 10, 10))
    assert refused(broke, Reveal(0, 1)) == "insufficient_silver"
    _, pending = execute(state, Reveal(0, 1))
    assert pending.phase == "reveal" and pending.awaiting == (1,)
    assert refused(pending, Done(0)) == "reveal_pending"  # J21a
    assert refused(pending, Exchange(0, "all", ())) == "reveal_pending"
    assert refused(pending, AnswerReveal(2, refuse=False)) == "not_your_turn"


def test_a_citizen_without_silver_is_revealed_at_once() -> None:
    state = exchanging(silver=(10, 0, 10, 10))
    events, after = execute(state, Reveal(0, 1))
    assert of_type(events, HandRevealed)[0].automatic  # J28
    assert after.phase == "exchange" and after.awaiting == (0,)
    assert after.snapshots == ((1, state.seats[1].hand),)


def test_refusing_needs_a_silver_coin() -> None:
    state = exchanging(silver=(10, 1, 10, 10))
    _, pending = execute(state, Reveal(0, 1))
    _, after = execute(pending, AnswerReveal(1, refuse=True))
    assert after.seats[1].silver == 0 and after.seats[0].silver == 9


def test_the_gold_exchange_waits_for_eligible_people_only() -> None:
    state = exchanging(silver=(20, 20, 20, 20))
    _, state = play(state, [Done(0), Done(1), Done(2), Done(3)])
    assert state.phase == "gold"
    fourth = state.results.final_ranking[-1]
    assert fourth not in state.awaiting and len(state.awaiting) == 3
    assert refused(state, ExchangeGold(fourth, accept=True)) == "not_your_turn"
    first = state.awaiting[0]
    _, after = execute(state, ExchangeGold(first, accept=False))
    assert refused(after, ExchangeGold(first, accept=True)) == "not_your_turn"  # once a set


def test_computer_seats_exchange_gold_first_in_turn_order() -> None:
    seats = (SeatSpec("human", "P0"), *[SeatSpec("npc", level="easy")] * 3)
    state = laid_out(silver=(20, 20, 20, 20), juggernaut=0, order=(0, 1, 2, 3), top=(), seats=seats)
    events, state = play(state, [Augment(s, 0) for s in range(4)] + [Done(s) for s in range(4)])
    fourth = state.results.final_ranking[-1]
    exchanged = [event.seat for event in of_type(events, GoldExchanged)]
    assert exchanged == [seat for seat in (1, 2, 3) if seat != fourth]  # J34
    assert state.awaiting == ((0,) if fourth != 0 else ())


def test_the_set_limit_ends_the_match() -> None:
    seats = [SeatSpec("npc", level="easy")] * 4
    state = created(seats=seats, maxSets=1, winGold=99)
    events, state = _to_the_end(state)
    ended = of_type(events, MatchEnded)[0]
    assert ended.reason == "max_sets" and ended.set_no == 1
    ranking = sorted(range(4), key=lambda seat: ended.places[seat])
    coins = [(-state.seats[s].gold, -state.seats[s].silver) for s in ranking]
    assert coins == sorted(coins)  # J40a: more gold, then more silver, then final place


def _to_the_end(state: Match):
    policies = GAME.policies(state)
    events = []
    while (command := GAME.next_command(state, policies)) is not None:
        more, state = execute(state, command)
        events += more
    return events, state


# --- J40b ---------------------------------------------------------------------------------


def test_timeouts_play_the_default_moves() -> None:
    state = created()
    seat = state.awaiting[0]
    assert refused(state, TimeOut(seat, 59)) == "not_timed_out"
    assert refused(state, TimeOut((seat + 1) % 4, 60)) == "not_your_turn"
    events, state = execute(state, TimeOut(seat, 60))
    assert events[-1].count == 0 and events[-1].cost == 0  # +0
    while state.phase == "augment":
        state = execute(state, TimeOut(state.awaiting[0], 60))[1]
    seat = state.awaiting[0]
    events, state = execute(state, TimeOut(seat, 61))
    assert type(events[1]).__name__ == "ExchangeTurnEnded"  # done


def test_a_match_without_a_timeout_never_times_out() -> None:
    state = laid_out(silver=(10,) * 4, juggernaut=None, order=(0, 1, 2, 3), top=())
    assert refused(state, TimeOut(0, 10**9)) == "no_turn_timeout"
