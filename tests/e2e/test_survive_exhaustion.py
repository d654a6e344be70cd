"""Connection exhaustion ("Survive abuse"): idle event streams and stalled request bodies
held open by spectators without a token leave ``/healthz`` and whole matches served, every
stream delivers every event, and every stalled body ends in 408 within its deadline.

Runs `ops/load/exhaustion.py` at a tenth of its default size (which the closing figures
come from) and checks each of its verdicts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "ops" / "load" / "exhaustion.py"


def test_idle_streams_and_stalled_bodies_leave_the_server_serving(
    postgres_server_url: str,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "--streams",
            "100",
            "--stalled",
            "20",
            "--seconds",
            "11",
            "--server-url",
            postgres_server_url,
        ],
        cwd=SCRIPT.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    verdicts = done.stdout.strip().splitlines()[-3:]
    print(done.stdout)
    assert [line.rsplit(": ", 1)[-1] for line in verdicts] == ["held"] * 3, done.stdout
