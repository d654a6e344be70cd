"""The rate limit's shared buckets in PostgreSQL (`api.ratelimit.SharedRateLimiter`, migration
0006): every statement works against the real table, so the limit never falls back to a
process's own buckets while the database answers."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from flipside.api.ratelimit import SharedRateLimiter


def _connect(url: str) -> Any:
    @contextmanager
    def connect() -> Iterator[psycopg.Connection[Any]]:
        with psycopg.connect(url, autocommit=True) as conn:
            yield conn

    return connect


def _unreachable_after(limiter: SharedRateLimiter) -> bool:
    return limiter._clock() < limiter._unreachable_until


def test_a_vouched_token_gets_a_shared_bucket_of_its_own(database_url: str) -> None:
    limiter = SharedRateLimiter((1.0, 2.0), _connect(database_url))
    token = f"token:{uuid.uuid4()}"
    assert limiter.wait_if_known(token) is None  # unknown: the address pays
    limiter.know(token)
    assert not _unreachable_after(limiter)  # the table answered every statement
    assert [limiter.wait_if_known(token), limiter.wait_if_known(token)] == [0.0, 0.0]
    assert limiter.wait_if_known(token) > 0  # its own burst of 2, spent
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT granted FROM rate_buckets WHERE key = %s", (token,)).fetchone()
    assert row == (False,)


def test_every_process_takes_from_the_same_bucket(database_url: str) -> None:
    first = SharedRateLimiter((1.0, 2.0), _connect(database_url))
    second = SharedRateLimiter((1.0, 2.0), _connect(database_url))
    key = f"address:{uuid.uuid4()}"
    assert [first.wait(key), second.wait(key)] == [0.0, 0.0]
    assert first.wait(key) > 0 and second.wait(key) > 0
    assert not _unreachable_after(first) and not _unreachable_after(second)


def test_a_charge_is_taken_from_the_shared_bucket_into_debt(database_url: str) -> None:
    first = SharedRateLimiter((1.0, 2.0), _connect(database_url))
    second = SharedRateLimiter((1.0, 2.0), _connect(database_url))
    key = f"computer:{uuid.uuid4()}"
    assert first.charge(key, 5.0) == pytest.approx(3.0, abs=0.05)  # 2 held, 3 owed
    assert second.wait(key) == pytest.approx(4.0, abs=0.05)  # the other process sees it
    assert not _unreachable_after(first) and not _unreachable_after(second)
