"""Oink Poker to a learner (O17-O22).

Actions 0-31 change: bit i of the number changes the i-th card of the hand as the legal
action lists it (0, changing nothing, is never legal: rolling is action 32). Then 32 roll,
33 knock, 34 pass, 35 oink, 36 accept with no preparation, 37 accept and roll, and 38-69
accept and change: bit i of ``number - 38`` changes the i-th card.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from flipside.engine.registry import game_named
from flipside.env.features import (
    Vector,
    one_hot,
    put,
    put_counts,
    put_ones,
    scaled,
    seat_rows,
    slot_places,
)
from flipside.games.oink.cards import DECK, HAND_SIZE
from flipside.games.oink.commands import Accept, Change

from .base import JSON, Choices, GameSpaces, View, picked_cards, sized, subset_labels

SUBSETS = 1 << HAND_SIZE
SIMPLE = ("roll", "knock", "pass", "oink")
ROLL = SUBSETS
ACCEPT = ROLL + len(SIMPLE)  # accept with no preparation; then accept and roll
ACCEPT_CHANGE = ACCEPT + 2
PHASES = ("action", "call", "answer", "scoring", "over")
DECK_INDEX = {card: index for index, card in enumerate(DECK)}
TARGET = 15  # the default target score: for scaling only
SEAT_WIDTH = 4


def choices(legal: list[JSON], view: View) -> Choices:
    found = Choices()
    for action in legal:
        kind = action["kind"]
        if kind == "change":
            picked_cards(
                found,
                0,
                action["cards"],
                sized(action),
                lambda picked: {"kind": "change", "cards": picked},
            )
        elif kind in SIMPLE:
            found[ROLL + SIMPLE.index(kind)] = {"kind": kind}
        elif kind == "accept":
            preps = action["prep"]
            if "none" in preps:
                found[ACCEPT] = {"kind": "accept", "prep": "none"}
            if "roll" in preps:
                found[ACCEPT + 1] = {"kind": "accept", "prep": "roll"}
            if "change" in preps:
                picked_cards(
                    found,
                    ACCEPT_CHANGE,
                    action["cards"],
                    sized(action),
                    lambda picked: {"kind": "accept", "prep": "change", "cards": picked},
                )
    return found


_parse_action = game_named("oink").parse_action


def command(seat: int, body: JSON) -> Any:
    """What `Game.parse_action` makes of a body of `choices`: its cards come from the seat's
    legal action as the game writes them (O5), so they are taken as they are."""
    if body["kind"] == "change":
        return Change(seat, tuple(body["cards"]))
    if body.get("prep") == "change":
        return Accept(seat, "change", tuple(body["cards"]))
    return _parse_action(seat, body)


# Where each part of the observation begins.
_FRONT = len(PHASES) + 7
_HAND = _FRONT
_SHOWN = _HAND + HAND_SIZE * len(DECK)
_DISCARDS = _SHOWN + len(DECK)
_SEATS = _DISCARDS + len(DECK)
_SIZE = _SEATS + 2 * (SEAT_WIDTH + 1)
_HAND_PLACES = slot_places(_HAND, DECK_INDEX, HAND_SIZE)


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    viewer, knocker = view.viewer, view.knocker
    put(
        found,
        0,
        [
            *one_hot(view.phase, PHASES),
            float(view.to_act == viewer),
            float(knocker == viewer),
            float(knocker is not None and knocker != viewer),  # two seats: the other one
            scaled(view.joker, 13),
            scaled(view.turn, 20),
            scaled(view.deck_count, len(DECK)),
            scaled(view.target, TARGET),
        ],
    )
    put_ones(found, _HAND_PLACES(view.seats[viewer].hand or ()))
    put_counts(found, _SHOWN, view.seats[1 - viewer].shown or (), DECK_INDEX)
    put_counts(found, _DISCARDS, view.discards or (), DECK_INDEX)
    to_act = view.to_act
    rows = seat_rows(
        view,
        lambda seat: (
            scaled(seat.die, 6),
            seat.score / TARGET,
            seat.hand_size / HAND_SIZE,
            float(seat.seat == to_act),
        ),
    )
    put(found, _SEATS, rows)
    return found


SPACES = GameSpaces(
    game="oink",
    labels=(
        *subset_labels("change", HAND_SIZE),
        *SIMPLE,
        "accept",
        "accept roll",
        *subset_labels("accept change", HAND_SIZE),
    ),
    size=_SIZE,
    choices=choices,
    encode=encode,
    command=command,
)
