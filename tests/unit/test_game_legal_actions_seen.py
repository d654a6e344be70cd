"""`Game.legal_actions_seen`: given the seat's view already built, every game lists the same
legal actions as `Game.legal_actions` (the learning environment reads them this way)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed")

from flipside.engine.registry import INSTALLED
from flipside.engine.seats import SeatSpec
from flipside.env.table import Table, match_seed

SEATS = {"flipside": 3, "oink": 2, "holdem": 3, "orc": 4, "juggernaut": 4}
OPTIONS = {"holdem": {"max_hands": 3}, "juggernaut": {"maxSets": 2}}


@pytest.mark.parametrize("game_id", INSTALLED)
def test_legal_actions_from_a_view_already_built_are_the_same(game_id: str) -> None:
    seats = SEATS[game_id]
    table = Table(game_id, [SeatSpec("human")] * seats, match_seed(7), OPTIONS.get(game_id))
    game, rng, compared = table.game, random.Random(7), 0
    while table.places is None and compared < 400:
        for seat in range(seats):
            view = game.view(table.state, seat)
            expected = game.legal_actions(table.state, seat)
            assert game.legal_actions_seen(table.state, seat, view) == expected
            compared += 1
        seat = table.awaiting[0]
        table.play(seat, rng.choice(list(table.choices(seat))))
    assert compared > seats
