"""`api.body_deadline`: a body that stalls or trickles ends in 408 within its deadline and
gives its thread back; one that arrives in time is read as ever."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from flipside.api.body_deadline import DeadlineInput
from werkzeug.exceptions import RequestTimeout

DEADLINE = 0.3


@pytest.fixture
def sockets() -> Iterator[tuple[socket.socket, socket.socket]]:
    server, client = socket.socketpair()
    yield server, client
    server.close()
    client.close()


def _body(server: socket.socket) -> DeadlineInput:
    return DeadlineInput(server.makefile("rb"), server, time.monotonic() + DEADLINE)


def test_a_body_that_arrives_in_time_is_read_whole(
    sockets: tuple[socket.socket, socket.socket],
) -> None:
    server, client = sockets
    client.sendall(b'{"kind": "roll"}')
    assert _body(server).read(16) == b'{"kind": "roll"}'
    assert server.gettimeout() is None  # blocking again, as gunicorn keeps it


def test_a_stalled_body_is_a_408_at_its_deadline_and_then_reads_as_ended(
    sockets: tuple[socket.socket, socket.socket],
) -> None:
    server, client = sockets
    client.sendall(b'{"kind"')  # and then nothing
    body = _body(server)
    started = time.monotonic()
    with pytest.raises(RequestTimeout):
        body.read(100)
    assert DEADLINE * 0.9 <= time.monotonic() - started < DEADLINE + 0.5
    assert body.read(100) == b""  # an error handler draining the body does not wait again
    assert server.recv(10) == b""  # the reading side is shut: the rest is never waited for


def test_a_trickling_body_cannot_stretch_its_deadline(
    sockets: tuple[socket.socket, socket.socket],
) -> None:
    server, client = sockets
    body = _body(server)
    started = time.monotonic()
    with pytest.raises(RequestTimeout):
        while True:  # a byte every 0.1 s: each read succeeds, the whole never arrives
            client.sendall(b" ")
            body.read(1)
            time.sleep(0.1)
    assert time.monotonic() - started < DEADLINE + 0.5
