"""The errors gunicorn answers itself, before the app sees a request (a malformed request
line or header, a URI or header over its limits, a NUL in a header), as problem+json with a
stable `code` like every other answer; gunicorn writes them as an HTML page.

gunicorn has no setting for it: its workers call `gunicorn.util.write_error`, which
`install` replaces (in each worker, from the post_fork hook of ops/gunicorn.conf.py).
"""

from __future__ import annotations

import json
import socket

from gunicorn import util

from .problems import PROBLEM_JSON

# The statuses gunicorn answers with itself (gunicorn.workers.base.Worker.handle_error).
CODE_BY_STATUS = {
    400: "bad_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "header_too_large",
    500: "internal_error",
    501: "not_implemented",
}
MAX_DETAIL = 200  # the detail quotes what the client sent: no more of it than this


def write_problem(sock: socket.socket, status: int, reason: str, message: str) -> None:
    code = CODE_BY_STATUS.get(status, "bad_request" if status < 500 else "internal_error")
    body = json.dumps(
        {
            "type": f"urn:flipside:problem:{code}",
            "title": reason,
            "status": status,
            "detail": message[:MAX_DETAIL],
            "code": code,
            "instance": "",  # the request could not be read, its path included
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Answer gunicorn's own errors with `write_problem` in this process and its forks."""
    util.write_error = write_problem
