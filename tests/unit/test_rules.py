"""The decider (RULES R4-R15): worked scenarios on rigged and seeded matches."""

from __future__ import annotations

import hashlib
import random

import pytest

from flipside.games.flipside.cards import DECK
from flipside.games.flipside.commands import ChooseOrientation, Command, CreateMatch, Exchange
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
    SeatSpec,
    SeedRevealed,
    ShowdownRevealed,
)
from flipside.games.flipside.rules import (
    RuleViolation,
    can_choose_orientation,
    can_exchange,
    decide,
    evolve,
    execute,
    initial_state,
    replay,
)
from flipside.games.flipside.shuffle import choose, shuffle
from flipside.games.flipside.state import Match

from .strategies import (
    SEED,
    create,
    exchange_nothing,
    place,
    play_round,
    random_command,
    random_match,
    rigged,
    seats,
)

# Oriented hands (up rank first) for rigged rounds; what each side makes is in the comment.
W1 = ("2A", "3K", "4Q", "5J", "78")  # up 7-high (weak)       down A K Q J 8, A-high
M1 = ("8A", "8K", "7Q", "6J", "4T")  # up pair of 8s          down straight to A
S1 = ("K2", "Q3", "J4", "T5", "96")  # up straight to K       down straight to 6
SW = ("K2", "Q3", "J4", "T5", "97")  # up straight to K       down 7-high
FW = ("T2", "T3", "T6", "95", "97")  # up full house T over 9 down 7-high
F4 = ("52", "53", "54", "56", "K7")  # up four 5s             down 7-high
F5 = ("AK", "AQ", "AJ", "AT", "A9")  # up five As             down straight to K
Y1 = ("A2", "K3", "Q4", "J5", "87")  # W1 turned over: up A-high, down 7-high (= SW's down)
T7A = ("72", "73", "74", "75", "K2")  # up four 7s, kicker K  down pair of 2s
T7B = ("76", "78", "79", "7T", "KQ")  # up four 7s, kicker K  down Q-high
W2 = ("2A", "3K", "4Q", "5J", "8T")  # up 8-high              down straight to A


def of(events: list[Event], kind: type[Event]) -> list:
    return [event for event in events if isinstance(event, kind)]


def deltas(events: list[Event]) -> dict[tuple[int, str], int]:
    return {(e.seat, e.side): e.delta for e in of(events, LifeChanged)}


def violation(state: Match, command: Command) -> str:
    before = state
    with pytest.raises(RuleViolation) as info:
        decide(state, command)
    assert state == before  # decide never mutates
    return info.value.code


# --- creation, R4-R5 -------------------------------------------------------------------------


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r4_r5_three_to_five_seats_each_starting_with_4_life(count):
    events, state = create(SEED, count)
    assert len(state.seats) == count
    assert [seat.life for seat in state.seats] == [4] * count
    created = of(events, MatchCreated)[0]
    assert created.start_life == 4
    assert created.deck_commitment == hashlib.sha256(SEED).hexdigest()
    assert state.phase == "exchange"


@pytest.mark.parametrize("count", [0, 1, 2, 6, 8])
def test_r4_other_seat_counts_are_refused(count):
    command = CreateMatch("m", seats(count), SEED)
    assert violation(initial_state(), command) == "invalid_seats"


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (SeatSpec("npc", level="godlike"), "invalid_seats"),
        (SeatSpec("npc"), "invalid_seats"),
        (SeatSpec("human", name="ana", level="easy"), "invalid_seats"),
        (SeatSpec("robot"), "invalid_seats"),  # type: ignore[arg-type]
        (SeatSpec("human", name=""), "invalid_seats"),
        (SeatSpec("human", name=" ana"), "invalid_seats"),
        (SeatSpec("human", name="a" * 33), "invalid_seats"),
        (SeatSpec("human", name="ana<script>"), "invalid_seats"),
    ],
)
def test_bad_seat_specs_are_refused(spec, code):
    command = CreateMatch("m", (*seats(2), spec), SEED)
    assert violation(initial_state(), command) == code


@pytest.mark.parametrize("seed", [b"", bytes(31), bytes(33)])
def test_a_seed_is_32_bytes(seed):
    assert violation(initial_state(), CreateMatch("m", seats(3), seed)) == "invalid_seed"


@pytest.mark.parametrize("timeout", [0, -5, 86_401])
def test_turn_timeout_is_bounded(timeout):
    command = CreateMatch("m", seats(3), SEED, turn_timeout_seconds=timeout)
    assert violation(initial_state(), command) == "validation_error"


def test_a_match_is_created_once():
    _, state = create()
    assert violation(state, CreateMatch("m", seats(3), SEED)) == "match_exists"


def test_unknown_commands_are_refused():
    _, state = create()
    assert violation(state, Command()) == "unknown_command"


def test_people_and_named_seats_are_accepted():
    specs = (SeatSpec("human", name="ana b-1_x."), SeatSpec("npc", level="hate_you"), *seats(1))
    _, state = execute(initial_state(), CreateMatch("m", specs, SEED))
    assert state.seats[0].spec.name == "ana b-1_x."


# --- R7-R9: start seat, turn order, deal -----------------------------------------------------


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r7_round_one_start_seat_is_drawn_from_the_seed(count):
    starts = set()
    for n in range(40):
        seed = hashlib.sha256(f"r7-{n}".encode()).digest()
        events, _ = create(seed, count)
        start = of(events, RoundStarted)[0].start_seat
        assert start == choose(seed, "start-seat", tuple(range(count)))
        starts.add(start)
    assert starts == set(range(count))  # every seat can start


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r8_turn_order_is_start_seat_then_clockwise(count):
    events, _ = create(SEED, count)
    started = of(events, RoundStarted)[0]
    assert started.turn_order == tuple((started.start_seat + k) % count for k in range(count))


@pytest.mark.parametrize("count", [3, 4, 5])
def test_r9_deal_is_one_card_at_a_time_in_turn_order_from_the_top(count):
    events, state = create(SEED, count)
    deck = of(events, DeckShuffled)[0].cards
    assert deck == shuffle(SEED, 0, DECK)
    order = of(events, RoundStarted)[0].turn_order
    hands = of(events, CardsDealt)[0].hands
    for position in range(5 * count):
        assert hands[order[position % count]][position // count] == deck[position]
    assert state.deck == deck[5 * count :]
    assert all(state.seats[s].hand == state.seats[s].dealt == hands[s] for s in range(count))


@pytest.mark.parametrize("start", [0, 1, 2])
def test_r7_later_rounds_start_at_the_next_seat_clockwise(start):
    events = play_round([S1, M1, W1], start=start)
    assert of(events, RoundStarted)[0].start_seat == (start + 1) % 3
    assert of(events, RoundStarted)[0].turn_order == tuple((start + 1 + k) % 3 for k in range(3))


def test_r7_r8_eliminated_seats_are_skipped_for_start_and_turn_order():
    events = play_round([S1, None, W1, M1], start=0)
    started = of(events, RoundStarted)[0]
    assert started.start_seat == 2
    assert started.turn_order == (2, 3, 0)
    assert of(events, CardsDealt)[0].hands[1] == ()


@pytest.mark.parametrize(
    ("hands", "start", "next_start", "next_order"),
    [
        ([W1, S1, M1], 0, 1, (1, 2)),
        ([W1, None, S1, M1], 0, 2, (2, 3)),
        ([M1, W1, S1, None, F5], 1, 2, (2, 4, 0)),
    ],
)
def test_r7_next_start_also_when_the_start_seat_has_just_been_eliminated(
    hands, start, next_start, next_order
):
    lives = [1 if cards is W1 else 4 for cards in hands]
    events = play_round(hands, start=start, lives=lives)
    assert of(events, SeatEliminated)[0].seat == start
    started = of(events, RoundStarted)[0]
    assert (started.start_seat, started.turn_order) == (next_start, next_order)


# --- R10: the exchange lap -------------------------------------------------------------------


@pytest.fixture
def fresh() -> Match:
    return create(SEED, 4)[1]


def test_r10_only_the_seat_to_act_may_exchange(fresh):
    order = fresh.turn_order
    assert fresh.seat_to_exchange == order[0]
    for seat in order[1:]:
        assert violation(fresh, Exchange(seat, ())) == "not_your_turn"
        assert not can_exchange(fresh, seat, ())
    assert can_exchange(fresh, order[0], ())


def test_r10_each_seat_exchanges_once_in_turn_order(fresh):
    order = fresh.turn_order
    state = fresh
    for index, seat in enumerate(order):
        assert state.seat_to_exchange == seat
        _, state = execute(state, Exchange(seat, ()))
        if index + 1 < len(order):
            assert violation(state, Exchange(seat, ())) == "not_your_turn"
    assert state.phase == "orientation"
    assert violation(state, Exchange(order[0], ())) == "wrong_phase"


def test_r10_no_orientation_during_the_exchange_lap(fresh):
    seat = fresh.seat_to_exchange
    cards = fresh.seats[seat].hand
    assert violation(fresh, ChooseOrientation(seat, cards)) == "wrong_phase"
    assert not can_choose_orientation(fresh, seat, cards)


def _lettered(hand: tuple[str, ...]) -> str:
    return next(card for card in hand if card.lower() != card)


def _not_in(state: Match, seat: int) -> str:
    return next(card for card in DECK if card not in state.seats[seat].hand)


@pytest.mark.parametrize(
    "make_discard",
    [
        pytest.param(lambda hand, other: (other,), id="not_in_hand"),
        pytest.param(lambda hand, other: (hand[0], other), id="one_not_in_hand"),
        pytest.param(lambda hand, other: (hand[0], hand[0]), id="duplicate"),
        pytest.param(lambda hand, other: (*hand, hand[0]), id="six_cards"),
        pytest.param(lambda hand, other: (*hand, other), id="six_cards_one_foreign"),
        pytest.param(lambda hand, other: (_lettered(hand).lower(),), id="lower_case"),
        pytest.param(lambda hand, other: (hand[0][::-1],), id="not_canonical"),
        pytest.param(lambda hand, other: ("XX",), id="not_a_card"),
    ],
)
def test_r10_invalid_discards_are_refused(fresh, make_discard):
    seat = fresh.seat_to_exchange
    discard = make_discard(fresh.seats[seat].hand, _not_in(fresh, seat))
    assert violation(fresh, Exchange(seat, discard)) == "invalid_cards"


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 5])
def test_r10_discard_and_draw_the_same_number_from_the_top(fresh, count):
    seat = fresh.seat_to_exchange
    hand = fresh.seats[seat].hand
    discard = hand[:count]
    events, state = execute(fresh, Exchange(seat, discard))
    (exchanged,) = events
    assert exchanged == CardsExchanged(1, seat, discard, fresh.deck[:count])
    assert state.deck == fresh.deck[count:]
    assert state.seats[seat].hand == hand[count:] + fresh.deck[:count]
    assert state.seats[seat].discarded == discard
    assert state.seats[seat].exchanged


@pytest.mark.parametrize("other_seat", [-1, 4, 99, True, "0", 1.0])
def test_unknown_seats_are_refused(fresh, other_seat):
    assert violation(fresh, Exchange(other_seat, ())) == "unknown_seat"


@pytest.mark.parametrize("discard", [(["AK"],), ({"AK": 1},), (None,)])
def test_unhashable_or_non_text_discards_are_invalid_cards(fresh, discard):
    assert violation(fresh, Exchange(fresh.seat_to_exchange, discard)) == "invalid_cards"


def test_eliminated_seats_cannot_act():
    state = rigged([S1, None, W1, M1])
    assert violation(state, Exchange(1, ())) == "seat_eliminated"
    _, state = exchange_nothing(state)
    assert violation(state, ChooseOrientation(1, S1)) == "seat_eliminated"
    assert state.awaiting_orientation == (0, 2, 3)


def test_decide_is_pure_and_deterministic(fresh):
    seat = fresh.seat_to_exchange
    discard = fresh.seats[seat].hand[:2]
    first = decide(fresh, Exchange(seat, discard))
    assert decide(fresh, Exchange(seat, discard)) == first
    assert fresh == create(SEED, 4)[1]


# --- R11: orientation ------------------------------------------------------------------------


@pytest.fixture
def orienting() -> Match:
    return exchange_nothing(rigged([S1, M1, W1]))[1]


def test_r11_each_seat_places_once(orienting):
    _, state = execute(orienting, ChooseOrientation(0, S1))
    assert state.awaiting_orientation == (1, 2)
    assert violation(state, ChooseOrientation(0, S1)) == "already_chosen"
    assert violation(state, ChooseOrientation(0, tuple(c[::-1] for c in S1))) == "already_chosen"


def test_r11_placing_in_any_seat_order_is_allowed(orienting):
    events, _ = place(orienting, {2: W1, 0: S1, 1: M1})  # type: ignore[arg-type]
    assert of(events, ShowdownRevealed)


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param(S1[:4], id="four_cards"),
        pytest.param((*S1, "AK"), id="six_cards"),
        pytest.param((), id="no_cards"),
        pytest.param((*S1[:4], "AK"), id="card_not_in_hand"),
        pytest.param((*S1[:4], S1[0][::-1]), id="same_card_twice_both_ways"),
        pytest.param((*S1[:4], S1[0]), id="same_card_twice"),
        pytest.param((S1[0].lower(), *S1[1:]), id="lower_case"),
        pytest.param(("K1", *S1[1:]), id="not_a_card"),
        pytest.param(("KK", *S1[1:]), id="same_rank_twice"),
        pytest.param((None, *S1[1:]), id="not_a_string"),
        pytest.param(("ßK", *S1[1:]), id="upper_case_grows_to_three_characters"),
        pytest.param(M1, id="another_seats_cards"),
    ],
)
def test_r11_invalid_orientations_are_refused(orienting, cards):
    assert violation(orienting, ChooseOrientation(0, cards)) == "invalid_cards"
    assert not can_choose_orientation(orienting, 0, cards)


def test_r11_orientation_is_sealed_until_everyone_has_placed(orienting):
    events, state = execute(orienting, ChooseOrientation(0, S1))
    assert events == [OrientationChosen(1, 0, S1)]
    assert state.seats[0].placed == S1


def test_r11_the_order_of_cards_has_no_effect():
    plain = play_round([S1, M1, W1])
    shuffled = [tuple(reversed(S1)), M1[2:] + M1[:2], W1]
    rigged_state = rigged([S1, M1, W1])
    _, state = exchange_nothing(rigged_state)
    reordered, _ = place(state, shuffled)

    def outcome(events):
        shows = [(e.side, e.values, e.ranking) for e in of(events, ShowdownRevealed)]
        return shows, of(events, LifeChanged)

    assert outcome(plain) == outcome(reordered)


# --- R12-R13: showdown and life --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        pytest.param(
            [S1, M1, W1],
            {(0, "up"): 1, (2, "up"): -1, (2, "down"): -2},
            id="weakest_on_both_sides_is_minus_3",
        ),
        pytest.param(
            [SW, M1, W1],
            {(0, "up"): 1, (2, "up"): -1, (0, "down"): -2},
            id="strongest_up_and_weakest_down_is_minus_1",
        ),
        pytest.param(
            [FW, M1, W1],
            {(0, "up"): 2, (2, "up"): -1, (0, "down"): -2},
            id="full_house_up_and_weakest_down_is_zero",
        ),
        pytest.param(
            [F4, M1, W1],
            {(0, "up"): 2, (2, "up"): -1, (0, "down"): -2},
            id="four_of_a_kind_earns_the_bonus",
        ),
        pytest.param(
            [F5, M1, W1],
            {(0, "up"): 2, (2, "up"): -1, (2, "down"): -2},
            id="five_of_a_kind_earns_the_bonus",
        ),
        pytest.param(
            [M1, W1, S1],
            {(2, "up"): 1, (1, "up"): -1, (1, "down"): -2},
            id="seats_moved_around",
        ),
    ],
)
@pytest.mark.parametrize("start", [0, 1, 2])
def test_r12_r13_life_changes(hands, expected, start):
    events = play_round(hands, start=start)
    assert deltas(events) == expected
    reasons = {(e.seat, e.side): e.reason for e in of(events, LifeChanged)}
    up_gain = next(key for key, delta in expected.items() if key[1] == "up" and delta > 0)
    assert reasons[up_gain] == (
        "strongest_up_full_house" if expected[up_gain] == 2 else "strongest_up"
    )
    bonus = expected[up_gain] == 2
    assert sum(expected.values()) == (-1 if bonus else -2)  # R13: the table loses 2, or 1
    lives = of(events, RoundEnded)[0].lives
    assert list(lives) == [
        4 + sum(d for (s, _), d in expected.items() if s == seat) for seat in range(3)
    ]


def test_r12_showdown_reveals_up_then_down_with_values_and_ranking():
    events = play_round([S1, M1, W1])
    up, down = of(events, ShowdownRevealed)
    assert (up.side, down.side) == ("up", "down")
    assert up.placed == down.placed == (S1, M1, W1)
    assert up.ranking == (0, 1, 2)
    assert down.ranking == (1, 0, 2)
    kinds = [type(e).__name__ for e in events[-12:]]
    assert kinds.index("ShowdownRevealed") < kinds.index("LifeChanged")


def test_r12_life_has_no_upper_bound():
    events = play_round([F5, M1, W1], lives=[9, 4, 4])
    assert of(events, LifeChanged)[0].life == 11


def test_r5_life_is_clamped_at_zero_and_the_seat_eliminated_on_the_down_side():
    events = play_round([S1, M1, W1], lives=[4, 4, 2])
    changes = of(events, LifeChanged)
    assert [(c.seat, c.side, c.nominal, c.delta, c.life) for c in changes[1:3]] == [
        (2, "up", -1, -1, 1),
        (2, "down", -2, -1, 0),  # 1 - 2 is recorded as 0 (R5): the change applied is -1
    ]
    (gone,) = of(events, SeatEliminated)
    assert (gone.seat, gone.side, gone.place) == (2, "down", 3)
    assert of(events, RoundEnded)[0].lives == (5, 4, 0)
    assert of(events, RoundStarted)[0].turn_order in {(1, 0), (0, 1)}


def test_r12_a_seat_eliminated_on_the_up_side_takes_no_part_in_the_down_side():
    events = play_round([S1, M1, W1], lives=[4, 4, 1])
    _, down = of(events, ShowdownRevealed)
    (gone,) = of(events, SeatEliminated)
    assert (gone.seat, gone.side, gone.place) == (2, "up", 3)
    assert down.ranking == (1, 0)
    assert down.placed[2] is None and down.values[2] is None
    assert deltas(events) == {(0, "up"): 1, (2, "up"): -1, (0, "down"): -2}


def test_r12_r6_no_down_side_when_one_seat_is_left():
    events = play_round([S1, None, W1], lives=[4, 4, 1])
    assert [e.side for e in of(events, ShowdownRevealed)] == ["up"]
    assert all(change.side == "up" for change in of(events, LifeChanged))
    ended, revealed = events[-2:]
    assert isinstance(ended, MatchEnded) and isinstance(revealed, SeedRevealed)
    assert ended.winner == 0
    assert ended.places == (1, 3, 2)
    assert (
        hashlib.sha256(bytes.fromhex(revealed.seed)).hexdigest() == hashlib.sha256(SEED).hexdigest()
    )
    assert not of(events, RoundStarted)


def test_r6_r13_the_match_can_end_on_the_down_side():
    events = play_round([S1, None, W1], lives=[4, 4, 3])
    ended = of(events, MatchEnded)[0]
    assert ended.winner == 0
    assert of(events, SeatEliminated)[0].side == "down"


# --- R15: ties go to the seat earlier in turn order ------------------------------------------


@pytest.mark.parametrize(("start", "first"), [(0, 0), (1, 1), (2, 0)])
def test_r15_worked_example_four_7s_kicker_k_tie_goes_to_turn_order(start, first):
    events = play_round([T7A, T7B, W2], start=start)
    up = of(events, ShowdownRevealed)[0]
    assert up.values[0] == up.values[1]
    second = 1 - first
    assert up.ranking == (first, second, 2)
    assert deltas(events)[(first, "up")] == 2  # four of a kind: the bonus
    assert (second, "up") not in deltas(events)


@pytest.mark.parametrize(("start", "loser"), [(0, 1), (1, 0), (2, 1)])
def test_r15_equal_weakest_down_hands_the_later_seat_loses(start, loser):
    events = play_round([SW, Y1, M1], start=start)
    down = of(events, ShowdownRevealed)[1]
    assert down.values[0] == down.values[1]
    assert down.ranking[-1] == loser
    assert deltas(events)[(loser, "down")] == -2


# --- R14: the deck across rounds -------------------------------------------------------------


def _walk(state: Match, events: list[Event]):
    """Each event with the states just before and just after it."""
    for event in events:
        after = evolve(state, event)
        yield state, event, after
        state = after


def test_r14_deck_carries_over_and_the_used_pile_is_reshuffled_only_when_short():
    rng = random.Random(14)
    reshuffles = 0
    for match in range(6):
        seed = hashlib.sha256(f"r14-{match}".encode()).digest()
        _, steps = random_match(seed, 5, rng)
        for step in steps:
            # cards the next draw of this decision needs: the exchange, then each new deal
            pending = len(step.command.discard) if isinstance(step.command, Exchange) else 0
            for before, event, after in _walk(step.before, step.events):
                if isinstance(event, RoundStarted):
                    assert len(before.deck) + len(before.used_pile) >= 28
                    pending = 5 * len(event.turn_order)
                if isinstance(event, DeckShuffled):
                    assert event.reason == "used_pile"
                    reshuffles += 1
                    assert len(before.deck) < pending  # only when a draw finds the deck short
                    assert sorted(event.cards) == sorted(before.used_pile)
                    assert event.cards == shuffle(seed, before.shuffles, before.used_pile)
                    assert after.deck == before.deck + event.cards  # under what was left
                    assert after.used_pile == ()
                    in_round = {c for s in before.seats for c in s.hand + s.discarded}
                    assert not in_round & set(event.cards)  # this round's cards stay out
                if isinstance(event, CardsDealt):
                    dealt = [c for hand in event.hands for c in hand]
                    assert len(before.deck) >= len(dealt)
                    assert set(dealt) == set(before.deck[: len(dealt)])
                    assert after.deck == before.deck[len(dealt) :]
                if isinstance(event, CardsExchanged):
                    assert len(before.deck) >= len(event.drawn)
                    assert event.drawn == before.deck[: len(event.drawn)]
                if isinstance(event, RoundEnded):
                    assert after.deck == before.deck  # not reshuffled at a round's end
                    used = [c for s in before.seats for c in s.hand + s.discarded]
                    assert sorted(after.used_pile) == sorted(before.used_pile + tuple(used))
    assert reshuffles > 0


def test_r14_exchange_draw_that_finds_the_deck_short_reshuffles_first():
    rng = random.Random(1)
    for match in range(20):
        seed = hashlib.sha256(f"r14x-{match}".encode()).digest()
        _, steps = random_match(seed, 5, rng)
        for step in steps:
            if isinstance(step.command, Exchange) and isinstance(step.events[0], DeckShuffled):
                shuffled, exchanged = step.events[:2]
                assert len(step.before.deck) < len(step.command.discard)
                assert isinstance(exchanged, CardsExchanged)
                assert (
                    exchanged.drawn == (step.before.deck + shuffled.cards)[: len(exchanged.drawn)]
                )
                return
    pytest.fail("no exchange found the deck short in 20 matches")


# --- the end ---------------------------------------------------------------------------------


def test_commands_after_the_end_are_refused():
    events, steps = random_match(SEED, 3, random.Random(0))
    state = steps[-1].after
    assert state.phase == "over"
    assert violation(state, Exchange(state.winner, ())) == "match_over"
    assert violation(state, ChooseOrientation(state.winner, ())) == "match_over"
    assert replay(events) == state


def test_random_commands_are_always_legal_for_the_helper():
    _, state = create(SEED, 5)
    rng = random.Random(5)
    for _ in range(30):
        command = random_command(state, rng)
        _, state = execute(state, command)
