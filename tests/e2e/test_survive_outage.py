"""Database outage ("Survive"): PostgreSQL stops in the middle of a load run.

The test runs its own embedded PostgreSQL (never the machine's shared server) and a gunicorn
server on it. While players play, PostgreSQL is stopped: the API must answer 503
problem+json with ``Retry-After`` and ``/readyz`` must fail. PostgreSQL is started again on
the same directory and socket: the same server process must serve again within a few
seconds (its pools reconnect), every request acknowledged before or after must be stored,
a retry with its key must get the original answer, and every match must audit clean.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import requests

from flipside.db import private_cluster

from .live_server import PROBLEM_JSON, ApiClient, OpenApiDocument, gunicorn_server
from .survive import SEATS, Player, check_acknowledged, playing, wait_for

PLAYERS = 4
RUN_SECONDS = 1.5  # of play before the outage, and again after the recovery
DOWN_SECONDS = 3.0  # longer than a request waits for a connection (api.dependencies)
RECOVERY_SECONDS = 5.0  # the promise: serving again this soon after PostgreSQL is back


def _ready(base_url: str) -> bool:
    # A probe that gets no answer in time counts as not ready, as a load balancer's would: on
    # a loaded machine the pings of a stopped database (each pool's connection wait) can
    # outlast the probe.
    try:
        return requests.get(f"{base_url}/readyz", timeout=10).status_code == 200
    except requests.Timeout:
        return False


def test_the_api_answers_503_while_postgresql_is_down_and_recovers_without_a_restart(
    tmp_path: Path, openapi: OpenApiDocument
) -> None:
    with (
        private_cluster("survive") as (postgres, url),
        gunicorn_server(url, tmp_path / "server.log") as (server, process),
    ):
        players = [Player(ApiClient(server, openapi), random.Random(i)) for i in range(PLAYERS)]
        probe = ApiClient(server, openapi)
        with playing(players):
            time.sleep(RUN_SECONDS)
            postgres.stop()
            wait_for(lambda: not _ready(server.base_url), DOWN_SECONDS)
            refused = probe.post("/v1/matches", json={"seats": SEATS})
            time.sleep(DOWN_SECONDS)
            postgres.start()
            restarted = time.monotonic()
            # Every player, whichever worker serves it, is served again soon.
            wait_for(
                lambda: all(any(t > restarted for t in p.served_at) for p in players),
                RECOVERY_SECONDS,
            )
            wait_for(lambda: _ready(server.base_url), RECOVERY_SECONDS)
            served = probe.post("/v1/matches", json={"seats": SEATS})
            time.sleep(RUN_SECONDS)
        assert process.poll() is None, "the server restarted or died"

        assert refused.status_code == 503
        assert refused.headers["Content-Type"].startswith(PROBLEM_JSON)
        assert refused.json()["code"] == "service_unavailable"
        assert int(refused.headers["Retry-After"]) >= 1
        assert served.status_code == 201, served.text
        unavailable = [r for player in players for r in player.unavailable]
        assert unavailable and all("Retry-After" in r.headers for r in unavailable)

        assert check_acknowledged(probe, url, players) > 0
