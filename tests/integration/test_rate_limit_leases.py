"""The rate limit's leases (`api.ratelimit.SharedRateLimiter`): a process takes a shared
bucket's tokens a few at a time and spends them without a round trip, and every process's
leases together never take more than the shared bucket holds."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from flipside.api.ratelimit import SharedRateLimiter, lease_size


class CountingDatabase:
    """Connections to the real table, counted."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.connections = 0

    @contextmanager
    def __call__(self) -> Iterator[psycopg.Connection[Any]]:
        self.connections += 1
        with psycopg.connect(self.url, autocommit=True) as conn:
            yield conn


def _tokens(url: str, key: str) -> float:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT tokens FROM rate_buckets WHERE key = %s", (key,)).fetchone()
    assert row is not None
    return float(row[0])


def test_a_lease_is_a_tenth_of_a_second_of_refill_within_half_the_burst() -> None:
    assert [lease_size((100.0, 200.0)), lease_size((100.0, 8.0)), lease_size((1.0, 2.0))] == [
        10,
        4,
        1,
    ]


def test_a_process_spends_a_lease_without_asking_the_table(database_url: str) -> None:
    database = CountingDatabase(database_url)
    limiter = SharedRateLimiter((100.0, 200.0), database)
    key = f"address:{uuid.uuid4()}"
    assert [limiter.wait(key) for _ in range(10)] == [0.0] * 10
    assert database.connections == 1
    assert _tokens(database_url, key) == 190.0  # the lease is gone from the shared bucket
    assert limiter.wait(key) == 0.0
    assert database.connections == 2
    assert 180.0 <= _tokens(database_url, key) < 190.0


def test_a_vouched_token_starts_with_a_lease(database_url: str) -> None:
    database = CountingDatabase(database_url)
    limiter = SharedRateLimiter((100.0, 200.0), database)
    token = f"token:{uuid.uuid4()}"
    limiter.know(token)
    assert [limiter.wait_if_known(token) for _ in range(10)] == [0.0] * 10
    assert database.connections == 1


def test_leases_of_every_process_take_no_more_than_the_shared_bucket(database_url: str) -> None:
    rate, burst = 20.0, 10.0  # leases of 2
    limiters = [SharedRateLimiter((rate, burst), CountingDatabase(database_url)) for _ in "ab"]
    key = f"address:{uuid.uuid4()}"
    started = time.monotonic()
    granted = 0
    for turn in range(100):
        if limiters[turn % 2].wait(key) == 0.0:
            granted += 1
    refilled = (time.monotonic() - started) * rate
    assert burst <= granted <= burst + refilled + 1
