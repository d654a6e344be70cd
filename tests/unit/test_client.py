"""`flipside.client` against a scripted transport: what a flaky network does to it.

Retries keep a move's Idempotency-Key, give up after their bound, and wait what the server
says; a dropped event stream resumes after the last event with Last-Event-ID.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from flipside.client import Client, NotNow, RateLimited, Retry, ServerError

Handler = Callable[[httpx.Request], httpx.Response]
FAST = Retry(attempts=3, first_pause=0.0, max_pause=0.0)
VIEW = {"match_id": "m", "version": 3, "status": "active"}


def client_of(handler: Handler, retry: Retry = FAST) -> Client:
    http = httpx.Client(base_url="http://flipside.test", transport=httpx.MockTransport(handler))
    return Client("http://flipside.test", retry=retry, http=http)


def problem(status: int, code: str, **headers: str) -> httpx.Response:
    body = {"status": status, "code": code, "detail": f"{code} here", "title": "x"}
    return httpx.Response(
        status, json=body, headers={"content-type": "application/problem+json", **headers}
    )


def test_a_move_is_retried_with_the_same_idempotency_key() -> None:
    seen: list[httpx.Request] = []

    def flaky(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if len(seen) == 1:
            raise httpx.ConnectError("reset", request=request)
        if len(seen) == 2:
            return problem(503, "service_unavailable", **{"Retry-After": "0"})
        return httpx.Response(200, json=VIEW)

    view = client_of(flaky).seat("m", "t").act({"kind": "roll"}, version=2)
    assert view == VIEW
    keys = {request.headers["Idempotency-Key"] for request in seen}
    assert len(seen) == 3 and len(keys) == 1
    assert all(request.headers["If-Match"] == '"2"' for request in seen)
    assert all(request.headers["Authorization"] == "Bearer t" for request in seen)


def test_each_call_gets_a_key_of_its_own() -> None:
    keys: list[str] = []

    def record(request: httpx.Request) -> httpx.Response:
        keys.append(request.headers["Idempotency-Key"])
        return httpx.Response(200, json=VIEW)

    seat = client_of(record).seat("m", "t")
    seat.act({"kind": "roll"})
    seat.act({"kind": "roll"})
    assert len(set(keys)) == 2


def test_retries_give_up_with_the_typed_error_after_their_bound() -> None:
    calls = []

    def busy(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return problem(429, "rate_limited", **{"Retry-After": "0"})

    with pytest.raises(RateLimited) as refused:
        client_of(busy).seat("m", "t").view()
    assert len(calls) == FAST.attempts
    assert refused.value.code == "rate_limited" and refused.value.retry_after == 0.0


def test_a_refusal_is_not_retried() -> None:
    calls = []

    def refuse(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return problem(409, "not_your_turn")

    with pytest.raises(NotNow) as refused:
        client_of(refuse).seat("m", "t").act({"kind": "roll"})
    assert len(calls) == 1 and refused.value.code == "not_your_turn"


def test_a_server_error_without_a_problem_is_still_typed() -> None:
    def broken(request: httpx.Request) -> httpx.Response:
        return httpx.Response(502, text="bad gateway")

    with pytest.raises(ServerError) as failed:
        client_of(broken).seat("m", None).view()
    assert failed.value.code == "http_502"


def test_a_wait_beyond_30_seconds_is_refused_before_sending() -> None:
    def never(request: httpx.Request) -> httpx.Response:
        raise AssertionError("nothing may be sent")

    with pytest.raises(ValueError, match="wait"):
        client_of(never).seat("m", "t").actions(wait=31)


def _sse(*versions: int) -> str:
    lines = ["retry: 0\n\n", ": keep-alive\n\n"]
    for version in versions:
        record = {"version": version, "type": "X", "schema_version": 1, "data": {}}
        lines.append(f"id: {version}\nevent: X\ndata: {json.dumps(record)}\n\n")
    return "".join(lines)


def test_follow_resumes_after_the_last_event_until_the_match_is_over() -> None:
    streams = iter([_sse(1, 2), "", _sse(3)])
    resumed_from: list[str] = []
    views = iter([{**VIEW, "version": 3}, {**VIEW, "version": 3}, {**VIEW, "status": "finished"}])

    def server(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/stream"):
            resumed_from.append(request.headers["Last-Event-ID"])
            body: Any = next(streams)
            return httpx.Response(200, text=body, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=next(views))

    versions = [record["version"] for record in client_of(server).seat("m", "t").follow()]
    assert versions == [1, 2, 3]
    assert resumed_from == ["0", "2", "2"]
