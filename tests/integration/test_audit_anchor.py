"""`flipside anchor` and `flipside audit --anchor`: tampering that leaves a valid chain behind
(a deleted match, a cut-off end, a stream rewritten with every hash recomputed) passes the
audit of what is stored, and is reported against an anchor kept outside the database.

Each test has a database of its own: `audit --anchor` audits every stored match. The
tampering connection switches the immutability triggers off for itself
(``session_replication_role = replica``), as the owner or a superuser could.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from click.testing import CliRunner, Result
from flipside.cli.main import cli

from flipside.db import connect
from flipside.store import PostgresEventStore
from tests.flipside_moves import exchange, orient, state_of
from tests.integration.test_audit_tamper import reseal_stream
from tests.recorded_matches import finished_match, project, running_match, service


@dataclasses.dataclass(frozen=True)
class Anchored:
    url: str
    path: Path
    finished: tuple[str, str]
    running: str
    running_version: int  # before its last decision, which the anchor holds


@pytest.fixture
def anchored(fresh_database_url: Callable[[], str], tmp_path: Path) -> Anchored:
    """Two finished matches and a running one that made a move, anchored to a file."""
    url = fresh_database_url()
    with PostgresEventStore(url) as store:
        finished = (finished_match(store, "done-1"), finished_match(store, "done-2"))
        running = running_match(store, "live")
        before = store.stream_version(running)
        move(store, running)
    path = tmp_path / "anchor.jsonl"
    made = run(url, "anchor", "--output", str(path))
    assert made.exit_code == 0, made.output
    assert "anchored 3 matches" in made.stderr
    return Anchored(url, path, finished, running, before)


@pytest.fixture
def tamper(anchored: Anchored) -> Iterator[psycopg.Connection[Any]]:
    with connect(anchored.url) as conn:
        conn.execute("SET session_replication_role = replica")
        yield conn


def move(store: PostgresEventStore, match_id: str) -> None:
    """Seat 0's next move: no exchange, or every card up as dealt."""
    svc = service(store)
    state = state_of(svc, match_id)
    if state.seat_to_exchange == 0:
        exchange(svc, match_id, 0, [])
    else:
        orient(svc, match_id, 0, sorted(state.seats[0].hand))


def run(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--database-url", url, *args])


def audit(anchored: Anchored, *args: str) -> Result:
    return run(anchored.url, "audit", "--jobs", "1", *args)


def anchor_lines(result: Result) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.startswith("ANCHOR ")]


def test_a_clean_anchor_passes_and_matches_may_grow_since(anchored: Anchored) -> None:
    with PostgresEventStore(anchored.url) as store:
        move(store, anchored.running)  # grows past the anchored head
        finished_match(store, "after")  # not in the anchor: audited as stored
    result = audit(anchored, "--anchor", str(anchored.path))
    assert result.exit_code == 0, result.output
    assert anchor_lines(result) == []
    assert "3 matches, 0 deleted, truncated or rewritten since; not signed" in result.stderr
    assert "4 matches" in result.stderr and "0 failed" in result.stderr


def test_a_deleted_match_passes_the_audit_and_is_reported_against_the_anchor(
    anchored: Anchored, tamper: psycopg.Connection[Any]
) -> None:
    gone = anchored.finished[0]
    tamper.execute("DELETE FROM events WHERE stream_id = %s", (gone,))
    assert audit(anchored, "--all").exit_code == 0  # what is left is sound
    result = audit(anchored, "--anchor", str(anchored.path))
    assert result.exit_code == 1
    [line] = anchor_lines(result)
    assert line.startswith(f"ANCHOR {gone} match [deleted] no events now; anchored at version")


def test_a_deleted_last_decision_is_reported_as_truncated(
    anchored: Anchored, tamper: psycopg.Connection[Any]
) -> None:
    match_id, before = anchored.running, anchored.running_version
    project(anchored.url, [match_id])
    tamper.execute("DELETE FROM events WHERE stream_id = %s AND version > %s", (match_id, before))
    assert f"{match_id} match [projection]" in audit(anchored, match_id).stdout
    assert run(anchored.url, "projections", "rebuild").exit_code == 0
    assert audit(anchored, match_id).exit_code == 0  # a match waiting for seat 0 again
    result = audit(anchored, "--anchor", str(anchored.path))
    assert result.exit_code == 1
    [line] = anchor_lines(result)
    assert f"ANCHOR {match_id} event " in line
    assert f"[truncated] the stream ends at version {before}, anchored at" in line


def test_forged_metadata_with_every_hash_recomputed_is_reported_as_rewritten(
    anchored: Anchored, tamper: psycopg.Connection[Any]
) -> None:
    """Metadata is in the hash: forged alone, the chain breaks. Resealed from there on, the
    chain is valid again and no rule looks at who acted, so only the anchor shows it."""
    match_id = anchored.finished[1]
    tamper.execute(
        """UPDATE events SET metadata = jsonb_set(metadata, '{actor}', '"seat 3"')"""
        " WHERE stream_id = %s AND version = 2",
        (match_id,),
    )
    assert f"{match_id} event 2 [chain]" in audit(anchored, match_id).stdout
    reseal_stream(tamper, anchored.url, match_id)
    assert audit(anchored, match_id).exit_code == 0
    result = audit(anchored, "--anchor", str(anchored.path))
    assert result.exit_code == 1
    [line] = anchor_lines(result)
    assert f"ANCHOR {match_id} event " in line and "[rewritten]" in line


def test_a_tampered_anchor_file_is_refused_in_one_line(anchored: Anchored) -> None:
    text = anchored.path.read_text()
    anchored.path.write_text(text.replace('"version":', '"version":1', 1))
    result = audit(anchored, "--anchor", str(anchored.path))
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert "the anchor was altered: its content does not match its sha256" in result.stderr


def test_a_signed_anchor_needs_its_key(
    anchored: Anchored, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLIPSIDE_ANCHOR_KEY", "operator secret")
    signed = tmp_path / "signed.jsonl"
    assert run(anchored.url, "anchor", "-o", str(signed)).exit_code == 0
    assert "signature checked" in audit(anchored, "--anchor", str(signed)).stderr
    monkeypatch.setenv("FLIPSIDE_ANCHOR_KEY", "a guess")
    result = audit(anchored, "--anchor", str(signed))
    assert result.exit_code == 1 and "signature does not match" in result.stderr


def test_the_anchor_goes_to_stdout_without_output(anchored: Anchored) -> None:
    result = run(anchored.url, "anchor")
    assert result.exit_code == 0
    heads = anchored.path.read_text().splitlines()[1:-1]  # the header's time may differ
    assert result.stdout.splitlines()[1:-1] == heads and len(heads) == 3


def test_anchor_refuses_named_matches(anchored: Anchored) -> None:
    result = audit(anchored, "--anchor", str(anchored.path), anchored.running)
    assert result.exit_code == 2 and "--anchor audits every match" in result.output
