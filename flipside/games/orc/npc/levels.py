"""The five levels (docs/rules/orc.md, "Computer players"), weakest first.

- ``easy``: random cards; draws while the naive bust chance is below 1/2.
- ``normal``: opens with its rarest number, plants the number most opponents' rows hold,
  draws while the expected bust payment is below the give-up cost.
- ``hard``: `normal`'s opening; plants the number that would cost its holders most, never
  its own; draws when the exact chance of each number on top, with the value of staying in
  (`value`), beats the give-up cost.
- ``insane``: `hard`, but a draw `hard` finds close (its expected chips within two of the
  give-up cost) is played out over sampled worlds (`rollout`), the opponents modelled by
  their public level, each knowing its own contribution as the computer seats do, and the
  person by their turns so far (`habits`); opens with its
  rarest number of 3 and up at 3 seats.
- ``hate_you``: `insane`, its contributions aimed at the person's row.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from flipside.games.orc.cards import counts_of
from flipside.games.orc.start import tiebreak_numbers
from flipside.games.orc.views import MatchView

from .knowledge import Knowledge, knowledge, mask_of
from .policy import Policy
from .rollout import RolloutPlayer, draw_value
from .value import Model, Table, stay_value


def distinct(numbers: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(set(numbers)))


def tiebreak_choices(view: MatchView) -> tuple[int, ...]:
    return tiebreak_numbers(counts_of(view.hand), view.me.row)


def opponents(view: MatchView) -> tuple[int, ...]:
    """The other seats still in the round."""
    return tuple(s.seat for s in view.seats if s.in_round and s.seat != view.viewer)


def rarest(numbers: Sequence[int], known: Knowledge) -> int:
    """The number with the fewest unseen copies, the smallest on ties (normal's opening)."""
    return min(numbers, key=lambda number: (known.pool[number], number))


class Easy:
    def opening(self, view: MatchView, rng: random.Random) -> int:
        return rng.choice(view.hand)

    def tiebreak(self, view: MatchView, rng: random.Random) -> int:
        return rng.choice(tiebreak_choices(view))

    def contribution(self, view: MatchView, rng: random.Random) -> int:
        return rng.choice(view.hand)

    def draws(self, view: MatchView, rng: random.Random) -> bool:
        return knowledge(view).naive_bust_chance(mask_of(view.me.row)) < 0.5


class Normal:
    def opening(self, view: MatchView, rng: random.Random) -> int:
        return rarest(distinct(view.hand), knowledge(view))

    def tiebreak(self, view: MatchView, rng: random.Random) -> int:
        return rarest(tiebreak_choices(view), knowledge(view))

    def contribution(self, view: MatchView, rng: random.Random) -> int:
        """The number in the most opponents' rows and not in its own, the largest on ties."""
        own = set(view.me.row)
        holders = {n: sum(n in view.seats[s].row for s in opponents(view)) for n in view.hand}
        return max(view.hand, key=lambda n: (n not in own, holders[n], n))

    def draws(self, view: MatchView, rng: random.Random) -> bool:
        cost = view.give_up_cost or 0
        return knowledge(view).bust_payment(mask_of(view.me.row)) < cost


class Hard(Normal):
    def contribution(self, view: MatchView, rng: random.Random) -> int:
        """Normal's plant, weighing each number by the chips it would cost its holders."""
        return plant(view)

    def draws(self, view: MatchView, rng: random.Random) -> bool:
        return draw_worth(view) > -(view.give_up_cost or 0)


def plant(view: MatchView, target: int | None = None, spite: float = 1.0) -> int:
    """The number of the hand not in the seat's own row (a trap for itself, which draws one
    card in a few of the deck) that costs the opponents holding it most: the number's
    chips for each holder, `spite` times for `target`; the largest on ties."""
    own = set(view.me.row)
    others = opponents(view)

    def cost(number: int) -> float:
        holders = (spite if seat == target else 1.0 for seat in others)
        return number * sum(
            weight
            for seat, weight in zip(others, holders, strict=True)
            if number in view.seats[seat].row
        )

    return max(view.hand, key=lambda number: (number not in own, cost(number), number))


def table_of(view: MatchView, model: Model) -> Table:
    """The round as hard's model sees it, at the viewer's turn."""
    order = view.turn_order
    after = order[order.index(view.viewer) + 1 :] if view.viewer in order else ()
    others = opponents(view)
    return Table(
        opponents=tuple(model.row(mask_of(view.seats[s].row)) for s in others),
        later=frozenset(index for index, seat in enumerate(others) if seat in after),
        pot=float(view.pot),
        cost=float(view.give_up_cost or 0),
        phase=view.action_phase,
    )


def draw_worth(view: MatchView) -> float:
    """Hard's expected chips from drawing now: each number on top with its exact chance,
    a bust paying it, a safe card leading to the value of staying in (`value`)."""
    known = knowledge(view)
    model = Model(known.weights())
    table = table_of(view, model)
    row = mask_of(view.me.row)
    worth = 0.0
    for number, chance in enumerate(known.top()):
        if not chance:
            continue
        if row >> number & 1:
            worth -= chance * number
        else:
            cheaper = replace(table, cost=min(table.cost, number))  # K21: now visible
            worth += chance * stay_value(model, model.row(row | 1 << number), cheaper)
    return worth


SMALL_TABLE = 3  # seats
LOWEST_OPENING = 3


class Insane(Hard):
    samples = 500
    band = 2.0  # chips: how close to the give-up cost hard's estimate must come to be checked

    def opening(self, view: MatchView, rng: random.Random) -> int:
        """At three seats, the rarest number of 3 and up (K10, K21): a 1 or a 2 in the rows
        lets the two others give up for 1 or 2, and makes the seat start and draw first
        (K11); measured, not opening them gains about a chip a match there, and loses at
        four seats and more, where it opens as `normal`."""
        if len(view.seats) != SMALL_TABLE:
            return super().opening(view, rng)
        held = distinct(view.hand)
        return rarest([n for n in held if n >= LOWEST_OPENING] or held, knowledge(view))

    def draws(self, view: MatchView, rng: random.Random) -> bool:
        """Hard's rule where it is clear-cut. Where hard's expected chips from drawing come
        within `band` of minus the give-up cost (K21), its model of the rest of the round
        (`value`: independent opponents, a fixed cost, random cards) is too coarse to decide
        by, and the draw is played out over sampled worlds, where each opponent weighs its
        draws as its level does, its own contribution known to be safe (K33). Measured, this
        lifts the level over `hard` by about a quarter of a chip a match at four seats
        (docs/rules/orc.md). Most draws stay cheap."""
        cost = view.give_up_cost or 0
        worth = draw_worth(view)
        if abs(worth + cost) > self.band:
            return worth > -cost
        players = {seat: RolloutPlayer.of(view, seat) for seat in opponents(view)}
        return draw_value(view, players, self.samples, rng) > -cost


class HateYou(Insane):
    spite = 3.0

    def contribution(self, view: MatchView, rng: random.Random) -> int:
        return plant(view, target_seat(view), self.spite)


def target_seat(view: MatchView) -> int | None:
    """Whom HATE YOU goes after: the one person at the table, else the leader in chips."""
    others = [seat for seat in view.seats if seat.seat != view.viewer]
    people = [seat.seat for seat in others if seat.kind == "human"]
    if len(people) == 1:
        return people[0]
    return max(others, key=lambda seat: (seat.chips, -seat.seat)).seat


LEVELS: dict[str, Callable[[], Policy]] = {
    "easy": Easy,
    "normal": Normal,
    "hard": Hard,
    "insane": Insane,
    "hate_you": HateYou,
}


def policy_for(level: str) -> Policy:
    """The computer player of `level`."""
    return LEVELS[level]()
