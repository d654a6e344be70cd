"""The per-token rate limit (`api.ratelimit`): token buckets on an injected clock, and the
429 problem an HTTP client gets from it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from flipside.api.ratelimit import UNREACHABLE_PAUSE_SECONDS, RateLimiter, SharedRateLimiter

from flipside.config import Settings
from flipside.engine.registry import games
from flipside.store import StoreUnavailable


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_full_bucket_allows_a_burst_then_asks_to_wait(clock: Clock) -> None:
    limiter = RateLimiter((2.0, 3.0), clock=clock)
    assert [limiter.wait("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.wait("a") == pytest.approx(0.5)  # one token refills in 1/rate seconds


def test_the_bucket_refills_at_the_rate_up_to_the_burst(clock: Clock) -> None:
    limiter = RateLimiter((2.0, 3.0), clock=clock)
    for _ in range(3):
        limiter.wait("a")
    clock.now += 0.5
    assert limiter.wait("a") == 0.0 and limiter.wait("a") > 0
    clock.now += 3600  # a long pause refills no more than the burst
    assert [limiter.wait("a") for _ in range(4)][-2:] == [0.0, pytest.approx(0.5)]


def test_a_refused_request_takes_no_token(clock: Clock) -> None:
    limiter = RateLimiter((1.0, 1.0), clock=clock)
    limiter.wait("a")
    for _ in range(5):
        assert limiter.wait("a") == pytest.approx(1.0)
    clock.now += 1.0
    assert limiter.wait("a") == 0.0


def test_keys_have_buckets_of_their_own(clock: Clock) -> None:
    limiter = RateLimiter((1.0, 1.0), clock=clock)
    assert limiter.wait("a") == 0.0 and limiter.wait("a") > 0
    assert limiter.wait("b") == 0.0


def test_the_least_recently_seen_bucket_is_forgotten_beyond_the_cap(clock: Clock) -> None:
    limiter = RateLimiter((1.0, 1.0), clock=clock, max_buckets=2)
    limiter.wait("a")
    limiter.wait("b")
    limiter.wait("a")  # refused, and now more recent than b
    limiter.wait("c")  # b is dropped, a is kept
    assert limiter.wait("a") > 0 and limiter.wait("b") == 0.0


@pytest.mark.parametrize(
    ("value", "limit"),
    [("", (100.0, 200.0)), ("0", None), ("5", (5.0, 10.0)), ("5,7", (5.0, 7.0))],
)
def test_flipside_rate_limit_is_rate_and_burst(value: str, limit: object) -> None:
    assert Settings.from_env({"FLIPSIDE_RATE_LIMIT": value}).rate_limit == limit


@pytest.mark.parametrize("value", ["fast", "-1", "5,0", "1,2,3", "inf", "nan"])
def test_a_bad_flipside_rate_limit_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match="FLIPSIDE_RATE_LIMIT"):
        Settings.from_env({"FLIPSIDE_RATE_LIMIT": value})


def test_over_the_limit_a_token_gets_429_problem_json_and_others_go_on() -> None:
    settings = Settings(log_format="json", rate_limit=(1.0, 2.0))
    app = create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )
    client = app.test_client()
    flooding = {"Authorization": "Bearer flood"}
    statuses = [client.get("/v1/matches/m", headers=flooding).status_code for _ in range(3)]
    assert statuses == [401, 401, 429]  # a made-up token: refused, then limited
    refused = client.get("/v1/matches/m", headers=flooding)
    assert refused.mimetype == "application/problem+json"
    assert refused.get_json()["code"] == "rate_limited"
    assert int(refused.headers["Retry-After"]) >= 1
    # A made-up token counts against its address, so another token from it waits too; a
    # client from another address goes on.
    assert client.get("/healthz", headers={"Authorization": "Bearer other"}).status_code == 429
    elsewhere = {"REMOTE_ADDR": "10.1.2.3"}
    assert client.get("/healthz", environ_base=elsewhere).status_code == 200


def test_the_document_states_every_limit() -> None:
    settings = Settings(log_format="json")
    app = create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )
    document = app.test_client().get("/openapi.json").get_json()
    assert "FLIPSIDE_RATE_LIMIT" in document["info"]["description"]
    limited = document["components"]["responses"]["TOO_MANY_REQUESTS"]
    assert limited["headers"]["Retry-After"]["required"] is True
    assert "application/problem+json" in limited["content"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":  # shared by the path's operations
                continue
            assert "429" in operation["responses"], (method, path)
            assert ("413" in operation["responses"]) == (method == "post"), (method, path)
    schemas = document["components"]["schemas"]
    seats = schemas["CreateMatch"]["properties"]["seats"]
    counts = [count for game in games() for count in game.seats]
    assert (seats["minItems"], seats["maxItems"]) == (min(counts), max(counts))
    name = schemas["SeatRequest"]["properties"]["name"]
    assert (name["minLength"], name["maxLength"]) == (1, 32)
    assert "'-', '_'" in name["description"]


class DownDatabase:
    """A `connect` whose database never answers, counting the attempts."""

    def __init__(self) -> None:
        self.attempts = 0

    @contextmanager
    def __call__(self) -> Iterator[Any]:
        self.attempts += 1
        raise StoreUnavailable("connection refused")
        yield  # pragma: no cover


def test_while_the_shared_table_is_unreachable_the_process_counts_alone_without_retrying(
    clock: Clock,
) -> None:
    database = DownDatabase()
    limiter = SharedRateLimiter((1.0, 2.0), database, clock)
    assert [limiter.wait("a"), limiter.wait("a")] == [0.0, 0.0]
    assert limiter.wait("a") == pytest.approx(1.0)  # the process's own bucket still limits
    assert limiter.wait_if_known("b") is None
    assert database.attempts == 1  # an outage costs one connection wait, not one a request
    clock.now += UNREACHABLE_PAUSE_SECONDS
    limiter.know("b")
    assert database.attempts == 2  # then the table is tried again


def test_a_charge_takes_the_bucket_into_debt_which_refills_at_the_rate(clock: Clock) -> None:
    limiter = RateLimiter((2.0, 3.0), clock=clock)
    assert limiter.charge("a", 1.0) == 0.0  # 2 tokens left: no debt
    assert limiter.charge("a", 5.0) == pytest.approx(1.5)  # 3 owed, at 2 a second
    assert limiter.wait("a") == pytest.approx(2.0)  # a token beyond the debt
    clock.now += 2.0
    assert limiter.wait("a") == 0.0
