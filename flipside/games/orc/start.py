"""Who starts: the opening cards (K11), the tie-break (K12) and the next phase's start (K27).

Pure functions of public facts, shared by the decider and the computer players.

K37's examples, A in seat 0 and B in seat 1:

>>> smallest_sequences({0: (2, 4), 1: (2, 3)})
(1,)
>>> smallest_sequences({0: (9, 10), 1: (9,)})
(1,)
>>> smallest_sequences({0: (9, 10), 1: (9,), 2: (9, 3)})
(1,)
>>> smallest_sequences({0: (2, 5), 1: (2, 5)})
(0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import NUMBERS, Counts
from .events import StartBy


def smallest_openers(numbers: Sequence[int]) -> tuple[int, ...]:
    """K11: the seats whose opening card has the smallest number.

    >>> smallest_openers((2, 2, 6, 4))
    (0, 1)
    """
    low = min(numbers)
    return tuple(seat for seat, number in enumerate(numbers) if number == low)


def tiebreak_numbers(hand: Counts, row: Sequence[int]) -> tuple[int, ...]:
    """K12.2-3: the numbers a tied seat may lay: those of its hand not in its row if there
    are any (laid visibly), else any of its hand (stacked on its twin).

    >>> from .cards import counts_of
    >>> tiebreak_numbers(counts_of((2, 5, 9)), (2,)), tiebreak_numbers(counts_of((9, 9)), (9,))
    ((5, 9), (9,))
    """
    held = tuple(number for number in NUMBERS if hand[number] > 0)
    fresh = tuple(number for number in held if number not in row)
    return fresh or held


def smallest_sequences(sequences: Mapping[int, tuple[int, ...]]) -> tuple[int, ...]:
    """K12.5: the seats whose visible sequence is the smallest: compared at the first
    position where they differ, the shorter smaller when one begins the other (exactly the
    order of tuples)."""
    low = min(sequences.values())
    return tuple(sorted(seat for seat, sequence in sequences.items() if sequence == low))


def next_start(
    rows: Mapping[int, Sequence[int]], previous: int, seat_count: int
) -> tuple[int, StartBy]:
    """K27: the start of the next phase among the seats left (`rows`: their rows).

    The previous start keeps it while it is left and its row holds the smallest number;
    otherwise the smallest number's holder takes it, the one farthest clockwise from the
    previous start on a tie. K41:

    >>> next_start({0: (3, 8), 1: (5, 9), 4: (6, 3)}, previous=2, seat_count=5)
    (0, 'farthest_clockwise')
    >>> next_start({0: (2, 5, 10), 1: (2, 4, 9)}, previous=1, seat_count=4)
    (1, 'kept')
    """
    low = min(min(row) for row in rows.values())
    if previous in rows and min(rows[previous]) == low:
        return previous, "kept"
    holders = [seat for seat, row in rows.items() if min(row) == low]
    if len(holders) == 1:
        return holders[0], "smallest"
    return max(holders, key=lambda seat: (seat - previous) % seat_count), "farthest_clockwise"


def clockwise_from(start: int, seats: Sequence[int], seat_count: int) -> tuple[int, ...]:
    """`seats` in turn order: `start` first, then clockwise (K18).

    >>> clockwise_from(2, (0, 2, 3), 4)
    (2, 3, 0)
    """
    return tuple(sorted(seats, key=lambda seat: (seat - start) % seat_count))
