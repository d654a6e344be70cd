"""How a server process spends its threads.

gunicorn's ``gthread`` worker gives every request in progress a thread of its own. Most
requests hold theirs for milliseconds, but an open event stream holds one for minutes,
asleep until its match changes (`api.records`), and a body arriving slowly holds one until
it is whole or its time is up (`api.body_deadline`). An idle thread costs only its memory, so
a worker has many (`flipside.config.Settings.threads`, a thousand by default); what bounds
them is that streams may take all but a reserve (`StreamSlots`): however many streams are
open, moves, views and ``/healthz`` always find a thread. Waits for a turn are bounded apart
(`api.wakeups`).
"""

from __future__ import annotations

import threading

RESERVED_THREADS = 128  # never held by an event stream (half of a smaller pool)


class StreamSlots:
    """How many event streams this process holds open, at most `limit` at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._free = threading.BoundedSemaphore(limit)

    def take(self) -> bool:
        """Take a slot if one is free (never waits)."""
        return self._free.acquire(blocking=False)

    def give_back(self) -> None:
        self._free.release()


def stream_slots(threads: int) -> StreamSlots:
    """The slots of a worker with `threads` threads.

    >>> stream_slots(1024).limit, stream_slots(32).limit, stream_slots(1).limit
    (896, 16, 1)
    """
    return StreamSlots(max(1, threads - min(RESERVED_THREADS, threads // 2)))
