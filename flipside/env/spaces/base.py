"""What a game looks like to a learner: a fixed action space and a flat observation.

A `GameSpaces` turns the game's own legal actions (``Game.legal_actions``, the JSON the API
serves) into the numbered actions of a fixed ``Discrete`` space, and a seat's view
(``Game.view_json``) into a float vector of fixed length. Both read what the seat may see
and nothing else: the environment never hands them the match's full state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from flipside.env.features import Vector

JSON = dict[str, Any]
View = Mapping[str, Any]  # a seat's view, read by its JSON names (`flipside.env.fields`)
Choices = dict[int, JSON]  # action number -> the action's body for `Game.parse_action`


@dataclass(frozen=True, slots=True)
class GameSpaces:
    """One game's action space (`labels`, `choices`) and observation (`size`, `encode`)."""

    game: str
    labels: tuple[str, ...]  # what each action number means, for people and docs
    size: int  # the length of the flat observation
    choices: Callable[[list[JSON], View], Choices]  # (legal actions, view) -> legal numbers
    encode: Callable[[View], Vector]  # a seat's view -> the flat observation
    options: Mapping[str, Any] = field(default_factory=dict)  # match options by default

    @property
    def actions(self) -> int:
        return len(self.labels)


def subsets(positions: int) -> list[tuple[int, ...]]:
    """Every subset of ``range(positions)``, numbered by its bit mask (bit i: position i)."""
    return [
        tuple(index for index in range(positions) if mask >> index & 1)
        for mask in range(1 << positions)
    ]


def subset_labels(prefix: str, positions: int) -> list[str]:
    """Labels of the subsets of card positions: ``prefix`` then the positions, e.g. ``discard
    0,3``; the empty subset is ``prefix -``."""
    return [f"{prefix} {','.join(map(str, chosen)) or '-'}" for chosen in subsets(positions)]


def sized(action: JSON) -> Callable[[int], bool]:
    """Whether a pick of that many cards lies within the legal action's ``min`` and ``max``
    (by default: none to all of its cards)."""
    low, high = action.get("min", 0), action.get("max", len(action["cards"]))
    return lambda size: bool(low <= size <= high)


def picked_cards(
    first: int,
    cards: Sequence[Any],
    allowed: Callable[[int], bool],
    body: Callable[[list[Any]], JSON],
) -> Choices:
    """The subsets of `cards` whose size `allowed` accepts, numbered from `first` by bit mask,
    each with `body(picked cards)`."""
    found: Choices = {}
    for size in range(len(cards) + 1):
        if not allowed(size):
            continue
        for chosen in combinations(range(len(cards)), size):
            mask = sum(1 << index for index in chosen)
            found[first + mask] = body([cards[index] for index in chosen])
    return found
