"""Computer players (docs/rules/flipside.md, "Computer players"): they decide from their seat's view
only, find a clearly best orientation from HARD up, and are reproducible from the seed."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

import numpy as np
import pytest

from flipside.games.flipside.cards import DECK
from flipside.games.flipside.commands import CreateMatch
from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.hands import (
    FULL_HOUSE_OR_BETTER,
    orientation_values,
    oriented_by_mask,
)
from flipside.games.flipside.npc import (
    LEVELS,
    PlayerHabits,
    estimate_habits,
    habits_from_hits,
    matching_biases,
    next_command,
    policy_for,
)
from flipside.games.flipside.npc.draws import chance, disjoint_rows, sample_rows
from flipside.games.flipside.npc.driver import npc_policies
from flipside.games.flipside.npc.field import (
    biased_tables,
    equities,
    field_tables,
    orientation_scores,
)
from flipside.games.flipside.npc.habits import grid_bias
from flipside.games.flipside.npc.levels import pick
from flipside.games.flipside.npc.orientation import (
    Candidates,
    Model,
    Worlds,
    own_utilities,
    showdown_changes,
    utility,
)
from flipside.games.flipside.npc.shapes import (
    RANK_WEIGHTS,
    SHAPE_OF_SUM,
    VALUES,
    numbers,
    up_shapes,
)
from flipside.games.flipside.rules import execute, initial_state
from flipside.games.flipside.state import Match, SeatState
from flipside.games.flipside.views import MatchView, view

SEED = bytes(range(32))


def _match_at_orientation(levels: tuple[str, ...] = ("hard",) * 4) -> Match:
    """A seeded match of computer players, played up to its first orientation phase."""
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    _, state = execute(initial_state(), CreateMatch("m", seats, SEED, seeded=True))
    policies = npc_policies(state)
    while state.phase == "exchange":
        _, state = execute(state, next_command(state, policies))
    return state


def _other_with_drawn(state: Match, me: int) -> int:
    return next(i for i, seat in enumerate(state.seats) if i != me and seat.drawn)


def _swap_drawn_with_deck(state: Match, seat: int) -> Match:
    """`state` with one of `seat`'s hidden drawn cards exchanged for the deck's top card."""
    holder = state.seats[seat]
    old, new = holder.drawn[0], state.deck[0]
    changed = replace(
        holder,
        drawn=(new, *holder.drawn[1:]),
        hand=tuple(new if card == old else card for card in holder.hand),
    )
    seats = tuple(changed if i == seat else s for i, s in enumerate(state.seats))
    return replace(state, seats=seats, deck=(old, *state.deck[1:]))


@pytest.mark.parametrize("level", LEVELS)
def test_decision_ignores_what_the_seat_cannot_see(level: str) -> None:
    """Another seat's drawn cards and sealed orientation and the deck order (R10-R11) do not
    change a decision: the policy gets the seat's view and nothing else."""
    state = _match_at_orientation(("hard", "hard", "hard", level))
    me = 3
    other = _other_with_drawn(state, me)
    _, state = execute(state, next_command(state, {other: policy_for("hard")}))
    placed = tuple(card[::-1] for card in state.seats[other].placed)  # sealed (R11)
    variants = [
        _swap_drawn_with_deck(state, other),
        replace(state, deck=tuple(reversed(state.deck))),
        replace(
            state,
            seats=tuple(
                replace(s, placed=placed) if i == other else s for i, s in enumerate(state.seats)
            ),
        ),
    ]
    policies = {me: policy_for(level)}
    expected = next_command(state, policies)
    for variant in variants:
        assert view(variant, me) == view(state, me)
        assert next_command(variant, policies) == expected


class _Watched:
    """A view that records which of its attributes a policy reads."""

    def __init__(self, inner: MatchView) -> None:
        self._inner = inner
        self.read: set[str] = set()

    def __getattr__(self, name: str) -> object:
        self.read.add(name)
        return getattr(self._inner, name)


PUBLIC_READS = {"hand", "seats", "turn_order", "viewer", "unseen_cards", "deck_count", "used_pile"}


@pytest.mark.parametrize("level", LEVELS)
def test_policy_reads_only_public_parts_of_the_view(level: str) -> None:
    """No policy touches the seed, the commitment or the showdown record of the view, and
    the view it gets hides the other seats' drawn cards."""
    state = _match_at_orientation()
    watched = _Watched(view(state, 0))
    policy_for(level, target=1).orientation(watched, random.Random(1))  # type: ignore[arg-type]
    assert watched.read <= PUBLIC_READS
    assert watched._inner.seats[1].cards.count(None) == len(state.seats[1].drawn)
    seats = tuple(SeatSpec("npc", level=level) for _ in range(4))
    _, state = execute(initial_state(), CreateMatch("x", seats, SEED, seeded=True))
    watched = _Watched(view(state, state.seat_to_exchange))
    policy_for(level).exchange(watched, random.Random(1))  # type: ignore[arg-type]
    assert watched.read <= PUBLIC_READS


def _state_with_hand(hand: tuple[str, ...], lives: tuple[int, ...] = (4, 4, 4, 4)) -> Match:
    """An orientation phase where seat 0 holds `hand` and the others kept their dealt cards:
    a seat for each of `lives`."""
    rest = [card for card in DECK if card not in hand]
    random.Random(7).shuffle(rest)
    seats_count = len(lives)
    hands = [hand, *(tuple(rest[5 * i : 5 * i + 5]) for i in range(seats_count - 1))]
    seats = tuple(
        SeatState(SeatSpec("npc", level="hard"), life=life, dealt=cards, hand=cards, exchanged=True)
        for cards, life in zip(hands, lives, strict=True)
    )
    return Match(
        version=10,
        match_id="forced",
        phase="orientation",
        seats=seats,
        seed=SEED,
        deck=tuple(rest[5 * (seats_count - 1) :]),
        round=1,
        start_seat=0,
        turn_order=tuple(range(seats_count)),
        turn=seats_count,
    )


HAND = ("97", "A9", "K4", "K9", "Q4")
# Up 9 9 4 9 4, a full house (+2, R12), down 7 A K K Q, a pair: 2 life better than any other.
DOMINANT = ("97", "9A", "4K", "9K", "4Q")


@pytest.mark.parametrize("level", ["hard", "insane", "hate_you"])
def test_clearly_best_orientation_is_found_from_hard_up(level: str) -> None:
    seat_view = view(_state_with_hand(HAND), 0)
    policy = policy_for(level)
    chosen = [policy.orientation(seat_view, random.Random(n)) for n in range(10)]
    assert sum(placed == DOMINANT for placed in chosen) >= (8 if level == "hard" else 10)


def test_easy_almost_never_plays_the_best() -> None:
    seat_view = view(_state_with_hand(HAND), 0)
    chosen = [policy_for("easy").orientation(seat_view, random.Random(n)) for n in range(50)]
    assert sum(placed == DOMINANT for placed in chosen) <= 10


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_easy_scores_are_the_field_tables_worth_of_each_orientation(seats: int) -> None:
    """EASY samples no worlds: each orientation's score is the field tables' worth of its up
    and down hands against `seats - 1` typical hands (R12-R13), by mask of `oriented_by_mask`."""
    rng = random.Random(seats)
    tables = field_tables(seats)
    for _ in range(20):
        hand = tuple(rng.sample(DECK, 5))
        state = _state_with_hand(hand, (4,) * seats)
        own = policy_for("easy").scores(view(state, 0), random.Random(0)).own
        # By count key, mask by mask in the order of `orientation_values`, as the model of
        # the other seats reads them: the same worth as EASY's lookups by shape.
        assert own == pytest.approx(orientation_scores(hand, tables)[3])


def test_scores_rank_the_dominant_orientation_first() -> None:
    seat_view = view(_state_with_hand(HAND), 0)
    own = policy_for("insane").scores(seat_view, random.Random(0)).own
    assert own.index(max(own)) == 0b11110
    assert sorted(own)[-2] <= own[0b11110] - 1


def test_fast_path_agrees_with_the_showdown_rules() -> None:
    """`own_utilities` is a shortcut of `showdown_changes` for this seat; compare them."""
    rng = random.Random(5)
    for _ in range(300):
        others = rng.randint(1, 4)
        worlds = Worlds(
            np.array([rng.sample(range(1000, 9000, 8), others) for _ in range(3)]),
            np.array([rng.sample(range(1000, 9000, 8), others) for _ in range(3)]),
        )
        lives = np.array([rng.randint(1, 3) for _ in range(others)])
        life = rng.randint(1, 4)
        mine = Candidates(
            np.array([rng.randrange(900, 9100) * 8 + 7 for _ in range(4)]),
            np.array([rng.randrange(900, 9100) * 8 + 7 for _ in range(4)]),
        )
        totals = own_utilities(mine, worlds, lives, life)
        for world in range(3):
            for mask in range(4):
                changes = showdown_changes(
                    [mine.ups[mask], *worlds.ups[world]],
                    [mine.downs[mask], *worlds.downs[world]],
                    [life, *lives],
                )
                assert totals[world, mask] == utility(int(changes[0]), life)


def test_showdown_changes_follow_r12_r13() -> None:
    # Seat 0 strongest up without bonus, seat 2 weakest up and weakest down: -3 (R13).
    assert showdown_changes([300, 200, 100], [300, 200, 100], [4, 4, 4]).tolist() == [1, 0, -3]
    # The weakest up seat is eliminated on the up side and skips the down side (R12).
    assert showdown_changes([300, 200, 100], [300, 50, 100], [4, 4, 1]).tolist() == [1, -2, -1]
    # A full house or better earns 2 (R12); both at once, one showdown per row.
    bonus = FULL_HOUSE_OR_BETTER * 8
    both = showdown_changes([[300, 200, 100], [bonus, 200, 100]], [[9, 8, 7]] * 2, [4, 4, 4])
    assert both.tolist() == [[1, 0, -3], [2, 0, -3]]


def test_shapes_name_every_multiset_of_five_ranks_once() -> None:
    """`RANK_WEIGHTS` give the 6,188 multisets of five ranks different sums (R15)."""
    sums = [sum(ranks) for ranks in combinations_with_replacement(RANK_WEIGHTS, 5)]
    assert len(set(sums)) == len(sums) == 6188
    assert sorted(SHAPE_OF_SUM[sums].tolist()) == list(range(6188))


def test_up_shapes_agree_with_orientation_values() -> None:
    rng = random.Random(8)
    hands = [rng.sample(DECK, 5) for _ in range(50)]
    shapes = up_shapes(np.array([numbers(hand) for hand in hands]))
    for hand, row in zip(hands, shapes, strict=True):
        expected = orientation_values(hand)
        assert VALUES[row].tolist() == [up for up, _ in expected]
        assert VALUES[row[::-1]].tolist() == [down for _, down in expected]


def test_equities_are_the_best_orientation_scores() -> None:
    rng = random.Random(9)
    tables = field_tables(4)
    hands = [rng.sample(DECK, 5) for _ in range(40)]
    batch = equities(np.array([numbers(hand) for hand in hands]), tables)
    for hand, equity in zip(hands, batch, strict=True):
        assert equity == pytest.approx(max(orientation_scores(hand, tables)[3]))


def test_draws_are_reproducible_distinct_cards_from_the_pool() -> None:
    pool = numbers(DECK[:20])
    first = sample_rows(pool, 300, 6, chance(random.Random(2)))
    again = sample_rows(pool, 300, 6, chance(random.Random(2)))
    assert (first == again).all()
    assert all(len(set(row)) == 6 and set(row) <= set(pool.tolist()) for row in first.tolist())
    # Uniform: each card is drawn at the rate 6/20, every place alike.
    counts = Counter(first[:, 0].tolist())
    assert len(counts) == 20 and max(counts.values()) < 40


@pytest.mark.parametrize("size", [5, 7, 12, 20, 41, 60])
def test_disjoint_draws_are_distinct_cards_and_share_none_within_a_shuffle(size: int) -> None:
    pool = numbers(DECK[:size])
    draws = disjoint_rows(pool, 10, 5, chance(random.Random(size)))
    assert (draws == disjoint_rows(pool, 10, 5, chance(random.Random(size)))).all()
    assert draws.shape == (10, 5)
    rows = [set(row) for row in draws.tolist()]
    assert all(len(row) == 5 and row <= set(pool.tolist()) for row in rows)
    per_shuffle = size // 5
    for first in range(0, 10, per_shuffle):  # the rows cut from one shuffle
        shuffle = rows[first : first + per_shuffle]
        assert len(set().union(*shuffle)) == 5 * len(shuffle)


def test_disjoint_draws_are_uniform_in_every_place() -> None:
    # 4,000 draws from 40 cards: each card at each of the five places 100 times on average;
    # a skewed draw (say one that favours the pool's first cards) lies far outside 40-175.
    pool = numbers(DECK[:40])
    generator = chance(random.Random(3))
    draws = np.concatenate([disjoint_rows(pool, 10, 5, generator) for _ in range(400)])
    for place in range(5):
        counts = Counter(draws[:, place].tolist())
        assert len(counts) == 40 and 40 < min(counts.values()) <= max(counts.values()) < 175


def test_pareto_keeps_every_orientation_not_beaten_on_both_sides() -> None:
    candidates = Candidates([5, 9, 5, 3], [5, 1, 5, 6])
    assert candidates.pareto() == [0, 1, 3]


def test_pick_takes_the_best_at_zero_temperature_and_spreads_when_hot() -> None:
    assert pick([0.1, 0.7, 0.3], 0.0, random.Random(0)) == 1
    rng = random.Random(0)
    counts = [0, 0]
    for _ in range(2000):
        counts[pick([0.0, 0.0], 1.0, rng)] += 1
    assert 900 < counts[0] < 1100


def test_seeded_decisions_are_reproducible() -> None:
    state = _match_at_orientation()
    for level in LEVELS:
        first = policy_for(level).orientation(view(state, 0), random.Random(11))
        again = policy_for(level).orientation(view(state, 0), random.Random(11))
        assert first == again


def _up_maximiser_showdowns(count: int) -> list[tuple[tuple[str, ...], int]]:
    rng = random.Random(3)
    showdowns = []
    for _ in range(count):
        hand = rng.sample(DECK, 5)
        ups = [up for up, _ in orientation_values(hand)]
        showdowns.append((oriented_by_mask(hand, ups.index(max(ups))), 4))
    return showdowns


def test_habits_of_an_up_maximiser_are_learnt() -> None:
    showdowns = _up_maximiser_showdowns(40)
    assert estimate_habits(showdowns) == PlayerHabits(up_bias=1.0, rounds=40)
    hits = Counter(bias for placed, seats in showdowns for bias in matching_biases(placed, seats))
    assert hits[1.0] == 40
    assert habits_from_hits(hits, 40) == estimate_habits(showdowns)


def test_habits_of_a_balanced_player_are_balanced() -> None:
    rng = random.Random(4)
    tables = field_tables(4)
    showdowns = []
    for _ in range(40):
        hand = rng.sample(DECK, 5)
        scores = orientation_scores(hand, tables)[3]
        showdowns.append((oriented_by_mask(hand, scores.index(max(scores))), 4))
    assert estimate_habits(showdowns).up_bias == 0.5


def test_few_rounds_of_habits_are_not_trusted() -> None:
    assert grid_bias(PlayerHabits(up_bias=1.0, rounds=2)) == 0.5
    assert grid_bias(PlayerHabits(up_bias=0.87, rounds=50)) == 0.9
    assert grid_bias(None) == 0.5


def test_insane_models_the_person_with_their_habits() -> None:
    seats = (SeatSpec("human", name="ana"), *(SeatSpec("npc", level="insane"),) * 3)
    _, state = execute(initial_state(), CreateMatch("h", seats, SEED, seeded=True))
    habits = PlayerHabits(up_bias=1.0, rounds=30)
    policy = policy_for("insane", habits=lambda name: habits if name == "ana" else None)
    models = policy.models(view(state, 1))
    assert models[0] == Model(biased_tables(4, 1.0))
    assert models[2] == Model(field_tables(4), LEVELS["insane"].temperature)
    hard = policy_for("hard", habits=lambda name: habits)
    assert hard.models(view(state, 1))[0] == Model(field_tables(4))


def test_hate_you_targets_the_person_else_the_given_seat_else_the_leader() -> None:
    person = (SeatSpec("human", name="ana"), *(SeatSpec("npc", level="hate_you"),) * 3)
    _, state = execute(initial_state(), CreateMatch("t", person, SEED, seeded=True))
    assert policy_for("hate_you", target=2).target_seat(view(state, 1)) == 0
    npcs = tuple(SeatSpec("npc", level="hate_you") for _ in range(4))
    _, state = execute(initial_state(), CreateMatch("t", npcs, SEED, seeded=True))
    assert policy_for("hate_you", target=2).target_seat(view(state, 1)) == 2
    leader = replace(state.seats[3], life=6)
    state = replace(state, seats=(*state.seats[:3], leader))
    assert policy_for("hate_you").target_seat(view(state, 1)) == 3
