"""`PostgresEventStore` on a real PostgreSQL: the shared contract, then what only a database
can show (racing writers, commit order, immutability, tampering, lost connections)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator

import psycopg
import pytest

from flipside.db import private_cluster
from flipside.store import (
    ConcurrencyError,
    NewEvent,
    PostgresEventStore,
    StoredEvent,
    StoreUnavailable,
    verify_chain,
)
from flipside.store.chain import GENESIS_HASH, event_hash
from flipside.store.credentials import PostgresSeatCredentials
from tests.unit.test_memory_store import (
    StoreContract,
    _exported_stream,
    events,
    head,
    new_stream,
    read_all_until,
)


class TestPostgresEventStore(StoreContract):
    """The shared contract; `store` is the PostgreSQL one from tests/conftest.py."""

    @pytest.fixture
    def seat_credentials(self, database_url: str) -> Iterator[PostgresSeatCredentials]:
        credentials = PostgresSeatCredentials(database_url, max_size=1)
        yield credentials
        credentials.close()


@pytest.fixture
def fresh_store(fresh_database_url: Callable[[], str]) -> Iterator[PostgresEventStore]:
    with PostgresEventStore(fresh_database_url()) as event_store:
        yield event_store


def test_32_writers_at_one_version_leave_one_winner_and_a_gapless_stream(
    database_url: str,
) -> None:
    stream = new_stream("race")
    barrier = threading.Barrier(32)
    outcomes: list[str] = []
    with PostgresEventStore(database_url, min_size=32, max_size=32) as store:
        store.append(stream, 0, events(1))

        def write() -> None:
            barrier.wait()
            try:
                store.append(stream, 1, events(3))
            except ConcurrencyError:
                outcomes.append("conflict")
            else:
                outcomes.append("ok")

        writers = [threading.Thread(target=write) for _ in range(32)]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
        stored = store.read_stream(stream)
    assert sorted(outcomes) == ["conflict"] * 31 + ["ok"]
    assert [event.version for event in stored] == [1, 2, 3, 4]
    assert len({event.event_id for event in stored}) == 4
    assert verify_chain(stored) is None


def _insert_raw(conn: psycopg.Connection, stream: str) -> str:
    """Insert version 1 of `stream` on `conn` (in its open transaction); its event id."""
    event_id = str(uuid.uuid4())
    digest = event_hash(
        GENESIS_HASH,
        stream_id=stream,
        version=1,
        event_id=event_id,
        type="Slow",
        schema_version=1,
        data={},
        metadata={},
    )
    conn.execute(
        "INSERT INTO events (stream_id, version, event_id, type, schema_version, data,"
        " prev_hash, hash) VALUES (%s, 1, %s, 'Slow', 1, '{}', %s, %s)",
        (stream, event_id, GENESIS_HASH, digest),
    )
    return event_id


def test_read_all_does_not_skip_a_transaction_that_commits_late(
    database_url: str, store: PostgresEventStore
) -> None:
    start = head(store)
    with psycopg.connect(database_url) as slow:
        # The slow writer takes a lower global_position (and txid) first...
        slow_id = _insert_raw(slow, new_stream("slow"))
        fast = store.append(new_stream("fast"), 0, events(1))[0]
        # ...the fast one commits first: a reader now must not move past the slow one.
        assert all(e.event_id != fast.event_id for e in store.read_all(after=start, limit=1000))
        slow.commit()
    seen = read_all_until(store, start, {slow_id, fast.event_id})
    ours = [event.event_id for event in seen if event.event_id in {slow_id, fast.event_id}]
    assert ours == [slow_id, fast.event_id]


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET data = '{\"n\": 99}' WHERE stream_id = %s",
        "DELETE FROM events WHERE stream_id = %s",
        "TRUNCATE events",
    ],
)
def test_events_cannot_be_changed(
    database_url: str, store: PostgresEventStore, statement: str
) -> None:
    stream = new_stream()
    store.append(stream, 0, events(2))
    params = (stream,) if "%s" in statement else None
    with psycopg.connect(database_url) as conn, pytest.raises(psycopg.errors.RestrictViolation):
        conn.execute(statement, params)
    assert len(store.read_stream(stream)) == 2


def test_verify_chain_catches_an_edit_made_behind_the_trigger(
    fresh_database_url: Callable[[], str],
) -> None:
    url = fresh_database_url()
    stream = new_stream()
    with PostgresEventStore(url) as store:
        store.append(stream, 0, events(3))
    with psycopg.connect(url) as conn:
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_immutable")
        conn.execute(
            "UPDATE events SET data = '{\"n\": 99}' WHERE stream_id = %s AND version = 2",
            (stream,),
        )
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_immutable")
    with PostgresEventStore(url) as store:
        assert verify_chain(store.read_stream(stream)) == 2


def test_verify_chain_catches_a_deleted_event(fresh_database_url: Callable[[], str]) -> None:
    url = fresh_database_url()
    stream = new_stream()
    with PostgresEventStore(url) as store:
        store.append(stream, 0, events(3))
    with psycopg.connect(url) as conn:
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_immutable")
        conn.execute("DELETE FROM events WHERE stream_id = %s AND version = 2", (stream,))
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_immutable")
    with PostgresEventStore(url) as store:
        assert verify_chain(store.read_stream(stream)) == 2


def test_appends_notify_the_stream_id(database_url: str, store: PostgresEventStore) -> None:
    stream = new_stream()
    with psycopg.connect(database_url, autocommit=True) as listener:
        listener.execute("LISTEN flipside_events")
        store.append(stream, 0, events(2))
        payloads = [note.payload for note in listener.notifies(timeout=5, stop_after=1)]
    assert payloads == [stream]


def test_a_cold_store_reads_the_tip_before_appending(
    database_url: str, store: PostgresEventStore
) -> None:
    stream = new_stream()
    store.append(stream, 0, events(2))
    with PostgresEventStore(database_url) as other:
        other.append(stream, 2, events(1))
        with pytest.raises(ConcurrencyError):
            other.append(stream, 5, events(1))
    with pytest.raises(ConcurrencyError):
        store.append(stream, 2, events(1))
    assert verify_chain(store.read_stream(stream)) is None


def test_import_into_a_fresh_database_keeps_ids_hashes_and_times(
    store: PostgresEventStore, fresh_store: PostgresEventStore
) -> None:
    stream = new_stream()
    store.append(stream, 0, events(3), {"request_id": "r-1"})
    exported: list[StoredEvent] = store.read_stream(stream)
    assert fresh_store.import_events(exported) == 3
    imported = fresh_store.read_stream(stream)
    assert [(e.event_id, e.hash, e.metadata, e.recorded_at) for e in imported] == [
        (e.event_id, e.hash, e.metadata, e.recorded_at) for e in exported
    ]
    seen = read_all_until(fresh_store, None, {event.event_id for event in exported})
    assert [event.global_position for event in seen] == [1, 2, 3]


def test_memory_and_postgres_hash_alike(store: PostgresEventStore) -> None:
    exported = _exported_stream(3)
    store.import_events(exported)
    store.append(exported[0].stream_id, 3, [NewEvent("Next", {"x": 1.5, "y": [1, "é"]})])
    assert verify_chain(store.read_stream(exported[0].stream_id)) is None


def test_store_recovers_after_its_connections_are_killed(database_url: str) -> None:
    name = f"flipside-test-{uuid.uuid4().hex[:8]}"
    stream = new_stream()
    with PostgresEventStore(database_url, min_size=2, application_name=name) as store:
        store.append(stream, 0, events(1))
        with psycopg.connect(database_url, autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))"
                " FROM pg_stat_activity WHERE application_name = %s",
                (name,),
            ).fetchone()
        assert killed is not None and killed[0] >= 1
        # Reads retry once on a fresh connection; after that the pool is healthy again.
        assert len(store.read_stream(stream)) == 1
        assert store.ping()
        store.append(stream, 1, events(1))
        assert store.stream_version(stream) == 2


def test_store_recovers_after_the_server_restarts() -> None:
    """On a private embedded server, which this test may stop and start."""
    with private_cluster("restarted") as (server, url):
        stream = new_stream()
        with PostgresEventStore(url, timeout=2) as store:
            store.append(stream, 0, events(1))
            server.stop()
            assert not store.ping(timeout=1)
            with pytest.raises(StoreUnavailable):
                store.append(stream, 1, events(1))
            server.start()
            assert any(store.ping() for _ in range(10))  # the pool reconnects with backoff
            store.append(stream, 1, events(1))
            assert [event.version for event in store.read_stream(stream)] == [1, 2]
