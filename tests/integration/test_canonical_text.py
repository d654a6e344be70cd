"""The canonical texts stored beside each event's jsonb (migrations/0009_event_texts.sql;
docs/records.md, "Stored canonical text"), on PostgreSQL.

Every append and import writes them; the database splices a stream's jsonl record from them
byte for byte as `records.jsonl.jsonl_line` writes it from the jsonb; and events stored
before they were kept (NULL, made here behind the immutability trigger, as the migration
leaves older rows) still export the same bytes, fold into the same projections and audit
clean.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.db import connect
from flipside.records.jsonl import jsonl_lines
from flipside.store import GENESIS_HASH, NewEvent, PostgresEventStore, StoredEvent
from flipside.store.chain import canonical_text, event_hash
from flipside.store.postgres import read_records
from tests.recorded_matches import finished_match, project, projection_rows, running_match

# Every character a JSON string escapes (but NUL, which PostgreSQL text cannot hold), the
# ones it does not, and some beyond ASCII.
ODD = "".join(map(chr, range(1, 0x80))) + "é€😀\u2028\ufeff"


def run(url: str, *args: str | Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--database-url", url, *map(str, args)])
    return result.exit_code, result.output


@pytest.fixture
def url(fresh_database_url: Callable[[], str]) -> str:
    return fresh_database_url()


@pytest.fixture
def store(url: str) -> Iterator[PostgresEventStore]:
    with PostgresEventStore(url) as event_store:
        yield event_store


def chained(stream_id: str, times: list[datetime], type_: str) -> list[StoredEvent]:
    """A stream of events with odd strings everywhere, at `times`, hashed as stored."""
    events, prev = [], GENESIS_HASH
    for version, moment in enumerate(times, start=1):
        content: dict[str, Any] = {
            "stream_id": stream_id,
            "version": version,
            "event_id": f"00000000-0000-0000-0000-{version:012d}",
            "type": type_,
            "schema_version": 1,
            "data": {ODD: [ODD, None, True, -7, {"z": {}, "a": []}], "n": version},
            "metadata": {"actor": ODD, "at": 1},
        }
        digest = event_hash(prev, **content)
        events.append(
            StoredEvent(global_position=0, recorded_at=moment, prev_hash=prev, hash=digest,
                        **content)
        )  # fmt: skip
        prev = digest
    return events


def test_appends_store_the_texts_their_hashes_cover(url: str, store: PostgresEventStore) -> None:
    appended = finished_match(store, "texts")
    with connect(url) as conn:
        rows = conn.execute(
            "SELECT data_text, metadata_text, data_text::jsonb = data,"
            " metadata_text::jsonb = metadata FROM events WHERE stream_id = %s ORDER BY version",
            (appended,),
        ).fetchall()
    stored = store.read_stream(appended)
    assert rows == [
        (canonical_text(e.data), canonical_text(e.metadata), True, True) for e in stored
    ]
    data, metadata = {"b": [1, "é\n"], "a": {"z": None, "y": True}}, {"actor": ODD}
    (event,) = store.append("odd", 0, [NewEvent("T", data)], metadata=metadata)
    assert (event.data_text, event.metadata_text) == (
        canonical_text(data),
        canonical_text(metadata),
    )


@pytest.mark.parametrize("zone", ["UTC", "Asia/Kolkata"])
def test_records_spliced_by_the_database_are_the_jsonl_lines(
    url: str, store: PostgresEventStore, zone: str
) -> None:
    with connect(url) as conn:  # the session's time zone must not show in the record
        conn.execute(f"ALTER DATABASE {conn.info.dbname} SET timezone = '{zone}'")
    india = timezone(timedelta(hours=5, minutes=30))
    times = [
        datetime(2001, 2, 3, 4, 5, 6, tzinfo=UTC),  # no fraction of a second
        datetime(2026, 1, 1, 0, 0, 0, 1, tzinfo=UTC),
        datetime(2026, 12, 31, 23, 59, 59, 999999, tzinfo=india),
        datetime(2030, 6, 1, 12, 0, 0, 500000, tzinfo=UTC),
    ]
    imported = chained(f"odd {ODD}", times, f"odd.{ODD}")
    assert store.import_events(imported) == len(imported)
    with connect(url) as conn:  # a connection opened in the new time zone
        (record,) = read_records(conn, [imported[0].stream_id, "nothing"]).values()
    with PostgresEventStore(url) as fresh:
        (events,) = fresh.read_streams([imported[0].stream_id]).values()
    assert record.text == jsonl_lines(events) == jsonl_lines(imported)
    assert (record.first_type, record.created_at, record.events) == (
        imported[0].type,
        times[0],
        len(imported),
    )


def test_hashes_edited_to_any_text_are_spliced_as_jsonl_line_writes_them(
    url: str, store: PostgresEventStore
) -> None:
    match_id = finished_match(store, "edited")
    with connect(url) as conn:  # behind the trigger, as someone with the owner's rights can
        conn.execute("SET session_replication_role = replica")
        conn.execute(
            "UPDATE events SET hash = %s WHERE stream_id = %s AND version = 2", (ODD, match_id)
        )
        conn.execute(
            "UPDATE events SET prev_hash = %s WHERE stream_id = %s AND version = 5",
            ('"\\', match_id),
        )
    with connect(url) as conn:
        (record,) = read_records(conn, [match_id]).values()
    assert record.text == jsonl_lines(store.read_streams([match_id])[match_id])


def projected(url: str) -> dict[str, list[tuple[Any, ...]]]:
    with connect(url) as conn:
        return projection_rows(conn, ("match_summaries", "round_facts"))


def test_events_stored_without_texts_export_and_audit_as_before(
    url: str, store: PostgresEventStore, tmp_path: Path
) -> None:
    old, mixed, running = "old", "mixed", "running"
    for match_id in (old, mixed):
        finished_match(store, match_id)
    running_match(store, running)
    project(url, [old, mixed, running])
    folded = projected(url)
    assert len(folded["round_facts"]) > 10
    out = tmp_path / "a.jsonl"
    assert run(url, "export", "--all", "--format", "jsonl", "--out", out)[0] == 0
    before = out.read_bytes()
    with connect(url) as conn:  # as 0009 leaves rows stored before it
        conn.execute("SET session_replication_role = replica")
        conn.execute(
            "UPDATE events SET data_text = NULL, metadata_text = NULL"
            " WHERE stream_id = %s OR (stream_id = %s AND version <= 10)",
            (old, mixed),
        )
    with connect(url) as conn:
        records = read_records(conn, [old, mixed, running])
    assert [records[i].text is None for i in (old, mixed, running)] == [True, True, False]
    assert run(url, "export", "--all", "--format", "jsonl", "--out", out)[0] == 0
    assert out.read_bytes() == before
    # Projections fold the jsonb of the events without texts: rebuilt, they hold the rows
    # folded from the texts before.
    assert run(url, "projections", "rebuild")[0] == 0
    assert projected(url) == folded
    for jobs in ("1", "2"):
        code, output = run(url, "audit", "--all", "--jobs", jobs)
        assert code == 0 and output.count("PASS") == 3, output


def test_records_are_chosen_by_game_and_time_as_events_are(
    url: str, store: PostgresEventStore, tmp_path: Path
) -> None:
    flipside = finished_match(store, "chosen")
    other = chained("other", [datetime(2001, 1, 1, tzinfo=UTC)] * 2, "oink.Made")
    store.import_events(other)
    out = tmp_path / "a.jsonl"

    def exported(*args: str) -> list[str]:
        code, output = run(url, "export", *args, "--format", "jsonl", "--out", out)
        assert code == 0, output
        lines = out.read_bytes().decode().split("\n")[:-1]  # not splitlines: U+2028 is data
        return sorted({json.loads(line)["stream_id"] for line in lines})

    assert exported("--all") == [flipside, "other"]
    assert exported("--all", "--game", "flipside") == [flipside]
    assert exported("--since", "2020-01-01") == [flipside]
    code, output = run(url, "export", "other", "--game", "flipside", "--format", "jsonl",
                       "--out", out)  # fmt: skip
    assert code != 0 and "other is a oink match: a jsonl file holds flipside matches" in output
