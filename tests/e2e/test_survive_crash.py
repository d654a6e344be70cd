"""Crash ("Survive"): ``kill -9`` a gunicorn worker, then the whole server, under load.

Players play through both kills, retrying what was not answered with the same
``Idempotency-Key``. After a restart on the same database: the request each player had in
flight is retried and answered, every acknowledged request is stored and a retry of it gets
the original answer, every match audits clean, and every match still playable by its
player is played to the end with legal moves (no state the rules cannot continue from).
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psutil

from .live_server import ApiClient, OpenApiDocument, gunicorn_server, play_to_end
from .survive import Player, check_acknowledged, playing, wait_for

PLAYERS = 4
RUN_SECONDS = 1.5  # of play before each kill
RESPAWN_SECONDS = 20.0


def _workers(master: int) -> set[int]:
    return {child.pid for child in psutil.Process(master).children()}


def _kill(pids: set[int]) -> None:
    for pid in pids:
        os.kill(pid, signal.SIGKILL)


def test_acknowledged_actions_survive_kill_9_of_a_worker_and_of_the_server(
    tmp_path: Path, openapi: OpenApiDocument, fresh_database_url: Callable[[], str]
) -> None:
    url = fresh_database_url()
    log_path = tmp_path / "server.log"
    with gunicorn_server(url, log_path) as (server, process):
        players = [Player(ApiClient(server, openapi), random.Random(i)) for i in range(PLAYERS)]
        with playing(players):
            time.sleep(RUN_SECONDS)
            workers = _workers(process.pid)
            victim = min(workers)
            _kill({victim})
            # The master replaces the worker; the players keep playing on the survivor.
            wait_for(lambda: len(_workers(process.pid) - {victim}) == len(workers), 20)
            time.sleep(RUN_SECONDS)
            _kill(_workers(process.pid) | {process.pid})
            process.wait()
    assert process.returncode == -signal.SIGKILL

    with gunicorn_server(url, log_path) as (server, _):
        api = ApiClient(server, openapi)
        for player in players:
            player.api.session.close()
            player.api = ApiClient(server, openapi)
            if player.pending is not None:  # in flight at the kill: the client retries it
                assert player.finish_pending(threading.Event()) is not None
        assert check_acknowledged(api, url, players) > 0
        for player in players:
            if player.match_id is not None and player.token is not None:
                play_to_end(api, player.match_id, [player.token], player.rng)
    assert sum(p.statuses["connection_error"] for p in players) > 0  # the kills were felt
