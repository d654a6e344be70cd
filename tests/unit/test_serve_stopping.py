"""`api.stopping`: an event stream's response ends soon after `STOPPING` is set, without
waiting for the stream's next chunk; other responses pass through untouched."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flipside.api import stopping


def _app(content_type: str, body: Any) -> stopping.WsgiApp:
    def app(environ: dict[str, Any], start_response: Any) -> Any:
        start_response("200 OK", [("Content-Type", content_type)])
        return body

    return app


def _slow_stream(sent: threading.Event) -> Iterator[bytes]:
    yield b"retry: 500\n\n"
    sent.set()
    time.sleep(30)  # a stream waiting for events that do not come
    yield b": keep-alive\n\n"


@pytest.fixture
def stopped_afterwards() -> Iterator[None]:
    yield
    stopping.STOPPING.clear()


def test_a_stream_ends_at_once_when_the_server_stops(stopped_afterwards: None) -> None:
    sent = threading.Event()
    app = stopping.end_streams_on_stop(_app("text/event-stream", _slow_stream(sent)))
    body = app({}, lambda *args: None)
    chunks = iter(body)
    assert next(chunks) == b"retry: 500\n\n"
    assert sent.wait(5)
    threading.Timer(0.2, stopping.STOPPING.set).start()
    started = time.monotonic()
    assert list(chunks) == []
    assert time.monotonic() - started < 1.0


def test_a_stream_ends_when_its_body_does() -> None:
    app = stopping.end_streams_on_stop(_app("text/event-stream", [b"a", b"b"]))
    assert list(app({}, lambda *args: None)) == [b"a", b"b"]


def test_other_responses_pass_through_untouched() -> None:
    body = [b"{}"]
    app = stopping.end_streams_on_stop(_app("application/json", body))
    assert app({}, lambda *args: None) is body
