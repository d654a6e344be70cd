"""What things cost, in silver (J20, J22-J25, J27-J28).

>>> augment_cost(0), augment_cost(3), augment_cost(5)
(0, 4, 16)
>>> exchange_cost("individual", 2), exchange_cost("keep", 3), exchange_cost("all", 0)
(2, 4, 1)
"""

from __future__ import annotations

MAX_AUGMENT = 5  # J20
METHODS = ("individual", "keep", "all")  # J22-J24


def selection_cost(picked: int) -> int:
    """Picking `picked` ≥ 1 cards costs 2^(picked - 1), whatever their number (J25)."""
    return 1 << (picked - 1)


def augment_cost(count: int) -> int:
    """+k costs nothing for k = 0, else 2^(k - 1) (J20)."""
    return selection_cost(count) if count else 0


def exchange_cost(method: str, picked: int) -> int:
    """An individual exchange is priced by the cards discarded (J22), a keep exchange by the
    cards kept (J23); an all exchange costs 1 (J24)."""
    return 1 if method == "all" else selection_cost(picked)


def replaced(method: str, picked: int, hand_size: int) -> int:
    """How many cards an exchange replaces (J22-J24)."""
    if method == "individual":
        return picked
    return hand_size - picked if method == "keep" else hand_size


def picks(method: str, hand_size: int) -> range:
    """How many cards the method may pick from a hand of `hand_size` (J22-J24)."""
    if method == "individual":
        return range(1, hand_size + 1)
    return range(1, hand_size) if method == "keep" else range(0, 1)
