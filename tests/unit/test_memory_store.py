"""The `EventStore` contract, stated once and run here against `InMemoryEventStore`.

`tests/integration/test_store_postgres.py` runs the same `StoreContract` against PostgreSQL
(where the `store` fixture comes from tests/conftest.py), so both stores keep one behaviour.
Each store's `seat_credentials` fixture reads the seat credentials an append wrote.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flipside.store import (
    GENESIS_HASH,
    ConcurrencyError,
    EventStore,
    IdempotencyConflict,
    IdempotencyRecord,
    ImportConflict,
    InMemoryEventStore,
    NewEvent,
    Position,
    StoredEvent,
    iter_stream_ids,
    verify_chain,
)
from flipside.store.chain import canonical_text, event_hash, event_hash_from_json
from flipside.store.credentials import SeatCredentials

_READ_ALL_PATIENCE_SECONDS = 10.0


def new_stream(prefix: str = "test") -> str:
    return f"{prefix}-{uuid.uuid4()}"


def events(count: int, type_: str = "Happened") -> list[NewEvent]:
    return [NewEvent(type_, {"n": n, "cards": ("AK", "T2")}) for n in range(count)]


def head(store: EventStore) -> Position | None:
    """The position of the last event `read_all` shows now."""
    last: Position | None = None
    while page := store.read_all(after=last, limit=500):
        last = page[-1].position
    return last


def read_all_until(
    store: EventStore, after: Position | None, event_ids: set[str]
) -> list[StoredEvent]:
    """`read_all` pages from `after` until all `event_ids` have shown up (or patience ends).

    PostgreSQL holds back events until every older transaction on the server has finished,
    and other sessions may share the server, so this waits rather than reads once.
    """
    seen: list[StoredEvent] = []
    deadline = time.monotonic() + _READ_ALL_PATIENCE_SECONDS
    while not event_ids <= {event.event_id for event in seen} and time.monotonic() < deadline:
        page = store.read_all(after=after, limit=3)
        if page:
            seen.extend(page)
            after = page[-1].position
        else:
            time.sleep(0.05)
    return seen


class StoreContract:
    """What every `EventStore` does; subclasses provide a `store` fixture."""

    def test_append_numbers_from_one_and_chains_from_genesis(self, store: EventStore) -> None:
        stream = new_stream()
        stored = store.append(stream, 0, events(3), {"actor": "ana"})
        assert [event.version for event in stored] == [1, 2, 3]
        assert stored[0].prev_hash == GENESIS_HASH
        assert [event.prev_hash for event in stored[1:]] == [event.hash for event in stored[:-1]]
        assert verify_chain(stored) is None
        assert all(event.metadata == {"actor": "ana"} for event in stored)
        assert len({event.global_position for event in stored}) == 3
        assert all(event.recorded_at is not None for event in stored)

    def test_read_stream_gives_back_what_append_returned(self, store: EventStore) -> None:
        stream = new_stream()
        first = store.append(stream, 0, events(2))
        second = store.append(stream, 2, events(1, "Later"))
        assert store.read_stream(stream) == first + second
        assert store.read_stream(stream, after_version=2) == second
        assert store.stream_version(stream) == 3
        assert verify_chain(store.read_stream(stream)) is None

    def test_unknown_stream_is_empty_at_version_zero(self, store: EventStore) -> None:
        stream = new_stream()
        assert store.read_stream(stream) == []
        assert store.stream_version(stream) == 0

    def test_data_reads_back_as_json(self, store: EventStore) -> None:
        stream = new_stream()
        store.append(stream, 0, [NewEvent("Dealt", {"hands": (("AK", "T2"),), "é": None})])
        assert store.read_stream(stream)[0].data == {"hands": [["AK", "T2"]], "é": None}

    def test_given_event_id_is_kept_in_canonical_form(self, store: EventStore) -> None:
        event_id = uuid.uuid4()
        stream = new_stream()
        stored = store.append(stream, 0, [NewEvent("Happened", {}, 2, str(event_id).upper())])
        assert stored[0].event_id == str(event_id)
        assert stored[0].schema_version == 2
        assert store.read_stream(stream) == stored

    @pytest.mark.parametrize("expected_version", [0, 1, 3])
    def test_wrong_expected_version_conflicts(
        self, store: EventStore, expected_version: int
    ) -> None:
        stream = new_stream()
        store.append(stream, 0, events(2))
        with pytest.raises(ConcurrencyError):
            store.append(stream, expected_version, events(1))
        assert store.stream_version(stream) == 2

    def test_empty_append_and_negative_version_are_refused(self, store: EventStore) -> None:
        with pytest.raises(ValueError):
            store.append(new_stream(), 0, [])
        with pytest.raises(ValueError):
            store.append(new_stream(), -1, events(1))

    def test_racing_appends_have_one_winner(self, store: EventStore) -> None:
        stream = new_stream()
        outcomes = _race(8, lambda: store.append(stream, 0, events(2)))
        assert outcomes.count("ok") == 1
        assert outcomes.count("ConcurrencyError") == 7
        assert [event.version for event in store.read_stream(stream)] == [1, 2]

    def test_idempotency_record_is_stored_with_the_append(self, store: EventStore) -> None:
        stream, key = new_stream(), str(uuid.uuid4())
        record = IdempotencyRecord("exchange", key, "fp-1", {"status": 200, "version": 1})
        store.append(stream, 0, events(1), idempotency=record)
        assert store.lookup_idempotency("exchange", key) == ("fp-1", record.response)
        assert store.lookup_idempotency("other-scope", key) is None

    def test_reused_idempotency_key_appends_nothing(self, store: EventStore) -> None:
        stream, key = new_stream(), str(uuid.uuid4())
        store.append(stream, 0, events(1), idempotency=IdempotencyRecord("s", key, "fp-1", {}))
        retry = IdempotencyRecord("s", key, "fp-2", {"other": True})
        with pytest.raises(IdempotencyConflict):
            store.append(stream, 1, events(1), idempotency=retry)
        assert store.stream_version(stream) == 1
        # The stored fingerprint tells a retry (same) from a reused key (different).
        assert store.lookup_idempotency("s", key) == ("fp-1", {})

    def test_racing_idempotent_appends_have_one_winner(self, store: EventStore) -> None:
        key = str(uuid.uuid4())
        streams = [new_stream() for _ in range(6)]
        record = IdempotencyRecord("s", key, "fp", {"ok": True})
        turn = iter(streams)
        lock = threading.Lock()

        def attempt() -> None:
            with lock:
                stream = next(turn)
            store.append(stream, 0, events(1), idempotency=record)

        outcomes = _race(6, attempt)
        assert outcomes.count("ok") == 1
        assert outcomes.count("IdempotencyConflict") == 5
        assert sum(store.stream_version(stream) for stream in streams) == 1

    def test_seat_credentials_are_stored_with_the_first_append(
        self, store: EventStore, seat_credentials: SeatCredentials
    ) -> None:
        stream, hashes = new_stream(), {0: "a" * 64, 2: "b" * 64}
        store.append(stream, 0, events(2), credentials=hashes)
        assert seat_credentials.token_hashes(stream) == hashes
        assert seat_credentials.token_hashes(new_stream()) == {}

    def test_credentials_come_only_with_a_streams_first_append(
        self, store: EventStore, seat_credentials: SeatCredentials
    ) -> None:
        stream = new_stream()
        store.append(stream, 0, events(1))
        with pytest.raises(ValueError):
            store.append(stream, 1, events(1), credentials={0: "a" * 64})
        assert store.stream_version(stream) == 1
        assert seat_credentials.token_hashes(stream) == {}

    def test_an_append_that_loses_a_race_stores_no_credentials(
        self, store: EventStore, seat_credentials: SeatCredentials
    ) -> None:
        stream = new_stream()
        store.append(stream, 0, events(1))  # a twin created the stream first
        with pytest.raises(ConcurrencyError):
            store.append(stream, 0, events(2), credentials={0: "a" * 64})
        assert seat_credentials.token_hashes(stream) == {}
        assert store.stream_version(stream) == 1

    def test_an_append_with_a_stored_key_stores_neither_events_nor_credentials(
        self, store: EventStore, seat_credentials: SeatCredentials
    ) -> None:
        key = str(uuid.uuid4())
        store.append(new_stream(), 0, events(1), idempotency=IdempotencyRecord("s", key, "fp"))
        stream = new_stream()
        with pytest.raises(IdempotencyConflict):
            store.append(
                stream,
                0,
                events(1),
                idempotency=IdempotencyRecord("s", key, "fp"),
                credentials={0: "a" * 64},
            )
        assert seat_credentials.token_hashes(stream) == {}
        assert store.stream_version(stream) == 0

    def test_read_all_pages_in_commit_order_without_repeats(self, store: EventStore) -> None:
        start = head(store)
        streams = [new_stream() for _ in range(3)]
        appended = [
            event
            for round_ in range(2)
            for stream in streams
            for event in store.append(stream, round_ * 2, events(2))
        ]
        wanted = {event.event_id for event in appended}
        seen = [e for e in read_all_until(store, start, wanted) if e.event_id in wanted]
        assert [event.event_id for event in seen] == [event.event_id for event in appended]
        positions = [event.position for event in seen]
        assert positions == sorted(positions) and len(set(positions)) == len(positions)

    def test_list_streams_pages_in_order_by_prefix(self, store: EventStore) -> None:
        prefix = new_stream("list") + "/"
        ids = sorted(f"{prefix}{name}" for name in ["b", "a", "é", "B", "c"])
        for stream in ids:
            store.append(stream, 0, events(2))
        assert store.list_streams(prefix=prefix, limit=2) == ids[:2]
        assert store.list_streams(after=ids[1], prefix=prefix, limit=10) == ids[2:]
        assert list(iter_stream_ids(store, prefix=prefix, page=2)) == ids

    def test_import_stores_events_verbatim(self, store: EventStore) -> None:
        exported = _exported_stream(4)
        assert store.import_events(exported) == 4
        stored = store.read_stream(exported[0].stream_id)
        assert [_content(event) for event in stored] == [_content(event) for event in exported]
        assert [event.recorded_at for event in stored] == [e.recorded_at for e in exported]
        assert store.import_events(exported) == 0

    def test_import_completes_a_stored_prefix(self, store: EventStore) -> None:
        exported = _exported_stream(4)
        assert store.import_events(exported[:2]) == 2
        assert store.import_events(list(reversed(exported))) == 2
        assert store.stream_version(exported[0].stream_id) == 4
        assert store.import_events(exported[:3]) == 0

    def test_import_refuses_a_different_stream(self, store: EventStore) -> None:
        exported = _exported_stream(3)
        store.import_events(exported)
        other = _exported_stream(3, stream_id=exported[0].stream_id)
        with pytest.raises(ImportConflict):
            store.import_events(other)
        assert store.read_stream(exported[0].stream_id)[2].hash == exported[2].hash

    def test_import_refuses_a_broken_chain(self, store: EventStore) -> None:
        exported = _exported_stream(3)
        tampered = [*exported[:1], dataclasses.replace(exported[1], data={"n": 99}), exported[2]]
        with pytest.raises(ValueError, match="version 2"):
            store.import_events(tampered)
        assert store.stream_version(exported[0].stream_id) == 0

    def test_appends_continue_an_imported_stream(self, store: EventStore) -> None:
        exported = _exported_stream(2)
        store.import_events(exported)
        store.append(exported[0].stream_id, 2, events(1))
        assert verify_chain(store.read_stream(exported[0].stream_id)) is None

    def test_every_read_gives_the_canonical_texts_stored(self, store: EventStore) -> None:
        stream, start = new_stream(), head(store)
        store.append(stream, 0, events(2), metadata={"by": "é", "a": [1]})
        exported = _exported_stream(2)
        store.import_events(exported)
        found = [
            *store.read_stream(stream),
            *store.read_streams([stream])[stream],
            *store.read_stream(exported[0].stream_id),
            *read_all_until(store, start, {event.event_id for event in exported}),
        ]
        assert len(found) >= 6
        for event in found:
            assert (event.data_text, event.metadata_text) == (
                canonical_text(event.data),
                canonical_text(event.metadata),
            )

    def test_ping(self, store: EventStore) -> None:
        assert store.ping() is True


def _race(threads: int, attempt: Callable[[], object]) -> list[str]:
    """Run `attempt` in `threads` threads released together; each outcome's name."""
    barrier = threading.Barrier(threads)
    outcomes: list[str] = []

    def run() -> None:
        barrier.wait()
        try:
            attempt()
        except Exception as error:
            outcomes.append(type(error).__name__)
        else:
            outcomes.append("ok")

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return outcomes


def _exported_stream(count: int, stream_id: str | None = None) -> list[StoredEvent]:
    """A stream as another database would export it."""
    source = InMemoryEventStore()
    stream = stream_id or new_stream("imported")
    source.append(stream, 0, events(count), {"actor": "elsewhere"})
    return source.read_stream(stream)


def _content(event: StoredEvent) -> tuple[object, ...]:
    """What an import must keep: everything but the database-local positions."""
    return dataclasses.astuple(dataclasses.replace(event, global_position=0, txid=0))


class TestInMemoryEventStore(StoreContract):
    @pytest.fixture
    def store(self) -> Iterator[InMemoryEventStore]:
        memory = InMemoryEventStore()
        yield memory
        memory.close()

    @pytest.fixture
    def seat_credentials(self, store: InMemoryEventStore) -> SeatCredentials:
        return store  # it keeps them beside its streams, as the database does


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(
    data=st.dictionaries(st.text(), _json, max_size=5),
    metadata=st.dictionaries(st.text(), _json, max_size=3),
    text=st.text(),
    number=st.integers(min_value=0),
)
def test_the_spliced_envelope_hashes_like_the_reference(
    data: dict, metadata: dict, text: str, number: int
) -> None:
    fields = {
        "stream_id": text,
        "version": number,
        "event_id": str(uuid.UUID(int=number % 2**128)),
        "type": text[::-1],
        "schema_version": number + 1,
    }
    assert event_hash_from_json(
        GENESIS_HASH,
        data_json=canonical_text(data),
        metadata_json=canonical_text(metadata),
        **fields,
    ) == event_hash(GENESIS_HASH, data=data, metadata=metadata, **fields)
