"""`flipside export` and `flipside import` end to end on PostgreSQL, through the CLI.

Each module gets databases of its own: `audit --all` and `export --all` must not see the
session database, where other tests keep (and tamper with) their matches.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from flipside.cli.main import cli

from flipside.db import temporary_database
from flipside.engine.registry import game_named
from flipside.games.flipside.hand_history import toml_document
from flipside.store import PostgresEventStore
from tests.recorded_matches import finished_match, running_match

FINISHED = [f"rec-{n}" for n in range(4)]


@pytest.fixture(scope="module")
def source_url(postgres_server_url: str) -> Iterator[str]:
    with temporary_database(postgres_server_url, prefix="flipside_test") as url:
        with PostgresEventStore(url) as store:
            for number, match_id in enumerate(FINISHED):
                finished_match(store, match_id, seats=3 + number % 3)
            running_match(store, "rec-running")
        yield url


def run(url: str, *args: str | Path) -> Result:
    return CliRunner().invoke(cli, ["--database-url", url, *map(str, args)])


def stored_matches(url: str) -> list[str]:
    with PostgresEventStore(url) as store:
        return store.list_streams()


def exported(url: str, path: Path, fmt: str = "jsonl", *which: str) -> bytes:
    result = run(url, "export", *(which or ["--all"]), "--format", fmt, "--out", path)
    assert result.exit_code == 0, result.output
    return path.read_bytes()


def test_jsonl_round_trip_through_a_fresh_database(
    source_url: str, fresh_database_url: object, tmp_path: Path
) -> None:
    first = exported(source_url, tmp_path / "a.jsonl")
    target = fresh_database_url()  # type: ignore[operator]
    imported = run(target, "import", tmp_path / "a.jsonl")
    assert imported.exit_code == 0, imported.output
    assert "imported 5 matches" in imported.stdout
    audited = run(target, "audit", "--all")
    assert audited.exit_code == 0, audited.output
    assert exported(target, tmp_path / "b.jsonl") == first
    again = run(target, "import", tmp_path / "a.jsonl")
    assert again.exit_code == 0 and "(0 new," in again.stdout


def test_a_tampered_record_is_refused_and_nothing_is_imported(
    source_url: str, fresh_database_url: object, tmp_path: Path
) -> None:
    lines = exported(source_url, tmp_path / "a.jsonl").decode().splitlines(keepends=True)
    at = next(
        i
        for i, line in enumerate(lines)
        if '"type":"flipside.CardsExchanged"' in line and "rec-3" in line
    )
    envelope = json.loads(lines[at])
    envelope["data"]["discarded"] = envelope["data"]["discarded"][:-1] or ["AK"]
    lines[at] = json.dumps(envelope) + "\n"
    (tmp_path / "bad.jsonl").write_text("".join(lines))
    target = fresh_database_url()  # type: ignore[operator]
    refused = run(target, "import", tmp_path / "bad.jsonl")
    assert refused.exit_code == 1
    assert "refused, nothing imported" in refused.output
    assert f"rec-3 event {envelope['version']} [chain]" in refused.output
    assert stored_matches(target) == []


def test_a_truncated_file_is_one_line_and_nothing_is_imported(
    source_url: str, fresh_database_url: object, tmp_path: Path
) -> None:
    text = exported(source_url, tmp_path / "a.jsonl")
    (tmp_path / "cut.jsonl").write_bytes(text[: len(text) // 2])
    target = fresh_database_url()  # type: ignore[operator]
    result = run(target, "import", tmp_path / "cut.jsonl")
    assert result.exit_code == 1
    assert "truncated" in result.output and "Traceback" not in result.output
    assert stored_matches(target) == []
    missing = run(target, "import", tmp_path / "none.jsonl")
    assert missing.exit_code == 1 and "cannot read" in missing.output


def test_csv_loads_with_one_row_per_seat_per_round(source_url: str, tmp_path: Path) -> None:
    exported(source_url, tmp_path / "r.csv", "csv", *FINISHED)
    with (tmp_path / "r.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    jsonl = exported(source_url, tmp_path / "r.jsonl", "jsonl", *FINISHED).decode()
    seats_per_round = sum(
        len(event["data"]["turn_order"])
        for event in map(json.loads, jsonl.splitlines())
        if event["type"] == "flipside.RoundStarted"
    )
    assert len(rows) == seats_per_round
    assert {row["match_id"] for row in rows} == set(FINISHED)


def test_toml_parsed_and_written_again_is_the_same_file(source_url: str, tmp_path: Path) -> None:
    text = exported(source_url, tmp_path / "r.toml", "toml").decode()
    records = game_named("flipside").records.parse("toml", text)
    assert {record.match_id for record in records} == {*FINISHED, "rec-running"}
    assert toml_document(records) == text
    again = run(source_url, "export", "--all", "--format", "toml", "--out", tmp_path / "s.toml")
    assert again.stderr.startswith(f"exported {len(FINISHED) + 1} flipside matches, ")


def test_since_picks_matches_by_creation_time(source_url: str, tmp_path: Path) -> None:
    assert exported(source_url, tmp_path / "old.jsonl", "jsonl", "--since", "2000-01-01")
    assert exported(source_url, tmp_path / "new.jsonl", "jsonl", "--since", "2999-01-01") == b""


def test_an_unknown_match_writes_no_file(source_url: str, tmp_path: Path) -> None:
    result = run(source_url, "export", "nope", "--format", "jsonl", "--out", tmp_path / "x")
    assert result.exit_code == 1 and "no match 'nope'" in result.output
    assert list(tmp_path.iterdir()) == []


def test_batches_in_processes_give_the_same_file_and_verdicts(
    source_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("flipside.cli.common.BATCH_MATCHES", 2)  # 5 matches: three batches
    alone = exported(source_url, tmp_path / "one.jsonl", "jsonl", "--all", "--jobs", "1")
    shared = exported(source_url, tmp_path / "two.jsonl", "jsonl", "--all", "--jobs", "2")
    assert shared == alone
    audited = run(source_url, "audit", "--all", "--jobs", "2")
    assert audited.exit_code == 0, audited.output
    passed = [
        line.split()[1].rstrip(":")
        for line in audited.stdout.splitlines()
        if line.startswith("PASS")
    ]
    assert passed == sorted([*FINISHED, "rec-running"]) and "5 matches" in audited.stderr


def test_a_record_that_disagrees_with_a_stored_match_is_refused(
    source_url: str, fresh_database_url: object, tmp_path: Path
) -> None:
    exported(source_url, tmp_path / "a.jsonl")
    target = fresh_database_url()  # type: ignore[operator]
    with PostgresEventStore(target) as store:
        finished_match(store, "rec-2")  # the same play, but other event ids and hashes
    refused = run(target, "import", tmp_path / "a.jsonl")
    assert refused.exit_code == 1
    assert "rec-2 match [import] stream 'rec-2' already stored with different content" in (
        refused.output
    )
    assert stored_matches(target) == ["rec-2"]


def test_an_unknown_game_is_one_line_and_writes_no_file(source_url: str, tmp_path: Path) -> None:
    args = ["--all", "--format", "jsonl", "--game", "chess", "--out", tmp_path / "x"]
    result = run(source_url, "export", *args)
    assert result.exit_code == 1 and result.output.startswith("Error: no game 'chess'")
    assert len(result.output.splitlines()) == 1 and list(tmp_path.iterdir()) == []


def test_game_picks_its_matches(source_url: str, tmp_path: Path) -> None:
    every = exported(source_url, tmp_path / "all.jsonl", "jsonl", "--all")
    flipside = exported(source_url, tmp_path / "f.jsonl", "jsonl", "--all", "--game", "flipside")
    assert flipside == every
