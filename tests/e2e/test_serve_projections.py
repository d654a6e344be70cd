"""`flipside serve` is a whole system: its projection runner folds what is played, so the
match lists, the player statistics, `flipside matches list` and the projections' lag (in
/readyz and /metrics) catch up by themselves, for every installed game. The runner rides out
a database outage in the same process, is started again if it dies, and stays off with
``--no-projections``."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import requests

from flipside.db import private_cluster
from flipside.projections.postgres import PROJECTIONS

from .serving import FLIPSIDE, Served, flipside_serve
from .survive import wait_for

CATCH_UP_SECONDS = 15.0  # the runner's poll is 1 s; a restarted one needs a fresh interpreter


def _computer_match(base_url: str, game: dict[str, Any]) -> str:
    """A match of `game` between computer players only: it is played to its end at once."""
    seats = [{"type": "npc", "level": game["levels"][0]}] * game["seats"]["min"]
    created = requests.post(
        f"{base_url}/v1/matches", json={"game": game["id"], "seats": seats}, timeout=120
    )
    assert created.status_code == 201, created.text
    return str(created.json()["match_id"])


def _listed(base_url: str) -> dict[str, str]:
    """The listed matches: their status by id."""
    found = requests.get(f"{base_url}/v1/matches", params={"limit": 1000}, timeout=10).json()
    return {row["match_id"]: row["status"] for row in found["matches"]}


def _lag(base_url: str) -> dict[str, int]:
    ready = requests.get(f"{base_url}/readyz", timeout=10)
    assert ready.status_code == 200, ready.text
    return dict(ready.json()["projection_lag"])


def _metric_lag(base_url: str) -> dict[str, float]:
    text = requests.get(f"{base_url}/metrics", timeout=10).text
    pattern = r'^flipside_projection_lag_events\{projection="(\w+)"\} (\S+)$'
    return {name: float(value) for name, value in re.findall(pattern, text, re.M)}


def test_the_read_models_catch_up_after_a_served_match_of_every_game(
    fresh_database_url: Callable[[], str], tmp_path: Path
) -> None:
    url = fresh_database_url()
    with flipside_serve(url, tmp_path / "serve.log") as served:
        games = requests.get(f"{served.base_url}/v1/games", timeout=10).json()["games"]
        played = {_computer_match(served.base_url, game): game["id"] for game in games}
        assert sorted(set(played.values())) == sorted(game["id"] for game in games)

        wait_for(lambda: _listed(served.base_url) == dict.fromkeys(played, "finished"), 30)
        wait_for(lambda: set(_lag(served.base_url).values()) == {0}, CATCH_UP_SECONDS)
        assert _lag(served.base_url).keys() == set(PROJECTIONS)
        assert _metric_lag(served.base_url) == dict.fromkeys(PROJECTIONS, 0.0)
        for game in games:
            level = game["levels"][0]
            player = requests.get(f"{served.base_url}/v1/players/npc:{level}", timeout=10)
            assert player.status_code == 200, player.text
            assert game["id"] in {row["game"] for row in player.json()["games"]}

        listed = subprocess.run(
            [FLIPSIDE, "matches", "list", "--json"],
            env={**os.environ, "FLIPSIDE_DATABASE_URL": url},
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        rows = [json.loads(line) for line in listed.stdout.splitlines()]
        assert {row["match_id"]: row["game"] for row in rows} == played


def test_without_the_runner_the_lag_shows(
    fresh_database_url: Callable[[], str], tmp_path: Path
) -> None:
    with flipside_serve(fresh_database_url(), tmp_path / "serve.log", "--no-projections") as served:
        flipside = requests.get(f"{served.base_url}/v1/games/flipside", timeout=10).json()
        _computer_match(served.base_url, flipside)
        assert "--no-projections" in served.output()  # the start line says so
        assert min(_lag(served.base_url).values()) > 0
        assert _listed(served.base_url) == {}


def _runner_pid(served: Served) -> int | None:
    """The runner: the master's child started by multiprocessing's spawn."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):  # a process that just ended
            continue
        if ppid == served.process.pid and b"multiprocessing" in command:
            return int(stat.parent.name)
    return None


def test_the_runner_survives_an_outage_and_is_restarted_if_it_dies(tmp_path: Path) -> None:
    with (
        private_cluster("runner") as (postgres, url),
        flipside_serve(url, tmp_path / "serve.log") as served,
    ):
        flipside = requests.get(f"{served.base_url}/v1/games/flipside", timeout=10).json()
        wait_for(lambda: _runner_pid(served) is not None, CATCH_UP_SECONDS)
        runner = _runner_pid(served)

        postgres.stop()
        wait_for(lambda: "database unavailable" in served.output(), CATCH_UP_SECONDS)
        postgres.start()
        wait_for(lambda: _ready(served.base_url), CATCH_UP_SECONDS)
        before = _computer_match(served.base_url, flipside)
        wait_for(lambda: before in _listed(served.base_url), CATCH_UP_SECONDS)
        assert _runner_pid(served) == runner, "the runner reconnected in the same process"

        assert runner is not None
        os.kill(runner, signal.SIGKILL)
        after = _computer_match(served.base_url, flipside)
        wait_for(lambda: after in _listed(served.base_url), CATCH_UP_SECONDS)
        assert _runner_pid(served) not in (None, runner)
        assert served.process.poll() is None


def _ready(base_url: str) -> bool:
    try:
        return requests.get(f"{base_url}/readyz", timeout=5).status_code == 200
    except requests.RequestException:
        return False
