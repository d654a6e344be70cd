"""Places at the end of a match (K30), and the engine's outcome of them.

The game's record keeps K30's places: by chips, equal chips sharing a place. The engine's
outcome names one winner alone in first place; when the victory is shared, the winner drawn
by lot (`shuffles.shared_win`) keeps the first place and the other winners take the second
(docs/rules/orc.md, "Places").
"""

from __future__ import annotations

from collections.abc import Sequence


def places_by(chips: Sequence[int]) -> tuple[int, ...]:
    """K30: places by chips, equal chips sharing a place (the next place is skipped).

    >>> places_by((19, 27, 26, 48)), places_by((35, 35, 19))
    ((4, 2, 3, 1), (1, 1, 3))
    """
    return tuple(1 + sum(other > mine for other in chips) for mine in chips)


def outcome_places(places: Sequence[int], first: int) -> tuple[int, ...]:
    """The engine's places: `first` alone in first place, the other winners second.

    >>> outcome_places((1, 1, 3), first=1), outcome_places((1, 1, 1, 4), first=0)
    ((2, 1, 3), (1, 2, 2, 4))
    """
    return tuple(place + (place == 1 and seat != first) for seat, place in enumerate(places))
