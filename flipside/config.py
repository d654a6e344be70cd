"""Settings read once from the environment (``FLIPSIDE_*``), frozen and typed.

>>> Settings.from_env({"FLIPSIDE_DATA_DIR": "/tmp/fs"}).data_dir.as_posix()
'/tmp/fs'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import platformdirs
import psycopg
from psycopg.conninfo import conninfo_to_dict

LogFormat = Literal["auto", "json", "console"]
_LOG_FORMATS: tuple[LogFormat, ...] = ("auto", "json", "console")

RateLimit = tuple[float, float]
"""Requests per second and burst (the most a client may send at once after a pause)."""
# A person clicks a few times a second and a match is a few dozen requests: this stops a
# flood from one client, yet lets the load scripts' 64 clients on one address create
# matches and the race tests' 21 clients on one seat token hammer without a 429.
DEFAULT_RATE_LIMIT: RateLimit = (100.0, 200.0)
# A server worker's threads: one per request in progress, and an open event stream holds
# one asleep for minutes, so there are many (`flipside.api.capacity` says how they are spent).
DEFAULT_THREADS = 1024


class SettingsError(ValueError):
    """A ``FLIPSIDE_*`` variable set to something it cannot mean (the message names it)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server and the command line are configured with.

    - `database_url`: ``FLIPSIDE_DATABASE_URL``; None means the embedded PostgreSQL.
    - `admin_token`: ``FLIPSIDE_ADMIN_TOKEN``; None disables the admin role.
    - `data_dir`: ``FLIPSIDE_DATA_DIR``, else the platform's user data directory; the
      embedded PostgreSQL lives under it.
    - `log_format`: ``FLIPSIDE_LOG_FORMAT``: ``json``, ``console`` or ``auto`` (JSON lines
      unless on a terminal).
    - `rate_limit`: ``FLIPSIDE_RATE_LIMIT``: ``RATE`` or ``RATE,BURST`` requests per second
      per bearer token (per address without one), burst twice the rate unless given; ``0``
      turns the limit off (None). Default 100 per second, burst 200 (`api.ratelimit`).
    - `threads`: ``FLIPSIDE_THREADS``, a server worker's threads (`flipside serve --threads`
      sets it for its workers); default 1024.
    """

    database_url: str | None = None
    admin_token: str | None = None
    data_dir: Path = Path(platformdirs.user_data_dir("flipside"))
    log_format: LogFormat = "auto"
    rate_limit: RateLimit | None = DEFAULT_RATE_LIMIT
    threads: int = DEFAULT_THREADS

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from `env` (default: the process environment); empty values count as unset."""
        env = os.environ if env is None else env
        data_dir = env.get("FLIPSIDE_DATA_DIR") or platformdirs.user_data_dir("flipside")
        return cls(
            database_url=_database_url(env.get("FLIPSIDE_DATABASE_URL")),
            admin_token=env.get("FLIPSIDE_ADMIN_TOKEN") or None,
            data_dir=Path(data_dir).expanduser(),
            log_format=_log_format(env.get("FLIPSIDE_LOG_FORMAT") or "auto"),
            rate_limit=_rate_limit(env.get("FLIPSIDE_RATE_LIMIT")),
            threads=_threads(env.get("FLIPSIDE_THREADS")),
        )


def database_url_checked(value: str, source: str = "FLIPSIDE_DATABASE_URL") -> str:
    """`value` if libpq can read it as a connection string (a ``postgresql://`` URL or
    ``key=value`` pairs), else `SettingsError` naming `source`: found now, rather than as a
    driver's error from the first connection.

    >>> database_url_checked("postgresql://app@db/flipside")
    'postgresql://app@db/flipside'
    >>> database_url_checked("flipside")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    flipside.config.SettingsError: FLIPSIDE_DATABASE_URL is not a PostgreSQL URL ...
    """
    try:
        conninfo_to_dict(value)
    except psycopg.ProgrammingError as error:
        reason = str(error).strip().splitlines()[0]
        raise SettingsError(
            f"{source} is not a PostgreSQL URL (postgresql://user@host/database) nor "
            f"key=value pairs: {reason}"
        ) from None
    return value


def _database_url(value: str | None) -> str | None:
    return database_url_checked(value) if value else None


def _log_format(value: str) -> LogFormat:
    for known in _LOG_FORMATS:
        if value.lower() == known:
            return known
    raise SettingsError(
        f"FLIPSIDE_LOG_FORMAT must be one of {', '.join(_LOG_FORMATS)}, not {value!r}"
    )


def _threads(value: str | None) -> int:
    """A positive whole number of threads; unset or empty the default.

    >>> _threads("64"), _threads(None)
    (64, 1024)
    """
    if not value:
        return DEFAULT_THREADS
    if not value.isdigit() or int(value) < 1:
        raise SettingsError(f"FLIPSIDE_THREADS must be a whole number of threads, not {value!r}")
    return int(value)


def _rate_limit(value: str | None) -> RateLimit | None:
    """``RATE[,BURST]`` as (rate, burst); ``0`` is no limit, unset or empty the default.

    >>> _rate_limit("10"), _rate_limit("10,15"), _rate_limit("0"), _rate_limit(None)
    ((10.0, 20.0), (10.0, 15.0), None, (100.0, 200.0))
    """
    if not value:
        return DEFAULT_RATE_LIMIT
    try:
        numbers = [float(part) for part in value.split(",")]
    except ValueError:
        numbers = []
    if numbers == [0.0]:
        return None
    if len(numbers) not in (1, 2) or not all(0 < n < float("inf") for n in numbers):
        raise SettingsError(f"FLIPSIDE_RATE_LIMIT must be RATE or RATE,BURST (or 0), not {value!r}")
    rate = numbers[0]
    burst = numbers[1] if len(numbers) == 2 else 2 * rate
    if burst < 1:
        raise SettingsError("FLIPSIDE_RATE_LIMIT: the burst must allow at least one request")
    return rate, burst
