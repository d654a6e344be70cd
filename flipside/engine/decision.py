"""One decision being made, for any game's decider: the events emitted so far and the state
they lead to.

A decider checks a command, then emits its events one by one, each folded at once, so that
the consequences it decides next (a deal, a showdown, the next round) read the state the
events before them left. `run_move` runs the move a game has for a command's type.

>>> def add(decision, amount):
...     decision.emit(amount)
...     decision.emit(decision.state)
>>> run_move(1, 2, lambda total, event: total + event, {int: add})
([2, 3], 6)
>>> run_move(1, "2", lambda total, event: total + event, {int: add})
Traceback (most recent call last):
...
flipside.engine.errors.RuleViolation: unknown command str
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from .errors import RuleViolation

S = TypeVar("S")
E = TypeVar("E")


class Decision(Generic[S, E]):
    """`Decision(state, evolve)`: the game's `evolve` folds each event emitted."""

    __slots__ = ("_evolve", "events", "state")

    def __init__(self, state: S, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self._evolve = evolve

    def emit(self, event: E) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)


def run_move(
    state: S,
    command: object,
    evolve: Callable[[S, E], S],
    moves: Mapping[type, Callable[[Decision[S, E], Any], None]],
) -> tuple[list[E], S]:
    """The events of `command`'s move (`moves`, by the command's type) in `state`, and the
    state after them; `RuleViolation` ``unknown_command`` for a command without a move."""
    move = moves.get(type(command))
    if move is None:
        raise RuleViolation("unknown_command", f"unknown command {type(command).__name__}")
    decision = Decision(state, evolve)
    move(decision, command)
    return decision.events, decision.state
