"""A real gunicorn of two workers on PostgreSQL: one rate limit for the whole server, not one
per process, made-up tokens counted against their address; and the errors gunicorn answers
itself, as problem+json.

Each rate limit test has a server and database of its own: spending the address's bucket of
the shared `server` would refuse the other tests' requests.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from tests.e2e.live_server import Server, gunicorn_server

BURST = 10


@pytest.fixture
def limited(fresh_database_url: Callable[[], str], tmp_path: Path) -> Iterator[Server]:
    """Two workers allowing one request a second after a burst of `BURST`."""
    with gunicorn_server(
        fresh_database_url(), tmp_path / "server.log", FLIPSIDE_RATE_LIMIT=f"1,{BURST}"
    ) as (running, _):
        yield running


def test_made_up_tokens_spread_over_both_workers_share_one_bucket(limited: Server) -> None:
    answers = []
    for n in range(3 * BURST):
        with requests.Session() as fresh:  # a new connection: either worker may take it
            answer = fresh.get(
                f"{limited.base_url}/healthz", headers={"Authorization": f"Bearer made-up-{n}"}
            )
        answers.append(answer.status_code)
    # Counted per process, each of the two workers allowed a burst of its own; the check
    # that the server was ready took one or two from this address's.
    assert BURST - 3 <= answers.count(200) <= BURST + 2, answers
    assert set(answers) == {200, 429}


def test_creates_are_counted_across_workers(limited: Server) -> None:
    body = {"game": "oink", "seats": [{"type": "human", "name": "ana"}] * 2}
    answers = []
    for _ in range(2 * BURST):
        with requests.Session() as fresh:
            answers.append(fresh.post(f"{limited.base_url}/v1/matches", json=body).status_code)
    assert BURST - 3 <= answers.count(201) <= BURST + 2, answers


@pytest.mark.parametrize(
    ("request_head", "status", "code"),
    [
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Bad: a\x00b\r\n\r\n", 400, "bad_request"),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "bad_request"),
    ],
    ids=["uri too long", "NUL in a header", "bad header name"],
)
def test_errors_gunicorn_answers_itself_are_problem_json(
    server: Server, request_head: bytes, status: int, code: str
) -> None:
    host, port = server.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request_head)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status}".encode()), head
    assert b"Content-Type: application/problem+json" in head
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (status, code)
