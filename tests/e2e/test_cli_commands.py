"""`flipside matches list`, `replay`, `audit` and the one-line errors, through the CLI, plus
one run of the installed ``flipside`` script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from flipside.cli.errors import FlipsideGroup
from flipside.cli.main import cli

from flipside.db import DatabaseUnavailable, temporary_database
from flipside.store import PostgresEventStore
from tests.recorded_matches import finished_match, project, running_match

DOWN = "postgresql://postgres@127.0.0.1:1/nothing"  # no server listens on port 1


@pytest.fixture(scope="module")
def url(postgres_server_url: str) -> Iterator[str]:
    with temporary_database(postgres_server_url, prefix="flipside_test") as database:
        with PostgresEventStore(database) as store:
            finished_match(store, "cmd-done", seats=3)
            running_match(store, "cmd-running")
        project(database, ["cmd-done", "cmd-running"])  # `matches list` reads projections
        yield database


def run(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--database-url", url, *args])


def test_matches_list_fits_the_terminal(url: str) -> None:
    """A table where it fits, else two lines a match that keep each id whole (80 columns is
    a common terminal's width, and the width of output that is not a terminal)."""
    listed = ["--database-url", url, "matches", "list"]
    narrow = CliRunner().invoke(cli, listed, env={"COLUMNS": "80"})
    lines = narrow.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), narrow.stdout
    done = next(line for line in lines if line.startswith("cmd-done  "))
    assert "  finished  round " in done
    wide = CliRunner().invoke(cli, listed, env={"COLUMNS": "140"})
    assert "┃ match " in wide.stdout and "│ cmd-done " in wide.stdout


def test_matches_list_filters_and_json(url: str) -> None:
    table = run(url, "matches", "list")
    assert table.exit_code == 0 and "cmd-done" in table.stdout and "cmd-running" in table.stdout
    active = [
        json.loads(line)
        for line in run(url, "matches", "list", "--status", "active", "--json").stdout.splitlines()
    ]
    assert [row["match_id"] for row in active] == ["cmd-running"]
    finished = run(url, "matches", "list", "--status", "finished", "--json").stdout
    assert [json.loads(line)["winner"] is not None for line in finished.splitlines()] == [True]
    assert len(run(url, "matches", "list", "--limit", "1", "--json").stdout.splitlines()) == 1
    by_player = run(url, "matches", "list", "--player", "guest:ana", "--json").stdout.splitlines()
    assert [json.loads(line)["match_id"] for line in by_player] == ["cmd-running"]
    registered = run(url, "matches", "list", "--player", "ana", "--json").stdout.splitlines()
    assert registered == []  # ana played as a guest: a registered Ana's list holds none of it
    of_game = run(url, "matches", "list", "--game", "flipside", "--json").stdout.splitlines()
    assert {json.loads(line)["game"] for line in of_game} == {"flipside"} and len(of_game) == 2
    unknown = run(url, "matches", "list", "--game", "chess")
    assert unknown.exit_code != 0 and "chess" in unknown.output


def test_matches_list_says_when_the_projection_is_behind(postgres_server_url: str) -> None:
    """Matches stored while no projection runner ran are not listed yet: the list says so on
    stderr (its stdout stays the rows a script reads), until the projection folds them."""
    with temporary_database(postgres_server_url, prefix="flipside_test") as database:
        with PostgresEventStore(database) as store:
            finished_match(store, "unlisted", seats=3)
        before = run(database, "matches", "list", "--json")
        assert before.exit_code == 0 and before.stdout == ""
        assert "not listed yet" in before.stderr and "projections run --once" in before.stderr
        project(database, ["unlisted"])
        after = run(database, "matches", "list", "--json")
        assert [json.loads(line)["match_id"] for line in after.stdout.splitlines()] == ["unlisted"]
        assert after.stderr == ""


def test_replay_tells_the_rounds(url: str) -> None:
    result = run(url, "replay", "cmd-done")
    assert result.exit_code == 0
    for words in (
        "== round 1",
        "up side, strongest first:",
        "down side",
        "winner",
        "seed revealed",
    ):
        assert words in result.stdout
    one = run(url, "replay", "cmd-done", "--round", "1", "--json")
    steps = [json.loads(line) for line in one.stdout.splitlines()]
    assert {step["round"] for step in steps} == {1} and steps[0]["type"] == "flipside.RoundStarted"


def test_replay_as_a_seat_hides_the_others_orientation(url: str) -> None:
    result = run(url, "replay", "cmd-done", "--as-seat", "0")
    assert result.exit_code == 0 and "cards placed face down" in result.stdout
    assert "seed revealed" in result.stdout  # at the end the seed is public
    wrong = run(url, "replay", "cmd-done", "--as-seat", "7")
    assert wrong.exit_code == 2 and "seats 0-2" in wrong.output
    beyond = run(url, "replay", "cmd-done", "--round", "999")
    assert beyond.exit_code == 2 and "has no round 999" in beyond.output


def test_audit_all_passes_and_says_a_running_match_is_running(url: str) -> None:
    result = run(url, "audit", "--all")
    assert result.exit_code == 0, result.output
    assert "PASS cmd-done" in result.stdout and "running (seed not yet revealed" in result.stdout
    verdicts = [
        json.loads(line) for line in run(url, "audit", "--all", "--json").stdout.splitlines()
    ]
    assert {v["match_id"]: v["status"] for v in verdicts} == {
        "cmd-done": "finished",
        "cmd-running": "running",
    }
    assert all(v["passed"] for v in verdicts)


@pytest.mark.parametrize("command", [["replay", "nope"], ["audit", "nope"]])
def test_an_unknown_match_is_one_line(url: str, command: list[str]) -> None:
    result = run(url, *command)
    assert result.exit_code == 1
    assert result.output.strip() == "Error: no match 'nope'"


@pytest.mark.parametrize(
    "command",
    [
        ["audit", "--all"],
        ["replay", "x"],
        ["matches", "list"],
        ["export", "--all", "--game", "flipside", "--format", "csv", "--out", "x.csv"],
        ["import", "x.jsonl"],
    ],
)
def test_a_database_that_does_not_answer_is_one_line(command: list[str]) -> None:
    result = run(DOWN, *command)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: database unavailable"), lines


def test_debug_shows_the_exception() -> None:
    debug = CliRunner().invoke(cli, ["--debug", "--database-url", DOWN, "replay", "x"])
    assert isinstance(debug.exception, DatabaseUnavailable)


def test_a_usage_error_keeps_clicks_message(url: str) -> None:
    result = run(url, "audit")
    assert result.exit_code == 2 and "--all" in result.output


def test_the_installed_script(url: str) -> None:
    # The script next to this interpreter: the one `pip install` put in this environment.
    script = str(Path(sys.executable).with_name("flipside"))
    done = subprocess.run(
        [script, "audit", "cmd-done", "--json"],
        env={**os.environ, "FLIPSIDE_DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["passed"] is True
    assert done.stderr == ""  # no progress bar in a pipe


def test_an_unexpected_error_is_one_line_and_points_at_debug() -> None:
    @click.group(cls=FlipsideGroup)
    @click.option("--debug", is_flag=True)
    @click.pass_context
    def group(ctx: click.Context, debug: bool) -> None:
        ctx.obj = {"debug": debug}

    @group.command()
    def boom() -> None:
        raise RuntimeError("boom\nsecond line")

    result = CliRunner().invoke(group, ["boom"])
    assert result.exit_code == 1
    assert result.output == "Error: RuntimeError: boom (flipside --debug shows the traceback)\n"
    assert isinstance(CliRunner().invoke(group, ["--debug", "boom"]).exception, RuntimeError)


def test_the_groups_database_url_reaches_db_commands(url: str) -> None:
    result = run(url, "db", "status", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["pending"] == []
