"""Stopping `flipside serve` while browsers watch: Ctrl-C (SIGINT) or SIGTERM ends the open
event streams cleanly (each response closed properly, so a client reconnects with
Last-Event-ID) and the server exits within `STOP_SECONDS`; the port is free for a restart at
once, and the restarted server resumes a stream where it left off."""

from __future__ import annotations

import signal
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import requests

from .serving import flipside_serve, flipside_starting
from .survive import wait_for

STREAMS = 6
STOP_SECONDS = 3.0
WAITING = [{"type": "human", "name": "watcher"}, {"type": "npc", "level": "easy"}] * 2


@dataclass
class Watcher:
    """One open /stream, read to its end in a thread of its own."""

    url: str
    version: int  # the match's: the stream is caught up once it has sent this event
    ids: list[int] = field(default_factory=list)
    error: BaseException | None = None
    ended: threading.Event = field(default_factory=threading.Event)
    caught_up: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()
        assert self.caught_up.wait(20), "the stream did not send the match's events"

    def _read(self) -> None:
        try:
            with requests.get(self.url, stream=True, timeout=30) as response:
                assert response.status_code == 200
                for line in response.iter_lines():
                    if line.startswith(b"id:"):
                        self.ids.append(int(line.split(b":")[1]))
                    if self.ids and self.ids[-1] == self.version:
                        self.caught_up.set()
        except BaseException as error:  # a stream cut off uncleanly lands here
            self.error = error
        finally:
            self.caught_up.set()
            self.ended.set()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_with_open_streams_ends_them_cleanly_and_frees_the_port_at_once(
    database_url: str, tmp_path: Path, signum: int
) -> None:
    with flipside_serve(database_url, tmp_path / "first.log", "--workers", "2") as first:
        created = requests.post(
            f"{first.base_url}/v1/matches", json={"game": "flipside", "seats": WAITING}, timeout=30
        )
        assert created.status_code == 201, created.text
        match_id, version = created.json()["match_id"], created.json()["version"]
        stream_url = f"{first.base_url}/v1/matches/{match_id}/stream"
        watchers = [Watcher(stream_url, version) for _ in range(STREAMS)]
        for watcher in watchers:
            watcher.start()
        assert all(watcher.error is None and not watcher.ended.is_set() for watcher in watchers)

        seconds = first.stop(signum)

        print(f"stopped in {seconds:.2f}s with {STREAMS} streams open")
        assert seconds < STOP_SECONDS, first.output()[-3000:]
        assert all(watcher.ended.wait(1) for watcher in watchers)
        assert [watcher.error for watcher in watchers] == [None] * STREAMS  # ended, not cut
        assert all(watcher.ids == list(range(1, version + 1)) for watcher in watchers)
        seen = watchers[0].ids

    # The same port at once, and the stream resumes after the last event it sent.
    with flipside_serve(database_url, tmp_path / "second.log", port=first.port) as second:
        resumed = requests.get(
            f"{second.base_url}/v1/matches/{match_id}/events",
            params={"after": seen[-1]},
            timeout=10,
        )
        assert resumed.status_code == 200
        with requests.get(
            f"{second.base_url}/v1/matches/{match_id}/stream",
            headers={"Last-Event-ID": str(seen[-1])},
            stream=True,
            timeout=10,
        ) as response:
            assert response.status_code == 200
            assert next(response.iter_lines()).startswith(b"retry:")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_stop_while_the_workers_boot_is_as_quick(
    database_url: str, tmp_path: Path, signum: int
) -> None:
    """A worker still loading the app (its first second or so) when the stop comes leaves at
    once too: gunicorn's master tells each worker only once, so a worker that let the signal
    pass would hold the stop for the whole graceful timeout."""
    with flipside_starting(database_url, tmp_path / "serve.log", "--workers", "2") as served:
        wait_for(lambda: served.output().count("Booting worker") == 2, 60)

        seconds = served.stop(signum)

        print(f"stopped in {seconds:.2f}s while the workers booted")
        assert seconds < STOP_SECONDS, served.output()[-3000:]
