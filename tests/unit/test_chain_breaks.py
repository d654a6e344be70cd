"""`store.chain.check_chain` on a stream with one field of one event changed: the chain
breaks at that event (a hash stored with it, or the next one's link to it), whatever the
field holds, and never raises (an audit reports what it finds)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from flipside.store import InMemoryEventStore, NewEvent, StoredEvent
from flipside.store.chain import ChainCheck, check_chain


@pytest.fixture
def stream() -> list[StoredEvent]:
    store = InMemoryEventStore()
    store.append("m", 0, [NewEvent("Dealt", {"n": n}) for n in range(4)], {"by": "a"})
    return store.read_stream("m")


@pytest.mark.parametrize(
    ("index", "change"),
    [
        (1, {"prev_hash": "not hex"}),
        (1, {"prev_hash": "0" * 64}),
        (2, {"hash": "not hex"}),
        (2, {"event_id": "00000000-0000-0000-0000-000000000000"}),
        (3, {"schema_version": 2}),
        (3, {"data": {"n": True}, "data_text": None}),  # stored without its text
    ],
)
def test_a_changed_field_breaks_the_chain_there(
    stream: list[StoredEvent], index: int, change: dict[str, Any]
) -> None:
    changed = dataclasses.replace(stream[index], **change)
    events = [*stream[:index], changed, *stream[index + 1 :]]
    assert check_chain(events) == ChainCheck(index + 1, None)


def test_a_missing_event_breaks_the_chain_at_its_version(stream: list[StoredEvent]) -> None:
    assert check_chain([stream[0], *stream[2:]]) == ChainCheck(2, None)
