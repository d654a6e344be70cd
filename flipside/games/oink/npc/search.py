"""The sampling players, HARD, INSANE and HATE YOU (docs/rules/oink.md, "Computer players").

Every decision samples the worlds the seat cannot tell apart: the opponent's hidden cards
drawn from the cards the seat has not seen (its view only); INSANE weighs each world by how
likely the opponent's Change, knock and pass make it (`models`). Against those hands
(`Field`):

- *action*: every Change (each subset of the hand, its draws sampled) and the Roll (each
  face, which moves the joker number for both hands) is worth what the hand it leads to is
  worth at the call that follows: the better of knocking and passing;
- *call*: knocking is worth the opponent's oinks (what we capture, O30, O34) and accepts
  (the showdown, O23) as the model expects them; passing keeps a share (`patience`) of
  the hand's showdown value, since the deal goes on;
- *answer*: oinking (what the knocker captures) against accepting after each preparation.

A no pair knocks whenever the model's oinks make it pay: that is the bluff (O30).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations

from flipside.games.oink.cards import DECK, HAND_SIZE, INDEX, Card
from flipside.games.oink.hands import NO_PAIR, Rating, rate, role_of
from flipside.games.oink.views import MatchView

from .field import Field, Ranked
from .models import GENERIC, OpponentModel, learned, prior_for, reference_percentile
from .policy import OINK, Answer
from .utility import LINEAR, RaceUtility, Utility, Weighted

FACES = range(1, 7)
UNLIKELY = 0.15  # how likely a player is to have discarded one of its role cards
Value = Callable[[Rating], float]


@dataclass(frozen=True, slots=True)
class Search:
    """A sampling level's settings."""

    samples: int = 200  # sampled opponent hands per decision
    draws: int = 100  # sampled draws per Change considered
    patience: float = 0.6  # the share of a hand's showdown value a pass keeps
    learns: bool = False  # models the opponent from the match so far (INSANE)
    race: bool = False  # values points by the race to 15 (INSANE)
    spite: float = 1.0  # the weight of the opponent's points against our own (HATE YOU)
    preps: bool = False  # expects an acceptor to prepare as its model says (INSANE)
    screen: int = 40  # draws every Change is screened on, before the best are valued in full
    finalists: int = 4  # Changes valued on all `draws`


class _Table:
    """One decision's sampled worlds, from one seat's view."""

    def __init__(self, view: MatchView, level: Search, rng: random.Random) -> None:
        assert view.viewer is not None and view.joker is not None
        me, other = view.viewer, 1 - view.viewer
        self.view, self.level, self.other = view, level, other
        self.hand = tuple(INDEX[card] for card in view.hand)
        opponent = view.seats[other]
        shown = tuple(INDEX[card] for card in opponent.shown)
        seen = {*view.hand, *opponent.shown, *view.discards}
        seen.update(card for seat in view.seats for card in seat.captured)
        pool = [INDEX[card] for card in DECK if card not in seen]
        hidden = opponent.hand_size - len(shown)
        self.worlds, self.likelihoods = self._sample(pool, shown, hidden, rng)
        self.pool, self.rng = pool, rng
        self.joker = view.joker
        self.other_die = opponent.die or 0
        self.my_die = view.seats[me].die or 0
        self._ratings: dict[int, list[Rating]] = {}
        self._ranked: dict[int, Ranked] = {}
        self._prepared: dict[int, Ranked] = {}
        self._standing: dict[int, list[tuple[float, bool]]] = {}
        self.calls: dict[int, tuple[Value, Value]] = {}  # SearchPolicy's, by joker number

    def _sample(
        self, pool: list[int], shown: tuple[int, ...], hidden: int, rng: random.Random
    ) -> tuple[list[tuple[int, ...]], list[float]]:
        """The opponent's possible hands, and how likely each is given its latest Change
        (INSANE): the cards it kept are more likely to be the role cards of its hand then."""
        change = self._latest_change() if not shown else None
        worlds = [shown + tuple(rng.sample(pool, hidden)) for _ in range(self.level.samples)]
        if change is None:
            return worlds, [1.0] * len(worlds)
        discarded, joker = change
        kept = HAND_SIZE - len(discarded)
        likelihoods = []
        for world in worlds:
            before = world[:kept] + discarded
            role = role_of(before, joker)
            likelihoods.append(1.0 if all(card in world[:kept] for card in role) else UNLIKELY)
        return worlds, likelihoods

    def _latest_change(self) -> tuple[tuple[int, ...], int] | None:
        if not self.level.learns:
            return None
        theirs = [m for m in self.view.moves if m.seat == self.other and m.kind == "change"]
        if not theirs or theirs[-1].joker is None:
            return None
        return tuple(INDEX[card] for card in theirs[-1].cards), theirs[-1].joker

    def ratings(self, joker: int) -> list[Rating]:
        """The sampled opponent hands at `joker`."""
        if joker not in self._ratings:
            self._ratings[joker] = [rate(world, joker) for world in self.worlds]
        return self._ratings[joker]

    def ranked(self, joker: int) -> Ranked:
        if joker not in self._ranked:
            self._ranked[joker] = Ranked(self.ratings(joker))
        return self._ranked[joker]

    def prepared(self, joker: int) -> Ranked:
        """Each sampled hand after an acceptor's Change (O22): its role cards kept, the rest
        drawn anew."""
        if joker not in self._prepared:
            found = []
            for world, fresh in zip(self.worlds, self._fresh, strict=True):
                kept = role_of(world, joker)
                found.append(rate(kept + fresh[: HAND_SIZE - len(kept)], joker))
            self._prepared[joker] = Ranked(found)
        return self._prepared[joker]

    @cached_property
    def _fresh(self) -> list[tuple[int, ...]]:
        """For each world, cards it could draw by a Change (ten drawn, less its own)."""
        pool, sample = self.pool, self.rng.sample
        return [
            tuple(card for card in sample(pool, min(len(pool), 10)) if card not in world)
            for world in self.worlds
        ]

    @cached_property
    def draws(self) -> list[tuple[int, ...]]:
        """The draws every Change of ours is valued on, the same for each (drawn once)."""
        pool, sample = self.pool, self.rng.sample
        return [tuple(sample(pool, min(5, len(pool)))) for _ in range(self.level.draws)]

    @cached_property
    def model(self) -> OpponentModel:
        view = self.view
        prior = prior_for(view.seats[self.other].level) if self.level.learns else GENERIC
        return learned(prior, view.history, self.other) if self.level.learns else prior

    @cached_property
    def utility(self) -> Utility:
        if not self.level.race:
            return Weighted(self.level.spite) if self.level.spite != 1 else LINEAR
        seats = self.view.seats
        me = seats[1 - self.other]
        return RaceUtility(me.score, seats[self.other].score, self.level.spite)

    def standing(self, joker: int) -> list[tuple[float, bool]]:
        """Each sampled hand's percentile at `joker` and whether it is a no pair."""
        if joker not in self._standing:
            self._standing[joker] = [
                (reference_percentile(r, joker), r.category == NO_PAIR) for r in self.ratings(joker)
            ]
        return self._standing[joker]

    @cached_property
    def weights(self) -> list[float]:
        """How likely each world is given the opponent's latest Change and its latest pass,
        which it made with the hand it holds now (INSANE); 1 each otherwise."""
        passed = self._latest_pass_joker()
        if passed is None:
            return self.likelihoods
        return [
            likely * (1 - self.model.knocks(pct, no_pair))
            for likely, (pct, no_pair) in zip(self.likelihoods, self.standing(passed), strict=True)
        ]

    def _latest_pass_joker(self) -> int | None:
        if not self.level.learns:
            return None
        theirs = [move for move in self.view.moves if move.seat == self.other]
        if theirs and theirs[-1].kind == "pass":
            return theirs[-1].joker
        return None


def _memo(value: Value) -> Value:
    known: dict[Rating, float] = {}

    def remembered(rating: Rating) -> float:
        found = known.get(rating)
        if found is None:
            found = known[rating] = value(rating)
        return found

    return remembered


class SearchPolicy:
    """A sampling player at one `Search` level; implements `policy.Policy`."""

    def __init__(self, level: Search) -> None:
        self.level = level

    # --- what a hand is worth at the call -------------------------------------------------
    def _call_values(self, table: _Table, joker: int) -> tuple[Value, Value]:
        """(knock, pass): the value of each call with a hand, at `joker`."""
        if joker not in table.calls:
            table.calls[joker] = self._new_call_values(table, joker)
        return table.calls[joker]

    def _new_call_values(self, table: _Table, joker: int) -> tuple[Value, Value]:
        ranked, weights = table.ranked(joker), table.weights
        accepts = [table.model.accepts(pct, np) for pct, np in table.standing(joker)]
        accepted = [w * p for w, p in zip(weights, accepts, strict=True)]
        accepting = Field(ranked, accepted)
        oinking = Field(ranked, [w * (1 - p) for w, p in zip(weights, accepts, strict=True)])
        every = Field(ranked, weights)
        changed = Field(table.prepared(joker), accepted) if self.level.preps else None
        total = accepting.weight + oinking.weight
        utility, patience, changes = table.utility, self.level.patience, table.model.changes

        def knock(mine: Rating) -> float:
            showdown = accepting.showdown(mine, utility)
            if changed is not None:
                showdown += changes * (changed.showdown(mine, utility) - showdown)
            won = accepting.weight * showdown
            return (won + oinking.weight * oinking.oinked(mine, utility)) / total

        def pass_(mine: Rating) -> float:
            return patience * every.showdown(mine, utility)

        return knock, pass_

    def _hand_value(self, table: _Table, joker: int) -> Value:
        knock, pass_ = self._call_values(table, joker)
        return _memo(lambda mine: max(knock(mine), pass_(mine)))

    # --- the three decisions ----------------------------------------------------------------
    def action(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        table = _Table(view, self.level, rng)
        options = _changes(table, self._hand_value(table, table.joker))
        rolled = _rolled(table, lambda joker: self._hand_value(table, joker))
        best = max(options, key=lambda option: option[0], default=(rolled, ()))
        return best[1] if best[0] > rolled else ()

    def call(self, view: MatchView, rng: random.Random) -> bool:
        table = _Table(view, self.level, rng)
        knock, pass_ = self._call_values(table, table.joker)
        mine = rate(table.hand, table.joker)
        knocking = knock(mine)
        if self.level.preps:  # an acceptor may roll first (O22): its die, our hand
            rolled = sum(
                self._call_values(table, table.my_die + face)[0](
                    rate(table.hand, table.my_die + face)
                )
                for face in FACES
            ) / len(FACES)
            knocking += table.model.rolls * (rolled - knocking)
        return knocking > pass_(mine)

    def answer(self, view: MatchView, rng: random.Random) -> Answer:
        table = _Table(view, self.level, rng)
        likely = [
            w * table.model.knocks(pct, np)
            for w, (pct, np) in zip(table.weights, table.standing(table.joker), strict=True)
        ]

        def showdown_at(joker: int) -> Value:
            field = Field(table.ranked(joker), likely)
            return _memo(lambda mine: field.showdown(mine, table.utility))

        knocker = Field(table.ranked(table.joker), likely)
        mine = rate(table.hand, table.joker)
        oink = knocker.oinking(mine, table.utility)
        options = [
            (showdown_at(table.joker)(mine), Answer(accept=True)),
            (_rolled(table, showdown_at), Answer(accept=True, prep="roll")),
        ]
        options += [
            (value, Answer(accept=True, prep="change", cards=cards))
            for value, cards in _changes(table, showdown_at(table.joker))
        ]
        value, best = max(options, key=lambda option: option[0])
        # On a tie, accept: it can only gain (a no pair loses nothing more by accepting, O32).
        return best if value >= oink else OINK


def _rolled(table: _Table, value_at: Callable[[int], Value]) -> float:
    """The mean value of our hand over the faces our die could show (O19)."""
    total = 0.0
    for face in FACES:
        joker = table.other_die + face
        total += value_at(joker)(rate(table.hand, joker))
    return total / len(FACES)


def _changes(table: _Table, value: Value) -> list[tuple[float, tuple[Card, ...]]]:
    """The mean value of the most promising Changes (O17), each over the same sampled draws:
    every Change is screened on the first `screen` draws, and only the best `finalists` are
    valued on all of them (most Changes are far behind after a few draws)."""
    hand, deck = table.hand, table.view.deck_count
    every = [
        discarded
        for size in range(1, min(len(hand), deck) + 1)
        for discarded in combinations(range(len(hand)), size)
    ]

    def mean(discarded: tuple[int, ...], draws: list[tuple[int, ...]]) -> float:
        kept = tuple(card for i, card in enumerate(hand) if i not in discarded)
        size = len(discarded)
        return sum(value(rate(kept + draw[:size], table.joker)) for draw in draws) / len(draws)

    screen = table.draws[: table.level.screen]
    screened = sorted(every, key=lambda discarded: mean(discarded, screen), reverse=True)
    return [
        (mean(discarded, table.draws), tuple(table.view.hand[i] for i in discarded))
        for discarded in screened[: table.level.finalists]
    ]
