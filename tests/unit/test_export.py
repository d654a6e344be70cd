"""Records for study (flipside.records.export, Flipside's csv and toml): byte-stable round
trips and readable errors."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from flipside.engine.records import RecordError
from flipside.games.flipside.hand_history import parse_toml, record_of, toml_document
from flipside.games.flipside.read_models import ROUND_FACT_COLUMNS
from flipside.records.export import (
    atomic_output,
    formats,
    match_text,
    operator_formats,
    write_matches,
)
from flipside.records.jsonl import jsonl_line, read_jsonl
from flipside.store import InMemoryEventStore, StoredEvent
from tests.recorded_matches import finished_match, running_match


@pytest.fixture(scope="module")
def matches() -> list[list[StoredEvent]]:
    store = InMemoryEventStore()
    ids = [finished_match(store, f"m{n}", seats=3 + n % 3) for n in range(4)]
    ids.append(running_match(store, "h1"))
    return [store.read_stream(match_id) for match_id in ids]


def exported(fmt: str, matches: Sequence[Sequence[StoredEvent]], game: str | None = None) -> str:
    out = io.StringIO()
    counts = list(write_matches(out, fmt, matches, game=game))
    assert counts == [len(events) for events in matches]
    return out.getvalue()


def test_jsonl_reads_back_as_the_stored_events(matches: list[list[StoredEvent]]) -> None:
    text = exported("jsonl", matches)
    back = list(read_jsonl(io.StringIO(text)))
    assert [len(events) for events in back] == [len(events) for events in matches]
    for original, read in zip(matches, back, strict=True):
        for mine, theirs in zip(original, read, strict=True):
            # Positions and txids belong to one database and are not exported.
            assert mine.hash == theirs.hash and mine.data == theirs.data
            assert mine.recorded_at == theirs.recorded_at and mine.event_id == theirs.event_id
    assert exported("jsonl", back) == text


def test_jsonl_is_one_event_a_line_in_stream_order(matches: list[list[StoredEvent]]) -> None:
    lines = exported("jsonl", matches[:1]).splitlines()
    versions = [json.loads(line)["version"] for line in lines]
    assert versions == list(range(1, len(matches[0]) + 1))
    assert "global_position" not in json.loads(lines[0])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json}\n", "line 1: not JSON"),
        ('{"stream_id": "x"}\n', "line 1: not an event envelope"),
        ("", None),
    ],
)
def test_jsonl_errors_name_the_line(text: str, message: str | None) -> None:
    if message is None:
        assert list(read_jsonl(io.StringIO(text))) == []
        return
    with pytest.raises(RecordError, match=message):
        list(read_jsonl(io.StringIO(text)))


def test_a_truncated_jsonl_file_is_refused(matches: list[list[StoredEvent]]) -> None:
    text = "".join(map(jsonl_line, matches[0][:3]))
    with pytest.raises(RecordError, match="line 3: truncated"):
        list(read_jsonl(io.StringIO(text[:-20])))


def test_a_mistyped_field_is_refused(matches: list[list[StoredEvent]]) -> None:
    envelope = json.loads(jsonl_line(matches[0][0]))
    envelope["version"] = "1"
    with pytest.raises(RecordError, match="line 1: version is not a int"):
        list(read_jsonl(io.StringIO(json.dumps(envelope) + "\n")))


def test_toml_parse_and_write_again_gives_the_same_bytes(
    matches: list[list[StoredEvent]],
) -> None:
    text = exported("toml", matches)
    records = parse_toml(text)
    assert [record.match_id for record in records] == ["m0", "m1", "m2", "m3", "h1"]
    assert toml_document(records) == text


def test_toml_header_of_a_finished_match(matches: list[list[StoredEvent]]) -> None:
    record = parse_toml(exported("toml", matches[:1]))[0]
    assert record.viewer == "all" and record.winner is not None and record.seed != "??"
    assert record.rules_version == "flipside-1" and record.start_life == 4
    assert sorted(seat.place for seat in record.seats) == [1, 2, 3]
    kinds = {action.split()[0] for action in record.actions}
    assert {"deal", "exchange", "orientation", "showdown", "life"} <= kinds


def test_a_seats_toml_hides_what_it_may_not_see(matches: list[list[StoredEvent]]) -> None:
    running = matches[-1]
    record = record_of(running, viewer=1, omniscient=False)
    assert record.viewer == "seat 1" and record.seed == "??" and record.winner is None
    others = [a for a in record.actions if a.startswith("exchange") and " s1 " not in a]
    assert all("??" in action for action in others if not action.endswith("[] []"))
    assert parse_toml(toml_document([record])) == [record]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('"deal s', '"dealt s', 1), "not in the notation"),
        (lambda t: t.replace("start_life = 4\n", ""), "start_life"),
        (lambda t: t + "stray = 1\n", "unknown key"),
        (lambda t: t[: len(t) // 2], "not TOML"),
    ],
)
def test_toml_that_the_writer_would_not_write_is_refused(
    matches: list[list[StoredEvent]], change: object, message: str | None
) -> None:
    text = change(exported("toml", matches[:1]))  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        parse_toml(text)


def test_csv_has_one_row_per_seat_per_finished_round(matches: list[list[StoredEvent]]) -> None:
    rows = list(csv.DictReader(io.StringIO(exported("csv", matches, "flipside"))))
    assert tuple(rows[0]) == ROUND_FACT_COLUMNS
    expected = {
        (events[0].stream_id, event.data["round"], seat)
        for events in matches
        for index, event in enumerate(events)
        if event.type == "flipside.RoundStarted"
        and any(
            e.type == "flipside.RoundEnded" and e.data["round"] == event.data["round"]
            for e in events
        )
        for seat in event.data["turn_order"]
    }
    assert len(rows) == len(expected)
    assert {(row["match_id"], int(row["round"]), int(row["seat"])) for row in rows} == expected


def test_atomic_output_leaves_nothing_when_interrupted(tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    with pytest.raises(RuntimeError), atomic_output(target) as out:
        out.write("half")
        raise RuntimeError("interrupted")
    assert list(tmp_path.iterdir()) == []
    with atomic_output(target) as out:
        out.write("whole\n")
    assert target.read_text() == "whole\n" and list(tmp_path.iterdir()) == [target]


def test_unknown_format_is_refused(matches: list[list[StoredEvent]]) -> None:
    with pytest.raises(ValueError, match="unknown format"):
        exported("xml", matches)


def test_read_streams_gives_whole_streams_by_id() -> None:
    store = InMemoryEventStore()
    finished_match(store, "a", seats=3)
    running_match(store, "b")
    streams = store.read_streams(["b", "nothing", "a"])
    assert set(streams) == {"a", "b"}
    assert streams["a"] == store.read_stream("a") and streams["b"] == store.read_stream("b")


def test_decisions_are_an_operators_format_only(matches: list[list[StoredEvent]]) -> None:
    """The API serves `formats`; a decisions file shows every seat's private views."""
    assert "decisions" in operator_formats() and "decisions" not in formats()
    rows = [json.loads(line) for line in exported("decisions", matches).splitlines()]
    assert {"m0", "m1", "m2", "m3"} <= {row["match_id"] for row in rows}
    assert len({row["seat"] for row in rows}) > 1


def test_a_viewer_gets_its_own_decisions_only(matches: list[list[StoredEvent]]) -> None:
    own = [json.loads(line) for line in match_text("decisions", None, matches[0], 1).splitlines()]
    every = [json.loads(line) for line in match_text("decisions", None, matches[0]).splitlines()]
    assert own and own == [row for row in every if row["seat"] == 1]


def _envelope_json(event: StoredEvent) -> str:
    """A jsonl line as docs/records.md defines it: the canonical JSON of the whole envelope,
    written with the options that definition names."""
    recorded = event.recorded_at.astimezone(UTC).isoformat() if event.recorded_at else None
    envelope = {
        "stream_id": event.stream_id,
        "version": event.version,
        "event_id": event.event_id,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": event.data,
        "metadata": event.metadata,
        "recorded_at": recorded,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def test_a_jsonl_line_is_the_canonical_json_of_the_whole_envelope(
    matches: list[list[StoredEvent]],
) -> None:
    awkward = StoredEvent(
        stream_id='m"é\x01\\',
        version=12,
        global_position=5,
        event_id="00000000-0000-0000-0000-000000000001",
        type="flipside.Odd\u2028",
        schema_version=2,
        data={"z": [1, ("ü\n", None)], "a": {"b": True, "A": -0.5}, "é": 10**20},
        metadata={"actor": "tab\there"},
        recorded_at=datetime(2025, 5, 1, 21, 34, 56, 789012, tzinfo=timezone(timedelta(hours=9))),
        prev_hash="0" * 64,
        hash="ab" * 32,
    )
    unknown_time = replace(awkward, recorded_at=None, metadata={})
    for event in [*(event for match in matches for event in match), awkward, unknown_time]:
        assert jsonl_line(event) == _envelope_json(event)
