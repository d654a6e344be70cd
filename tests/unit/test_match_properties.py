"""Properties of whole random matches: 3-5 seats, random seeds, random legal moves.

Each example plays a match to its end through the real decider (`strategies.random_match`)
and checks an invariant of docs/rules/flipside.md on every event or every decision.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, defaultdict
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.games.flipside.cards import DECK, card_of
from flipside.games.flipside.commands import ChooseOrientation, Exchange
from flipside.games.flipside.events import (
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
    from_data,
    to_data,
)
from flipside.games.flipside.hands import hand_category, hand_value
from flipside.games.flipside.rules import (
    RuleViolation,
    command_behind,
    decide,
    evolve,
    initial_state,
    replay,
)
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import redact, view

from .strategies import Step, random_match, states_along, strings_in

BONUS = {"full_house", "four_of_a_kind", "five_of_a_kind"}  # R12

PROPERTY = settings(max_examples=40, deadline=None)

matches = st.tuples(
    st.binary(min_size=32, max_size=32),  # the match's seed
    st.integers(3, 5),  # seats (R4)
    st.integers(0, 2**32 - 1),  # seeds the random legal moves
)


def play(match: tuple[bytes, int, int]) -> tuple[bytes, int, list[Event], list[Step]]:
    seed, count, moves = match
    return (seed, count, *random_match(seed, count, random.Random(moves)))


def _rounds(events: list[Event]) -> dict[int, list[Event]]:
    """Events of the rounds' showdowns and life changes, by round."""
    by_round: dict[int, list[Event]] = defaultdict(list)
    for event in events:
        if isinstance(event, (ShowdownRevealed, LifeChanged, SeatEliminated, RoundEnded)):
            by_round[event.round].append(event)
    return by_round


# --- cards -----------------------------------------------------------------------------------


@PROPERTY
@given(matches)
def test_r2_r14_all_78_cards_are_always_accounted_for_once(match):
    _, _, events, _ = play(match)
    for event, state in states_along(events):
        if isinstance(event, MatchCreated):
            continue
        places = list(state.deck) + list(state.used_pile)
        for seat in state.seats:
            places += list(seat.hand) + list(seat.discarded)
            if seat.placed is not None:
                assert sorted(map(card_of, seat.placed)) == sorted(seat.hand)
            assert set(seat.drawn) <= set(seat.hand)
            assert not set(seat.discarded) & set(seat.hand)
            if seat.eliminated and state.phase == "exchange":  # out before this round began
                assert seat.hand == seat.discarded == ()
        duplicates = [card for card, n in Counter(places).items() if n > 1]
        assert not duplicates, (type(event).__name__, duplicates)
        assert sorted(places) == sorted(DECK)


# --- showdowns and life ----------------------------------------------------------------------


@PROPERTY
@given(matches)
def test_r15_ranking_is_a_permutation_of_the_participants_in_hand_order(match):
    _, _, events, _ = play(match)
    state = initial_state()
    for event in events:
        if isinstance(event, ShowdownRevealed):
            in_play = [s for s in state.turn_order if state.seats[s].active]
            assert sorted(event.ranking) == sorted(in_play)  # exactly one strongest, one weakest
            at = 0 if event.side == "up" else 1
            for seat in range(len(state.seats)):
                if seat in in_play:
                    placed = event.placed[seat]
                    assert placed == state.seats[seat].placed
                    assert event.values[seat] == hand_value([card[at] for card in placed])
                else:
                    assert event.placed[seat] is None and event.values[seat] is None
            keys = [(-event.values[s], in_play.index(s)) for s in event.ranking]
            assert keys == sorted(keys)  # stronger first; equal values: earlier in turn order
        state = evolve(state, event)


@PROPERTY
@given(matches)
def test_r12_r13_life_changes_of_every_round(match):
    _, count, events, _ = play(match)
    lives = [4] * count
    for round_no, round_events in _rounds(events).items():
        shows = {e.side: e for e in round_events if isinstance(e, ShowdownRevealed)}
        changes = [e for e in round_events if isinstance(e, LifeChanged)]
        up = shows["up"]
        best = up.ranking[0]
        bonus = hand_category(up.values[best]) in BONUS
        expected = [(best, "up", 2 if bonus else 1), (up.ranking[-1], "up", -1)]
        if "down" in shows:
            expected.append((shows["down"].ranking[-1], "down", -2))
            assert sum(c.nominal for c in changes) == (-1 if bonus else -2), round_no
        else:  # R12: one seat left after the up side, the match is over
            assert isinstance(events[-2], MatchEnded) and events[-2].round == round_no
        assert [(c.seat, c.side, c.nominal) for c in changes] == expected
        for change in changes:
            before = lives[change.seat]
            lives[change.seat] = max(0, before + change.nominal)  # R5
            assert change.life == lives[change.seat]
            assert change.delta == change.life - before  # the change applied
        gone = [(e.seat, e.side) for e in round_events if isinstance(e, SeatEliminated)]
        assert gone == [(c.seat, c.side) for c in changes if c.life == 0]
        # R17: at most one seat falls per side
        assert len(gone) == len(set(side for _, side in gone))
        ended = [e for e in round_events if isinstance(e, RoundEnded)]
        assert ended and list(ended[0].lives) == lives


@PROPERTY
@given(matches)
def test_r5_r7_r8_eliminated_seats_never_act_or_take_a_turn(match):
    _, count, events, steps = play(match)
    previous_start = None
    for event, state in states_along(events):
        if isinstance(event, RoundStarted):
            active = [s for s in range(count) if state.seats[s].active]
            if previous_start is not None:
                clockwise = [(previous_start + k) % count for k in range(1, count + 1)]
                assert event.start_seat == next(s for s in clockwise if s in active)  # R7
            at = active.index(event.start_seat)
            assert list(event.turn_order) == active[at:] + active[:at]  # R8
            previous_start = event.start_seat
        if isinstance(event, CardsDealt):
            for seat in range(count):
                assert (len(event.hands[seat]) == 5) == state.seats[seat].active
        if isinstance(event, (CardsExchanged, OrientationChosen)):
            assert state.seats[event.seat].active
    for step in steps:
        for seat, holder in enumerate(step.before.seats):
            if holder.eliminated:
                try:
                    decide(step.before, Exchange(seat, ()))
                except RuleViolation as error:
                    assert error.code == "seat_eliminated"
                else:
                    raise AssertionError(f"eliminated seat {seat} could exchange")


@PROPERTY
@given(matches)
def test_r6_r17_every_match_ends_with_one_winner_and_reveals_the_seed(match):
    seed, count, events, steps = play(match)
    final = steps[-1].after
    created = events[0]
    assert isinstance(created, MatchCreated)
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert len(ended) == 1 and events[-2] == ended[0]
    revealed = events[-1]
    assert isinstance(revealed, SeedRevealed)
    assert revealed.seed == seed.hex()
    assert hashlib.sha256(bytes.fromhex(revealed.seed)).hexdigest() == created.deck_commitment
    winner = ended[0].winner
    assert [s for s in range(count) if final.seats[s].active] == [winner]
    assert sorted(ended[0].places) == list(range(1, count + 1))
    assert ended[0].places[winner] == 1
    assert final.phase == "over" and final.winner == winner and final.seed_revealed


# --- event sourcing --------------------------------------------------------------------------


@PROPERTY
@given(matches)
def test_replay_rebuilds_the_deciders_state_and_audits_every_decision(match):
    _, _, events, steps = play(match)
    assert replay(events) == steps[-1].after
    for step in steps:
        state = step.before
        for event in step.events:
            state = evolve(state, event)
            assert from_data(type(event).__name__, to_data(event)) == event
        assert state == step.after
        # a decision begins with the command's own event, after a reshuffle if one came first
        first = next(e for e in step.events if not isinstance(e, DeckShuffled))
        command = command_behind(first)
        assert command == step.command
        assert decide(step.before, command) == step.events
    assert sum(len(step.events) for step in steps) + steps[0].before.version == len(events)


# --- views -----------------------------------------------------------------------------------


def _secret_cards(state: Match, viewer: int | None) -> set[str]:
    """The cards `viewer` may not identify now: the deck, and others' draws before the reveal."""
    secret = set(state.deck)
    revealed = any(show.round == state.round for show in state.showdowns)
    if not revealed:
        for seat, holder in enumerate(state.seats):
            if seat != viewer:
                secret |= set(holder.drawn)
    return secret


def _check_view(state: Match, viewer: int | None) -> None:
    shown = view(state, viewer)
    seen = set(shown.used_pile)
    for index, seat in enumerate(shown.seats):
        seen |= {card for card in seat.cards if card is not None} | set(seat.discarded)
        if index != viewer:
            assert seat.placed is None  # R11: sealed until the match is open
        else:
            assert seat.placed == state.seats[index].placed
    assert not seen & _secret_cards(state, viewer)
    assert shown.seed is None
    assert shown.showdowns == state.showdowns
    assert shown.deck_count == len(state.deck)


def _check_redacted(event: Event, state: Match, viewer: int | None, seed: bytes) -> None:
    hidden = redact(event, viewer)
    strings = set(strings_in(hidden))
    assert seed.hex() not in strings
    assert not strings & _secret_cards(state, viewer)
    if isinstance(event, OrientationChosen) and event.seat != viewer:
        assert hidden.cards is None
    if isinstance(event, CardsExchanged):
        assert len(hidden.drawn) == len(event.drawn)  # how many is public (R10)
        assert hidden.discarded == event.discarded


@settings(max_examples=25, deadline=None)
@given(matches)
def test_r9_r11_no_view_and_no_redacted_event_shows_what_its_seat_may_not_see(match):
    seed, count, events, _ = play(match)
    viewers = [None, *range(count)]
    for event, state in states_along(events):
        if state.phase == "over":
            assert isinstance(event, (MatchEnded, SeedRevealed))
            for viewer in viewers:
                assert view(state, viewer).seed == seed.hex()
            continue
        for viewer in viewers:
            _check_view(state, viewer)
            _check_redacted(event, state, viewer, seed)
        if isinstance(event, (CardsExchanged, OrientationChosen)):
            # the acting seat itself sees its whole move
            assert redact(event, event.seat) == event


@settings(max_examples=20, deadline=None)
@given(matches)
def test_views_after_every_decision_hold_no_hidden_string_at_all(match):
    seed, count, _, steps = play(match)
    for step in steps:
        state = step.after
        if state.phase == "over":
            continue
        for viewer in [None, *range(count)]:
            # the last showdown is public record even if its cards are back in the deck (R14)
            strings = set(strings_in(replace(view(state, viewer), showdowns=())))
            assert seed.hex() not in strings
            assert not strings & _secret_cards(state, viewer)
            for seat, holder in enumerate(state.seats):
                if seat != viewer and holder.placed is not None:
                    flipped = {c for c in holder.placed if c != card_of(c)}
                    assert not flipped & strings


def test_the_property_helper_plays_real_orientation_commands():
    seed = bytes(32)
    _, steps = random_match(seed, 4, random.Random(9))
    kinds = Counter(type(step.command) for step in steps)
    assert kinds[Exchange] > 0 and kinds[ChooseOrientation] > 0
    assert any(
        isinstance(e, DeckShuffled) and e.reason == "used_pile" for s in steps for e in s.events
    )
