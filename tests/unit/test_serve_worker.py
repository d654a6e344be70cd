"""The bookkeeping of `cli.serve_worker`: heads under a deadline, a share per address, and
the lingering close in the request's thread."""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

from cli.serve_worker import HeadDeadlines, linger


@dataclass(eq=False)  # hashed by identity, as gunicorn's connections are
class Conn:
    client: Any
    sock: Any = None


def _conn(address: str, port: int = 40000) -> Conn:
    return Conn((address, port))


def test_a_head_is_late_once_its_seconds_have_passed_and_then_forgotten() -> None:
    heads = HeadDeadlines(seconds=5, per_client=2)
    first, second = _conn("10.0.0.1"), _conn("10.0.0.2")
    assert heads.start(first) and heads.start(second)
    heads.done(second)
    now = time.monotonic()
    assert heads.expired(now) == []
    assert heads.expired(now + 5) == [first]
    assert heads.expired(now + 10) == []


def test_one_address_has_its_share_of_heads_and_gets_it_back() -> None:
    heads = HeadDeadlines(seconds=5, per_client=2)
    mine = [_conn("10.0.0.1", port) for port in range(3)]
    assert [heads.start(conn) for conn in mine] == [True, True, False]
    assert heads.start(_conn("10.0.0.2"))  # another address is not counted with it
    heads.done(mine[0])
    heads.done(mine[0])  # twice (the request's start, then the end of its thread): once
    assert heads.start(mine[2])
    assert not heads.start(_conn("10.0.0.1", 9))
    heads.expired(time.monotonic() + 5)  # a late head gives its share back too
    assert heads.start(_conn("10.0.0.1", 10))


def test_a_unix_socket_peer_is_its_own_address() -> None:
    heads = HeadDeadlines(seconds=5, per_client=1)
    assert heads.start(Conn(""))
    assert not heads.start(Conn(""))


def test_linger_reads_until_the_client_ends_and_leaves_nothing_to_wait_for() -> None:
    server, client = socket.socketpair()
    with server, client:
        client.sendall(b"the rest of a body")
        client.close()
        started = time.monotonic()
        linger(server, seconds=5)
        assert time.monotonic() - started < 1
        assert server.recv(10) == b""


def test_linger_gives_up_on_a_client_that_never_ends() -> None:
    server, client = socket.socketpair()
    with server, client:
        started = time.monotonic()
        linger(server, seconds=0.3)
        assert 0.25 < time.monotonic() - started < 2
        server.setblocking(True)
        assert server.recv(10) == b""  # its reading side is shut: a later close is at once
        assert client.recv(10) == b""  # and the client saw our end
