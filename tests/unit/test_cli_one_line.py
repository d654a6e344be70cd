"""What `flipside` prints for an error that escapes a command (cli/errors.py): one line."""

from __future__ import annotations

import psycopg
import pytest
from flipside.cli.errors import one_line

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
