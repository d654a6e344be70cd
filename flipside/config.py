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

LogFormat = Literal["auto", "json", "console"]
_LOG_FORMATS: tuple[LogFormat, ...] = ("auto", "json", "console")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server and the command line are configured with.

    - `database_url`: ``FLIPSIDE_DATABASE_URL``; None means the embedded PostgreSQL.
    - `admin_token`: ``FLIPSIDE_ADMIN_TOKEN``; None disables the admin role.
    - `data_dir`: ``FLIPSIDE_DATA_DIR``, else the platform's user data directory; the
      embedded PostgreSQL lives under it.
    - `log_format`: ``FLIPSIDE_LOG_FORMAT``: ``json``, ``console`` or ``auto`` (JSON lines
      unless on a terminal).
    """

    database_url: str | None = None
    admin_token: str | None = None
    data_dir: Path = Path(platformdirs.user_data_dir("flipside"))
    log_format: LogFormat = "auto"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Settings from `env` (default: the process environment); empty values count as unset."""
        env = os.environ if env is None else env
        data_dir = env.get("FLIPSIDE_DATA_DIR") or platformdirs.user_data_dir("flipside")
        return cls(
            database_url=env.get("FLIPSIDE_DATABASE_URL") or None,
            admin_token=env.get("FLIPSIDE_ADMIN_TOKEN") or None,
            data_dir=Path(data_dir).expanduser(),
            log_format=_log_format(env.get("FLIPSIDE_LOG_FORMAT") or "auto"),
        )


def _log_format(value: str) -> LogFormat:
    for known in _LOG_FORMATS:
        if value.lower() == known:
            return known
    raise ValueError(f"FLIPSIDE_LOG_FORMAT must be one of {', '.join(_LOG_FORMATS)}, not {value!r}")
