"""Pots from contributions (H37) and a pot's shares among tied winners (H39).

>>> for pot in build_pots((200, 35, 200, 75, 75), (True, True, True, True, False)):  # E5
...     print(pot)
Pot(amount=175, eligible=(0, 1, 2, 3))
Pot(amount=160, eligible=(0, 2, 3))
Pot(amount=250, eligible=(0, 2))
>>> split(101, 3)  # E11: the first winner after the button gets the remainder
(35, 33, 33)
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import Pot


def build_pots(totals: Sequence[int], in_hand: Sequence[bool]) -> tuple[Pot, ...]:
    """H37: one layer per distinct positive contribution, eligible = seats in the hand that
    reached it; adjacent layers with the same eligible seats merged."""
    pots: list[Pot] = []
    below = 0
    for value in sorted({total for total in totals if total > 0}):
        amount = sum(min(total, value) - min(total, below) for total in totals)
        eligible = tuple(
            seat for seat, total in enumerate(totals) if in_hand[seat] and total >= value
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = value
    return tuple(pots)


def split(amount: int, winners: int) -> tuple[int, ...]:
    """Equal shares of `amount`, the whole remainder to the first winner (H36, H39)."""
    share, odd = divmod(amount, winners)
    return (share + odd,) + (share,) * (winners - 1)
