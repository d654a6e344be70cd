"""The views a learner's environment builds at every step are the views built the plain way.

Flipside's and Orc Poker's views keep each seat's part while the seat's state is the same
object (`flipside.engine.views.kept_per_seat`) and are built without the dataclasses' own
``__init__`` (`flipside.engine.frozen.builder`). Along seeded matches played through the
environment, every viewer's view (each seat's, the spectator's, an administrator's) must
equal, field for field and type for type, the view built afresh by the dataclasses'
constructors, and stay frozen: a seat's own part (its hand, its sealed choice) is never
shown to another viewer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import FrozenInstanceError, fields
from typing import Any

import numpy as np
import pytest

from flipside.env import FlipsideEnv
from flipside.games.flipside import views as flipside_views
from flipside.games.orc import views as orc_views

VIEWS: dict[str, Any] = {"flipside": flipside_views, "orc": orc_views}  # read privately
SEATS = 4


@contextmanager
def built_afresh(views: Any) -> Iterator[None]:
    """`views` builds every seat's part anew, through the dataclasses' own constructors."""
    kept = views._seat_in_view, views._new_seat_in_view, views._new_match_view
    views._seat_in_view = views._built_seat_in_view
    views._new_seat_in_view = views.SeatInView
    views._new_match_view = views.MatchView
    try:
        yield
    finally:
        views._seat_in_view, views._new_seat_in_view, views._new_match_view = kept


def same_view(shown: Any, fresh: Any) -> bool:
    """Equal, of the same class, and so every field and every seat's."""
    return (
        shown == fresh
        and type(shown) is type(fresh)
        and all(
            type(seat) is type(other) for seat, other in zip(shown.seats, fresh.seats, strict=True)
        )
        and all(
            type(getattr(shown, field.name)) is type(getattr(fresh, field.name))
            for field in fields(shown)
        )
    )


def check_every_viewer(views: Any, state: Any) -> None:
    for viewer, omniscient in [(None, False), (None, True), *((s, False) for s in range(SEATS))]:
        shown = views.view(state, viewer, omniscient=omniscient)
        with built_afresh(views):
            fresh = views.view(state, viewer, omniscient=omniscient)
        assert same_view(shown, fresh), (viewer, omniscient)
        with pytest.raises(FrozenInstanceError):
            shown.version = -1
        with pytest.raises(FrozenInstanceError):
            shown.seats[0].seat = -1


@pytest.mark.parametrize("game", sorted(VIEWS))
def test_every_view_along_seeded_matches_is_the_view_built_afresh(game: str) -> None:
    views = VIEWS[game]
    env = FlipsideEnv(game, seats=SEATS, raw_views=False)
    rng = random.Random(5)
    for seed in range(3):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, _, _ = env.last()
            assert env.table is not None
            check_every_viewer(views, env.table.state)
            if terminated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
