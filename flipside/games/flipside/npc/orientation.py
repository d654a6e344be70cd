"""Scoring the 32 orientations of a hand by expected life change (RULES R11-R13).

After the exchange lap a seat knows its own five cards, every other seat's kept dealt
cards and how many cards each drew. Each sample fills the others' drawn cards from the
cards this seat has not seen, lets every other seat orient by its model (`field`), and
plays the showdown against each of this seat's orientations. A seat's showdown strength is
a *composite*: ``value * 8 + (7 - turn position)``, so a higher composite is stronger and
the R15 tie-break (earlier in turn order) is built in.

All samples are played at once, as numpy arrays with one row per sampled world (`shapes`,
`draws`).

The utility of a life change is the change itself, except that being eliminated costs the
seat its remaining life and `ELIMINATION_COST` more (R5): it loses every later round too.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from math import exp
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from flipside.games.flipside.cards import Card
from flipside.games.flipside.hands import FULL_HOUSE_OR_BETTER
from flipside.games.flipside.views import MatchView

from .draws import chance, sample_rows, unseen_numbers
from .field import FieldTables, Floats
from .shapes import CARD_NUMBER, VALUES, Ints, Shapes, row_starts, up_shapes

ELIMINATION_COST = 2.0
_BONUS_COMPOSITE = FULL_HOUSE_OR_BETTER * 8
_COMPOSITE_BY_SHAPE = VALUES * 8  # a shape's composite before its seat's tie-break
_UP_AND_DOWN = np.array([0, 31])  # xor with a mask: the mask, then its complement
_NUMBER_OR_0: dict[Card | None, int] = {card: number for card, number in CARD_NUMBER.items()}
_NUMBER_OR_0[None] = 0  # a drawn card's place, filled by the draw
_NONE_BELOW = -1  # a down threshold no composite is below: nobody left to lose to
_NONE_ABOVE = np.iinfo(np.int64).max  # a composite above every hand: a seat not there


def utility(change: int, life: int) -> float:
    """What a life change is worth to a seat with `life`, elimination considered."""
    if life + change > 0:
        return float(change)
    return -life - ELIMINATION_COST


@cache
def utilities(life: int) -> Floats:
    """`utility` of the changes -3 to 2 for a seat with `life`, by ``change + 3``."""
    worth = np.array([utility(change, life) for change in range(-3, 3)])
    worth.flags.writeable = False  # shared by every caller
    return worth


def up_gains(composites: Ints) -> Ints:
    """Life gained by each composite if it is the strongest up hand (R12)."""
    return np.where(composites >= _BONUS_COMPOSITE, 2, 1)


def showdown_changes(ups: npt.ArrayLike, downs: npt.ArrayLike, lives: npt.ArrayLike) -> Ints:
    """Life changes of showdowns (R12-R13) from composites: the seats along the last axis,
    any leading axes (one showdown each)."""
    ups, downs, lives = np.asarray(ups), np.asarray(downs), np.asarray(lives)
    seats = np.arange(ups.shape[-1])
    strongest = ups.argmax(axis=-1)[..., None] == seats
    weakest = ups.argmin(axis=-1)[..., None] == seats
    changes = strongest * up_gains(ups) - weakest
    still_in = lives + changes > 0
    down_loser = np.where(still_in, downs, _NONE_ABOVE).argmin(axis=-1)[..., None] == seats
    down_played = still_in.sum(axis=-1, keepdims=True) > 1
    result: Ints = changes - 2 * (down_loser & down_played)
    return result


@dataclass(frozen=True, slots=True)
class Model:
    """How another seat is expected to orient: a softmax over `tables`' orientation scores
    at `temperature` (life units, as a level's own choice), or always the best at 0."""

    tables: FieldTables
    temperature: float = 0.0

    def choose(self, ups: Shapes, generator: np.random.Generator) -> Ints:
        """The mask chosen for each row of orientations (`shapes.up_shapes` rows, any
        leading axes)."""
        scores = self.tables.scores(ups)
        if self.temperature <= 0:
            best: Ints = scores.argmax(axis=-1)
            return best
        cumulative = np.exp((scores - scores.max(axis=-1, keepdims=True)) / self.temperature)
        cumulative = cumulative.cumsum(axis=-1)
        drawn = generator.random(scores.shape[:-1])[..., None] * cumulative[..., -1:]
        # As `draw_index`: the first step above the draw, never past the last.
        picked: Ints = np.minimum((cumulative <= drawn).sum(axis=-1), 31)
        return picked


def softmax_cumulative(scores: Sequence[float], temperature: float) -> list[float]:
    """Running sums of ``exp(score / temperature)`` (shifted by the best, for range)."""
    best = max(scores)
    return list(accumulate([exp((score - best) / temperature) for score in scores]))


def draw_index(cumulative: list[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to its step in `cumulative`."""
    # min(): float rounding could put the draw on the very top of the last step.
    return min(bisect(cumulative, rng.random() * cumulative[-1]), len(cumulative) - 1)


class Opponent(NamedTuple):
    """Another active seat as this seat sees it (a tuple: one is built per seat and
    decision)."""

    seat: int
    tiebreak: int  # 7 - turn position
    life: int
    cards: tuple[Card | None, ...]  # kept dealt cards (public, R9-R10), then None per card drawn
    hidden: int  # cards drawn, unseen by this seat
    model: Model


class Worlds(NamedTuple):
    """The other seats' composites in sampled worlds: a row per world, a column per
    `Opponent` (a tuple, like `Candidates` and `Scores`: one is built per decision, and a
    tuple is built for a fraction of a frozen dataclass's cost)."""

    ups: Ints
    downs: Ints


def opponents(view: MatchView, models: Mapping[int, Model]) -> list[Opponent]:
    """The other active seats, with the model each is expected to orient by."""
    found = []
    for position, seat in enumerate(view.turn_order):
        if seat == view.viewer:
            continue
        other = view.seats[seat]
        cards = other.cards
        found.append(
            Opponent(seat, 7 - position, other.life, cards, cards.count(None), models[seat])
        )
    return found


class _Layout(NamedTuple):
    """Where each seat's cards come from in every world, and the other seats' tie-breaks:
    the same for every decision with the same seats' draws (cached)."""

    drawn_at: npt.NDArray[np.bool_]  # (seat, place): the places that hold drawn cards
    draw_column: Ints  # (seat, place): the column of a world's draw each place takes
    tiebreaks: Ints  # (other seat, 1): for composites by (world, seat, side)


@cache
def _layout(hidden: tuple[int, ...], tiebreaks: tuple[int, ...]) -> _Layout:
    """For seats that drew `hidden` cards each, a seat's known cards coming first: which of
    each seat's five places hold drawn cards (seat, place), and which column of a world's
    draw each takes (the draw holds every seat's drawn cards, one seat after another); and
    the other seats' `tiebreaks` as a column."""
    drawn_at, columns = [], []
    start = 0
    for count in hidden:
        drawn_at.append([place >= 5 - count for place in range(5)])
        columns.append([max(start + place - (5 - count), 0) for place in range(5)])
        start += count
    return _Layout(np.array(drawn_at), np.array(columns), np.array(tiebreaks)[:, None])


class Field:
    """The seats as arrays, to play every sampled world at once: the other seats, a column
    each, then this seat's own hand, which draws nothing (one batch orients every hand)."""

    __slots__ = ("by_model", "draw_column", "drawn_at", "hidden", "known", "tiebreak", "tiebreaks")

    def __init__(self, others: Sequence[Opponent], hand: Sequence[Card], tiebreak: int) -> None:
        self.by_model: dict[Model, list[int]] = {}
        for column, other in enumerate(others):
            self.by_model.setdefault(other.model, []).append(column)
        # 0 in the drawn places: the draw fills them.
        known = [_NUMBER_OR_0[card] for other in others for card in other.cards]
        self.known = np.array(known + [CARD_NUMBER[card] for card in hand]).reshape(-1, 5)
        hidden = (*(other.hidden for other in others), 0)
        self.hidden = sum(hidden)
        layout = _layout(hidden, tuple([other.tiebreak for other in others]))
        self.drawn_at, self.draw_column, self.tiebreaks = layout
        self.tiebreak = tiebreak

    def hands(self, drawn: Ints) -> Ints:
        """Every seat's five cards in each world (world, seat, card), from the worlds'
        draws (a row each)."""
        if not self.hidden:
            return np.broadcast_to(self.known, (len(drawn), *self.known.shape))
        return np.where(self.drawn_at, drawn.take(self.draw_column, axis=1), self.known)

    def choices(self, ups: Shapes, generator: np.random.Generator) -> Ints:
        """The mask each seat chooses in each world, by its model (`Model.choose`)."""
        if len(self.by_model) == 1:
            return next(iter(self.by_model)).choose(ups, generator)
        masks = np.empty(ups.shape[:2], dtype=np.int64)
        for model, columns in self.by_model.items():
            masks[:, columns] = model.choose(ups[:, columns], generator)
        return masks

    def sample(
        self, pool: Ints, samples: int, generator: np.random.Generator
    ) -> tuple[Candidates, Worlds]:
        """This seat's orientations, and `samples` guesses at the other seats' drawn cards
        and the orientations they choose."""
        drawn = sample_rows(pool, samples, self.hidden, generator)
        ups = up_shapes(self.hands(drawn))
        # The flat index of each other seat's chosen mask, then of its complement (down).
        chosen = self.choices(ups[:, :-1], generator) + row_starts(ups.shape[:2])[:, :-1]
        shapes = ups.reshape(-1).take(chosen[..., None] ^ _UP_AND_DOWN)
        composites = _COMPOSITE_BY_SHAPE.take(shapes) + self.tiebreaks
        mine = Candidates.of(ups[0, -1], self.tiebreak)
        return mine, Worlds(composites[..., 0], composites[..., 1])


class Candidates(NamedTuple):
    """This seat's 32 orientations as composites; index = mask of `orientation_values`."""

    ups: Ints
    downs: Ints

    @classmethod
    def of(cls, shapes: Shapes, tiebreak: int) -> Candidates:
        """From the up shapes of the 32 orientations (`shapes.up_shapes`) of a hand."""
        composites = _COMPOSITE_BY_SHAPE.take(shapes) + tiebreak
        return cls(composites, composites[::-1])

    def pareto(self) -> list[int]:
        """Masks not beaten on both sides by another orientation (the first of equals).

        A seat's own expected change and its harm to others grow with its up and down
        strength, so the best orientation for either is among these, but for one rare case:
        when the weakest other seat would be eliminated on the up side, ranking above it can
        leave this seat the weakest on the down side. HATE YOU searches only these.
        """
        up, down = np.asarray(self.ups), np.asarray(self.downs)
        # [m, n]: orientation n is at least as strong as m on both sides / equal on both.
        covered = (up[None, :] >= up[:, None]) & (down[None, :] >= down[:, None])
        equal = (up[None, :] == up[:, None]) & (down[None, :] == down[:, None])
        beaten = (covered & ~equal).any(axis=1)
        first = equal.argmax(axis=1) == np.arange(len(up))
        masks: list[int] = np.flatnonzero(first & ~beaten).tolist()
        return masks


_CODES = 32  # the codes of `own_utilities`' five comparisons, a bit each
_BIT_VALUES = np.array([1, 2, 4, 8, 16], dtype=np.uint8)


@cache
def _utility_by_code(life: int) -> Floats:
    """`utility` of each code of `own_utilities`' comparisons for a seat with `life`.

    The bits, lowest first: strongest up hand, not the weakest up hand, not the weakest
    down hand, not below the down bar (when not the weakest up hand), a bonus hand (R12).
    """
    worth = []
    for code in range(_CODES):
        bits = [(code >> bit) & 1 for bit in range(5)]
        strongest, not_weakest, not_lowest, not_barred, bonus = bits
        gain = 2 if bonus else 1
        safe_down = not_barred if not_weakest else not_lowest
        worth.append(utility(strongest * gain - (1 - not_weakest) - 2 * (1 - safe_down), life))
    table = np.array(worth)
    table.flags.writeable = False  # shared by every caller
    return table


def own_utilities(mine: Candidates, worlds: Worlds, lives: Ints, life: int) -> Floats:
    """This seat's utility in each world (rows) for each orientation (columns).

    `lives` are the others' lives (in `Worlds` column order); `life` is this seat's. A fast
    path of `showdown_changes` for one seat: the others' best and worst composites are the
    same for all 32 orientations, so each costs a few comparisons, all made in one batch
    and read as a code (`_utility_by_code`).
    """
    ordered = np.sort(worlds.ups, axis=1)  # each world's strongest and weakest at once
    # The ufunc's reduce: the array method adds a Python call to reach it.
    lowest_down = np.minimum.reduce(worlds.downs, axis=1)
    # Unless another seat has one life left, nobody is eliminated on the up side (R12).
    last_life = np.minimum.reduce(lives) <= 1
    bar = _down_bar(worlds, lives, lowest_down) if last_life else lowest_down
    # One threshold row per bit of the code; ints, so "stronger than" is "at least + 1".
    # Filled row by row: cheaper than numpy reading a list of rows.
    thresholds = np.empty((5, len(ordered)), dtype=np.int64)
    np.add(ordered[:, -1], 1, out=thresholds[0])
    thresholds[1], thresholds[2], thresholds[3] = ordered[:, 0], lowest_down, bar
    thresholds[4] = _BONUS_COMPOSITE
    sides = np.array([mine.ups, mine.ups, mine.downs, mine.downs, mine.ups])
    at_least = sides[:, None, :] >= thresholds[:, :, None]  # (bit, world, mask)
    codes = _BIT_VALUES @ at_least.reshape(len(at_least), -1).view(np.uint8)
    result: Floats = _utility_by_code(life).take(codes).reshape(at_least.shape[1:])
    return result


def _down_bar(worlds: Worlds, lives: Ints, lowest_down: Ints) -> Ints:
    """The down composite this seat must not fall below when it is not the weakest up hand
    and some other seat has one life left.

    The weakest other seat may then be eliminated on the up side (R12) and take no part in
    the down side; if it was the only other seat, nobody is left to lose to.
    """
    weakest_other = worlds.ups.argmin(axis=1)
    rest = worlds.downs.copy()
    rest[np.arange(len(rest)), weakest_other] = _NONE_ABOVE
    rest_low = rest.min(axis=1)
    rest_low[rest_low == _NONE_ABOVE] = _NONE_BELOW
    bar: Ints = np.where(lives[weakest_other] <= 1, rest_low, lowest_down)
    return bar


def _table_with_me(others: Ints, mine: Ints) -> Ints:
    """Composites by world (rows), by one of this seat's orientations `mine` (columns),
    by seat (the others, then this seat)."""
    shape = (len(others), len(mine), others.shape[1])
    table: Ints = np.concatenate(
        [
            np.broadcast_to(others[:, None, :], shape),
            np.broadcast_to(mine[None, :, None], (*shape[:2], 1)),
        ],
        axis=2,
    )
    return table


def target_utilities(
    mine: Candidates, masks: list[int], worlds: Worlds, lives: Ints, life: int, at: int
) -> Floats:
    """The utility of the other seat in column `at` in each world (rows) when this seat,
    with `life`, plays each of `masks` (columns)."""
    ups = _table_with_me(worlds.ups, mine.ups[masks])
    downs = _table_with_me(worlds.downs, mine.downs[masks])
    changes = showdown_changes(ups, downs, np.append(lives, life))[..., at]
    result: Floats = utilities(int(lives[at])).take(changes + 3)
    return result


class Scores(NamedTuple):
    """Expected utilities by orientation mask: this seat's for all 32 and, when a target
    seat is named, the target's for this seat's Pareto orientations (`Candidates.pareto`)."""

    own: list[float]
    target: dict[int, float]


def score_orientations(
    view: MatchView,
    rng: random.Random,
    samples: int,
    models: Mapping[int, Model],
    target: int | None = None,
) -> Scores:
    """Estimate `Scores` for the viewer's hand from `samples` sampled worlds."""
    others = opponents(view, models)
    me = view.seats[view.viewer]  # type: ignore[index]
    field = Field(others, view.hand, 7 - view.turn_order.index(me.seat))
    lives = np.array([other.life for other in others])
    mine, worlds = field.sample(unseen_numbers(view), samples, chance(rng))
    # sum / samples: mean() costs more than the sum on arrays this small.
    own: list[float] = (own_utilities(mine, worlds, lives, me.life).sum(axis=0) / samples).tolist()
    if target is None:
        return Scores(own, {})
    masks = mine.pareto()
    at = [other.seat for other in others].index(target)
    harm = (
        target_utilities(mine, masks, worlds, lives, me.life, at).sum(axis=0) / samples
    ).tolist()
    return Scores(own, dict(zip(masks, harm, strict=True)))
