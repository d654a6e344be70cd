"""A worker's stop signals take no lock its loop may hold (`cli.serve.stop_handler`).

gthread's own quick stop shut the thread pool down inside the handler; a signal landing
while the loop started a pool thread (holding the pool's lock) deadlocked the worker until
the master killed it 30 s later. Here the loop's lock is held while the handler runs."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from gunicorn.config import Config
from gunicorn.workers.gthread import ThreadWorker

from cli.serve import stop_handler

HANDLER_SECONDS = 2  # the handler takes microseconds; a deadlock, forever


def _worker() -> ThreadWorker:
    worker = ThreadWorker(1, 0, [], mock.Mock(), 30, Config(), mock.Mock())
    worker.tpool = worker.get_thread_pool()
    worker.method_queue.init()
    return worker


def _handled_while_submitting(handle: Callable[[int, Any], None], worker: Any, signum: int) -> bool:
    """Run `handle` in a thread that holds the pool's lock, as `ThreadPoolExecutor.submit`
    does while it starts a thread; whether it returned in time."""

    def interrupted_submit() -> None:
        with worker.tpool._shutdown_lock:
            handle(signum, None)

    thread = threading.Thread(target=interrupted_submit, daemon=True)
    thread.start()
    thread.join(HANDLER_SECONDS)
    return not thread.is_alive()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGQUIT, signal.SIGTERM])
def test_the_handler_returns_while_the_loop_holds_the_pool_lock(signum: int) -> None:
    worker, stopped = _worker(), threading.Event()
    try:
        assert _handled_while_submitting(stop_handler(worker, stopped.set), worker, signum)
        assert stopped.is_set()  # the event streams were told first
    finally:
        worker.tpool.shutdown(wait=False)
        worker.method_queue.close()


def test_gunicorns_own_quick_stop_would_deadlock_there() -> None:
    """The hazard the handler avoids (this fails once gthread's own handler is safe)."""
    worker = _worker()
    with mock.patch("time.sleep"), mock.patch("sys.exit"):
        assert not _handled_while_submitting(worker.handle_quit, worker, signal.SIGQUIT)


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGQUIT])
def test_the_quick_stop_runs_in_the_loop(signum: int) -> None:
    worker = _worker()
    try:
        stop_handler(worker, lambda: None)(signum, None)
        assert worker.alive
        with mock.patch("time.sleep"), pytest.raises(SystemExit):
            worker.method_queue.run_callbacks(None)  # what the loop does when woken
        assert not worker.alive
    finally:
        worker.method_queue.close()


def test_sigterm_is_gracefully_left_to_the_loop() -> None:
    worker = _worker()
    try:
        stop_handler(worker, lambda: None)(signal.SIGTERM, None)
        assert not worker.alive  # the loop drains its connections, then leaves
    finally:
        worker.tpool.shutdown(wait=False)
        worker.method_queue.close()
