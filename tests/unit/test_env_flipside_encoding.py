"""Flipside's flat observation against the layout docs/research.md documents, written out plainly.

The encoder keeps what comes up again and again (the values at the front of the vector, keyed
by the phase, the round, the deck's size and whether the viewer acts; the used pile's counts)
and builds its commands without the dataclasses' ``__init__``. Here every seat's view along
seeded matches, the finished match's too, is encoded with those caches warm and compared with
an encoding that keeps nothing: a kept value served for another view (stale, or another
seat's) shows as a difference.
"""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")

from flipside.env import FlipsideEnv  # noqa: E402
from flipside.env.spaces import spaces_of  # noqa: E402
from flipside.games.flipside.cards import DECK, IDENTITY, RANKS  # noqa: E402
from flipside.games.flipside.commands import ChooseOrientation, Exchange  # noqa: E402
from flipside.games.flipside.game import GAME  # noqa: E402

SPACES = spaces_of("flipside")
SEATS = 4
PHASES = ("exchange", "orientation", "over")
ROWS = 5  # seat rows, the absent ones zero


def plainly(view: Any) -> list[float]:
    """The documented layout, part by part, nothing kept between calls."""
    me = view.viewer
    front = [float(view.phase == phase) for phase in PHASES]
    front += [view.round / 10, view.deck_count / len(DECK), float(view.to_act == me)]
    hand = [0.0] * (5 * 2 * len(RANKS))
    for position, card in enumerate(view.seats[me].cards):
        for side in range(2):  # the first rank as written, then the second
            hand[(2 * position + side) * len(RANKS) + RANKS.index(card[side])] = 1.0
    seen = list(view.used_pile)
    for seat in view.seats:
        seen += seat.discarded
        if seat.seat != me:
            seen += [card for card in (*(seat.placed or ()), *seat.cards) if card is not None]
    counts = [float(sum(IDENTITY[card] == each for card in seen)) for each in DECK]
    rows = [0.0] * (ROWS * 8)
    for place, seat in enumerate(view.seats[me:] + view.seats[:me]):
        rows[place * 8 : place * 8 + 8] = [
            1.0,
            seat.life / 4,
            float(seat.eliminated),
            float(seat.exchanged),
            (seat.exchanged_count or 0) / 5,
            float(seat.orientation_in),
            (seat.place or 0) / 5,
            float(seat.seat == view.to_act),
        ]
    return front + hand + counts + rows


def assert_encoded_plainly(view: Any) -> None:
    expected = np.array(plainly(view), dtype=np.float32)
    assert SPACES.encode(view).tobytes() == expected.tobytes(), (view.version, view.viewer)


def every_view(seeds: range, seats: int = SEATS) -> list[Any]:
    """Every seat's view at every step of seeded matches of random moves, the end too."""
    env = FlipsideEnv("flipside", seats=seats, raw_views=False)
    rng = random.Random(3)
    seen = []
    for seed in seeds:
        env.reset(seed=seed)
        for _ in env.agent_iter():
            assert env.table is not None
            seen += [env.table.game.view(env.table.state, seat) for seat in range(seats)]
            observation, _, terminated, _, _ = env.last()
            env.step(
                None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            )
    return seen


@pytest.mark.parametrize("seats", [3, 4, 5])  # R4
def test_every_view_encodes_as_the_documented_layout(seats: int) -> None:
    views = every_view(range(3), seats)
    assert any(view.phase == "over" for view in views)
    for view in views:
        assert_encoded_plainly(view)
    for view in reversed(views):  # the kept values again, met in another order
        assert_encoded_plainly(view)


def test_views_alike_but_for_one_front_value_encode_apart() -> None:
    """The front's values are kept by what they are made of: views that differ only there
    (the deck's size, the round, the seat to act) must not share an encoding."""
    view = next(view for view in every_view(range(1)) if view.to_act == view.viewer)
    others = [
        replace(view, deck_count=view.deck_count - 1),
        replace(view, round=view.round + 1),
        replace(view, to_act=(view.viewer + 1) % SEATS),
    ]
    encoded = {SPACES.encode(view).tobytes()}
    for other in others:
        assert_encoded_plainly(other)
        encoded.add(SPACES.encode(other).tobytes())
    assert len(encoded) == 1 + len(others)
    assert_encoded_plainly(view)


def test_commands_are_the_games_own_and_frozen() -> None:
    hand = ["AK", "T2", "93", "54", "J8"]
    for body, kind in [
        ({"kind": "exchange", "discard": ["2T", "AK"]}, Exchange),
        ({"kind": "orientation", "cards": ["KA", *hand[1:]]}, ChooseOrientation),
    ]:
        command = SPACES.command
        assert command is not None
        made = command(2, body)
        assert type(made) is kind
        assert made == GAME.parse_action(2, body)
        assert hash(made) == hash(GAME.parse_action(2, body))
        with pytest.raises(FrozenInstanceError):
            made.seat = 0  # type: ignore[attr-defined]
