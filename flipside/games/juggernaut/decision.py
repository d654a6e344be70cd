"""One decision being made: the events emitted so far and the state they lead to."""

from __future__ import annotations

from .events import Event
from .evolve import evolve
from .state import Match


class Decision:
    def __init__(self, state: Match) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
