"""Flipside to a learner: 32 discard subsets, 32 orientations (R10, R11).

Actions 0-31 exchange: bit i of the number discards the i-th card of the hand as the legal
action lists it. Actions 32-63 orient: bit i of ``number - 32`` turns the i-th card low rank
up (clear: high rank up).
"""

from __future__ import annotations

from functools import lru_cache
from operator import getitem
from typing import Any

import numpy as np

from flipside.env.features import Vector, one_hot, put, scaled, seat_rows
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
        return Exchange(seat, tuple(IDENTITY[card] for card in body["discard"]))
    return ChooseOrientation(seat, tuple(body["cards"]))


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


def _on_table(view: View) -> list[float]:
    """How many of each card of the deck the viewer can see outside its own hand."""
    me = view.viewer
    counts = list(_pile_counts(view.used_pile))
    for seat in view.seats:
        for card in seat.discarded or ():
            counts[IDENTITY_INDEX[card]] += 1.0
        if seat.seat != me:
            for card in (*(seat.placed or ()), *(seat.cards or ())):
                if card:
                    counts[IDENTITY_INDEX[card]] += 1.0
    return counts


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    to_act = view.to_act
    put(
        found,
        0,
        [
            *one_hot(view.phase, PHASES),
            scaled(view.round, 10),
            scaled(view.deck_count, len(DECK)),
            float(to_act == view.viewer),
        ],
    )
    for up, down in map(getitem, _RANK_PLACES, view.seats[view.viewer].cards or ()):
        found[up] = found[down] = 1.0
    values = _on_table(view)  # the seat rows follow at once: one slice for both
    values += seat_rows(
        view,
        lambda seat: (  # 0 for a count or place not known yet, as `scaled` (a call less)
            seat.life / START_LIFE,
            float(seat.eliminated),
            float(seat.exchanged),
            (seat.exchanged_count or 0) / HAND,
            float(seat.orientation_in),
            (seat.place or 0) / MAX_SEATS,
            float(seat.seat == to_act),
        ),
    )
    put(found, _ON_TABLE, values)
    return found


SPACES = GameSpaces(
    game="flipside",
    labels=(*subset_labels("discard", HAND), *subset_labels("low up", HAND)),
    size=_SIZE,
    choices=choices,
    encode=encode,
    command=command,
)
