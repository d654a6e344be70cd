"""Juggernaut to a learner (J20-J28, J34).

Actions, numbered in this order:

- 0-5 augment by that many cards (J20);
- 6-1029 individual exchange: bit i of ``number - 6`` picks the i-th card of the hand (J22);
- 1030-2053 keep exchange: bit i of ``number - 1030`` keeps the i-th card (J23);
- 2054 all exchange (J24);
- 2055-2057 reveal the hand of the seat 1, 2 or 3 places clockwise (J27);
- 2058 done (J21a), 2059 allow, 2060 refuse (J28), 2061 buy gold, 2062 decline (J34).

The i-th card is the i-th of the hand as the view and the legal action list it; a hand holds
at most 10 cards (J9).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from flipside.engine.registry import game_named
from flipside.env.features import (
    Vector,
    one_hot,
    put,
    put_ones,
    relative,
    scaled,
    seat_rows,
    slot_places,
)
from flipside.games.juggernaut.cards import DECK, FACES, JOKER
from flipside.games.juggernaut.commands import Exchange
from flipside.games.juggernaut.prices import MAX_AUGMENT
from flipside.games.juggernaut.state import SEATS

from .base import JSON, Choices, GameSpaces, View, picked_cards, subset_labels

MAX_HAND = 10  # J9
INDIVIDUAL = MAX_AUGMENT + 1
KEEP = INDIVIDUAL + (1 << MAX_HAND)
ALL = KEEP + (1 << MAX_HAND)
REVEAL = ALL + 1
SIMPLE = ("done", "allow", "refuse", "exchange_gold", "decline_gold")
DONE = REVEAL + SEATS - 1
PHASES = ("augment", "exchange", "reveal", "gold", "over")
CARD_INDEX = {card: index for index, card in enumerate((*FACES, JOKER))}
SILVER = 10.0  # the default starting silver: for scaling only
SEAT_WIDTH = 9


def choices(legal: list[JSON], view: View) -> Choices:
    found = Choices()
    for action in legal:
        kind = action["kind"]
        if kind == "augment":
            found[action["count"]] = {"kind": "augment", "count": action["count"]}
        elif kind == "exchange":
            _exchanges(found, action)
        elif kind == "reveal":
            offset = relative(action["target"], view)
            found[REVEAL + (offset or 0) - 1] = {"kind": "reveal", "target": action["target"]}
        elif kind in SIMPLE:
            found[DONE + SIMPLE.index(kind)] = {"kind": kind}
    return found


def _exchanges(found: Choices, action: JSON) -> None:
    method = action["method"]
    if method == "all":
        found[ALL] = {"kind": "exchange", "method": "all", "cards": []}
        return
    picked_cards(
        found,
        INDIVIDUAL if method == "individual" else KEEP,
        action["cards"],
        {option["picked"] for option in action["costs"]},
        lambda picked: {"kind": "exchange", "method": method, "cards": picked},
    )


_parse_action = game_named("juggernaut").parse_action


def command(seat: int, body: JSON) -> Any:
    """What `Game.parse_action` makes of a body of `choices`: its cards come from the seat's
    legal action as the game writes them, so they are taken as they are."""
    if body["kind"] == "exchange":
        return Exchange(seat, body["method"], tuple(body["cards"]))
    return _parse_action(seat, body)


# Where each part of the observation begins.
_FRONT = len(PHASES) + 5
_HAND = _FRONT
_SEATS = _HAND + MAX_HAND * len(CARD_INDEX)
_SIZE = _SEATS + SEATS * (SEAT_WIDTH + 1)
_HAND_PLACES = slot_places(_HAND, CARD_INDEX, MAX_HAND)


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    viewer = view.viewer
    put(
        found,
        0,
        [
            *one_hot(view.phase, PHASES),
            float(view.to_act == viewer),
            float(view.juggernaut is None),
            scaled(view.set_no, 10),
            scaled(view.deck_count, len(DECK)),
            scaled(view.pile_count, len(DECK)),
        ],
    )
    put_ones(found, _HAND_PLACES(view.seats[viewer].cards or ()))
    win_gold, juggernaut, awaiting = view.params.win_gold, view.juggernaut, view.awaiting
    rows = seat_rows(
        view,
        lambda seat: (
            seat.silver / SILVER,
            seat.gold / win_gold,
            float(seat.gold_ready),
            seat.card_count / MAX_HAND,
            scaled(seat.augmented, MAX_AUGMENT),
            seat.exchanges / 5,
            float(seat.done),
            float(seat.seat == juggernaut),
            float(seat.seat in awaiting),
        ),
    )
    put(found, _SEATS, rows)
    return found


SPACES = GameSpaces(
    game="juggernaut",
    labels=(
        *(f"augment {count}" for count in range(MAX_AUGMENT + 1)),
        *subset_labels("individual", MAX_HAND),
        *subset_labels("keep", MAX_HAND),
        "all",
        *(f"reveal +{offset}" for offset in range(1, SEATS)),
        *SIMPLE,
    ),
    size=_SIZE,
    choices=choices,
    encode=encode,
    command=command,
    options={"maxSets": 20},  # J40a: random play can buy exchanges for thousands of sets
)
