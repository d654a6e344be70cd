"""A person's habits for Flipside's INSANE and HATE YOU, read from its round_facts table.

`ProjectedHabits` is the Flipside `npc.habits.HabitsProvider` the server plugs into its
match service: Flipside's, over Flipside's own table, and here rather than in its game
package because it reads the database (a game imports only the engine). The rest of the
projections knows no game.

Estimating habits replays up to a few hundred past showdowns, and a computer player asks at
every orientation, so estimates are kept for a while; a person's habits change over
matches, not within a request. When the read models cannot answer, the computer players
fall back to the balanced model rather than failing the move. Only registered players'
play is learnt: play as a guest teaches the computer players about nobody.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import psycopg

from flipside.games.flipside.cards import OrientedCard
from flipside.games.flipside.npc.habits import PlayerHabits, estimate_habits

from .queries import Source, fetch

SHOWDOWNS = 300  # the latest showdowns an estimate rests on
KEEP_SECONDS = 300.0

_SHOWDOWNS = """
SELECT f.up_ranks, f.down_ranks,
       (SELECT count(*) FROM round_facts g WHERE g.match_id = f.match_id AND g.round = f.round)
FROM round_facts f JOIN match_summaries m USING (match_id)
WHERE f.player = %s AND m.seats -> f.seat @> '{"registered": true}'
ORDER BY m.created_at DESC, f.match_id DESC, f.round DESC
LIMIT %s
"""


def player_showdowns(
    source: Source, name: str, limit: int = 500
) -> list[tuple[tuple[OrientedCard, ...], int]]:
    """A registered player's latest placed hands, newest first: (the five cards as placed,
    up rank first; the number of seats in that showdown), as `estimate_habits` takes them.

    Only the seats that claimed the name with the player's token (the summary's
    ``registered``): anyone may play as a guest under a name, and what a guest plays must
    not teach the computer players about somebody else.
    """
    return [
        (
            tuple(up + down for up, down in zip(row["up_ranks"], row["down_ranks"], strict=True)),
            row["count"],
        )
        for row in fetch(source, _SHOWDOWNS, (name, limit))
    ]


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
