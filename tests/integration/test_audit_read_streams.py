"""What an audit reads a batch of matches with (`PostgresEventStore.read_streams`, a stream a
lateral subquery): whole streams by id, as `read_stream` gives each, in version order."""

from __future__ import annotations

from flipside.store import PostgresEventStore
from tests.recorded_matches import finished_match, running_match


def test_a_batch_reads_every_stream_whole_and_leaves_out_unknown_ids(
    store: PostgresEventStore,
) -> None:
    ids = [finished_match(store, "batch-a", seats=3), running_match(store, "batch-b")]
    streams = store.read_streams(["batch-none", *ids, "batch-a"])  # one unknown, one twice
    assert set(streams) == {"batch-a", "batch-b"}
    for match_id in ids:
        events = streams[match_id]
        assert events == store.read_stream(match_id)
        assert [event.version for event in events] == list(range(1, len(events) + 1))
        assert all(event.data_text and event.metadata_text for event in events)


def test_no_ids_read_nothing(store: PostgresEventStore) -> None:
    assert store.read_streams([]) == {}
