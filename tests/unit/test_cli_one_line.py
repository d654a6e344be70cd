"""What `flipside` prints for an error that escapes a command (cli/errors.py): one line."""

from __future__ import annotations

import subprocess
import sys

import psycopg
import pytest
from click.testing import CliRunner
from flipside.cli.errors import SIGPIPE_STATUS, one_line
from flipside.cli.main import cli

from flipside.config import Settings, SettingsError
from flipside.db import DatabaseUnavailable


@pytest.mark.parametrize(
    "error",
    [
        DatabaseUnavailable("connection refused"),
        psycopg.OperationalError("consuming input failed: server closed the connection\nmore"),
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
    ],
)
def test_a_database_lost_before_or_during_a_command_reads_as_unavailable(
    error: Exception,
) -> None:
    text = one_line(error)
    assert text.startswith("database unavailable: ") and "\n" not in text


def test_a_cancelled_statement_is_not_an_unavailable_database() -> None:
    text = one_line(psycopg.errors.QueryCanceled("canceling statement due to statement timeout"))
    assert not text.startswith("database unavailable")
    assert "canceling statement" in text and "--debug" in text


# A group of the real class whose command writes far more than a pipe holds.
_LONG_OUTPUT = """
import click
from flipside.cli.errors import FlipsideGroup

@click.group(cls=FlipsideGroup)
def group():
    pass

@group.command()
def lines():
    for number in range(200_000):
        click.echo(f"line {number}")

group()
"""


def test_a_reader_that_leaves_early_ends_the_command_quietly() -> None:
    """`flipside replay M | head`: no error line, and the status of a command ended by
    SIGPIPE, whether the pipe closes while the command writes or when it flushes at exit."""
    running = subprocess.Popen(
        [sys.executable, "-c", _LONG_OUTPUT, "lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert running.stdout is not None and running.stderr is not None
    assert running.stdout.readline() == b"line 0\n"
    running.stdout.close()
    errors = running.stderr.read()
    assert running.wait(timeout=30) == SIGPIPE_STATUS == 141
    assert errors == b""


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("FLIPSIDE_RATE_LIMIT", "abc", "FLIPSIDE_RATE_LIMIT must be RATE or RATE,BURST (or 0)"),
        ("FLIPSIDE_RATE_LIMIT", "1,0.5", "FLIPSIDE_RATE_LIMIT: the burst must allow"),
        ("FLIPSIDE_THREADS", "many", "FLIPSIDE_THREADS must be a whole number of threads"),
        ("FLIPSIDE_LOG_FORMAT", "xml", "FLIPSIDE_LOG_FORMAT must be one of auto, json, console"),
    ],
)
def test_a_setting_that_cannot_be_is_refused_in_one_line(
    variable: str, value: str, message: str
) -> None:
    """As a person's mistake, not as a bug: no exception's name, no pointer to --debug."""
    result = CliRunner().invoke(cli, ["serve", "--port", "1"], env={variable: value})
    (line,) = result.output.splitlines()
    assert result.exit_code == 1 and line.startswith(f"Error: {message}")
    assert "--debug" not in line


def test_a_database_url_that_is_not_one_is_refused_before_connecting() -> None:
    """A URL libpq cannot read is the person's mistake, said before any connection is tried
    (it was psycopg's ProgrammingError, shown as a bug)."""
    result = CliRunner().invoke(cli, ["matches", "list"], env={"FLIPSIDE_DATABASE_URL": "db"})
    assert result.exit_code == 2
    assert "--database-url (or FLIPSIDE_DATABASE_URL) is not a PostgreSQL URL" in result.output
    assert "ProgrammingError" not in result.output
    with pytest.raises(SettingsError, match="FLIPSIDE_DATABASE_URL is not a PostgreSQL URL"):
        Settings.from_env({"FLIPSIDE_DATABASE_URL": "db"})  # what the server reads
