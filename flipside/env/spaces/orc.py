"""Orc Poker to a learner (K10-K21).

Actions 0-9 lay the card numbered ``action + 1``: the opening card, the next tie-break card
or the card for the action deck, whichever the phase asks (K10, K12, K17). Then 10 draw
(K19) and 11 give up (K21).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from flipside.env.features import Vector, one_hot, put, scaled, seat_rows
from flipside.games.orc.cards import DECK_COUNTS, DECK_SIZE, NUMBERS

from .base import JSON, Choices, GameSpaces, View

DRAW = len(NUMBERS)
GIVE_UP = DRAW + 1
PHASES = ("opening", "tiebreak", "contribute", "turn", "between", "over")
MAX_SEATS = 8
CHIPS = 30  # the default starting chips: for scaling only
SEAT_WIDTH = 7 + 2 * len(NUMBERS)
SHARE = {number: 1.0 / DECK_COUNTS[number] for number in NUMBERS}  # of the deck's copies


def choices(legal: list[JSON], view: View) -> Choices:
    found = Choices()
    for action in legal:
        kind = action["kind"]
        if kind == "draw":
            found[DRAW] = {"kind": "draw"}
        elif kind == "give_up":
            found[GIVE_UP] = {"kind": "give_up"}
        else:
            for number in action["numbers"]:
                found[number - NUMBERS[0]] = {"kind": kind, "number": number}
    return found


# A seat's row and hand change one card at a time and repeat from step to step (hidden
# hands are all alike): counting each anew cost a quarter of the encoding.
@lru_cache(maxsize=1 << 12)
def _counts(numbers: tuple[int | None, ...]) -> tuple[float, ...]:
    """How many of each number a list of cards holds, as a share of the deck's copies."""
    held = [0.0] * len(NUMBERS)
    for number in numbers:
        if number is not None:
            held[number - NUMBERS[0]] += SHARE[number]
    return tuple(held)


_FRONT = len(PHASES) + 7 + len(NUMBERS)  # where the seat rows begin
_SIZE = _FRONT + MAX_SEATS * (SEAT_WIDTH + 1)


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    awaiting = view.awaiting
    values = [
        *one_hot(view.phase, PHASES),
        float(view.to_move == view.viewer),
        scaled(view.round, view.rounds),
        scaled(view.pot, CHIPS),
        scaled(view.fee, 10),
        scaled(view.give_up_cost, 10),
        scaled(view.round_deck_size, DECK_SIZE),
        scaled(view.action_deck_size, DECK_SIZE),
        *_counts(view.drawn or ()),
    ]
    values += seat_rows(  # the rows follow at once: one slice for both
        view,
        lambda seat: (
            seat.chips / CHIPS,
            float(seat.in_round),
            float(seat.out is not None),
            seat.hand_size / 10,
            len(seat.stacked or ()) / 10,
            float(seat.chosen),
            float(seat.seat in awaiting),
            *_counts(seat.row or ()),
            *_counts(seat.hand or ()),
        ),
    )
    put(found, 0, values)
    return found


SPACES = GameSpaces(
    game="orc",
    labels=(*(f"card {number}" for number in NUMBERS), "draw", "give up"),
    size=_SIZE,
    choices=choices,
    encode=encode,
)
