"""Flipside to a learner: 32 discard subsets, 32 orientations (R10, R11).

Actions 0-31 exchange: bit i of the number discards the i-th card of the hand as the legal
action lists it. Actions 32-63 orient: bit i of ``number - 32`` turns the i-th card low rank
up (clear: high rank up).
"""

from __future__ import annotations

import struct
from functools import cache, lru_cache
from operator import getitem
from typing import Any

import numpy as np

from flipside.engine.frozen import builder
from flipside.env.features import Vector, one_hot, relative_seats, scaled
from flipside.games.flipside.cards import DECK, IDENTITY, RANK_INDEX, RANKS
from flipside.games.flipside.commands import ChooseOrientation, Exchange
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
SEAT_WIDTH = 7  # and a 1 before each seat's row


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


def command(seat: int, body: JSON) -> Any:
    """What `Game.parse_action` makes of a body of `choices`: its cards come from the seat's
    hand as the game writes them (R3), so an orientation takes them as they are and an
    exchange only needs each card's identity."""
    if body["kind"] == "exchange":
        return _exchange(seat, tuple(map(IDENTITY.__getitem__, body["discard"])))
    return _choose_orientation(seat, tuple(body["cards"]))


# A command is made at every step: without the frozen dataclasses' own ``__init__``.
_exchange = builder(Exchange)
_choose_orientation = builder(ChooseOrientation)


# Where each part of the observation begins.
_FRONT = len(PHASES) + 3
_SLOTS = _FRONT
_ON_TABLE = _SLOTS + HAND * 2 * len(RANKS)
_SEATS = _ON_TABLE + len(DECK)
_SIZE = _SEATS + MAX_SEATS * (SEAT_WIDTH + 1)


# Where the viewer's hand sets a 1: a slot per rank, each card's up rank then its down rank,
# the order the action spaces pick cards by. Per position in the hand: each card, either
# side up -> the places of its two ranks (a hand lasts a step or two: worked out beforehand).
_RANK_PLACES = tuple(
    {
        card: (
            _SLOTS + 2 * position * len(RANKS) + RANK_INDEX[card[0]],
            _SLOTS + (2 * position + 1) * len(RANKS) + RANK_INDEX[card[1]],
        )
        for card in IDENTITY
    }
    for position in range(HAND)
)


@lru_cache(maxsize=1 << 8)
def _pile_counts(pile: tuple[str, ...]) -> tuple[float, ...]:
    """How many of each card of the deck the used pile holds: most of the cards on the table,
    and the same pile for a round, so counted once."""
    counts = [0.0] * len(DECK)
    for card in pile:
        counts[IDENTITY_INDEX[card]] += 1.0
    return tuple(counts)


@lru_cache(maxsize=1 << 12)
def _front(phase: str, round_no: int, deck_count: int, acting: bool) -> tuple[float, ...]:
    """The phase, the round, the deck's size and whether the viewer acts: a few values
    taken again and again, so worked out once each."""
    return (
        *one_hot(phase, PHASES),
        scaled(round_no, 10),
        scaled(deck_count, len(DECK)),
        float(acting),
    )


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    me, to_act, seats = view.viewer, view.to_act, view.seats
    # How many of each card of the deck the viewer can see outside its own hand, then a row
    # for each seat from the viewer's chair (as `seat_rows` lays them out): one slice for
    # both, filled in one pass over the seats without a call per seat (every step of a
    # learner encodes a view).
    counts = list(_pile_counts(view.used_pile))
    rows: list[float] = []
    for seat in relative_seats(view):
        index = seat.seat
        shown = seat.discarded or ()
        if index != me:  # the viewer's own cards are in its slots
            shown = (*shown, *(seat.placed or ()), *(seat.cards or ()))
        for card in shown:
            if card:  # None: a card the viewer may not see
                counts[IDENTITY_INDEX[card]] += 1.0
        rows += (  # 0 for a count or place not known yet, as `scaled`; flags without float()
            1.0,
            seat.life / START_LIFE,
            1.0 if seat.eliminated else 0.0,
            1.0 if seat.exchanged else 0.0,
            (seat.exchanged_count or 0) / HAND,
            1.0 if seat.orientation_in else 0.0,
            (seat.place or 0) / MAX_SEATS,
            1.0 if index == to_act else 0.0,
        )
    counts += rows
    # The front, the hand's slots as zeros, then the counts and rows, in one packing (each
    # has a fixed cost, as much as packing some dozens of values); then the hand's ones.
    front = _front(view.phase, view.round, view.deck_count, to_act == me)
    # numpy's stubs do not declare the buffer an ndarray exports
    _packing(len(counts)).pack_into(found, 0, *front, *counts)  # type: ignore[arg-type]
    for up, down in map(getitem, _RANK_PLACES, seats[me].cards or ()):
        found[up] = found[down] = 1.0
    return found


@cache
def _packing(values: int) -> struct.Struct:
    """The front's floats, zero bytes over the hand's slots, then `values` floats (the counts
    of the cards on the table and the rows of the seats at the table)."""
    return struct.Struct(f"{_FRONT}f{4 * (_ON_TABLE - _SLOTS)}x{values}f")


SPACES = GameSpaces(
    game="flipside",
    labels=(*subset_labels("discard", HAND), *subset_labels("low up", HAND)),
    size=_SIZE,
    choices=choices,
    encode=encode,
    command=command,
)
