"""The value of staying in a round, phase by phase: the `hard` level's model.

From the seat's view: each future action card is an unseen card at random (`weights`), so a
row's chance of busting on a draw is the weight of its numbers, and its expected bust
payment the weight times the number. A row grows by one card a phase; its bust chance by
the expected weight of the new card.

The opponents play as `normal` does: each gives up when its expected bust payment reaches
the give-up cost, else draws and busts with its row's chance. They are taken to move before
the seat in each later phase, and independently of each other. The seat, in each later
phase, draws or gives up, whichever is worth more; it takes the pot when all the opponents
are out (K22), or its share after phase 5 (K26).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flipside.games.orc.cards import NUMBERS
from flipside.games.orc.state import PHASES

from .knowledge import numbers_in


@dataclass(frozen=True, slots=True)
class Row:
    """A row as the model sees it: its bust chance and expected bust payment on a draw."""

    bust: float
    payment: float


class Model:
    """Rows and their growth under one seat's `weights` of the unseen numbers."""

    def __init__(self, weights: Sequence[float]) -> None:
        self.weights = weights
        self.growth = sum(weight * weight for weight in weights)  # a random card's weight
        self.paid_growth = sum(weights[n] * weights[n] * n for n in NUMBERS)

    def row(self, mask: int) -> Row:
        numbers = numbers_in(mask)
        return Row(sum(self.weights[n] for n in numbers), sum(self.weights[n] * n for n in numbers))

    def grown(self, row: Row) -> Row:
        return Row(min(1.0, row.bust + self.growth), row.payment + self.paid_growth)

    def leaves(self, row: Row, cost: float) -> tuple[float, float]:
        """A `normal` opponent's chance of leaving in a phase and its expected payment."""
        if row.payment >= cost:
            return 1.0, cost
        return row.bust, row.payment


@dataclass(frozen=True, slots=True)
class Table:
    """What the seat's value depends on, besides its own row."""

    opponents: tuple[Row, ...]  # the opponents still in
    later: frozenset[int]  # indices into `opponents` of those still to move this phase
    pot: float
    cost: float  # the give-up cost, taken as fixed
    phase: int  # the current phase, 1..5


def _trajectory(model: Model, table: Table) -> tuple[list[float], list[float], list[float]]:
    """Phase by phase (the rest of this one first): the chance that every opponent is out,
    the expected pot, and the expected number of opponents left."""
    alive = [1.0] * len(table.opponents)
    rows = list(table.opponents)
    pot = table.pot
    all_out, pots, left = [], [], []
    for step in range(PHASES - table.phase + 1):
        for index, row in enumerate(rows):
            if step == 0 and index not in table.later:
                continue
            leave, payment = model.leaves(row, table.cost)
            pot += alive[index] * leave * payment
            alive[index] *= 1 - leave
            rows[index] = model.grown(row)
        none = 1.0
        for chance in alive:
            none *= 1 - chance
        all_out.append(none)
        pots.append(pot)
        left.append(sum(alive))
    return all_out, pots, left


def stay_value(model: Model, mine: Row, table: Table) -> float:
    """The seat's expected chips from the round once it has drawn safely this phase (`mine`
    is its row then): what it takes of the pot minus what it pays from here on; its fee and
    payments so far are sunk."""
    all_out, pots, left = _trajectory(model, table)
    last = len(all_out) - 1  # the phases after this one
    rows = [mine]
    for _ in range(last):
        rows.append(model.grown(rows[-1]))
    # After phase 5, when an opponent is left: the seat's share (K26).
    others = max(1.0, left[last] / max(1e-9, 1 - all_out[last]))
    value = pots[last] / (1 + others)
    for step in range(last, 0, -1):
        # The opponents move first: if the last of them leaves, the seat takes the pot (K22).
        ends = (all_out[step] - all_out[step - 1]) / max(1e-9, 1 - all_out[step - 1])
        row = rows[step]
        draw = -row.payment + (1 - row.bust) * value
        value = ends * pots[step] + (1 - ends) * max(-table.cost, draw)
    return all_out[0] * pots[0] + (1 - all_out[0]) * value
