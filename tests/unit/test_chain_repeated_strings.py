"""`store.chain.check_chain` encodes a stream's id and each event type once (a stream repeats
them), yet hashes every event with its own: an id or a type changed on one event breaks
the chain there, and the hashes are those of the envelope as docs/records.md defines it."""

from __future__ import annotations

import dataclasses

import pytest

from flipside.store import InMemoryEventStore, NewEvent, StoredEvent, event_hash
from flipside.store.chain import ChainCheck, check_chain

STREAM = 'match "é"\t1'  # a string the envelope's JSON escapes, and one it keeps


@pytest.fixture
def stream() -> list[StoredEvent]:
    store = InMemoryEventStore()
    types = ["Dealt", "Drawn", "Dealt", "Ended"]
    store.append(STREAM, 0, [NewEvent(t, {"n": n}) for n, t in enumerate(types)], {"by": "a"})
    return store.read_stream(STREAM)


def test_every_hash_is_the_envelopes(stream: list[StoredEvent]) -> None:
    for event in stream:
        fields = {"stream_id", "version", "event_id", "type", "schema_version", "data"}
        envelope = {name: getattr(event, name) for name in fields}
        assert event.hash == event_hash(event.prev_hash, metadata=event.metadata, **envelope)
    assert check_chain(stream) == ChainCheck(None, None)


@pytest.mark.parametrize(
    ("index", "change"),
    [
        (1, {"type": "Dealt"}),  # a type another event of the stream has
        (2, {"type": "Drawn"}),
        (2, {"stream_id": "match"}),
        (3, {"stream_id": STREAM + " "}),
    ],
)
def test_an_id_or_a_type_changed_on_one_event(
    stream: list[StoredEvent], index: int, change: dict[str, str]
) -> None:
    changed = dataclasses.replace(stream[index], **change)  # type: ignore[arg-type]
    events = [*stream[:index], changed, *stream[index + 1 :]]
    assert check_chain(events) == ChainCheck(index + 1, None)
