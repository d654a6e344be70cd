"""`api.stream_feed`: the streams of a match in one process read each change once, and the
feed lives only while a stream follows the match."""

from __future__ import annotations

import time
from typing import Any

from flipside.api.stream_feed import Feeds

from flipside.engine.registry import AnyGame, game_named
from flipside.store import InMemoryEventStore, StoredEvent
from tests.recorded_matches import finished_match


class CountingStore(InMemoryEventStore):
    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def read_stream(self, *args: Any, **kwargs: Any) -> list[StoredEvent]:
        self.reads += 1
        return super().read_stream(*args, **kwargs)


def _render(game: AnyGame, stored: StoredEvent, event: Any, seat: int | None, whole: bool) -> str:
    return f"{stored.version}:{seat}:{whole}"


def test_streams_woken_by_one_change_read_it_once_and_share_its_texts() -> None:
    store = CountingStore()
    finished_match(store, "m", seats=3)
    game = game_named("flipside")  # what `finished_match` plays
    feeds = Feeds(_render)
    with feeds.follow("m", game) as first, feeds.follow("m", game) as second:
        assert first is second
        woken = time.monotonic()
        first.catch_up(store, "m", woken)
        second.catch_up(store, "m", woken)  # woken by the same change: already read
        assert store.reads == 1
        assert first.over and len(first.after(0)) == store.stream_version("m")
        fed = first.after(0)[0]
        assert first.text(fed, None, False) == "1:None:False"
        assert second.text(fed, None, False) is first.text(fed, None, False)
        second.catch_up(store, "m", time.monotonic())  # a later change: read again
        assert store.reads == 2
    assert feeds.followed == 0
