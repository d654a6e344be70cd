"""Seat credentials: the hash of each person's bearer token, per match and seat.

The API issues the tokens and hashes them; the event store writes the hashes in the
transaction of the match's first append (`EventStore.append`'s ``credentials``), so a match
never exists without them, nor they without it. This module only reads them. Rows never
change, so a reader may remember them: the PostgreSQL repository keeps the hashes of
recently used matches in memory and asks the database only about a match it has not seen.
`InMemoryEventStore` keeps its own and is its own `SeatCredentials`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from .model import StoreUnavailable
from .postgres import RECONNECT_SECONDS, once_more_if_dead

_REMEMBERED = 10_000
T = TypeVar("T")


class SeatCredentials(Protocol):
    def token_hashes(self, match_id: str) -> dict[int, str]:
        """The token hash of each person's seat of the match (empty if it has none)."""
        ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...


class PostgresSeatCredentials:
    """`SeatCredentials` in the ``seat_credentials`` table (migration 0003)."""

    def __init__(self, url: str, *, max_size: int = 4, timeout: float = 10.0) -> None:
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max_size,
            timeout=timeout,
            kwargs={"autocommit": True, "application_name": "flipside-credentials"},
            reconnect_timeout=RECONNECT_SECONDS,
            name="flipside-credentials",
            open=True,
        )
        self._remembered: OrderedDict[str, dict[int, str]] = OrderedDict()
        self._lock = threading.Lock()

    def token_hashes(self, match_id: str) -> dict[int, str]:
        with self._lock:
            if match_id in self._remembered:
                self._remembered.move_to_end(match_id)
                return dict(self._remembered[match_id])
        rows = self._run(
            lambda conn: conn.execute(
                "SELECT seat, token_hash FROM seat_credentials WHERE match_id = %s", (match_id,)
            ).fetchall()
        )
        hashes = {seat: token_hash for seat, token_hash in rows}
        if hashes:  # an unknown match may be created later: remember only what exists
            self._remember(match_id, hashes)
        return hashes

    def _remember(self, match_id: str, hashes: dict[int, str]) -> None:
        with self._lock:
            self._remembered[match_id] = hashes
            while len(self._remembered) > _REMEMBERED:
                self._remembered.popitem(last=False)

    def _run(self, query: Callable[[psycopg.Connection[Any]], T]) -> T:
        return once_more_if_dead(self.connection, query)

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection; a dead database becomes `StoreUnavailable`.

        Also lent to the read models' queries (a `flipside.projections.queries.Source`), so
        that a server needs one small pool besides the event store's, not two.
        """
        try:
            with self._pool.connection() as conn:
                yield conn
        except psycopg.OperationalError as error:
            self._pool.check()  # replace idle connections that died with the server
            raise StoreUnavailable(str(error).strip() or "database unavailable") from error
        except PoolTimeout as error:
            raise StoreUnavailable(str(error)) from error

    def ping(self) -> bool:
        try:
            self._run(lambda conn: conn.execute("SELECT 1").fetchone())
        except StoreUnavailable:
            return False
        return True

    def close(self) -> None:
        self._pool.close()
