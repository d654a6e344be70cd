"""Records written by the code before the engine (bare type names, `LifeChanged` at schema
version 1) still import, audit clean and read as current events.

The fixture was exported from matches played by that code (tests/fixtures/legacy/README.md):
one of them has a seat at 1 life losing the down side, recorded as ``delta`` -2, ``life`` 0.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.games.flipside.events import LifeChanged, MatchCreated
from flipside.service import MatchService
from flipside.store import PostgresEventStore
from tests.recorded_matches import project

LEGACY = Path(__file__).parents[1] / "fixtures" / "legacy" / "flipside-v0.jsonl"
MATCHES = ["legacy-npc-clamp", "legacy-npc5-clamp", "legacy-person-timeout"]
EVENTS = 358


@pytest.fixture
def url(fresh_database_url: Callable[[], str]) -> str:
    return fresh_database_url()


@pytest.fixture
def store(url: str) -> Iterator[PostgresEventStore]:
    """The database with the legacy record imported by `flipside import`."""
    run(url, "import", str(LEGACY))
    with PostgresEventStore(url) as event_store:
        yield event_store


def run(url: str, *args: str) -> str:
    """What `flipside ARGS` writes to stdout; it must succeed."""
    result = CliRunner().invoke(cli, ["--database-url", url, *args])
    assert result.exit_code == 0, f"flipside {' '.join(args)}: {result.output}"
    return result.stdout


def test_the_legacy_record_imports_as_it_was_and_audits_clean(
    url: str, store: PostgresEventStore
) -> None:
    stored = store.read_streams(MATCHES)
    assert sum(map(len, stored.values())) == EVENTS
    assert {e.schema_version for events in stored.values() for e in events} == {1}
    assert all("." not in e.type for events in stored.values() for e in events)  # bare names
    project(url, MATCHES)  # so that the audit also compares the projections' rows
    verdicts = [json.loads(line) for line in run(url, "audit", "--all", "--json").splitlines()]
    assert {v["match_id"]: (v["passed"], v["status"]) for v in verdicts} == {
        match_id: (True, "finished") for match_id in MATCHES
    }, verdicts


def test_upcast_life_changes_sum_to_the_final_lives(store: PostgresEventStore) -> None:
    service = MatchService(store)
    clamped = []
    for match_id in MATCHES:
        match, history = service.history(match_id)
        events = [event for _, event in history]
        created = events[0]
        assert isinstance(created, MatchCreated)
        changes = [event for event in events if isinstance(event, LifeChanged)]
        lives = [
            created.start_life + sum(c.delta for c in changes if c.seat == seat)
            for seat in range(len(created.seats))
        ]
        assert lives == [seat.life for seat in match.state.seats]
        assert match.progress.outcome is not None
        clamped += [c for c in changes if c.delta != c.nominal]
    assert clamped
    assert all((c.nominal, c.delta, c.life) == (-2, -1, 0) for c in clamped)  # R5
