"""Scoring the 32 orientations of a hand by expected life change (RULES R11-R13).

After the exchange lap a seat knows its own five cards, every other seat's kept dealt
cards and how many cards each drew. Each sample fills the others' drawn cards from the
cards this seat has not seen, lets every other seat orient by its model (`field`), and
plays the showdown against each of this seat's orientations. A seat's showdown strength is
a *composite*: ``value * 8 + (7 - turn position)``, so a higher composite is stronger and
the R15 tie-break (earlier in turn order) is built in.

The utility of a life change is the change itself, except that being eliminated costs the
seat its remaining life and `ELIMINATION_COST` more (R5): it loses every later round too.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from math import exp

from flipside.games.flipside.cards import Card
from flipside.games.flipside.hands import FULL_HOUSE_OR_BETTER, VALUE_BY_KEY, orientation_values
from flipside.games.flipside.views import MatchView

from .field import FieldTables, orientation_scores

ELIMINATION_COST = 2.0
_BONUS_COMPOSITE = FULL_HOUSE_OR_BETTER * 8
_NONE_BELOW = -1  # a down threshold no composite is below: nobody left to lose to


def utility(change: int, life: int) -> float:
    """What a life change is worth to a seat with `life`, elimination considered."""
    if life + change > 0:
        return float(change)
    return -life - ELIMINATION_COST


def up_gain(composite: int) -> int:
    """Life gained by the strongest up hand (R12)."""
    return 2 if composite >= _BONUS_COMPOSITE else 1


def showdown_changes(ups: Sequence[int], downs: Sequence[int], lives: Sequence[int]) -> list[int]:
    """Life changes of one showdown (R12-R13) from composites, for any number of seats."""
    changes = [0] * len(ups)
    strongest = max(range(len(ups)), key=ups.__getitem__)
    weakest = min(range(len(ups)), key=ups.__getitem__)
    changes[strongest] += up_gain(ups[strongest])
    changes[weakest] -= 1
    still_in = [seat for seat in range(len(ups)) if lives[seat] + changes[seat] > 0]
    if len(still_in) > 1:
        changes[min(still_in, key=downs.__getitem__)] -= 2
    return changes


@dataclass(frozen=True, slots=True)
class Model:
    """How another seat is expected to orient: a softmax over `tables`' orientation scores
    at `temperature` (life units, as a level's own choice), or always the best at 0."""

    tables: FieldTables
    temperature: float = 0.0


@dataclass(frozen=True, slots=True)
class Opponent:
    """Another active seat as this seat sees it."""

    seat: int
    tiebreak: int  # 7 - turn position
    life: int
    known: tuple[Card, ...]  # kept dealt cards: public (R9-R10)
    hidden: int  # cards drawn, unseen by this seat
    model: Model
    # Choices by sorted drawn cards: samples repeat small draws often, and a seat that drew
    # nothing always has the same ones.
    memo: dict[tuple[Card, ...], Choices] = field(default_factory=dict, compare=False)

    def composites(self, drawn: list[Card], rng: random.Random) -> tuple[int, int]:
        """This seat's (up, down) composites if it drew `drawn`."""
        drawn.sort()
        key = tuple(drawn)
        choices = self.memo.get(key)
        if choices is None:
            choices = self.memo[key] = self._choices(self.known + key)
        shifts, cumulative = choices.shifts, choices.cumulative
        shift = shifts[0] if cumulative is None else shifts[draw_index(cumulative, rng)]
        return (
            VALUE_BY_KEY[choices.up0 + shift] * 8 + self.tiebreak,
            VALUE_BY_KEY[choices.down0 - shift] * 8 + self.tiebreak,
        )

    def _choices(self, cards: tuple[Card, ...]) -> Choices:
        up0, down0, shifts, scores = orientation_scores(cards, self.model.tables)
        temperature = self.model.temperature
        if temperature <= 0:
            return Choices(up0, down0, [shifts[scores.index(max(scores))]], None)
        return Choices(up0, down0, shifts, softmax_cumulative(scores, temperature))


def softmax_cumulative(scores: Sequence[float], temperature: float) -> list[float]:
    """Running sums of ``exp(score / temperature)`` (shifted by the best, for range)."""
    best = max(scores)
    return list(accumulate([exp((score - best) / temperature) for score in scores]))


def draw_index(cumulative: list[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to its step in `cumulative`."""
    # min(): float rounding could put the draw on the very top of the last step.
    return min(bisect(cumulative, rng.random() * cumulative[-1]), len(cumulative) - 1)


@dataclass(frozen=True, slots=True)
class Choices:
    """The orientations a seat may choose (`field.orientation_keys` form) and their
    cumulative weights; None: it always chooses ``shifts[0]``."""

    up0: int
    down0: int
    shifts: list[int]
    cumulative: list[float] | None


@dataclass(frozen=True, slots=True)
class Sample:
    """The other seats' composites in one sampled world, in `Opponent` order."""

    ups: list[int]
    downs: list[int]


def opponents(view: MatchView, models: Mapping[int, Model]) -> list[Opponent]:
    """The other active seats, with the model each is expected to orient by."""
    found = []
    for position, seat in enumerate(view.turn_order):
        if seat == view.viewer:
            continue
        cards = view.seats[seat].cards
        known = tuple(card for card in cards if card is not None)
        found.append(
            Opponent(
                seat,
                7 - position,
                view.seats[seat].life,
                known,
                len(cards) - len(known),
                models[seat],
            )
        )
    return found


def sample_world(others: Sequence[Opponent], pool: Sequence[Card], rng: random.Random) -> Sample:
    """One guess at the others' drawn cards and the orientations they would choose."""
    drawn = rng.sample(pool, sum(other.hidden for other in others))
    ups, downs = [], []
    at = 0
    for other in others:
        up, down = other.composites(drawn[at : at + other.hidden], rng)
        at += other.hidden
        ups.append(up)
        downs.append(down)
    return Sample(ups, downs)


@dataclass(frozen=True, slots=True)
class Candidates:
    """This seat's 32 orientations as composites; index = mask of `orientation_values`."""

    ups: list[int]
    downs: list[int]

    @classmethod
    def of(cls, hand: Sequence[Card], tiebreak: int) -> Candidates:
        values = orientation_values(hand)
        return cls(
            [up * 8 + tiebreak for up, _ in values], [down * 8 + tiebreak for _, down in values]
        )

    def pareto(self) -> list[int]:
        """Masks not beaten on both sides by another orientation (the first of equals).

        A seat's own expected change and its harm to others grow with its up and down
        strength, so the best orientation for either is among these, but for one rare case:
        when the weakest other seat would be eliminated on the up side, ranking above it can
        leave this seat the weakest on the down side. HATE YOU searches only these.
        """
        pairs = list(zip(self.ups, self.downs, strict=True))
        return [
            mask
            for mask, (up, down) in enumerate(pairs)
            if pairs.index((up, down)) == mask
            and not any(u >= up and d >= down and (u, d) != (up, down) for u, d in pairs)
        ]


def add_own_utilities(
    totals: list[float],
    mine: Candidates,
    sample: Sample,
    lives: Sequence[int],
    worth: Mapping[int, float],
) -> None:
    """Add this seat's utility in `sample` for each orientation to `totals`.

    `lives` are the others' lives (in `Sample` order); `worth` maps a life change of this
    seat to its `utility`.

    A fast path of `showdown_changes` for one seat: the others' best and worst composites
    are the same for all 32 orientations, so each costs a few comparisons.
    """
    ups, downs = sample.ups, sample.downs
    top, bottom = max(ups), min(ups)
    weakest_other = ups.index(bottom)
    lowest_down = min(downs)
    # When this seat is not the weakest up hand, the weakest other seat may be eliminated
    # on the up side (R12) and then takes no part in the down side.
    if lives[weakest_other] <= 1:
        rest = downs[:weakest_other] + downs[weakest_other + 1 :]
        down_bar = min(rest) if rest else _NONE_BELOW
    else:
        down_bar = lowest_down
    for mask, (up, down) in enumerate(zip(mine.ups, mine.downs, strict=True)):
        if up > top:
            change, bar = up_gain(up), down_bar
        elif up < bottom:
            change, bar = -1, lowest_down
        else:
            change, bar = 0, down_bar
        if down < bar:
            change -= 2
        totals[mask] += worth[change]


@dataclass(frozen=True, slots=True)
class Scores:
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
    mine = Candidates.of(view.hand, 7 - view.turn_order.index(me.seat))
    worth = {change: utility(change, me.life) for change in range(-3, 3)}
    lives = [other.life for other in others]
    pool = sorted(view.unseen_cards())  # sorted: set order varies between processes
    own = [0.0] * len(mine.ups)
    at = [other.seat for other in others].index(target) if target is not None else -1
    harm = dict.fromkeys(mine.pareto() if target is not None else (), 0.0)
    for _ in range(samples):
        sample = sample_world(others, pool, rng)
        add_own_utilities(own, mine, sample, lives, worth)
        for mask in harm:
            changes = showdown_changes(
                [*sample.ups, mine.ups[mask]], [*sample.downs, mine.downs[mask]], [*lives, me.life]
            )
            harm[mask] += utility(changes[at], lives[at])
    return Scores(
        own=[total / samples for total in own],
        target={mask: total / samples for mask, total in harm.items()},
    )
