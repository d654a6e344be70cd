"""What every open event stream of a match in this process reads, read once.

When a match changes, every stream watching it wakes at once (`api.wakeups`): a thousand
spectators made a thousand reads of the same new events, and each decoded, folded and
rendered them again. A `Feed` keeps, for a match while any stream of this process follows
it, the events read so far (stored events never change) with what a stream needs of each:
the event decoded, whether the match is over after it, and its text per audience. The first
stream woken by a change reads the new events from the store; the others, woken by the same
change, find them read.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from flipside.engine import codec
from flipside.engine.registry import AnyGame
from flipside.store import EventStore, StoredEvent

Render = Callable[[AnyGame, StoredEvent, Any, "int | None", bool], str]


@dataclass(frozen=True, slots=True)
class FedEvent:
    stored: StoredEvent
    event: Any
    over: bool  # the match is over once this event is applied


@dataclass
class Feed:
    """One match's events as read so far, from version 1."""

    game: AnyGame
    render: Render
    events: list[FedEvent] = field(default_factory=list)
    state: Any = None
    read_started: float = -1.0  # `time.monotonic()` when the last read began
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _texts: dict[tuple[int, int | None, bool], str] = field(default_factory=dict)

    def catch_up(self, store: EventStore, match_id: str, since: float) -> None:
        """Read what was appended, unless a read that began at `since` or later did."""
        with self._lock:
            if self.read_started >= since:
                return
            self.read_started = time.monotonic()
            if self.state is None:
                self.state = self.game.initial_state()
            for stored in store.read_stream(match_id, after_version=len(self.events)):
                event = codec.decode(self.game, stored, self.state)  # upcasting may need it
                self.state = self.game.evolve(self.state, event)
                over = self.game.progress(self.state).outcome is not None
                self.events.append(FedEvent(stored, event, over))

    @property
    def over(self) -> bool:
        return bool(self.events) and self.events[-1].over

    def after(self, version: int) -> list[FedEvent]:
        with self._lock:
            return self.events[version:]

    def text(self, fed: FedEvent, seat: int | None, omniscient: bool) -> str:
        """The event as `seat` may see it, rendered once per audience."""
        key = (fed.stored.version, seat, omniscient)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = self.render(
                self.game, fed.stored, fed.event, seat, omniscient
            )
        return found


class Feeds:
    """The feeds of the matches this process streams, each kept while a stream follows it."""

    def __init__(self, render: Render) -> None:
        self._render = render
        self._lock = threading.Lock()
        self._followed: dict[str, tuple[Feed, int]] = {}  # match: (feed, streams following)

    @contextmanager
    def follow(self, match_id: str, game: AnyGame) -> Iterator[Feed]:
        with self._lock:
            feed, streams = self._followed.get(match_id) or (Feed(game, self._render), 0)
            self._followed[match_id] = (feed, streams + 1)
        try:
            yield feed
        finally:
            with self._lock:
                feed, streams = self._followed[match_id]
                if streams == 1:
                    del self._followed[match_id]
                else:
                    self._followed[match_id] = (feed, streams - 1)

    @property
    def followed(self) -> int:
        """How many matches have a feed now."""
        with self._lock:
            return len(self._followed)
