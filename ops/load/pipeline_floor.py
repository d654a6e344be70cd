"""What the API's request pipeline costs before any game: the ceiling's one INSERT, served by
the API's own app (its rate limit, authentication, body checks, canonical log line and
metrics) and by the bare Flask app of `ceiling.py`, in process, in turns.

    python ops/load/pipeline_floor.py [--requests 3000] [--rounds 3]

`run.py` holds whole matches to >= 0.8x the ceiling's request rate: with both servers
bound by the same two cores, a request may then cost at most 1.25x the ceiling's CPU. The
ratio printed here is what the same INSERT costs through the API's app: a lower bound of
that ratio for every request the API serves (a move also loads the match, decides, moves
the computer seats, hashes and appends their events and renders the view). Each request
comes from one of 32 addresses in turn (`run.client_address`), as from the load test's 32
clients, so the rate limit counts them apart; CPU is this process's, Flask's test client included on
both sides (about 0.15 ms a request), which brings the ratio nearer to 1.
"""

from __future__ import annotations

import argparse
import os
import secrets
import time
import uuid
from contextlib import redirect_stderr

from ceiling import create_app as create_ceiling
from flask import Flask
from flask.testing import FlaskClient
from flipside.api import create_app
from run import client_address

from flipside.config import Settings
from flipside.db import scratch_server_url, temporary_database
from flipside.store import NewEvent

WARM_UP = 300  # requests before timing: imports, prepared statements, pools
# Request i comes from client i mod this, as the load test's 32 clients, each well under
# the rate limit at this process's pace (about 40 requests a second each).
ADDRESSES = 32


def cpu_ms_per_request(client: FlaskClient, requests: int) -> float:
    """This process's CPU milliseconds per ``POST /ceiling``, after a warm-up."""
    for number in range(WARM_UP + requests):
        if number == WARM_UP:
            started = time.process_time()
        answer = client.post(
            "/ceiling",
            json={},
            environ_base={"REMOTE_ADDR": client_address(number % ADDRESSES)},
        )
        if answer.status_code != 200:
            raise SystemExit(f"POST /ceiling: {answer.status_code} {answer.data[:200]!r}")
    return (time.process_time() - started) * 1000 / requests


def with_the_ceiling_route(app: Flask) -> Flask:
    """`app` serving the ceiling's request too, on its own store and pipeline."""
    store = app.extensions["flipside"].service.store

    @app.post("/ceiling")
    def ceiling() -> dict[str, int]:
        stored = store.append(f"ceiling-{uuid.uuid4()}", 0, [NewEvent("CeilingPinged", {})])
        return {"version": stored[-1].version}

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--server-url", default=scratch_server_url())
    args = parser.parse_args()
    with (
        temporary_database(args.server_url, prefix="flipside_floor") as url,
        open(os.devnull, "w") as devnull,
        redirect_stderr(devnull),  # the API logs a line per request to stderr
    ):
        os.environ["FLIPSIDE_DATABASE_URL"] = url  # what ceiling.py reads
        settings = Settings(database_url=url, admin_token=secrets.token_urlsafe(16))
        app = with_the_ceiling_route(create_app({"FLIPSIDE_SETTINGS": settings}))
        api, bare = app.test_client(), create_ceiling().test_client()
        ratios = []
        try:
            for _ in range(args.rounds):
                ceiling_ms = cpu_ms_per_request(bare, args.requests)
                api_ms = cpu_ms_per_request(api, args.requests)
                ratios.append(api_ms / ceiling_ms)
                print(
                    f"ceiling {ceiling_ms:.3f} ms, the same INSERT through the API's app "
                    f"{api_ms:.3f} ms: {api_ms / ceiling_ms:.2f}x"
                )
        finally:  # before the database is dropped: the store's notifier sends until closed
            app.extensions["flipside"].service.store.close()
            app.extensions["flipside"].credentials.close()
    print(f"median {sorted(ratios)[len(ratios) // 2]:.2f}x; load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
