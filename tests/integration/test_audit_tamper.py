"""`flipside audit` catches tampering done behind the store's back, in PostgreSQL itself.

The immutability triggers are switched off for the tampering connection only
(``session_replication_role = replica``), as someone with superuser access could do. Each case
changes one stored match; `audit` must fail it, naming the match and the event.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.db import connect
from flipside.store import GENESIS_HASH, PostgresEventStore
from flipside.store.chain import canonical_text, recompute_hash
from tests.recorded_matches import finished_match, project, running_match


@pytest.fixture
def match_id(store: PostgresEventStore, request: pytest.FixtureRequest) -> str:
    return finished_match(store, f"tamper-{request.node.name}")


@pytest.fixture
def tamper(database_url: str) -> Iterator[Any]:
    """A connection that may change `events`: its triggers are off for this session only."""
    with connect(database_url) as conn:
        conn.execute("SET session_replication_role = replica")
        yield conn


def audit(database_url: str, *ids: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--database-url", database_url, "audit", *ids])
    return result.exit_code, result.output


def first_version(store: PostgresEventStore, match_id: str, type_name: str) -> int:
    return next(
        e.version
        for e in store.read_stream(match_id)
        if e.type == type_name and (type_name != "flipside.CardsExchanged" or e.data["drawn"])
    )


def assert_caught(output: str, match_id: str, version: int, check: str) -> None:
    assert f"FAIL {match_id}" in output
    assert re.search(rf"{re.escape(match_id)} event {version} \[{check}\]", output), output


def test_the_untouched_match_passes(database_url: str, match_id: str) -> None:
    code, output = audit(database_url, match_id)
    assert code == 0 and f"PASS {match_id}" in output


def test_one_changed_field(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    version = first_version(store, match_id, "flipside.LifeChanged")
    tamper.execute(
        "UPDATE events SET data = jsonb_set(data, '{life}', '9') "
        "WHERE stream_id = %s AND version = %s",
        (match_id, version),
    )
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, version, "chain")
    assert_caught(output, match_id, version, "decider")
    assert_caught(output, match_id, version, "text")  # the text exports copy is the old one


def test_a_changed_stored_text(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    """Only the text a jsonl export copies is changed, to another life written canonically."""
    version = first_version(store, match_id, "flipside.LifeChanged")
    event = store.read_stream(match_id)[version - 1]
    tamper.execute(
        "UPDATE events SET data_text = %s WHERE stream_id = %s AND version = %s",
        (canonical_text({**event.data, "life": 9}), match_id, version),
    )
    assert_text_caught(database_url, match_id, version)


def test_a_stored_text_not_in_canonical_form(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    """The same data, written with PostgreSQL's spacing and key order: its hash differs."""
    version = first_version(store, match_id, "flipside.LifeChanged")
    (text,) = tamper.execute(
        "UPDATE events SET data_text = data::text WHERE stream_id = %s AND version = %s"
        " RETURNING data_text",
        (match_id, version),
    ).fetchone()
    event = store.read_stream(match_id)[version - 1]
    assert text != canonical_text(event.data) and json.loads(text) == event.data
    assert_text_caught(database_url, match_id, version)


def assert_text_caught(database_url: str, match_id: str, version: int) -> None:
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, version, "text")
    assert "[chain]" not in output and "[decider]" not in output  # the jsonb is untouched


def test_a_deleted_event(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    version = first_version(store, match_id, "flipside.OrientationChosen")
    tamper.execute("DELETE FROM events WHERE stream_id = %s AND version = %s", (match_id, version))
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, version, "chain")


def test_two_swapped_events(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    first = first_version(store, match_id, "flipside.CardsExchanged")
    swaps = [(first, 1_000_000), (first + 1, first), (1_000_000, first + 1)]
    for old, new in swaps:
        tamper.execute(
            "UPDATE events SET version = %s WHERE stream_id = %s AND version = %s",
            (new, match_id, old),
        )
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, first, "chain")


def test_a_changed_revealed_seed(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    version = first_version(store, match_id, "flipside.SeedRevealed")
    tamper.execute(
        "UPDATE events SET data = jsonb_set(data, '{seed}', to_jsonb(%s::text)) "
        "WHERE stream_id = %s AND version = %s",
        ("ab" * 32, match_id, version),
    )
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, version, "chain")
    assert_caught(output, match_id, version, "commitment")


@pytest.mark.parametrize("reseal", [False, True], ids=["plain", "resealed"])
def test_a_changed_drawn_card(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any, reseal: bool
) -> None:
    version = first_version(store, match_id, "flipside.CardsExchanged")
    event = store.read_stream(match_id)[version - 1]
    drawn = list(event.data["drawn"])
    drawn[0] = "32" if drawn[0] != "32" else "42"
    tamper.execute(
        "UPDATE events SET data = jsonb_set(data, '{drawn}', %s::jsonb) "
        "WHERE stream_id = %s AND version = %s",
        (str(drawn).replace("'", '"'), match_id, version),
    )
    if reseal:  # a forger who also recomputes every hash from there on
        reseal_stream(tamper, database_url, match_id)
    code, output = audit(database_url, match_id)
    assert code == 1
    assert_caught(output, match_id, version, "draw")
    assert ("[chain]" in output) != reseal
    assert ("[text]" in output) != reseal  # the plain edit leaves the stored text as it was


def reseal_stream(conn: Any, database_url: str, match_id: str) -> None:
    """Recompute every hash of the stream, and write every stored canonical text again from
    the jsonb, as a forger with the table owner's rights can."""
    prev = GENESIS_HASH
    with PostgresEventStore(database_url) as fresh:  # not the test store's remembered tips
        events = fresh.read_stream(match_id)
    for event in events:
        event = dataclasses.replace(event, prev_hash=prev)
        event = dataclasses.replace(event, hash=recompute_hash(event))
        conn.execute(
            "UPDATE events SET prev_hash = %s, hash = %s, data_text = %s, metadata_text = %s"
            " WHERE stream_id = %s AND version = %s",
            (
                event.prev_hash,
                event.hash,
                canonical_text(event.data),
                canonical_text(event.metadata),
                match_id,
                event.version,
            ),
        )
        prev = event.hash


def test_one_bad_match_fails_the_run_and_the_others_pass(
    database_url: str, store: PostgresEventStore, match_id: str, tamper: Any
) -> None:
    running = running_match(store, f"{match_id}-running")
    version = first_version(store, match_id, "flipside.RoundStarted")
    tamper.execute("DELETE FROM events WHERE stream_id = %s AND version = %s", (match_id, version))
    code, output = audit(database_url, running, match_id)
    assert code == 1
    assert f"PASS {running}" in output and "seed not yet revealed" in output
    assert_caught(output, match_id, version, "chain")


def test_a_projection_row_that_differs_from_a_fresh_fold(fresh_database_url: Any) -> None:
    url = fresh_database_url()  # the session database holds the other tests' tampering
    with PostgresEventStore(url) as store:
        match_id = finished_match(store, "projected")
    project(url, [match_id])
    assert audit(url, match_id)[0] == 0
    with connect(url) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute(
            "UPDATE round_facts SET life_after = life_after + 1 WHERE match_id = %s AND round = 1",
            (match_id,),
        )
    code, output = audit(url, match_id)
    assert code == 1
    assert f"{match_id} match [projection] round_facts row 1 differs" in output
