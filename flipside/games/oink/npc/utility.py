"""What points are worth to a level: its objective (docs/rules/oink.md, "Computer players").

HARD counts points; INSANE values them by how they change its chance of winning the race
to 15 (`RaceUtility`); HATE YOU weighs the opponent's points above its own.

>>> race = RaceUtility(score=12, other=3)
>>> race.gain(3) > race.gain(2) > 0  # three points reach 15: the match
True
>>> round(race.gain(3) - race.gain(5), 6)  # past 15, more points add nothing
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Protocol

from flipside.games.oink.state import TARGET


class Utility(Protocol):
    def gain(self, points: int) -> float:
        """The value of winning `points` this deal."""
        ...

    def loss(self, points: int) -> float:
        """The (positive) cost of the opponent winning `points` this deal."""
        ...


@dataclass(frozen=True, slots=True)
class Weighted:
    """Points, the opponent's weighted `spite` times our own."""

    spite: float = 1.0

    def gain(self, points: int) -> float:
        return float(points)

    def loss(self, points: int) -> float:
        return self.spite * points


LINEAR = Weighted()

# How many points a decided deal gives its winner, as measured between computer players;
# the race model below needs only its rough shape.
_DEAL_POINTS = {2: 0.34, 3: 0.14, 4: 0.12, 5: 0.24, 6: 0.06, 7: 0.05, 10: 0.05}


@cache
def win_chance(score: int, other: int) -> float:
    """The chance of reaching `TARGET` first from `score` against `other`, if every deal is
    won by either player alike with `_DEAL_POINTS`: a simple race model."""
    if score >= TARGET:
        return 1.0
    if other >= TARGET:
        return 0.0
    return sum(
        chance * (win_chance(score + points, other) + win_chance(score, other + points)) / 2
        for points, chance in _DEAL_POINTS.items()
    )


@dataclass(frozen=True, slots=True)
class RaceUtility:
    """Points valued by the change they make to the chance of winning the match, scaled so
    that a point at 0-0 is worth about one."""

    score: int
    other: int
    spite: float = 1.0

    def gain(self, points: int) -> float:
        return _SCALE * (win_chance(self.score + points, self.other) - self._now)

    def loss(self, points: int) -> float:
        return self.spite * _SCALE * (self._now - win_chance(self.score, self.other + points))

    @property
    def _now(self) -> float:
        return win_chance(self.score, self.other)


_SCALE = 1 / (win_chance(1, 0) - win_chance(0, 0))
