"""Open event streams end as soon as the server is told to stop.

A stream's body (`api.records`) sleeps between polls and yields only an event or a
heartbeat, and a stopping gunicorn worker waits for every open response (its interpreter
for every busy thread): a worker with one browser watching a match took the whole graceful
timeout to stop, and held its port meanwhile.

`create_stoppable_app` is the app gunicorn serves: each ``text/event-stream`` body is
iterated in a thread of its own, and the response ends, closed properly (the chunked
terminator), within `_LOOK_SECONDS` of `STOPPING` being set; the client's EventSource
reconnects with ``Last-Event-ID`` once a server answers again. The body's thread is a daemon
left behind in its sleep: it holds no connection while it waits, and the process is ending.
Other responses are untouched, so a graceful stop still finishes them.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Flask

STOPPING = threading.Event()
_LOOK_SECONDS = 0.1  # how long a stream goes without looking at STOPPING (or its client)
_END = object()

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


def create_stoppable_app() -> Flask:
    """`api.create_app()`, its event streams ending when `STOPPING` is set."""
    from . import create_app

    app = create_app()
    app.wsgi_app = end_streams_on_stop(app.wsgi_app)  # type: ignore[method-assign,assignment]
    return app


def end_streams_on_stop(app: WsgiApp) -> WsgiApp:
    def serve(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        streaming = False

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            nonlocal streaming
            streaming = any(
                name.lower() == "content-type" and value.startswith("text/event-stream")
                for name, value in headers
            )
            return start_response(status, headers, *exc_info)

        body = app(environ, start)
        return _StoppableBody(body) if streaming else body

    return serve


class _StoppableBody(Iterator[bytes]):
    """A response body read ahead by a thread of its own, one chunk at a time, so that
    the response can end without waiting for the body's next chunk."""

    def __init__(self, body: Iterable[bytes]) -> None:
        self._chunks: queue.Queue[object] = queue.Queue(maxsize=1)
        self._closed = threading.Event()
        threading.Thread(target=self._read, args=(body,), name="stream", daemon=True).start()

    def _read(self, body: Iterable[bytes]) -> None:
        try:
            for chunk in body:
                if not self._hand_over(chunk):
                    return
            self._hand_over(_END)
        except Exception as error:  # raised again in the serving thread, which reports it
            self._hand_over(error)
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()

    def _hand_over(self, item: object) -> bool:
        """Queue `item` for the response; False once the response is closed."""
        while not self._closed.is_set():
            try:
                self._chunks.put(item, timeout=_LOOK_SECONDS)
            except queue.Full:
                continue
            return True
        return False

    def __next__(self) -> bytes:
        while not STOPPING.is_set():
            try:
                item = self._chunks.get(timeout=_LOOK_SECONDS)
            except queue.Empty:
                continue
            if isinstance(item, bytes):
                return item
            if isinstance(item, Exception):
                raise item
            break  # _END
        raise StopIteration

    def close(self) -> None:
        """The server is done with the response (finished, stopping, or the client left)."""
        self._closed.set()
