"""Hold'em through the command line on PostgreSQL: a stored match exported with
``flipside export --format phh`` (one PokerKit hand history per hand) and ``--format csv``,
and ``flipside audit`` passing it."""

from __future__ import annotations

import csv
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from flipside.cli.main import cli
from pokerkit import HandHistory

from flipside.db import temporary_database
from flipside.engine.seats import SeatSpec
from flipside.service import MatchService
from flipside.store import PostgresEventStore

MATCH = "holdem-cli"


@pytest.fixture(scope="module")
def url(postgres_server_url: str) -> Iterator[str]:
    with temporary_database(postgres_server_url, prefix="flipside_test") as url:
        with PostgresEventStore(url) as store:
            MatchService(store).create(
                [SeatSpec("npc", level=level) for level in ("easy", "normal", "hard")],
                game="holdem",
                seed=bytes(range(32)),
                match_id=MATCH,
                options={"starting_stack": 300, "max_hands": 15},
            )
        yield url


def run(url: str, *args: str | Path) -> Result:
    return CliRunner().invoke(cli, ["--database-url", url, *map(str, args)])


def test_export_phh_writes_a_hand_history_per_hand(url: str, tmp_path: Path) -> None:
    out = tmp_path / "match.phhs"
    result = run(url, "export", MATCH, "--format", "phh", "--out", out)
    assert result.exit_code == 0, result.output
    histories = list(HandHistory.loads_all(out.read_text(encoding="utf-8")))
    numbers = [history.user_defined_fields["_hand"] for history in histories]
    assert numbers == list(range(1, len(histories) + 1)) and len(histories) > 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        first = list(histories[0])[-1]  # PokerKit replays it to its last state
    assert sum(first.stacks) == 900


def test_export_csv_and_audit(url: str, tmp_path: Path) -> None:
    out = tmp_path / "match.csv"
    result = run(url, "export", MATCH, "--format", "csv", "--out", out)
    assert result.exit_code == 0, result.output
    with out.open(encoding="utf-8") as text:
        rows = list(csv.DictReader(text))
    assert rows and sum(int(row["net"]) for row in rows) == 0
    audited = run(url, "audit", MATCH)
    assert audited.exit_code == 0, audited.output
