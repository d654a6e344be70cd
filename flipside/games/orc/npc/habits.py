"""How boldly a person draws, fitted to the turns they played this match (K32: every turn
is public).

A turn is summed up by its *risk*: the row's expected bust payment on a draw from a full deck
(the number n on n of the 55 cards), over the give-up cost then. The boldness is the risk
below which the person's turns say they draw: the threshold that agrees with most of their
turns, taken between the risks it separates. With few turns it leans on `normal`'s 1: two
imagined turns, a draw just below and a give-up just above.

>>> from flipside.games.orc.state import Turn
>>> boldness(())
1.0
>>> bold = [Turn((5, 9), 1, True), Turn((5, 9, 2), 1, True), Turn((5,), 1, True)]
>>> boldness(bold) > 1.0
True
"""

from __future__ import annotations

from collections.abc import Sequence

from flipside.games.orc.cards import DECK_SIZE
from flipside.games.orc.state import Turn

PRIOR = 1.0
_PRIOR_TURNS = ((PRIOR * 0.9, True), (PRIOR * 1.1, False))


def risk(turn: Turn) -> float:
    payment = sum(number * number for number in set(turn.row)) / DECK_SIZE
    return payment / max(1, turn.cost)


def boldness(turns: Sequence[Turn]) -> float:
    points = sorted([(risk(turn), turn.drew) for turn in turns] + list(_PRIOR_TURNS))
    give_ups = sum(not drew for _, drew in points)
    best, best_agree, draws_below = PRIOR, -1, 0
    # A threshold just above point i agrees with the draws up to it and the give-ups after.
    for index, (value, drew) in enumerate(points):
        draws_below += drew
        agree = draws_below + give_ups - (index + 1 - draws_below)
        if agree > best_agree:
            upper = points[index + 1][0] if index + 1 < len(points) else value * 1.5
            best, best_agree = (value + upper) / 2, agree
    return max(best, 0.05)
