"""A request body must arrive whole within `BODY_SECONDS` of the request's start.

A client that sends a Content-Length and then stops sending held a server thread for as long
as it liked: seventy such sockets hung the server. Here the body is read through a socket
timeout set to the time left, so a stalled or trickling body ends in 408 ``request_timeout``
within the deadline and gives its thread back. The socket's reading side is then shut: the
rest of that body is never waited for, and the connection closes after the answer.

A valid body is a few KiB (`api.body_limit`): on the slowest link a person may use (a slow
3G phone, 50 KB/s) it takes a fraction of a second, so the deadline is generous.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from werkzeug.exceptions import RequestTimeout

BODY_SECONDS = 10.0

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def read_bodies_by_deadline(app: WsgiApp, seconds: float = BODY_SECONDS) -> WsgiApp:
    """`app`, its request bodies read under a deadline (served by gunicorn: its environ
    holds the client's socket)."""

    def serve(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        sock = environ.get("gunicorn.socket")
        if sock is not None and _has_body(environ):
            deadline = time.monotonic() + seconds
            environ["wsgi.input"] = DeadlineInput(environ["wsgi.input"], sock, deadline)
        return app(environ, start_response)

    return serve


def _has_body(environ: dict[str, Any]) -> bool:
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or environ.get("CONTENT_LENGTH", "") not in ("", "0")


class DeadlineInput:
    """``wsgi.input`` whose reads give up at `deadline` (a `time.monotonic` time)."""

    def __init__(self, stream: Any, sock: socket.socket, deadline: float) -> None:
        self._stream = stream
        self._sock = sock
        self._deadline = deadline
        self._expired = False

    def read(self, size: int | None = -1) -> bytes:
        return self._within_deadline(lambda: self._stream.read(size))

    def readline(self, size: int | None = -1) -> bytes:
        return self._within_deadline(lambda: self._stream.readline(size))

    def _within_deadline(self, read: Callable[[], bytes]) -> bytes:
        if self._expired:  # the answer is on its way; whoever drains the body gets nothing
            return b""
        left = self._deadline - time.monotonic()
        if left > 0:
            self._sock.settimeout(left)
            try:
                return read()
            except TimeoutError:
                pass
            finally:
                self._sock.settimeout(None)  # as gunicorn keeps it: blocking
        self._expire()

    def _expire(self) -> NoReturn:
        self._expired = True
        with contextlib.suppress(OSError):  # already gone
            self._sock.shutdown(socket.SHUT_RD)
        raise RequestTimeout("the request body did not arrive in time")
