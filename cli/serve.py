"""`flipside serve`: the HTTP API under gunicorn, and the hooks `ops/gunicorn.conf.py` shares.

Workers are ``gthread`` (`serve_worker`: each request's head read under a deadline): an
event stream holds one thread, asleep, not a whole worker; a worker has a thousand
(`flipside.api.capacity` says how they are spent). Before any worker starts, the master
resolves the database once (with nothing configured, the embedded PostgreSQL, migrated) and
exports its URL, so every worker serves the same database; it also gives the workers a
directory for their Prometheus samples, which `/metrics` adds up.

A worker told to stop (SIGTERM, SIGINT, SIGQUIT) first ends its open event streams
(`api.stopping`), so Ctrl-C stops the server at once and the port is free for a restart.

`flipside serve` is a whole system: its master also keeps the projection runner running
beside the workers (`flipside.projections.supervisor`; ``--no-projections`` when an operator
runs `flipside projections run` separately, as ops/ does), and prints one line saying where
to go once it listens.

This module imports neither `api` nor ``prometheus_client`` at the top: both must be
imported in the workers, after ``PROMETHEUS_MULTIPROC_DIR`` is set.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import click

from flipside.config import DEFAULT_THREADS, Settings
from flipside.db import require_migrated, resolve_database_url
from flipside.projections.supervisor import RunnerProcess

from .serve_banner import start_line

APP = "flipside.api.stopping:create_stoppable_app()"
WORKER_CLASS = "flipside.cli.serve_worker.HeadDeadlineWorker"  # gthread, heads timed
_METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"
_OWN_METRICS_DIR = "FLIPSIDE_OWN_METRICS_DIR"  # set when we made the directory (to remove it)


def on_starting(server: Any = None) -> None:
    """gunicorn hook, in the master: the database (refused if it lacks migrations) and the
    metrics directory."""
    settings = Settings.from_env()
    os.environ["FLIPSIDE_DATABASE_URL"] = url = resolve_database_url(settings)
    if settings.database_url:  # (the embedded one was just migrated)
        require_migrated(url)
    if not os.environ.get(_METRICS_DIR):
        os.environ[_METRICS_DIR] = os.environ[_OWN_METRICS_DIR] = tempfile.mkdtemp(
            prefix="flipside-metrics-"
        )


def post_fork(server: Any, worker: Any) -> None:
    """gunicorn hook, in each worker: a stop while it boots leaves at once
    (`serve_worker.leave_at_once`), then gunicorn's own errors (a bad request line or header)
    as problem+json. Not in the master: importing the app before `on_starting` has set up
    the shared metrics directory would leave each worker counting its metrics on its own.

    A new worker has the master's signal handlers until it sets its own: those only queue
    the signal for the master's loop, so a stop then was lost, and the master, which tells
    each worker once, waited out its whole graceful timeout (30 s). `FlipsideArbiter` holds
    the stop signals over the fork, for this hook; under gunicorn's own master
    (``ops/gunicorn.conf.py``) a stop may come first, and is found on this process's copy
    of the master's queue (`_stop_queued`)."""
    from .serve_worker import STOP_SIGNALS, leave_at_once

    leave_at_once(worker)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    if _stop_queued(server, STOP_SIGNALS):
        signal.raise_signal(signal.SIGTERM)  # the worker leaves at once, as for any stop
    from flipside.api.server_errors import install

    install()


def _stop_queued(server: Any, stops: tuple[signal.Signals, ...]) -> bool:
    """Whether a stop signal came to this worker before it set its own handlers: gunicorn's
    master queues a signal (`Arbiter.signal`) on a queue that this process, a copy of the
    master, has its own copy of, which nothing here would read. (A stop the master had
    queued but not read before the fork is here too: the master is stopping then.)"""
    seen = []
    with contextlib.suppress(queue.Empty):
        while True:
            seen.append(server.SIG_QUEUE.get_nowait())
    return any(signum in stops for signum in seen)


def post_worker_init(worker: Any) -> None:
    """gunicorn hook, in a worker: a signal to stop ends the event streams first, and the
    worker's own stop runs in its loop rather than in the signal handler.

    gthread's quick stop (SIGINT, SIGQUIT) shuts its thread pool down in the handler, which
    takes the pool's lock: a signal that came while the loop was starting a pool thread,
    holding that lock, deadlocked the worker until the master killed it, 30 s later. The
    handler now only sets flags (`api.stopping`, gunicorn's ``alive``) and queues the quick
    stop on gthread's method queue (a SimpleQueue and a pipe: safe in a handler)."""
    from flipside.api.stopping import stop

    from .serve_worker import STOP_SIGNALS

    handle = stop_handler(worker, stop)
    for signum in STOP_SIGNALS:
        signal.signal(signum, handle)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn had it: requests' calls go on


def stop_handler(worker: Any, stop: Callable[[], None]) -> Callable[[int, Any], None]:
    """The handler of a worker's stop signals: `stop`, then gunicorn's own stop, queued."""

    def handle(signum: int, frame: Any) -> None:
        stop()
        if signum == signal.SIGTERM:
            worker.handle_exit(signum, frame)  # graceful: flags, and wakes the loop
        else:
            worker.method_queue.defer(worker.handle_quit, signum, None)

    return handle


def worker_exit(server: Any, worker: Any) -> None:
    """gunicorn hook, in a worker that stopped serving. One that was told to stop leaves
    without the interpreter's teardown of every module, half a second of CPU (a third of a
    Ctrl-C): first its threads finish (streams end at once) and its pools close, so nothing
    is left to tidy. One that failed to boot, or lost its master, exits as usual."""
    if worker.alive:
        return
    worker.tpool.shutdown(wait=True)
    app = getattr(worker, "wsgi", None)  # (none in a worker aborted while it loaded the app)
    dependencies = getattr(app, "extensions", {}).get("flipside")
    if dependencies is not None:  # (another app may be served with ops/gunicorn.conf.py)
        dependencies.service.store.close()
        dependencies.credentials.close()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn hook: a dead worker's live gauges no longer count."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    own = os.environ.get(_OWN_METRICS_DIR)
    if own:
        shutil.rmtree(own, ignore_errors=True)


def _gunicorn_app(options: dict[str, Any], runner: RunnerProcess | None) -> Any:
    from gunicorn.app.base import BaseApplication
    from gunicorn.arbiter import Arbiter

    from .serve_worker import STOP_SIGNALS

    class FlipsideArbiter(Arbiter):
        """gunicorn's master, keeping the projection runner running beside the workers."""

        def spawn_worker(self) -> int:
            """A stop signal that comes while a worker forks waits until the worker has set
            its own handlers (`post_fork`); the master's own wait the few microseconds."""
            signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
            try:
                return int(super().spawn_worker())
            finally:  # (in the master; a worker only comes here when it leaves)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)

        def manage_workers(self) -> None:  # called about every second
            super().manage_workers()
            if runner is not None:
                runner.keep_alive()

        def stop(self, graceful: bool = True) -> None:
            if runner is None:
                super().stop(graceful)
                return
            runner.stop()
            super().stop(graceful)
            runner.wait()

    class FlipsideServer(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                if key in self.cfg.settings:  # control_socket_disable is new in gunicorn 25.1
                    self.cfg.set(key, value)

        def load(self) -> Any:
            from flipside.api.stopping import create_stoppable_app

            return create_stoppable_app()

        def run(self) -> None:
            FlipsideArbiter(self).run()

    return FlipsideServer()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
@click.option(
    "--threads",
    default=DEFAULT_THREADS,
    show_default=True,
    type=click.IntRange(1, 16 * DEFAULT_THREADS),
    help="Per worker; each open event stream holds one, asleep (flipside.api.capacity).",
)
@click.option(
    "--projections/--no-projections",
    default=True,
    show_default=True,
    help="Run the projection runner beside the workers (off when `flipside projections run` "
    "runs separately).",
)
def serve(host: str, port: int, workers: int, threads: int, projections: bool) -> None:
    """Serve the web client, the HTTP API and its docs until interrupted (Ctrl-C).

    Uses FLIPSIDE_DATABASE_URL, or else an embedded PostgreSQL in the data directory,
    migrated on first use. For production see ops/gunicorn.conf.py.
    """
    settings = Settings.from_env()
    os.environ["FLIPSIDE_THREADS"] = str(threads)  # the workers' apps bound their streams by it
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_connections": 2 * threads,
        "worker_class": WORKER_CLASS,
        "on_starting": on_starting,
        "when_ready": lambda server: click.echo(start_line(server, settings, projections)),
        "post_fork": post_fork,
        "post_worker_init": post_worker_init,
        "worker_exit": worker_exit,
        "child_exit": child_exit,
        "on_exit": on_exit,
        "accesslog": None,  # the app logs one canonical line per request
        # One fixed control socket path per user would be shared by every server on the
        # machine (tests, benchmarks); `flipside serve` has no use for it.
        "control_socket_disable": True,
    }
    _gunicorn_app(options, RunnerProcess() if projections else None).run()
