"""`flipside serve` is a real server: the installed command serves the API on the port asked
for, against the configured database, and stops on SIGINT."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import requests

from .live_server import ROOT, free_port, wait_ready


def test_flipside_serve_answers_and_stops(database_url: str, tmp_path: Path) -> None:
    port = free_port()
    flipside = shutil.which("flipside", path=str(Path(sys.executable).parent)) or "flipside"
    env = {**os.environ, "FLIPSIDE_DATABASE_URL": database_url}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [flipside, "serve", "--port", str(port), "--workers", "2"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
    try:
        base_url = f"http://127.0.0.1:{port}"
        wait_ready(base_url, process, log_path)
        seats = [{"type": "npc", "level": "easy"}] * 3
        created = requests.post(f"{base_url}/v1/matches", json={"seats": seats}, timeout=30)
        assert created.status_code == 201
        assert (
            requests.get(f"{base_url}/v1/matches/{created.json()['match_id']}", timeout=10).json()[
                "status"
            ]
            == "finished"
        )
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
