"""How an opponent plays, as the sampling players expect it: how likely a hand is to knock
and to accept a knock, by where it stands among all hands at the same joker number.

Standing is a *percentile*: the share of random five-card hands (at that joker number) that
are weaker, from `reference_percentile`. HARD expects `GENERIC` play; INSANE starts from
the model of the opponent's level when the opponent is a computer (its level is public) and
learns from the finished deals of the match (`learned`).

>>> GENERIC.knocks(0.95, no_pair=False) > GENERIC.knocks(0.5, no_pair=False)
True
>>> 0 <= reference_percentile(rate_text("Aa Kg 12f 11e 10d", 7), 7) <= 1
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from flipside.games.oink.cards import DECK, INDEX
from flipside.games.oink.hands import NO_PAIR, Rating, rate
from flipside.games.oink.state import DealRecord

REFERENCE_HANDS = 4_000
PRIOR_WEIGHT = 4.0  # observations the prior counts as, when learning
_FLOOR = 0.02  # no play is ever certain: a model keeps every move possible


def rate_text(text: str, joker: int) -> Rating:
    return rate([INDEX[card] for card in text.split()], joker)


@cache
def _reference_keys(joker: int) -> list[int]:
    """The keys of `REFERENCE_HANDS` random hands at `joker`, sorted (a fixed sample)."""
    rng = random.Random(joker)
    cards = range(len(DECK))
    return sorted(rate(rng.sample(cards, 5), joker).key for _ in range(REFERENCE_HANDS))


def reference_percentile(rating: Rating, joker: int) -> float:
    keys = _reference_keys(joker)
    return (bisect_left(keys, rating.key) + bisect_right(keys, rating.key)) / (2 * len(keys))


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-40.0, min(40.0, x))))


@dataclass(frozen=True, slots=True)
class OpponentModel:
    knock_at: float  # the percentile of a hand (pair or better) that knocks half the time
    bluff: float  # how often a no pair knocks
    accept_at: float  # the percentile of a hand (pair or better) that accepts half the time
    accept_no_pair: float  # how often a no pair accepts
    width: float = 0.08  # how sharp both thresholds are
    rolls: float = 0.3  # how often an acceptor prepares with a roll
    changes: float = 0.3  # how often an acceptor prepares with a change

    def knocks(self, percentile: float, no_pair: bool) -> float:
        if no_pair:
            return self.bluff
        return _clamp(_logistic((percentile - self.knock_at) / self.width))

    def accepts(self, percentile: float, no_pair: bool) -> float:
        if no_pair:
            return self.accept_no_pair
        return _clamp(_logistic((percentile - self.accept_at) / self.width))


def _clamp(chance: float) -> float:
    return min(1 - _FLOOR, max(_FLOOR, chance))


GENERIC = OpponentModel(knock_at=0.75, bluff=0.08, accept_at=0.5, accept_no_pair=0.6)

# Measured between computer players: ops/bench/oink_models.py --matches 60 (60 seeds for
# each of the 25 pairs of levels; logistic fits of knocking and accepting, pair or better;
# the wider of the two fits' widths; `changes` the share of accepts prepared by a Change).
LEVEL_MODELS = {
    "easy": OpponentModel(0.68, 0.13, 0.56, 0.49, width=0.5, rolls=0, changes=0),
    "normal": OpponentModel(0.66, 0, 0.46, 0, width=0.04, rolls=0, changes=0),
    "hard": OpponentModel(0.58, 0.83, 0.06, 1, width=0.12, rolls=0.43, changes=0.51),
    "insane": OpponentModel(0.61, 0.55, 0.09, 1, width=0.2, rolls=0.3, changes=0.64),
    "hate_you": OpponentModel(0.67, 0.49, 0.01, 1, width=0.2, rolls=0.29, changes=0.63),
}


def prior_for(level: str | None) -> OpponentModel:
    return LEVEL_MODELS.get(level or "", GENERIC)


@dataclass(slots=True)
class _Tally:
    knocks: list[float]  # percentiles of the opponent's shown hands when it knocked
    bluffs: int = 0
    answers: int = 0
    accepts: int = 0
    rolls: int = 0
    changes: int = 0


def _tally(history: Sequence[DealRecord], opponent: int) -> _Tally:
    tally = _Tally([])
    for deal in history:
        if deal.knocker is None or deal.knock_joker is None:
            continue
        shown = next((r for r in deal.reveals if r.seat == opponent), None)
        if deal.knocker == opponent and shown is not None:
            rating = rate([INDEX[card] for card in shown.cards], deal.knock_joker)
            if rating.category == NO_PAIR:
                tally.bluffs += 1
            else:
                tally.knocks.append(reference_percentile(rating, deal.knock_joker))
        elif deal.knocker != opponent:
            answer = next(m for m in deal.moves if m.seat == opponent and m.kind in _ANSWERS)
            tally.answers += 1
            tally.accepts += answer.kind == "accept"
            tally.rolls += answer.prep == "roll"
            tally.changes += answer.prep == "change"
    return tally


_ANSWERS = ("oink", "accept")


def learned(prior: OpponentModel, history: Sequence[DealRecord], opponent: int) -> OpponentModel:
    """`prior` moved toward what the opponent's finished deals show: the hands it knocked
    with (uniform above its threshold, so the threshold is twice their mean less one), how
    often it bluffed, accepted, and rolled or changed before accepting."""
    tally = _tally(history, opponent)
    k = PRIOR_WEIGHT
    knocks = len(tally.knocks)
    observed_at = 2 * sum(tally.knocks) / knocks - 1 if knocks else prior.knock_at
    knock_at = (knocks * observed_at + k * prior.knock_at) / (knocks + k)
    bluff = (tally.bluffs + k * prior.bluff) / (knocks + tally.bluffs + k)
    accept_rate = (tally.accepts + k * (1 - prior.accept_at)) / (tally.answers + k)
    rolls = (tally.rolls + k * prior.rolls) / (tally.accepts + k)
    changes = (tally.changes + k * prior.changes) / (tally.accepts + k)
    return replace(
        prior,
        knock_at=_clamp(knock_at),
        bluff=_clamp(bluff),
        accept_at=_clamp(1 - accept_rate),
        rolls=_clamp(rolls),
        changes=_clamp(changes),
    )
