"""gunicorn's gthread worker with a deadline on each request's head (its line and headers).

gthread hands a connection to a thread as soon as its first bytes arrive, and the thread
then reads the head with no time limit: a client that sends part of a request line and
stops held a thread for good, and a thousand such sockets froze a worker (`flipside serve`
answered nothing). Here a head must be whole within `HEAD_SECONDS` of the thread taking it;
a watchdog thread shuts the reading side of a connection that is late, so the blocked read
ends (gunicorn closes the connection) and the thread is free again. Once the head is read
the request is the app's: bodies have their own deadline (`api.body_deadline`), event
streams none. One address may have `HEADS_PER_CLIENT` heads read at once; a connection
beyond that is closed at once, so one client cannot take every thread even for the time of
a deadline (behind a proxy, which sends whole heads at once, this never bites). And a
connection that closes after its answer lingers (`linger`) in its own thread, not in the
worker's loop.

Until a worker serves, a stop signal ends it at once (`leave_at_once`): it has nothing to
finish, and gunicorn's master tells each worker only once, so a stop it let pass held the whole
server's stop for the master's graceful timeout (30 s).

This module is loaded by gunicorn's master too (the worker class is named by its path):
it must not import the app.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
import time
from collections import Counter
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

HEAD_SECONDS = 10.0  # a head is a few hundred bytes: a fraction of a second on a slow phone
HEADS_PER_CLIENT = 128  # heads read at once for one address (a browser opens six)
TICK_SECONDS = 0.5  # how often the watchdog looks
LINGER_SECONDS = 2.0  # as gunicorn's own lingering close
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)


def leave_at_once(worker: Any) -> None:
    """Until `worker` serves, a stop signal ends its process at once.

    The handler ends the process itself rather than raise SystemExit: a handler's exception
    is raised in whatever code runs when the signal lands, and Python drops one raised in a
    ``__del__`` or a weakref callback, such as the one importlib runs as each module's import
    lock is freed (hundreds of times while the app's modules load). The worker then booted
    and served on, its one stop lost."""

    def leave(signum: int, frame: Any) -> None:
        try:  # (the log line gunicorn writes when a worker leaves)
            worker.log.info("Worker exiting (pid: %s)", worker.pid)
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(0)

    for signum in STOP_SIGNALS:
        signal.signal(signum, leave)


class HeadDeadlines:
    """The connections whose head is being read, each with the time it must be whole by,
    at most `per_client` at once for one client address."""

    def __init__(self, seconds: float = HEAD_SECONDS, per_client: int = HEADS_PER_CLIENT) -> None:
        self.seconds = seconds
        self.per_client = per_client
        self._due: dict[Any, float] = {}
        self._by_client: Counter[Any] = Counter()
        self._lock = threading.Lock()

    def start(self, conn: Any) -> bool:
        """Watch `conn`'s head; False if its client has `per_client` heads being read."""
        client = _address(conn)
        with self._lock:
            if self._by_client[client] >= self.per_client:
                return False
            self._by_client[client] += 1
            self._due[conn] = time.monotonic() + self.seconds
        return True

    def done(self, conn: Any) -> None:
        with self._lock:
            if self._due.pop(conn, None) is not None:
                self._forget(conn)

    def expired(self, now: float) -> list[Any]:
        """The connections late at `now`, no longer watched."""
        with self._lock:
            late = [conn for conn, due in self._due.items() if due <= now]
            for conn in late:
                del self._due[conn]
                self._forget(conn)
        return late

    def _forget(self, conn: Any) -> None:
        client = _address(conn)
        self._by_client[client] -= 1
        if not self._by_client[client]:
            del self._by_client[client]

    def watch(self, tick: float = TICK_SECONDS) -> None:
        """Shut the reading side of every late connection, every `tick` seconds, forever."""
        while True:
            time.sleep(tick)
            for conn in self.expired(time.monotonic()):
                with contextlib.suppress(OSError):  # closed meanwhile
                    conn.sock.shutdown(socket.SHUT_RD)


class HeadDeadlineWorker(ThreadWorker):
    """gthread, each request's head read under `HeadDeadlines`."""

    def init_process(self) -> None:
        self.heads = HeadDeadlines()
        threading.Thread(target=self.heads.watch, name="flipside-heads", daemon=True).start()
        super().init_process()

    def init_signals(self) -> None:
        """gunicorn's handlers, but a stop still leaves at once while the app loads, which
        gunicorn does after this: its own quick stop raised SystemExit inside the app's import,
        and a worker that had opened its pools then left through the interpreter's teardown.

        The stop signals wait meanwhile: gunicorn resets each handler to the default before
        it sets its own, and a signal that came in between either killed the worker
        (SIGQUIT's default) or, caught by the old handler but run after the reset, was
        dropped by Python ("ignored due to race condition")."""
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            super().init_signals()
            leave_at_once(self)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)

    def handle(self, conn: Any) -> Any:
        if not self.heads.start(conn):  # its client is already using its share
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)
            return False
        try:
            result = super().handle(conn)
        finally:
            self.heads.done(conn)
        if result is False:  # (not `_DEFER`, which is truthy: back to the poller)
            linger(conn.sock)
        return result

    def handle_request(self, req: Any, conn: Any) -> Any:
        self.heads.done(conn)  # the head is whole: the rest is the app's
        return super().handle_request(req, conn)


def linger(sock: socket.socket, seconds: float = LINGER_SECONDS) -> None:
    """The lingering close of RFC 9112 (9.6) in the request's own thread: send our end, read
    what the client still sends until it ends too or `seconds` pass, then shut the reading
    side. gunicorn lingers in the worker's loop, where a client that never closed its end
    stalled every other connection for two seconds; after this its close there is at once."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            if not sock.recv(4096):
                break
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RD)


def _address(conn: Any) -> Any:
    """The client's address without its port (a Unix socket's peer as it is)."""
    client = conn.client
    return client[0] if isinstance(client, tuple) else client
