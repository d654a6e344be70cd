"""The projection runner as a child process that `flipside serve` keeps running.

The child is started fresh (``spawn``): nothing of gunicorn's master (its pools, its signal
handlers) crosses into it. It follows the events through database outages
(`runner.follow_through_outages`) and stops on SIGINT or SIGTERM between batches.

gunicorn's master reaps every child of its own (``waitpid(-1)``), so the runner's end is
seen through its `sentinel` (a pipe that closes when the process ends), not its exit
status. A runner that ended unasked (its traceback is in the log) is started again after
`RESTART_SECONDS`.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess

import structlog

from flipside.config import Settings
from flipside.db import resolve_database_url
from flipside.logging import configure as configure_logging

from .runner import follow_through_outages, stop_on_signals

RESTART_SECONDS = 1.0
STOP_SECONDS = 5.0  # for a batch in flight to commit, then the runner is killed

log = structlog.get_logger("flipside.projections")
_SPAWN = multiprocessing.get_context("spawn")


def run_projections() -> None:
    """The child: fold new events into every projection until SIGINT or SIGTERM."""
    stop = stop_on_signals()
    settings = Settings.from_env()
    configure_logging(settings.log_format)
    follow_through_outages(resolve_database_url(settings, migrate=False), stop=stop)


class RunnerProcess:
    """The runner's child process: `keep_alive` starts it (again), `stop` and `wait` end it."""

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._ended_at: float | None = None
        self._stopped = False

    def keep_alive(self) -> None:
        """Start the runner if it is not running (once `RESTART_SECONDS` have passed since
        it ended); call it often."""
        if self._stopped or (self._process is not None and not self._restart_due()):
            return
        self._process = _SPAWN.Process(target=run_projections, name="flipside-projections")
        self._process.start()
        self._ended_at = None

    def _restart_due(self) -> bool:
        assert self._process is not None
        if not _ended(self._process, 0):
            return False
        if self._ended_at is None:
            self._ended_at = time.monotonic()
            log.warning("projection runner ended", pid=self._process.pid)
        return time.monotonic() - self._ended_at >= RESTART_SECONDS

    def stop(self) -> None:
        """Ask the runner to stop (it ends after its batch in flight); no restart after."""
        self._stopped = True
        if self._process is not None and not _ended(self._process, 0):
            os.kill(self._pid(), signal.SIGTERM)

    def wait(self) -> None:
        """Wait for a stopping runner, killing it after `STOP_SECONDS`."""
        if self._process is not None and not _ended(self._process, STOP_SECONDS):
            os.kill(self._pid(), signal.SIGKILL)

    def _pid(self) -> int:
        assert self._process is not None and self._process.pid is not None
        return self._process.pid


def _ended(process: BaseProcess, timeout: float) -> bool:
    return bool(wait([process.sentinel], timeout))
