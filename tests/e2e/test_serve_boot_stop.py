"""A stop that reaches a worker while it boots ends it at once, whatever the boot is doing.

gunicorn's master tells each worker once (SIGQUIT on Ctrl-C), then waits its graceful
timeout (30 s): a booting worker that lets the signal pass, or leaves slowly, holds the whole
server's stop that long. Each test runs `flipside serve` itself, the real master, worker and
hooks, with the worker's boot paused at a chosen point (`BOOT`: its `post_fork` hook
wrapped), and stops it when the worker says it is there.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from .serving import flipside_starting
from .survive import wait_for

STOP_SECONDS = 3.0
PAUSED = "paused in the boot"

# `flipside serve`, its worker pausing where the scenario (the first argument) says.
BOOT = f"""
import sys, threading, time, weakref
from flipside.cli import serve

post_fork = serve.post_fork

def in_a_weakref_callback(server, worker):
    post_fork(server, worker)
    class ModuleLock:
        pass
    def freed(ref):  # Python drops any exception raised here
        print({PAUSED!r}, flush=True)
        time.sleep(10)
    lock = ModuleLock()
    ref = weakref.ref(lock, freed)
    del lock

def loading_the_app(server, worker):
    post_fork(server, worker)
    threading.Thread(target=threading.Event().wait).start()  # as an import may start
    load = worker.load_wsgi
    def paused_load():
        print({PAUSED!r}, flush=True)
        time.sleep(10)
        load()
    worker.load_wsgi = paused_load

serve.post_fork = {{
    "in-a-weakref-callback": in_a_weakref_callback, "loading-the-app": loading_the_app
}}[sys.argv.pop(1)]
serve.serve.main(sys.argv[1:], prog_name="flipside serve")
"""


@pytest.mark.parametrize(
    "scenario",
    [
        # The stop lands where Python drops the exception a handler raises, as in the
        # callback importlib runs as each module's import lock is freed (hundreds of times
        # while the app's modules load): a worker left by raising SystemExit booted on and
        # served, its one stop lost.
        "in-a-weakref-callback",
        # The stop lands while the app loads (gunicorn's own handlers were in place there):
        # a worker that left through the interpreter's teardown waited for every thread
        # that is no daemon.
        "loading-the-app",
    ],
)
def test_a_worker_stopped_while_it_boots_leaves_at_once(
    database_url: str, tmp_path: Path, scenario: str
) -> None:
    command = (sys.executable, "-c", BOOT, scenario)
    with flipside_starting(
        database_url, tmp_path / "serve.log", "--no-projections", command=command
    ) as served:
        wait_for(lambda: PAUSED in served.output(), 60)

        seconds = served.stop(signal.SIGINT)

        print(f"stopped in {seconds:.2f}s with the worker {scenario}")
        assert seconds < STOP_SECONDS, served.output()[-3000:]
