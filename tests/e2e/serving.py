"""`flipside serve` as a user runs it: the installed command in a process of its own, its
output (the start line, the logs) in a file, stopped with a signal at the end."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .live_server import ROOT, free_port, wait_ready

FLIPSIDE = shutil.which("flipside", path=str(Path(sys.executable).parent)) or "flipside"


@dataclass(frozen=True)
class Served:
    base_url: str
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, signum: int = signal.SIGINT) -> float:
        """Send `signum`; the seconds until the whole server has exited (it must exit 0)."""
        started = time.monotonic()
        self.process.send_signal(signum)
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after 30 s:\n{self.output()[-3000:]}") from None
        assert code == 0, self.output()[-3000:]
        return time.monotonic() - started


@contextmanager
def flipside_serve(
    database_url: str, log_path: Path, *options: str, port: int | None = None
) -> Iterator[Served]:
    """`flipside serve --port P *options` on `database_url`, ready; interrupted at the end if
    it is still running."""
    with flipside_starting(database_url, log_path, *options, port=port) as served:
        wait_ready(served.base_url, served.process, log_path)
        yield served


@contextmanager
def flipside_starting(
    database_url: str,
    log_path: Path,
    *options: str,
    port: int | None = None,
    command: Sequence[str] = (FLIPSIDE, "serve"),
) -> Iterator[Served]:
    """`flipside serve` as `flipside_serve` starts it, not yet ready (or `command`, which
    takes the same options)."""
    port = port or free_port()
    env = {**os.environ, "FLIPSIDE_DATABASE_URL": database_url, "FLIPSIDE_LOG_FORMAT": "json"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # the server makes its own
    with log_path.open("ab") as log:
        process = subprocess.Popen(
            [*command, "--port", str(port), *options],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
    served = Served(f"http://127.0.0.1:{port}", port, process, log_path)
    try:
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
