"""What the endpoints work with: the match service, the seat credentials, the admin token and
the projection queries, built once per app (per gunicorn worker) and shared by its threads.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from flask import current_app
from psycopg import Connection

from flipside.config import Settings
from flipside.db import resolve_database_url
from flipside.projections.habits import ProjectedHabits
from flipside.service import MatchService
from flipside.store import InMemoryEventStore, PostgresEventStore
from flipside.store.credentials import PostgresSeatCredentials, SeatCredentials

# How long a request waits for a database connection before it answers 503 with Retry-After.
# The pools' default (10 s) held every thread of a worker through a short outage, /healthz
# included, and told clients nothing; a healthy pool hands out connections in milliseconds.
CONNECTION_WAIT_SECONDS = 2.0


@dataclass
class Dependencies:
    service: MatchService
    credentials: SeatCredentials
    admin_token: str | None = None
    read_models: Any = None  # a `flipside.projections.queries.Source`, with a database

    @classmethod
    def in_memory(cls, admin_token: str | None = None) -> Dependencies:
        """No database: for unit tests of the HTTP layer. The in-memory store keeps the seat
        credentials it writes with a match's first append, and reads them back."""
        store = InMemoryEventStore()
        return cls(MatchService(store), store, admin_token)

    @classmethod
    def connect(cls, settings: Settings) -> Dependencies:
        """PostgreSQL: the configured database, or the embedded one (migrated)."""
        url = resolve_database_url(settings)
        credentials = PostgresSeatCredentials(url, timeout=CONNECTION_WAIT_SECONDS)
        # Computer players may model the people at the table from their past play.
        habits = ProjectedHabits(credentials)  # its pool lends connections to the queries
        return cls(
            MatchService(
                PostgresEventStore(url, timeout=CONNECTION_WAIT_SECONDS),
                npc_context=habits,
            ),
            credentials,
            settings.admin_token,
            read_models=credentials,  # its pool lends connections to the queries
        )

    def shared_connection(self) -> Callable[[], AbstractContextManager[Connection[Any]]] | None:
        """Connections to the database every server process shares (None in memory)."""
        if isinstance(self.credentials, PostgresSeatCredentials):
            return self.credentials.connection
        return None

    def ping(self) -> dict[str, bool]:
        return {"events": self.service.store.ping(), "credentials": self.credentials.ping()}


def deps() -> Dependencies:
    return current_app.extensions["flipside"]
