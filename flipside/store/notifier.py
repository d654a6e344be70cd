"""Wake-up notifications for appended streams, sent after the appends commit.

Why not ``NOTIFY`` inside the append's transaction: PostgreSQL serialises the commits of all
notifying transactions in the cluster behind one lock that is held through the WAL flush
(``PreCommit_Notify``), which cost the append 6x its throughput at 16 concurrent writers.
Here one thread per store sends the notifications from its own connection with
``synchronous_commit = off`` (a notification needs no durability), coalescing bursts into one
statement, so appends never wait for it.

A notification is only a hint: it can be lost (a crash right after a commit, a dropped
connection), so listeners must also read on a timeout, which `read_all` makes safe.
"""

from __future__ import annotations

import logging
import threading
import time

import psycopg

from .model import NOTIFY_CHANNEL

_log = logging.getLogger(__name__)

_NOTIFY_MANY = (
    f"SELECT pg_notify('{NOTIFY_CHANNEL}', stream_id) FROM unnest(%s::text[]) AS stream_id"
)
_CONNECT_TIMEOUT = 5
# After each send, wait this long so that a busy store sends one statement per interval
# rather than one per append; listeners see a wake-up at most this much later. At 5 ms a
# worker serving a few hundred moves a second still sent one statement per append, a tenth
# of the append's own client time; at 20 ms it sends at most 50 a second.
_COALESCE_SECONDS = 0.02


class Notifier:
    """Sends ``pg_notify(NOTIFY_CHANNEL, stream_id)`` for each `notify` call, in the background."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._pending: dict[str, None] = {}  # insertion-ordered set of stream ids
        self._wake = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    def notify(self, stream_id: str) -> None:
        with self._wake:
            if self._closed:
                return
            self._pending[stream_id] = None
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="flipside-notifier", daemon=True
                )
                self._thread.start()
            self._wake.notify()

    def close(self) -> None:
        """Send what is pending, then stop."""
        with self._wake:
            self._closed = True
            self._wake.notify()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=_CONNECT_TIMEOUT + 1)

    def _next_batch(self) -> list[str] | None:
        with self._wake:
            while not self._pending and not self._closed:
                self._wake.wait()
            batch, self._pending = list(self._pending), {}
        return batch or None

    def _run(self) -> None:
        conn: psycopg.Connection | None = None
        while (batch := self._next_batch()) is not None:
            conn = self._send(conn, batch)
            time.sleep(_COALESCE_SECONDS)
        if conn is not None:
            conn.close()

    def _send(self, conn: psycopg.Connection | None, batch: list[str]) -> psycopg.Connection | None:
        """Send `batch` on `conn`, or on a new connection if that one is dead (a restarted
        server); returns the connection to use next time."""
        for attempt in (1, 2):
            try:
                if conn is None or conn.closed:
                    conn = self._connect()
                conn.execute(_NOTIFY_MANY, (batch,))
                return conn
            except psycopg.Error as error:
                if conn is not None:
                    conn.close()
                conn = None
                if attempt == 2 or not isinstance(error, psycopg.OperationalError):
                    _log.warning("notifications for %d stream(s) lost: %s", len(batch), error)
        return None

    def _connect(self) -> psycopg.Connection:
        conn = psycopg.connect(
            self._url,
            autocommit=True,
            connect_timeout=_CONNECT_TIMEOUT,
            application_name="flipside-notifier",
        )
        conn.execute("SET synchronous_commit = off")
        return conn
