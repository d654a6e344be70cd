"""The one line `flipside serve` prints once it listens: where to play, where the API docs
are, and where the data lives (never a password)."""

from __future__ import annotations

from typing import Any

from psycopg.conninfo import conninfo_to_dict

from flipside import __version__
from flipside.config import Settings

_EVERY_ADDRESS = {"0.0.0.0", "::", ""}


def start_line(server: Any, settings: Settings, projections: bool) -> str:
    """`server` is gunicorn's arbiter, listening."""
    base = base_url(server.LISTENERS[0].sock.getsockname())
    runner = "" if projections else " (projections not run: --no-projections)"
    return (
        f"flipside {__version__}: play at {base}/  API docs at {base}/docs  "
        f"database: {database_place(settings)}{runner}"
    )


def base_url(address: tuple[Any, ...]) -> str:
    """The URL of a listening TCP address (one on every address: via this machine's).

    >>> base_url(("0.0.0.0", 8000)), base_url(("::1", 8080, 0, 0))
    ('http://127.0.0.1:8000', 'http://[::1]:8080')
    """
    host, port = str(address[0]), address[1]
    host = "127.0.0.1" if host in _EVERY_ADDRESS else host
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def database_place(settings: Settings) -> str:
    """Where the data is: the embedded server's directory, or the database and its host.

    >>> database_place(Settings(database_url="postgresql://u:secret@db:5433/games"))
    'games on db:5433'
    """
    if settings.database_url is None:
        return f"embedded PostgreSQL in {settings.data_dir / 'pgdata'}"
    parts = conninfo_to_dict(settings.database_url)
    host = parts.get("host") or "localhost"
    return f"{parts.get('dbname', 'postgres')} on {host}:{parts.get('port') or 5432}"
