"""`flipside serve` is a real server: the installed command serves the API on the port asked
for, against the configured database, says where to go in one line once it listens, shows
one version everywhere, logs for people on a terminal, stops on SIGINT, and refuses a
database that lacks its migrations."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
from importlib.metadata import version
from pathlib import Path

import requests
from psycopg.conninfo import conninfo_to_dict

from flipside.db import create_database, drop_database, migrations

from .live_server import Server, free_port
from .serving import FLIPSIDE, flipside_serve
from .survive import wait_for

VERSION = version("flipside")  # the package metadata, i.e. pyproject.toml


def test_flipside_serve_answers_says_where_to_go_and_stops(
    database_url: str, tmp_path: Path
) -> None:
    with flipside_serve(database_url, tmp_path / "serve.log", "--workers", "2") as served:
        base_url = served.base_url
        seats = [{"type": "npc", "level": "easy"}] * 3
        created = requests.post(f"{base_url}/v1/matches", json={"seats": seats}, timeout=30)
        assert created.status_code == 201
        match = requests.get(f"{base_url}/v1/matches/{created.json()['match_id']}", timeout=10)
        assert match.json()["status"] == "finished"

        start_lines = [line for line in served.output().splitlines() if "play at" in line]
        assert len(start_lines) == 1, served.output()
        assert start_lines[0].startswith(
            f"flipside {VERSION}: play at {base_url}/  API docs at {base_url}/docs  "
            f"database: {conninfo_to_dict(database_url)['dbname']} on "
        )
        for page in ("/", "/docs"):
            assert requests.get(base_url + page, timeout=10).status_code == 200

        assert served.stop() < 10


def test_one_version_in_the_command_the_health_check_and_the_openapi_document(
    server: Server,
) -> None:
    shown = subprocess.run(
        [FLIPSIDE, "--version"], capture_output=True, text=True, timeout=60, check=True
    )
    assert shown.stdout == f"flipside {VERSION}\n"
    health = requests.get(f"{server.base_url}/healthz", timeout=10).json()
    assert health == {"status": "ok", "version": VERSION}
    document = requests.get(f"{server.base_url}/openapi.json", timeout=10).json()
    assert document["info"]["version"] == VERSION


def test_on_a_terminal_the_request_log_is_for_people(database_url: str) -> None:
    """JSON lines are for files and pipes: on a terminal each request is one plain line."""
    controller, terminal = pty.openpty()
    port = free_port()
    env = {**os.environ, "FLIPSIDE_DATABASE_URL": database_url, "FLIPSIDE_LOG_FORMAT": "auto"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    process = subprocess.Popen(
        [FLIPSIDE, "serve", "--port", str(port), "--no-projections"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=terminal,
        stderr=terminal,
    )
    os.close(terminal)
    shown = bytearray()
    try:
        base_url = f"http://127.0.0.1:{port}"
        wait_for(lambda: _answers(f"{base_url}/healthz"), 60)
        while b"/healthz" not in shown:
            ready, _, _ = select.select([controller], [], [], 10)
            assert ready, shown.decode(errors="replace")
            shown += os.read(controller, 65536)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        os.close(controller)
    line = next(line for line in shown.decode(errors="replace").splitlines() if "/healthz" in line)
    assert not line.lstrip().startswith("{"), line
    assert "request" in line and "status" in line and "200" in line, line


def _answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=5).status_code == 200
    except requests.RequestException:
        return False


def test_a_database_without_its_migrations_is_refused_in_one_line(
    postgres_server_url: str,
) -> None:
    """Served, it would answer every request with a 500: `flipside serve` says what to run."""
    name = f"flipside_unmigrated_{os.getpid()}"
    url = create_database(postgres_server_url, name)
    try:
        env = {**os.environ, "FLIPSIDE_DATABASE_URL": url}
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        shown = subprocess.run(
            [FLIPSIDE, "serve", "--port", str(free_port())],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        drop_database(postgres_server_url, name)
    assert shown.returncode == 1, shown.stderr
    count, first, last = len(migrations()), migrations()[0].name, migrations()[-1].name
    assert shown.stderr.splitlines()[-1] == (
        f"Error: the database lacks {count} migration(s) ({first} to {last}): "
        "run `flipside db upgrade` first"
    )
