"""Where a whole match's server time goes: the load test's matches played inside this process
through Flask's test client (no gunicorn, no sockets) on a temporary database.

    python ops/load/cpu_profile.py --matches 100 --top 40

Prints this process's CPU milliseconds per request (the test client's share included, about
0.15 ms) and, with ``--top N``, the N functions with the most CPU time of their own, then the
N with the most in all, under cProfile on the process's CPU clock: time spent waiting for
PostgreSQL is not counted, nor PostgreSQL's own work. The matches are seeded from a fixed
source (a chosen seed needs the admin token), so two runs, before and after a change, play
the same matches.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import secrets
import time
from contextlib import redirect_stderr
from typing import Any

from flask.testing import FlaskClient
from flipside.api import create_app
from run import SEATS, play_to_end

from flipside.config import Settings
from flipside.db import scratch_server_url, temporary_database

WARM_UP_MATCHES = 10  # imports, caches and prepared statements first


class InProcessClient:
    """`run.Client`'s `call`, through Flask's test client, counting requests."""

    def __init__(self, client: FlaskClient, admin_token: str) -> None:
        self.client = client
        self.admin_token = admin_token
        self.requests = 0

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.client.open(path, method=method, json=body, headers=headers)
        self.requests += 1
        if response.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {response.status_code} {response.data[:200]!r}")
        return response.get_json()


def play_seeded_match(client: InProcessClient, rng: random.Random) -> None:
    body = {"seats": SEATS, "seed": rng.randbytes(32).hex()}
    created = client.call("POST", "/v1/matches", body, token=client.admin_token)
    play_to_end(client, rng, created["match_id"], created["seats"][0]["token"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--top", type=int, default=0, help="profile, printing the N costliest")
    parser.add_argument("--server-url", default=scratch_server_url())
    args = parser.parse_args()
    admin_token = secrets.token_urlsafe(16)
    with (
        temporary_database(args.server_url, prefix="flipside_profile") as url,
        open(os.devnull, "w") as devnull,
    ):
        settings = Settings(database_url=url, admin_token=admin_token, log_format="json")
        with redirect_stderr(devnull):  # the app logs a line per request to stderr
            app = create_app({"FLIPSIDE_SETTINGS": settings})
        client = InProcessClient(app.test_client(), admin_token)
        rng = random.Random(1)
        for _ in range(WARM_UP_MATCHES):
            play_seeded_match(client, rng)
        client.requests = 0
        profile = cProfile.Profile(time.process_time)
        started = time.process_time()
        if args.top:
            profile.enable()
        for _ in range(args.matches):
            play_seeded_match(client, rng)
        profile.disable()
        spent = time.process_time() - started
    print(f"{client.requests} requests, {spent * 1000 / client.requests:.3f} CPU ms per request")
    if args.top:
        stats = pstats.Stats(profile).sort_stats("tottime")
        stats.print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
