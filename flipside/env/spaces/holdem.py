"""Texas Hold'em to a learner: a bet-size abstraction of no-limit betting (H16-H25, H33).

Actions: 0 fold, 1 check, 2 call, 3 bet or raise the minimum, 4-7 bet or raise to the
current bet plus 1/2, 3/4, 1 or 2 times the pot after calling, 8 all in, 9 show, 10 muck.
A sized bet is legal when it lands strictly between the minimum and all in (the ends have
their own actions); sizes are whole chips, rounded down.
"""

from __future__ import annotations

import numpy as np

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
from flipside.games.holdem.cards import DECK

from .base import JSON, Choices, GameSpaces, View

FIXED = ("fold", "check", "call")
MIN_RAISE = 3
POT_FRACTIONS = (0.5, 0.75, 1.0, 2.0)
ALL_IN = MIN_RAISE + 1 + len(POT_FRACTIONS)
SHOW, MUCK = ALL_IN + 1, ALL_IN + 2
PHASES = ("betting", "showdown", "between", "over")
STREETS = ("preflop", "flop", "turn", "river")
MAX_SEATS = 10
SEAT_WIDTH = 7
DECK_INDEX = {card: index for index, card in enumerate(DECK)}


def raise_tos(view: View) -> list[int]:
    """The bet to raise to for each of `POT_FRACTIONS`: the largest bet now, plus the
    fraction of the pot once the viewer has called it."""
    bets = [seat.bet for seat in view.seats]
    largest = max(bets)
    called = view.pot + largest - bets[view.viewer]
    return [largest + int(fraction * called) for fraction in POT_FRACTIONS]


def choices(legal: list[JSON], view: View) -> Choices:
    found = Choices()
    for action in legal:
        kind = action["kind"]
        if kind in FIXED:
            found[FIXED.index(kind)] = {"kind": kind}
        elif kind in ("bet", "raise"):
            found[MIN_RAISE] = {"kind": kind, "to": action["min"]}
            for number, to in enumerate(raise_tos(view), start=MIN_RAISE + 1):
                if action["min"] < to < action["max"]:
                    found[number] = {"kind": kind, "to": to}
        elif kind == "all_in":
            found[ALL_IN] = {"kind": "all_in"}
        elif kind in ("show", "muck"):
            found[SHOW if kind == "show" else MUCK] = {"kind": kind}
    return found


def _chips(view: View) -> float:
    """Every chip at the table: the scale of stacks, bets and pots."""
    return float(sum(seat.stack + seat.total for seat in view.seats)) or 1.0


# Where each part of the observation begins.
_FRONT = len(PHASES) + len(STREETS) + 6
_HOLE = _FRONT
_BOARD = _HOLE + 2 * len(DECK)
_SEATS = _BOARD + len(DECK)
_SIZE = _SEATS + MAX_SEATS * (SEAT_WIDTH + 1)
_HOLE_PLACES = slot_places(_HOLE, DECK_INDEX, 2)


def encode(view: View) -> Vector:
    found = np.zeros(_SIZE, dtype=np.float32)
    viewer = view.viewer
    chips = _chips(view)
    put(
        found,
        0,
        [
            *one_hot(view.phase, PHASES),
            *one_hot(view.street, STREETS),
            float(view.to_act == viewer),
            float(view.asked == viewer),
            view.pot / chips,
            view.min_raise_to / chips,
            view.big_blind / chips,
            scaled(view.hand, view.max_hands),
        ],
    )
    put_ones(found, _HOLE_PLACES(view.seats[viewer].cards or ()))
    put_counts(found, _BOARD, view.board or (), DECK_INDEX)
    to_act, button = view.to_act, view.button
    rows = seat_rows(
        view,
        lambda seat: (
            seat.stack / chips,
            seat.bet / chips,
            seat.total / chips,
            float(seat.in_hand),
            float(seat.all_in),
            float(seat.seat == to_act),
            float(seat.seat == button),
        ),
    )
    put(found, _SEATS, rows)
    return found


SPACES = GameSpaces(
    game="holdem",
    labels=(
        *FIXED,
        "raise min",
        *(f"raise {fraction:g} pot" for fraction in POT_FRACTIONS),
        "all in",
        "show",
        "muck",
    ),
    size=_SIZE,
    choices=choices,
    encode=encode,
    options={"max_hands": 100},
)
