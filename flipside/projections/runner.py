"""The projection runner: fold new events as they are stored, until told to stop.

It LISTENs on the store's NOTIFY channel before its first catch-up, so an append that
commits while it folds still wakes it afterwards. A notification only says "look again":
the runner then reads everything past its checkpoints, so lost or coalesced notifications
cost nothing but latency, and a poll every `poll_seconds` is the fallback.

Only events below the transaction watermark can be read (`feed`), and the watermark is
held back by any older transaction on the server, so a notified event may not be readable
at once: after a notification the runner looks again after 50 ms, then backs off.

`stop` (a `threading.Event`) ends it between batches; `stop_on_signals` sets it on SIGINT
and SIGTERM, so a batch in flight commits (or rolls back) whole before the process exits.

`follow_through_outages` is the runner that `flipside serve` keeps beside its workers: a
database that stops answering (or was not up yet) is waited for, with a growing pause,
instead of ending the runner; its checkpoints make the next catch-up start where it stopped.

The runner folds as `PROJECTION_ROLE` (migration 0007: the only role besides the owner that
may write the read models) whenever its login may take that role on, so that the server and
the runner can share one URL that asks for the application role.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
import structlog
from psycopg import sql

from flipside.db import DatabaseUnavailable, connect
from flipside.store import NOTIFY_CHANNEL

from .postgres import BATCH_SIZE, PROJECTIONS, Projector

POLL_SECONDS = 1.0
_STOP_CHECK_SECONDS = 0.2  # how long a wait may go on without looking at `stop`
_RETRY_SECONDS = 0.05  # the first look again after a notification
OUTAGE_PAUSE_SECONDS = 1.0  # between tries to reach a database that is down

PROJECTION_ROLE = "flipside_projections"

log = structlog.get_logger("flipside.projections")

# Whether the login may act as the projection role and that role may write this database's
# read models (a database not yet upgraded to 0007 has not granted it that); whether the
# role connected may write them itself; and who is connected, for the error.
_MAY_TAKE_ROLE = """
SELECT coalesce((
           SELECT pg_has_role(session_user, r.oid, 'MEMBER')
                  AND has_table_privilege(r.oid, 'player_stats', 'UPDATE')
           FROM pg_roles r WHERE r.rolname = %s
       ), false),
       has_table_privilege('player_stats', 'UPDATE'),
       session_user, current_user
"""


def stop_on_signals() -> threading.Event:
    """An event set by SIGINT or SIGTERM (call from the main thread)."""
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    return stop


def follow(
    url: str,
    *,
    names: Sequence[str] = tuple(PROJECTIONS),
    once: bool = False,
    stop: threading.Event | None = None,
    poll_seconds: float = POLL_SECONDS,
    batch_size: int = BATCH_SIZE,
    on_batch: Callable[[int], None] | None = None,
) -> int:
    """Keep the named projections up to date; with `once`, catch up and return.

    Returns the events folded; `on_batch` is told each batch's size as it commits.
    Raises `flipside.db.DatabaseUnavailable` if the database does not answer at the start.
    """
    stop = stop or threading.Event()
    with connect(url) as conn, connect(url) as listener:
        take_projection_role(conn)
        listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(NOTIFY_CHANNEL)))
        projector = Projector(conn, names, batch_size)
        total, delay = 0, poll_seconds
        while not stop.is_set():
            total += _catch_up(projector, stop, on_batch)
            if once:
                break
            notified = _wait(listener, delay, stop)
            # The watermark is cluster-wide: a notified append can stay unreadable while an
            # older transaction (anywhere on the server) runs. So after a notification, look
            # again soon and back off towards the poll interval.
            delay = _RETRY_SECONDS if notified else min(delay * 2, poll_seconds)
    return total


def take_projection_role(conn: psycopg.Connection[Any]) -> None:
    """Act as `PROJECTION_ROLE` on `conn` if the login may; else stay the role it is, if
    that may write the read models (the owner). `PermissionError` if neither may."""
    row = conn.execute(_MAY_TAKE_ROLE, (PROJECTION_ROLE,)).fetchone()
    assert row is not None  # a SELECT without FROM has one row
    may_take, may_write, login, role = row
    if may_take:
        conn.execute(sql.SQL("SET ROLE {}").format(sql.Identifier(PROJECTION_ROLE)))
    elif not may_write:
        raise PermissionError(
            f"{role} may not write the read models, and {login} may not act as "
            f"{PROJECTION_ROLE}: GRANT {PROJECTION_ROLE} TO {login}"
        )


def follow_through_outages(url: str, *, stop: threading.Event, **follow_options: Any) -> None:
    """`follow` until `stop` is set, connecting again whenever the database goes away
    (`follow_options` are `follow`'s, but not `once`)."""
    while not stop.is_set():
        try:
            follow(url, stop=stop, **follow_options)
        except (DatabaseUnavailable, psycopg.OperationalError) as error:
            reason = str(error).strip().splitlines()[:1] or [type(error).__name__]
            log.warning("database unavailable", error=reason[0], retry_in_s=OUTAGE_PAUSE_SECONDS)
            stop.wait(OUTAGE_PAUSE_SECONDS)


def _catch_up(
    projector: Projector, stop: threading.Event, on_batch: Callable[[int], None] | None
) -> int:
    total = 0
    while not stop.is_set() and (read := projector.step()):
        total += read
        if on_batch is not None:
            on_batch(read)
    return total


def _wait(listener: psycopg.Connection[Any], seconds: float, stop: threading.Event) -> bool:
    """Until a notification arrives (True), `seconds` pass or `stop` is set."""
    deadline = time.monotonic() + seconds
    while not stop.is_set() and (left := deadline - time.monotonic()) > 0:
        timeout = min(left, _STOP_CHECK_SECONDS)
        if any(True for _ in listener.notifies(timeout=timeout, stop_after=1)):
            # Drain what else is queued: one catch-up answers all of them.
            for _ in listener.notifies(timeout=0):
                pass
            return True
    return False
