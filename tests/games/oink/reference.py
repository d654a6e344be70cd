"""An independent brute-force evaluator for Oink Poker hands (O24-O27), the reference the
closed form of O28 is checked against (tests) and timed against (ops/bench/oink_hands.py).

It knows nothing of O28: it tries every way the jokers could stand in and evaluates each
resulting hand of plain cards by O25's table.

>>> best, roles = brute_force(("9c", "9e", "7b", "4d", "2a"), 7)  # O45: three 9s
>>> best, sorted(map(sorted, roles))
((4, 9, 9, 9), [['7b', '9c', '9e']])
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from flipside.games.oink.cards import SYMBOL, VALUE, strength_of


def _concrete(picked: list[tuple[int, int | None]]) -> tuple[int, tuple[int, ...], frozenset[int]]:
    """O25-O27 for five cards that stand for themselves: (category value, strengths of the
    role cards, positions of the role cards). Written from O25's table, not from O28."""
    values = [value for value, _ in picked]
    counts = Counter(values)
    symbols = {symbol for _, symbol in picked}
    suited = len(symbols) == 1 and None not in symbols
    low = min(values)
    run = len(counts) == 5 and low <= 9 and sorted(values) == list(range(low, low + 5))
    everything = frozenset(range(5))
    shape_ = sorted(counts.values())

    def of(rank_filter: set[int]) -> frozenset[int]:
        return frozenset(i for i, value in enumerate(values) if value in rank_filter)

    if set(values) == {10, 11, 12, 13, 1}:
        found = (11, everything)
    elif run and suited:
        found = (10, everything)
    elif len(counts) == 1:
        found = (9, everything)
    elif suited:
        found = (8, everything)
    elif shape_[-1] == 4:
        found = (7, of({v for v, c in counts.items() if c == 4}))
    elif run:
        found = (6, everything)
    elif shape_ == [2, 3]:
        found = (5, everything)
    elif shape_[-1] == 3:
        found = (4, of({v for v, c in counts.items() if c == 3}))
    elif shape_ == [1, 2, 2]:
        found = (3, of({v for v, c in counts.items() if c == 2}))
    elif shape_[-1] == 2:
        found = (2, of({v for v, c in counts.items() if c == 2}))
    else:
        found = (1, frozenset())
    category, role = found
    strength = tuple(sorted((strength_of(values[i]) for i in role), reverse=True))
    return category, strength, role


def brute_force(hand: tuple[str, ...], joker: int) -> tuple[tuple[int, ...], set[frozenset[str]]]:
    """The best (category, strengths) over every way the jokers could stand in (O24: any
    rank, any symbol), and every set of role cards that reaches it. A symbol matters only
    by being shared by all five cards, so the jokers take the other cards' one symbol, or
    a symbol of their own (None: shared with nothing)."""
    fixed = [(VALUE[c], SYMBOL[c]) for c in hand if VALUE[c] != joker]
    wild = [c for c in hand if VALUE[c] == joker]
    order = [c for c in hand if VALUE[c] != joker] + wild
    shared = {symbol for _, symbol in fixed} or {1}
    best: tuple[int, ...] = ()
    roles: set[frozenset[str]] = set()
    for ranks in combinations_with_replacement(range(1, 14), len(wild)):
        for symbol in (None, *shared):
            category, strength, role = _concrete(fixed + [(rank, symbol) for rank in ranks])
            found = (category, *strength)
            named = frozenset(order[i] for i in role)
            if found > best:
                best, roles = found, {named}
            elif found == best:
                roles.add(named)
    return best, roles
