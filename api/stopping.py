"""Open event streams end as soon as the server is told to stop.

A stream (`api.records`) sleeps until its match changes, and a stopping gunicorn worker waits
for every open response: a worker with one browser watching a match took the whole graceful
timeout to stop, and held its port meanwhile.

`stop` (called by the worker's signal handlers, `flipside.cli.serve`) sets `STOPPING` and
runs what was registered with `on_stop`: the wake-ups (`api.wakeups`) wake every sleeping
stream, which sees `STOPPING` and ends its response properly (the chunked terminator); the
client's EventSource reconnects with ``Last-Event-ID`` once a server answers again. Other
responses are untouched, so a graceful stop still finishes them.

`create_stoppable_app` is the app gunicorn serves, its request bodies also read under a
deadline (`api.body_deadline`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from flask import Flask

STOPPING = threading.Event()
_ON_STOP: list[Callable[[], None]] = []


def on_stop(callback: Callable[[], None]) -> None:
    """Run `callback` when the server is told to stop (it must not block: it runs in a
    signal handler)."""
    _ON_STOP.append(callback)


def stop() -> None:
    """The server is stopping: end the event streams."""
    STOPPING.set()
    for callback in _ON_STOP:
        callback()


def create_stoppable_app() -> Flask:
    """`api.create_app()`, its event streams ending when the worker is told to stop."""
    from . import create_app
    from .body_deadline import read_bodies_by_deadline
    from .wakeups import wakeups_of

    app = create_app()
    on_stop(wakeups_of(app).signal_all)
    app.wsgi_app = read_bodies_by_deadline(app.wsgi_app)  # type: ignore[method-assign,assignment]
    return app
