"""A stop that reached a worker before `post_fork` set its handlers still ends it at once.

Under gunicorn's own master (``ops/gunicorn.conf.py``) a new worker keeps the master's
handlers for a moment after the fork; they queue a stop on the worker's copy of the master's
queue, which the worker never reads, and the master tells each worker only once. Each case
runs `cli.serve.post_fork` in a process of its own (a stop ends the process), with the
queue as the master's handlers would have left it.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

POST_FORK = """
import os, queue, sys
from types import SimpleNamespace
from cli.serve import post_fork

class Log:
    def info(self, message, *args):
        print(message % args, flush=True)

server = SimpleNamespace(SIG_QUEUE=queue.SimpleQueue())
for queued in sys.argv[1:]:
    server.SIG_QUEUE.put_nowait(int(queued))
post_fork(server, SimpleNamespace(log=Log(), pid=os.getpid()))
print("booted on", flush=True)
"""


def _post_fork(*queued: int) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", POST_FORK, *map(str, queued)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGQUIT])
def test_a_queued_stop_ends_the_worker_before_it_boots(stop: signal.Signals) -> None:
    done = _post_fork(signal.SIGHUP, stop)
    assert done.returncode == 0, done.stderr
    assert "Worker exiting" in done.stdout and "booted on" not in done.stdout


def test_other_queued_signals_let_the_worker_boot() -> None:
    done = _post_fork(signal.SIGHUP, signal.SIGTTIN)
    assert done.returncode == 0, done.stderr
    assert "booted on" in done.stdout and "Worker exiting" not in done.stdout
