"""A person's habits for INSANE and HATE YOU, read from the round_facts projection.

`ProjectedHabits` is the `npc.habits.HabitsProvider` the server plugs into its match
service. Estimating habits replays up to a few hundred past showdowns, and a computer
player asks at every orientation, so estimates are kept for a while; a person's habits
change over matches, not within a request. When the read models cannot answer, the computer
players fall back to the balanced model rather than failing the move.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import psycopg

from flipside.games.flipside.npc.habits import PlayerHabits, estimate_habits

from .queries import Source, player_showdowns

SHOWDOWNS = 300  # the latest showdowns an estimate rests on
KEEP_SECONDS = 300.0


class ProjectedHabits:
    def __init__(
        self,
        source: Source,
        *,
        keep_seconds: float = KEEP_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.source = source
        self.keep_seconds = keep_seconds
        self.clock = clock
        self._known: dict[str, tuple[float, PlayerHabits | None]] = {}
        self._lock = threading.Lock()

    def __call__(self, name: str) -> PlayerHabits | None:
        now = self.clock()
        with self._lock:
            known = self._known.get(name)
        if known is not None and now - known[0] < self.keep_seconds:
            return known[1]
        habits = self._estimate(name)
        with self._lock:
            self._known[name] = (now, habits)
        return habits

    def _estimate(self, name: str) -> PlayerHabits | None:
        try:
            showdowns = player_showdowns(self.source, name, SHOWDOWNS)
        except (psycopg.Error, OSError):
            return None
        return estimate_habits(showdowns) if showdowns else None
