"""One-line errors for the `flipside` group: a message and a non-zero exit, no traceback.

`FlipsideGroup` turns any exception a command lets escape into one line on stderr and exit
status 1 (click's own usage errors keep theirs). ``flipside --debug`` lets the exception
through with its traceback instead. A reader that leaves early (``flipside replay M | head``)
ends the command without a word, with status 141, as SIGPIPE ends other commands.
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any

import click
import psycopg

from flipside.config import SettingsError
from flipside.db import DatabaseUnavailable, MigrationsPending
from flipside.engine.records import RecordError
from flipside.engine.registry import UnknownGame
from flipside.records.importer import ImportRefused
from flipside.service import ServiceError
from flipside.store import StoreError, StoreUnavailable

SIGPIPE_STATUS = 128 + signal.SIGPIPE

# Errors whose message is already meant for people; anything else is a bug and says so.
_EXPECTED: tuple[type[BaseException], ...] = (
    ServiceError,
    StoreError,
    RecordError,
    ImportRefused,
    MigrationsPending,
    SettingsError,
    UnknownGame,
    OSError,
)


def one_line(error: BaseException) -> str:
    """The message for `error`, on one line."""
    if _unavailable(error):
        return f"database unavailable: {_first_line(error)}"
    if isinstance(error, _EXPECTED):
        return _first_line(error)
    return f"{type(error).__name__}: {_first_line(error)} (flipside --debug shows the traceback)"


def _unavailable(error: BaseException) -> bool:
    """Whether `error` says the database cannot be reached. A server lost in the middle of a
    command (psycopg's `OperationalError` from a query) reads like one that never answered;
    a statement the server cancelled (a timeout) is not that."""
    if isinstance(error, StoreUnavailable | DatabaseUnavailable):
        return True
    return isinstance(error, psycopg.OperationalError) and not isinstance(
        error, psycopg.errors.QueryCanceled
    )


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class FlipsideGroup(click.Group):
    """A click group whose commands fail with one line unless ``--debug`` was given."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()  # a reader that left early is found here, not at exit
            return result
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (`flipside replay M | head`): stop without a word, with
            # the status a shell gives a command ended by SIGPIPE, and keep the interpreter
            # from failing again when it flushes standard output at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise click.exceptions.Exit(SIGPIPE_STATUS) from None
        except Exception as error:
            if (ctx.obj or {}).get("debug"):
                raise
            raise click.ClickException(one_line(error)) from None
