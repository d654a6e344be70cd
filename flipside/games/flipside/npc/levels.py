"""The five levels (RULES "Computer players"): one exchange policy, different orientation choices.

Every level scores its 32 orientations by expected life change; a level is where its
scores come from and how it picks from them:

- ``easy`` reads its scores off the field tables (`field`), the worth of each up and down
  hand against typical hands: the model the other levels expect a computer seat to play
  by, at no cost of sampling (its softmax is too hot to gain from a finer estimate);
- ``normal`` and ``hard`` score sampled worlds (`orientation`);
- ``easy``, ``normal``, ``hard`` pick by a softmax over the scores whose temperature (in
  life units) falls from near-uniform to mostly-the-best;
- ``insane``: always the best, with more samples, and it models the other seats: a
  computer seat by its (public) level's noise, the person by their up/down habit
  (`habits`) when the match has one person and a `HabitsProvider` knows them;
- ``hate_you``: like ``insane``, but it maximises its own utility minus `Level.spite` times
  the target's, so it gives up some of its own life to take the target's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from flipside.games.flipside.cards import Card, OrientedCard
from flipside.games.flipside.hands import oriented_by_mask
from flipside.games.flipside.views import MatchView

from .exchange import choose_discard
from .field import biased_tables, field_tables
from .habits import HabitsProvider, grid_bias
from .orientation import Model, Scores, draw_index, score_orientations, softmax_cumulative
from .shapes import numbers, up_shapes


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    samples: int  # sampled worlds per orientation decision; 0: the field tables' scores
    temperature: float  # softmax temperature in life units; 0 = always the best
    models_others: bool = False  # computer seats by their public level, the person by habits
    spite: float = 0.0  # weight of the target's expected utility against its own


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", samples=0, temperature=3.0),
        Level("normal", samples=24, temperature=0.5),
        Level("hard", samples=64, temperature=0.2),
        Level("insane", samples=160, temperature=0.0, models_others=True),
        Level("hate_you", samples=120, temperature=0.0, models_others=True, spite=1.5),
    )
}


def person_seat(view: MatchView) -> int | None:
    """The one human seat other than the viewer, if there is exactly one."""
    humans = [seat.seat for seat in view.seats if seat.kind == "human" and seat.seat != view.viewer]
    return humans[0] if len(humans) == 1 else None


def pick(scores: Sequence[float], temperature: float, rng: random.Random) -> int:
    """An index drawn with probability ~ exp(score / temperature); the best if it is 0."""
    if temperature <= 0:
        return scores.index(max(scores))
    return draw_index(softmax_cumulative(scores, temperature), rng)


class LevelPolicy:
    """A computer player at one `Level`; implements `policy.Policy`."""

    def __init__(
        self, level: Level, habits: HabitsProvider | None = None, target: int | None = None
    ) -> None:
        self.level = level
        self.habits = habits
        self.target = target  # HATE YOU's target when no single person is at the table

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        return choose_discard(view, rng)

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        target = self.target_seat(view) if self.level.spite else None
        scores = self.scores(view, rng, target)
        if target is None:
            mask = pick(scores.own, self.level.temperature, rng)
        else:
            spite = self.level.spite
            mask = max(scores.target, key=lambda m: scores.own[m] - spite * scores.target[m])
        return oriented_by_mask(view.hand, mask)

    def scores(self, view: MatchView, rng: random.Random, target: int | None = None) -> Scores:
        """This level's estimate of every orientation's worth (for choices and benchmarks)."""
        if not self.level.samples:
            # The tables by shape (arrays) rather than by key (dicts): the same sums, and a
            # random hand's 64 lookups in two arrays miss the caches less than in two dicts.
            tables = field_tables(len(view.turn_order))
            return Scores(tables.scores(up_shapes(numbers(view.hand))).tolist(), {})
        return score_orientations(view, rng, self.level.samples, self.models(view), target)

    def models(self, view: MatchView) -> dict[int, Model]:
        """How each other active seat is expected to orient.

        Every level assumes the balanced model. INSANE and HATE YOU know better: a computer
        seat's level is public, so they expect its level's noise, and they expect the
        person's habits when a provider knows them.
        """
        seats = len(view.turn_order)
        balanced = _balanced(seats)
        models = {seat: balanced for seat in view.turn_order if seat != view.viewer}
        if not self.level.models_others:
            return models
        for seat in models:
            level = LEVELS.get(view.seats[seat].level or "")
            if level:
                models[seat] = Model(balanced.tables, level.temperature)
        person = person_seat(view)
        name = view.seats[person].name if person is not None else None
        if self.habits and person in models and name:
            models[person] = Model(biased_tables(seats, grid_bias(self.habits(name))))
        return models

    def target_seat(self, view: MatchView) -> int:
        """Whom HATE YOU goes after: the person, else the given target, else the leader."""
        others = [seat for seat in view.turn_order if seat != view.viewer]
        for preferred in (person_seat(view), self.target):
            if preferred in others:
                return preferred
        # The leader: most life, earlier in turn order on a tie.
        return max(others, key=lambda seat: (view.seats[seat].life, -others.index(seat)))


@cache
def _balanced(seats: int) -> Model:
    """The balanced model of `seats` active seats, made once rather than on every move."""
    return Model(field_tables(seats))


def policy_for(
    level: str, *, habits: HabitsProvider | None = None, target: int | None = None
) -> LevelPolicy:
    """The computer player of `level` (a name in `LEVELS`)."""
    return LevelPolicy(LEVELS[level], habits, target)
