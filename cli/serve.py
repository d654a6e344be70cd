"""`flipside serve`: the HTTP API under gunicorn, and the hooks `ops/gunicorn.conf.py` shares.

Workers are ``gthread``: an event stream holds one thread, not a whole worker. Before any
worker starts, the master resolves the database once (with nothing configured, the embedded
PostgreSQL, migrated) and exports its URL, so every worker serves the same database; it also
gives the workers a directory for their Prometheus samples, which `/metrics` adds up.

This module imports neither `api` nor ``prometheus_client`` at the top: both must be
imported in the workers, after ``PROMETHEUS_MULTIPROC_DIR`` is set.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import click

from flipside.config import Settings
from flipside.db import resolve_database_url

APP = "flipside.api:create_app()"
WORKER_CLASS = "gthread"
_METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR"
_OWN_METRICS_DIR = "FLIPSIDE_OWN_METRICS_DIR"  # set when we made the directory (to remove it)


def on_starting(server: Any = None) -> None:
    """gunicorn hook, in the master: the database and the metrics directory."""
    os.environ["FLIPSIDE_DATABASE_URL"] = resolve_database_url(Settings.from_env())
    if not os.environ.get(_METRICS_DIR):
        os.environ[_METRICS_DIR] = os.environ[_OWN_METRICS_DIR] = tempfile.mkdtemp(
            prefix="flipside-metrics-"
        )


def child_exit(server: Any, worker: Any) -> None:
    """gunicorn hook: a dead worker's live gauges no longer count."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    own = os.environ.get(_OWN_METRICS_DIR)
    if own:
        shutil.rmtree(own, ignore_errors=True)


def _gunicorn_app(options: dict[str, Any]) -> Any:
    from gunicorn.app.base import BaseApplication

    class FlipsideServer(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                if key in self.cfg.settings:  # control_socket_disable is new in gunicorn 25.1
                    self.cfg.set(key, value)

        def load(self) -> Any:
            from flipside.api import create_app

            return create_app()

    return FlipsideServer()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64))
@click.option(
    "--threads",
    default=32,
    show_default=True,
    type=click.IntRange(1, 256),
    help="Per worker; each open event stream holds one.",
)
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the HTTP API (and the web client) until interrupted.

    Uses FLIPSIDE_DATABASE_URL, or else an embedded PostgreSQL in the data directory,
    migrated on first use. For production see ops/gunicorn.conf.py.
    """
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": WORKER_CLASS,
        "on_starting": on_starting,
        "child_exit": child_exit,
        "on_exit": on_exit,
        "accesslog": None,  # the app logs one canonical line per request
        # One fixed control socket path per user would be shared by every server on the
        # machine (tests, benchmarks); `flipside serve` has no use for it.
        "control_socket_disable": True,
    }
    _gunicorn_app(options).run()
