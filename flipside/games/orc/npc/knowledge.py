"""What a seat knows of the cards, from its view only (docs/rules/orc.md, "Computer players").

*Unseen* cards are the 55 minus the seat's hand, its sealed card, its undrawn contribution
and every row card (stacked and face-down ones included): the other hands, the others'
contributions, the round deck and the discards. The others' undrawn contributions are taken
as drawn from the unseen cards at random.

The action deck's top card is the seat's own contribution with the chance that it is still
in the deck, else an unseen card: if no drawn card had its number, it is surely there;
otherwise it is counted as there with the share of the deck still undrawn.

A row is a bit mask: bit n is set when the number n is in it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flipside.games.orc.cards import DECK_COUNTS, NUMBERS, Counts, add, counts_of, minus, plus
from flipside.games.orc.views import MatchView


def mask_of(numbers: Iterable[int]) -> int:
    """The numbers as a bit mask.

    >>> bin(mask_of((2, 5, 5)))
    '0b100100'
    """
    mask = 0
    for number in numbers:
        mask |= 1 << number
    return mask


def numbers_in(mask: int) -> tuple[int, ...]:
    return tuple(number for number in NUMBERS if mask >> number & 1)


@dataclass(frozen=True, slots=True)
class Knowledge:
    pool: Counts  # the unseen cards
    deck: int  # the undrawn action-deck cards
    mine: int | None  # the seat's own contribution this phase
    mine_left: float  # the chance that it is still in the action deck

    @property
    def pool_size(self) -> int:
        return max(1, sum(self.pool))

    def weights(self) -> tuple[float, ...]:
        """Each number's share of the unseen cards (index 0 unused)."""
        total = self.pool_size
        return tuple(count / total for count in self.pool)

    def top(self) -> tuple[float, ...]:
        """The chance that the action deck's top card has each number (index 0 unused)."""
        if not self.deck:
            return (0.0,) * len(self.pool)
        mine = self.mine_left if self.mine is not None else 0.0
        others = (self.deck - mine) / self.deck
        chances = [share * others for share in self.weights()]
        if self.mine is not None:
            chances[self.mine] += mine / self.deck
        return tuple(chances)

    def naive_bust_chance(self, row: int) -> float:
        """Unseen cards matching the row over unseen cards (the easy level's estimate)."""
        return sum(self.pool[number] for number in numbers_in(row)) / self.pool_size

    def bust_payment(self, row: int) -> float:
        """The expected payment of drawing now: the chance of each row number x times x."""
        top = self.top()
        return sum(top[number] * number for number in numbers_in(row))


def knowledge(view: MatchView) -> Knowledge:
    """The viewer's knowledge of the unseen cards and of the action deck."""
    me = view.me
    seen = counts_of(view.hand)
    for seat in view.seats:
        seen = plus(seen, counts_of(seat.row + seat.stacked))
    mine, mine_left = me.contribution, 0.0
    pending = me.sealed
    if mine is not None and view.phase == "turn":
        if mine not in view.drawn:
            mine_left = 1.0
            pending = mine
        elif view.contributed:
            mine_left = view.action_deck_size / view.contributed
    if pending is not None:
        seen = add(seen, pending)
    pool = tuple(max(0, count) for count in minus(DECK_COUNTS, seen))
    return Knowledge(pool, view.action_deck_size, mine if view.phase == "turn" else None, mine_left)
