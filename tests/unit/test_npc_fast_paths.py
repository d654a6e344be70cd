"""The computer players' fast paths give what the plain computation gives, on the views of
real matches: the pool of unseen cards, the discard search scored a batch at a time, this
seat's orientations scored in the others' batch, and row maxima through argmax."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from flipside.engine.seats import SeatSpec
from flipside.games.flipside.npc import npc_policies
from flipside.games.flipside.npc.draws import chance, disjoint_rows, unseen_numbers
from flipside.games.flipside.npc.exchange import (
    DRAWS,
    HAND_SIZE,
    _keep_order,
    choose_discard,
)
from flipside.games.flipside.npc.field import equities, field_tables
from flipside.games.flipside.npc.levels import policy_for
from flipside.games.flipside.npc.orientation import Candidates, Field, opponents
from flipside.games.flipside.npc.policy import Decision, Policy, RecordingPolicy
from flipside.games.flipside.npc.shapes import numbers, row_maxima, up_shapes
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.simulation import match_seed, play_match


@cache
def _decisions() -> tuple[tuple[str, MatchView], ...]:
    """Every view the seats of a few seeded easy matches (3 to 5 seats) decided on."""
    seen: list[Decision] = []

    def recording(state: Match) -> dict[int, Policy]:
        return {seat: RecordingPolicy(policy, seen) for seat, policy in npc_policies(state).items()}

    for seats in (3, 4, 5):
        specs = [SeatSpec("npc", level="easy")] * seats
        play_match(f"fast-{seats}", specs, match_seed(31, seats), recording)
    return tuple(seen)


def _views(kind: str) -> list[MatchView]:
    return [view for decided, view in _decisions() if decided == kind]


def test_unseen_numbers_are_the_views_unseen_cards() -> None:
    views = [view for _, view in _decisions()]
    assert any(view.used_pile for view in views)  # the used pile is exercised
    for view in views:
        unseen = view.unseen_cards()
        assert unseen_numbers(view).tolist() == sorted(numbers(unseen).tolist())
        with_pile = unseen | frozenset(view.used_pile)
        assert unseen_numbers(view, with_used_pile=True).tolist() == sorted(
            numbers(with_pile).tolist()
        )


def _discard_scoring_every_candidate(view: MatchView, rng: random.Random) -> tuple[str, ...]:
    """`choose_discard` as one batch of all six candidates, every total computed."""
    order = _keep_order(view.hand)
    pool = unseen_numbers(view, with_used_pile=view.deck_count < HAND_SIZE)
    draws = disjoint_rows(pool, DRAWS, HAND_SIZE, chance(rng))
    discarded = np.arange(HAND_SIZE)[None, None, :] < np.arange(HAND_SIZE + 1)[:, None, None]
    hands = np.where(discarded, draws[None, :, :], numbers(order)[None, None, :])
    totals = equities(hands, field_tables(len(view.turn_order))).sum(axis=1).tolist()
    best = 0
    while best < HAND_SIZE and totals[best + 1] > totals[best]:
        best += 1
    return tuple(order[:best])


def test_discards_scored_a_batch_at_a_time_are_those_of_one_batch() -> None:
    counts = set()
    for number, view in enumerate(_views("exchange")):
        for seed in (number, number + 10_000):
            chosen = choose_discard(view, random.Random(seed))
            assert chosen == _discard_scoring_every_candidate(view, random.Random(seed))
            counts.add(len(chosen))
    assert max(counts) >= 4  # the second batch was scored too


def test_own_orientations_in_the_others_batch_are_the_hands_own() -> None:
    models = policy_for("easy").models
    for view in _views("orientation"):
        me = view.seats[view.viewer]  # type: ignore[index]
        tiebreak = 7 - view.turn_order.index(me.seat)
        field = Field(opponents(view, models(view)), view.hand, tiebreak)
        mine, worlds = field.sample(unseen_numbers(view), 4, chance(random.Random(1)))
        alone = Candidates.of(up_shapes(numbers(view.hand)), tiebreak)
        assert mine.ups.tolist() == alone.ups.tolist()
        assert mine.downs.tolist() == alone.downs.tolist()
        assert worlds.ups.shape == worlds.downs.shape == (4, len(view.turn_order) - 1)


@pytest.mark.parametrize("shape", [(32,), (7, 32), (6, 10, 32), (4, 3, 32)])
def test_row_maxima_are_the_maxima_of_the_rows(shape: tuple[int, ...]) -> None:
    scores = np.random.default_rng(len(shape)).normal(size=shape)
    assert np.array_equal(row_maxima(scores), scores.max(axis=-1))
