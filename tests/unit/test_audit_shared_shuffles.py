"""The audit derives each shuffle of a match once for its deck check and its decider
(`engine.chance.shuffles_shared`), and again for every audit: nothing is kept across
matches or calls."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from flipside.engine import chance
from flipside.engine.chance import shuffle, shuffles_shared
from flipside.records.audit import audit_stream
from flipside.store import InMemoryEventStore, StoredEvent
from tests.recorded_matches import finished_match

SEED = bytes(range(32))


@pytest.fixture
def derived(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """The (label, counter) of every word stream opened from now on: one a shuffle derived."""
    opened: list[tuple[str, int]] = []
    words = chance.words

    def counted(seed: bytes, label: str, counter: int) -> Iterator[int]:
        opened.append((label, counter))
        return words(seed, label, counter)

    monkeypatch.setattr(chance, "words", counted)
    return opened


@pytest.fixture(scope="module")
def record() -> list[StoredEvent]:
    store = InMemoryEventStore()
    return store.read_stream(finished_match(store, "shared", seats=4))


def test_a_block_derives_a_shuffle_once(derived: list[tuple[str, int]]) -> None:
    with shuffles_shared():
        first = shuffle(SEED, "deck", 0, range(20))
        assert shuffle(SEED, "deck", 0, list(range(20))) is first
        assert shuffle(SEED, "deck", 1, range(20)) != first  # another counter
        assert shuffle(SEED, "deck", 0, range(19)) != first[:19]  # other items
    assert derived == [("deck", 0), ("deck", 1), ("deck", 0)]


def test_nothing_is_shared_outside_a_block_or_across_blocks(
    derived: list[tuple[str, int]],
) -> None:
    with shuffles_shared():
        inside = shuffle(SEED, "deck", 0, range(20))
    with shuffles_shared():
        again = shuffle(SEED, "deck", 0, range(20))
    outside = shuffle(SEED, "deck", 0, range(20))
    assert inside == again == outside and again is not inside and outside is not inside
    assert len(derived) == 3


def test_unhashable_items_are_shuffled_as_without_a_block() -> None:
    items: list[Any] = [[1], [2], [3], [4]]
    with shuffles_shared():
        assert shuffle(SEED, "deck", 0, items) == shuffle(SEED, "deck", 0, items)


def test_an_audit_derives_each_shuffle_once_and_every_audit_again(
    record: list[StoredEvent], derived: list[tuple[str, int]]
) -> None:
    shuffles = [event for event in record if event.type == "flipside.DeckShuffled"]
    assert len(shuffles) > 1  # the initial one and a reshuffle of the used pile
    for audits in (1, 2):
        assert audit_stream("shared", record).passed
        decks = [counter for label, counter in derived if label == "deck"]
        assert decks == [event.data["shuffle_no"] for event in shuffles] * audits
