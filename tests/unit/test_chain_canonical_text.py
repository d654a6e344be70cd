"""`store.chain.check_chain` holds the canonical texts stored with events (docs/records.md,
"Stored canonical text") to the data and metadata their hashes are recomputed from."""

from __future__ import annotations

import dataclasses

import pytest

from flipside.store import InMemoryEventStore, NewEvent, StoredEvent
from flipside.store.chain import ChainCheck, canonical_text, check_chain, recompute_hash


@pytest.fixture
def stream() -> list[StoredEvent]:
    """Two appends of three events each, their metadata shared within an append."""
    store = InMemoryEventStore()
    store.append("s", 0, [NewEvent("T", {"n": n, "é": [n]}) for n in range(3)], {"by": "a"})
    store.append("s", 3, [NewEvent("T", {"n": n}) for n in range(3)], {"by": "b"})
    return store.read_stream("s")


def test_texts_as_stored_agree(stream: list[StoredEvent]) -> None:
    assert all(event.data_text is not None for event in stream)
    assert check_chain(stream) == ChainCheck(None, None)


def test_events_without_texts_are_hashed_from_their_content(stream: list[StoredEvent]) -> None:
    bare = [dataclasses.replace(e, data_text=None, metadata_text=None) for e in stream]
    assert check_chain(bare) == ChainCheck(None, None)


def test_data_changed_and_resealed_without_its_text(stream: list[StoredEvent]) -> None:
    changed = dataclasses.replace(stream[3], data={"n": 9})
    changed = dataclasses.replace(changed, hash=recompute_hash(changed))
    # The next event chains from the old hash: the chain breaks there, the text here.
    assert check_chain([*stream[:3], changed, *stream[4:]]) == ChainCheck(5, 4)


def test_a_text_changed_alone(stream: list[StoredEvent]) -> None:
    other = dataclasses.replace(stream[2], data_text=canonical_text({"n": 9}))
    assert check_chain([*stream[:2], other, *stream[3:]]) == ChainCheck(None, 3)


def test_a_text_not_in_canonical_form(stream: list[StoredEvent]) -> None:
    spaced = dataclasses.replace(stream[1], data_text='{"n": 1, "é": [1]}')
    assert check_chain([stream[0], spaced, *stream[2:]]) == ChainCheck(None, 2)


def test_each_metadata_text_is_checked_though_an_append_shares_its_metadata(
    stream: list[StoredEvent],
) -> None:
    assert stream[0].metadata is stream[1].metadata  # what lets the check encode it once
    other = dataclasses.replace(stream[1], metadata_text=canonical_text({"by": "z"}))
    assert check_chain([stream[0], other, *stream[2:]]) == ChainCheck(None, 2)


def test_texts_are_checked_after_a_break(stream: list[StoredEvent]) -> None:
    other = dataclasses.replace(stream[4], data_text="{}")
    assert check_chain([stream[0], *stream[2:4], other, stream[5]]) == ChainCheck(2, 5)
