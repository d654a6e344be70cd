"""Flipside to a learner: 32 discard subsets, 32 orientations (R10, R11).

Actions 0-31 exchange: bit i of the number discards the i-th card of the hand as the legal
action lists it. Actions 32-63 orient: bit i of ``number - 32`` turns the i-th card low rank
up (clear: high rank up).
"""

from __future__ import annotations

import numpy as np

from flipside.env.features import Vector, one_hot, put_rows, put_slots, scaled
from flipside.games.flipside.cards import DECK, IDENTITY, RANK_INDEX, RANKS
from flipside.games.flipside.state import START_LIFE

from .base import (
    JSON,
    Choices,
    GameSpaces,
    Later,
    View,
    numbered,
    picked_cards,
    sized,
    subset_labels,
    subsets,
)

HAND = 5  # R7: five cards a seat
ORIENT = 1 << HAND  # the first orientation action
PHASES = ("exchange", "orientation", "over")
MAX_SEATS = 5
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
# A card as any viewer sees it (either side up) -> its place in the deck
IDENTITY_INDEX = {card: DECK_INDEX[identity] for card, identity in IDENTITY.items()}
SEAT_WIDTH = 7  # and a 1 before each seat's row (`put_rows`)


def choices(legal: list[JSON], view: View) -> Choices:
    found = Choices()
    for action in legal:
        cards = action["cards"]
        if action["kind"] == "exchange":
            picked_cards(
                found,
                0,
                cards,
                sized(action),
                lambda picked: {"kind": "exchange", "discard": picked},
            )
        elif action["kind"] == "orientation":
            found.later(numbered(ORIENT, 1 << len(cards)), _oriented(cards))
    return found


def _oriented(cards: list[str]) -> Later:
    """The orientations of `cards`: bit i of the offset turns card i low rank up (R11)."""
    flips = subsets(len(cards))

    def body(mask: int) -> JSON:
        flipped = flips[mask]
        oriented = [card[::-1] if index in flipped else card for index, card in enumerate(cards)]
        return {"kind": "orientation", "cards": oriented}

    return Later(ORIENT, body)


def _seat_row(seat: View, to_act: int | None) -> list[float]:
    return [
        seat.life / START_LIFE,
        float(seat.eliminated),
        float(seat.exchanged),
        scaled(seat.exchanged_count, HAND),
        float(seat.orientation_in),
        scaled(seat.place, MAX_SEATS),
        float(seat.seat == to_act),
    ]


def _on_table(view: View) -> list[str]:
    """Every card the viewer can see outside its own hand."""
    me = view.viewer
    cards = list(view.used_pile)
    for seat in view.seats:
        cards += seat.discarded or ()
        if seat.seat != me:
            cards += seat.placed or ()
            cards += [card for card in seat.cards or () if card]
    return cards


# Where each part of the observation begins.
_FRONT = len(PHASES) + 3
_SLOTS = _FRONT
_ON_TABLE = _SLOTS + HAND * 2 * len(RANKS)
_SEATS = _ON_TABLE + len(DECK)
_SIZE = _SEATS + MAX_SEATS * (SEAT_WIDTH + 1)


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    seats = view.seats
    viewer = view.viewer
    to_act = view.to_act
    found[:_FRONT] = [
        *one_hot(view.phase, PHASES),
        scaled(view.round, 10),
        scaled(view.deck_count, len(DECK)),
        float(to_act == viewer),
    ]
    ranks = [rank for card in seats[viewer].cards or () for rank in card]
    put_slots(found, _SLOTS, ranks, RANK_INDEX, len(ranks))
    on_table = [IDENTITY_INDEX[card] for card in _on_table(view)]  # dozens: counted at once
    found[_ON_TABLE:_SEATS] = np.bincount(on_table, minlength=len(DECK))
    put_rows(found, _SEATS, view, lambda seat: _seat_row(seat, to_act))
    return found


SPACES = GameSpaces(
    game="flipside",
    labels=(*subset_labels("discard", HAND), *subset_labels("low up", HAND)),
    size=_SIZE,
    choices=choices,
    encode=encode,
)
