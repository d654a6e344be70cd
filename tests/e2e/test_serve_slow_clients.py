"""Clients that hold connections without finishing them (`cli.serve_worker`): a stalled
request head is closed by its deadline, one address cannot take every thread meanwhile, and
a client that never closes its end after a `Connection: close` answer stalls nobody else."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import requests
from flipside.cli.serve_worker import HEAD_SECONDS, HEADS_PER_CLIENT

from .serving import Served, flipside_serve
from .survive import wait_for

ATTACKER = "127.0.1.9"  # another loopback address: the checks below come from 127.0.0.1
ANSWERED_WITHIN = 2.0  # seconds, for a request of an honest client meanwhile


@contextmanager
def _connections(served: Served, count: int, sent: bytes) -> Iterator[list[socket.socket]]:
    """`count` connections from `ATTACKER` that each send `sent` and then nothing more."""
    with ExitStack() as stack:
        held = []
        for _ in range(count):
            sock = socket.create_connection(
                ("127.0.0.1", served.port), timeout=30, source_address=(ATTACKER, 0)
            )
            stack.enter_context(sock)
            sock.sendall(sent)
            held.append(sock)
        yield held


def _answer_seconds(served: Served) -> float:
    started = time.monotonic()
    assert requests.get(f"{served.base_url}/healthz", timeout=30).status_code == 200
    return time.monotonic() - started


def _closed_by_the_server(sock: socket.socket) -> bool:
    """Whether the server has ended the connection (what it sent before, read and dropped)."""
    sock.setblocking(False)
    try:
        while sock.recv(65536):
            pass
        return True
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


def test_stalled_heads_end_at_their_deadline_and_take_one_share_of_threads(
    database_url: str, tmp_path: Path
) -> None:
    threads = HEADS_PER_CLIENT + 16  # one address may hold all but 16 of them at most
    options = ("--threads", str(threads), "--no-projections")
    head = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"  # and never the blank line that ends it
    with (
        flipside_serve(database_url, tmp_path / "serve.log", *options) as served,
        _connections(served, threads + 40, head) as held,
    ):
        assert _answer_seconds(served) < ANSWERED_WITHIN
        wait_for(lambda: all(_closed_by_the_server(sock) for sock in held), HEAD_SECONDS + 5)


def test_clients_that_never_close_their_end_stall_nobody(database_url: str, tmp_path: Path) -> None:
    with flipside_serve(database_url, tmp_path / "serve.log", "--no-projections") as served:
        asked = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        with _connections(served, 10, asked) as held:
            time.sleep(0.3)  # the answers are out; the server now waits for their ends
            assert _answer_seconds(served) < ANSWERED_WITHIN  # was 2 s a connection, in turn
            assert all(sock.recv(12).startswith(b"HTTP/1.1 200") for sock in held)
