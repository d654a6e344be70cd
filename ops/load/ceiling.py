"""The stack's ceiling for the load test: the same server (gunicorn, 2 gthread workers, Flask,
the PostgreSQL event store's pool) answering a request that does one INSERT and nothing else.

``POST /ceiling`` appends one empty event to a new stream: one INSERT in one transaction, in
one round trip, exactly as a real append is sent. Run by `run.py`, never by the real app.
"""

from __future__ import annotations

import os
import uuid

from flask import Flask

from flipside.store import NewEvent, PostgresEventStore


def create_app() -> Flask:
    app = Flask(__name__)
    store = PostgresEventStore(os.environ["FLIPSIDE_DATABASE_URL"])

    @app.post("/ceiling")
    def ceiling() -> dict[str, int]:
        stored = store.append(f"ceiling-{uuid.uuid4()}", 0, [NewEvent("CeilingPinged", {})])
        return {"version": stored[-1].version}

    @app.get("/readyz")
    def readyz() -> dict[str, str]:
        return {"status": "ready" if store.ping() else "unavailable"}

    return app
