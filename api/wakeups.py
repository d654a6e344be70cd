"""Wake-ups for requests that wait for a match to change (``GET .../actions?wait=N``).

A waiting request registers before it reads the match, then sleeps on a `threading.Event`
until the match is appended to or its time runs out: no polling. Two things set the events:

- the append path of this process (`Wakeups.signal`, called by the endpoints after they
  append), so a move answered by this worker wakes its waiters without a round trip;
- with PostgreSQL, one listener thread per process on the store's NOTIFY channel, which
  every process's appends notify (`flipside.store.notifier`), so a move made through another
  worker wakes this one's waiters too.

A notification is only a hint (docs/architecture.md): when the listener loses its
connection it wakes every waiter, which reads the match again, so none sleeps through an
append whose notification was lost with the connection.

How many requests may wait at once is bounded (`WaitLimits`), per process and per caller,
because each holds one of the worker's threads while it sleeps (it holds no database
connection): waits beyond the bound are refused with 429 rather than queued.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import psycopg
from flask import Flask
from psycopg import sql

from flipside.config import Settings
from flipside.logging import get_logger
from flipside.store import NOTIFY_CHANNEL, PostgresEventStore

from .problems import Problem, rate_limited

log = get_logger(__name__)

_EXTENSION = "flipside_wakeups"
_CONNECT_TIMEOUT = 5
_RECONNECT_SECONDS = (0.1, 0.5, 2.0, 5.0)  # backoff between attempts, then the last, repeated
# A listener that heard nothing for this long checks its connection (a dead peer may send
# no reset): it only looks at the connection, never at the matches.
_QUIET_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class WaitLimits:
    """How many waits one process holds at once, in all and per caller.

    At most 16 sleep in waits, well within a worker's threads (`api.capacity`); one caller
    (a bearer token, or an address without one) may hold 2, enough for a bot that re-asks
    while its last wait drains.
    """

    per_process: int = 16
    per_caller: int = 2


class Wakeups:
    """Threads waiting for matches to change, and the signals that wake them."""

    def __init__(self, limits: WaitLimits = WaitLimits()) -> None:
        self.limits = limits
        self.listener: NotificationListener | None = None  # with PostgreSQL: `install`
        self._lock = threading.Lock()
        self._waiting: dict[str, list[threading.Event]] = {}  # by match
        self._callers: Counter[str] = Counter()

    def signal(self, match_id: str) -> None:
        """The match changed: wake everyone waiting for it."""
        with self._lock:
            woken = self._waiting.pop(match_id, [])
        for event in woken:
            event.set()

    def signal_all(self) -> None:
        """Anything may have changed (notifications were lost): wake every waiter."""
        with self._lock:
            woken = [event for events in self._waiting.values() for event in events]
            self._waiting.clear()
        for event in woken:
            event.set()

    @property
    def waiting(self) -> int:
        """How many requests hold a wait slot now."""
        with self._lock:
            return sum(self._callers.values())

    @contextmanager
    def slot(self, caller: str) -> Iterator[None]:
        """Hold one of the process's wait slots for `caller`; 429 ``rate_limited`` if none
        is free, so a waiting request can never take the threads that serve moves."""
        with self._lock:
            if sum(self._callers.values()) >= self.limits.per_process:
                raise _busy("this server process holds as many waits as it allows")
            if self._callers[caller] >= self.limits.per_caller:
                raise _busy(f"a caller may hold {self.limits.per_caller} waits at once")
            self._callers[caller] += 1
        try:
            yield
        finally:
            with self._lock:
                self._callers[caller] -= 1
                if not self._callers[caller]:
                    del self._callers[caller]

    @contextmanager
    def watch(self, match_id: str) -> Iterator[threading.Event]:
        """An event set at the match's next change. Enter it *before* reading the match, so
        an append between the read and the sleep still wakes the sleeper.

        The listener starts with the first watch, a wait's or an event stream's: in the
        worker, never in a process that forks afterwards. (Started with the waits alone, a
        worker that had served none left its streams deaf to the other workers' appends until
        their heartbeat: a match played out through another worker streamed nothing.) Once
        it listens it wakes every watcher, so an append made before then is read too."""
        if self.listener is not None:
            self.listener.start()
        event = threading.Event()
        with self._lock:
            self._waiting.setdefault(match_id, []).append(event)
        try:
            yield event
        finally:
            with self._lock:
                events = self._waiting.get(match_id, [])
                if event in events:
                    events.remove(event)
                if not events:
                    self._waiting.pop(match_id, None)


def _busy(detail: str) -> Problem:
    return rate_limited(detail, 1)


class NotificationListener:
    """One thread LISTENing on the store's channel, turning each notification (a stream id)
    into `Wakeups.signal`; started on first use, a daemon for the process's life."""

    def __init__(self, url: str, wakeups: Wakeups) -> None:
        self._url = url
        self._wakeups = wakeups
        self._started = threading.Lock()
        self._thread: threading.Thread | None = None
        self.listening = threading.Event()  # set while the LISTEN is in place

    def start(self) -> None:
        with self._started:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="flipside-wakeups", daemon=True
                )
                self._thread.start()

    def _run(self) -> None:
        failures = 0
        while True:
            try:
                with self._connect() as conn:
                    failures = 0
                    self._listen(conn)
            except psycopg.Error as error:
                self.listening.clear()
                self._wakeups.signal_all()  # appends may have gone unnoticed meanwhile
                log.warning("wakeup_listener_lost", error=str(error).splitlines()[0])
                time.sleep(_RECONNECT_SECONDS[min(failures, len(_RECONNECT_SECONDS) - 1)])
                failures += 1

    def _connect(self) -> psycopg.Connection:
        return psycopg.connect(
            self._url,
            autocommit=True,
            connect_timeout=_CONNECT_TIMEOUT,
            application_name="flipside-wakeups",
        )

    def _listen(self, conn: psycopg.Connection) -> None:
        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(NOTIFY_CHANNEL)))
        self.listening.set()
        self._wakeups.signal_all()  # anything appended before the LISTEN was in place
        while True:
            heard = False
            for notification in conn.notifies(timeout=_QUIET_SECONDS):
                self._wakeups.signal(notification.payload)
                heard = True
            if not heard:
                conn.execute("SELECT 1")


def install(app: Flask, store: object) -> Wakeups:
    """The app's `Wakeups`, listening to PostgreSQL when `store` is the PostgreSQL store.

    Its database is the configured one: `flipside serve` and gunicorn export the URL they
    resolved before the workers start. Without one (an app built around a store by hand)
    only this process's appends wake its waiters."""
    wakeups = Wakeups(app.config.get("FLIPSIDE_WAIT_LIMITS") or WaitLimits())
    settings = app.config.get("FLIPSIDE_SETTINGS") or Settings.from_env()
    if isinstance(store, PostgresEventStore) and settings.database_url:
        wakeups.listener = NotificationListener(settings.database_url, wakeups)
    app.extensions[_EXTENSION] = wakeups
    return wakeups


def wakeups_of(app: Flask) -> Wakeups:
    wakeups: Wakeups = app.extensions[_EXTENSION]
    return wakeups
