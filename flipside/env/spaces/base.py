"""What a game looks like to a learner: a fixed action space and a flat observation.

A `GameSpaces` turns the game's own legal actions (``Game.legal_actions``, the JSON the API
serves) into the numbered actions of a fixed ``Discrete`` space, and a seat's view
(``Game.view``) into a float vector of fixed length. Both read what the seat may see
and nothing else: the environment never hands them the match's full state.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import chain
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from flipside.env.features import Vector

JSON = dict[str, Any]
# A seat's view dataclass (``Game.view``), read by attribute: its names are the JSON's
# (`flipside.env.fields.JsonView` reads the JSON alike).
View = Any


@dataclass(frozen=True, slots=True, eq=False)
class Run:
    """A run of action numbers, each held three ways: in order, for lookups, and as array
    indices for the mask. The same few runs come up at every step, so each is made once
    (`numbered`, `sized_numbers`), and one run is the same object (equal and hashed by
    identity, as the masks are kept by their runs)."""

    numbers: tuple[int, ...]
    members: frozenset[int]
    indices: npt.NDArray[np.intp]


def _run(numbers: tuple[int, ...]) -> Run:
    return Run(numbers, frozenset(numbers), np.array(numbers, dtype=np.intp))


@cache
def numbered(first: int, count: int) -> Run:
    """The action numbers `first` to ``first + count - 1``."""
    return _run(tuple(range(first, first + count)))


class Later(NamedTuple):
    """The bodies of a run of action numbers from `first`, each built from its offset only
    when read (a tuple: one is made at every step, and a frozen dataclass's ``__init__``
    costs more)."""

    first: int
    build: Callable[[int], JSON]  # number - first -> the body


class Choices(Mapping[int, JSON]):
    """A seat's legal action numbers, each with its body for `Game.parse_action`.

    The numbers (the action mask) are all known at once, but a body is built only when it is
    read: a step plays one action, while a hand's card subsets number up to 1024 (J22). Such
    numbers come as a `Run` each, kept as it is rather than copied number by number.
    """

    __slots__ = ("_bodies", "_runs")

    def __init__(self) -> None:
        self._bodies: dict[int, JSON] = {}
        self._runs: list[tuple[Run, Later]] = []

    def __setitem__(self, number: int, body: JSON) -> None:
        self._bodies[number] = body

    def later(self, numbers: Run, bodies: Later) -> None:
        """Add `numbers`, their bodies built by `bodies` when read."""
        self._runs.append((numbers, bodies))

    def mask(self, actions: int) -> npt.NDArray[np.int8]:
        """The action mask of `actions` numbers with 1 at every number here: read-only, and
        the same array for the same numbers (they come up again and again)."""
        return _mask(actions, tuple(self._bodies), tuple([run for run, _ in self._runs]))

    def __getitem__(self, number: int) -> JSON:
        if number in self._bodies:
            return self._bodies[number]
        for run, bodies in self._runs:
            if number in run.members:
                return bodies.build(number - bodies.first)
        raise KeyError(number)

    def __contains__(self, number: object) -> bool:
        return number in self._bodies or any(number in run.members for run, _ in self._runs)

    def __iter__(self) -> Iterator[int]:
        return chain(self._bodies, *(run.numbers for run, _ in self._runs))

    def __len__(self) -> int:
        return len(self._bodies) + sum(len(run.numbers) for run, _ in self._runs)


@lru_cache(maxsize=1 << 10)  # a Juggernaut mask is 2 kB
def _mask(actions: int, numbers: tuple[int, ...], runs: tuple[Run, ...]) -> npt.NDArray[np.int8]:
    mask = np.zeros(actions, dtype=np.int8)
    for number in numbers:  # a dozen at most: one by one beats an index array
        mask[number] = 1
    for run in runs:
        mask[run.indices] = 1
    mask.setflags(write=False)
    return mask


@dataclass(frozen=True, slots=True)
class GameSpaces:
    """One game's action space (`labels`, `choices`) and observation (`size`, `encode`)."""

    game: str
    labels: tuple[str, ...]  # what each action number means, for people and docs
    size: int  # the length of the flat observation
    choices: Callable[[list[JSON], View], Choices]  # (legal actions, view) -> legal numbers
    encode: Callable[[View], Vector]  # a seat's view -> the flat observation
    options: Mapping[str, Any] = field(default_factory=dict)  # match options by default
    # (seat, a body of `choices`) -> its command, without `Game.parse_action`'s check of
    # every card (the bodies come from the legal actions: the checks cannot fail, and cost
    # more than the rest of choosing the action); None: the game parses the body
    command: Callable[[int, JSON], Any] | None = None

    @property
    def actions(self) -> int:
        return len(self.labels)


@cache
def subsets(positions: int) -> tuple[tuple[int, ...], ...]:
    """Every subset of ``range(positions)``, numbered by its bit mask (bit i: position i)."""
    return tuple(
        tuple(index for index in range(positions) if mask >> index & 1)
        for mask in range(1 << positions)
    )


@cache
def sized_numbers(first: int, positions: int, sizes: frozenset[int]) -> Run:
    """`first` plus the bit mask of each subset of ``range(positions)`` with one of `sizes`
    members."""
    chosen = subsets(positions)
    return _run(tuple(first + mask for mask in range(len(chosen)) if len(chosen[mask]) in sizes))


def subset_labels(prefix: str, positions: int) -> list[str]:
    """Labels of the subsets of card positions: ``prefix`` then the positions, e.g. ``discard
    0,3``; the empty subset is ``prefix -``."""
    return [f"{prefix} {','.join(map(str, chosen)) or '-'}" for chosen in subsets(positions)]


def sized(action: JSON) -> range:
    """How many cards a pick may hold: the legal action's ``min`` to ``max`` (by default:
    none to all of its cards)."""
    return range(action.get("min", 0), action.get("max", len(action["cards"])) + 1)


def picked_cards(
    found: Choices,
    first: int,
    cards: Sequence[Any],
    sizes: Collection[int],
    body: Callable[[list[Any]], JSON],
) -> None:
    """Add to `found` the subsets of `cards` of one of `sizes` cards, numbered from `first`
    by bit mask, each with `body(picked cards)`."""
    positions = subsets(len(cards))
    found.later(
        sized_numbers(first, len(cards), frozenset(sizes)),
        Later(first, lambda mask: body(list(map(cards.__getitem__, positions[mask])))),
    )
