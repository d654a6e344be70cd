"""Following a match's events live over Server-Sent Events, reconnecting as needed.

The server ends a stream when the match is over, after a few minutes, or when it restarts;
a connection may also just drop. Each event's ``id`` is its version, so the follower
reconnects with ``Last-Event-ID`` (after the ``retry`` pause the server asks for) and
resumes exactly after the last event it yielded: none is lost or repeated. It stops once it
has yielded the match's last event.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import httpx
from httpx_sse import connect_sse

from .errors import error_from

if TYPE_CHECKING:
    from .client import Seat

_RECONNECT_SECONDS = 0.5  # until the server says otherwise (its `retry` field)
_MAX_FAILURES = 5  # reconnections in a row that brought nothing, before giving up
# The server sends a heartbeat every few seconds: this long without a byte is a dead
# connection (a read timeout), and the follower reconnects.
_QUIET_SECONDS = 30.0


def follow(seat: Seat, after: int = 0) -> Iterator[dict[str, Any]]:
    """The event records after version `after`, as `seat` may see them, until the end."""
    pause, failures = _RECONNECT_SECONDS, 0
    while True:
        before = after
        try:
            for record, retry in _one_connection(seat, after):
                if retry is not None:
                    pause = retry
                    continue
                after = record["version"]
                yield record
        except httpx.TransportError:
            if failures >= _MAX_FAILURES:
                raise
        view = seat.view()
        if view["status"] == "finished" and after >= view["version"]:
            return
        failures = 0 if after > before else failures + 1
        time.sleep(pause)


def _one_connection(seat: Seat, after: int) -> Iterator[tuple[dict[str, Any], float | None]]:
    """(record, None) per event of one connection, or ({}, seconds) for a ``retry`` field."""
    headers = {"Last-Event-ID": str(after), "Accept": "text/event-stream"}
    if seat.token is not None:
        headers["Authorization"] = f"Bearer {seat.token}"
    http = seat.client.http
    timeout = httpx.Timeout(seat.client.timeout, read=_QUIET_SECONDS)
    url = f"/v1/matches/{seat.match_id}/stream"
    with connect_sse(http, "GET", url, headers=headers, timeout=timeout) as source:
        if not source.response.is_success:
            source.response.read()
            raise error_from(source.response)
        for event in source.iter_sse():
            if event.retry is not None:
                yield {}, event.retry / 1000
            if event.data:
                yield json.loads(event.data), None
