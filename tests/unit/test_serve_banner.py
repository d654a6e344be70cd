"""The start line's parts: the URL to open and where the data lives, never a password."""

from __future__ import annotations

from pathlib import Path

import pytest
from flipside.cli.serve_banner import base_url, database_place

from flipside.config import Settings


@pytest.mark.parametrize(
    ("address", "url"),
    [
        (("127.0.0.1", 8000), "http://127.0.0.1:8000"),
        (("0.0.0.0", 8080), "http://127.0.0.1:8080"),  # every address: this machine's
        (("::", 8000, 0, 0), "http://127.0.0.1:8000"),
        (("::1", 9000, 0, 0), "http://[::1]:9000"),
        (("192.168.1.5", 80), "http://192.168.1.5:80"),
    ],
)
def test_the_url_to_open(address: tuple[object, ...], url: str) -> None:
    assert base_url(address) == url


@pytest.mark.parametrize(
    ("database_url", "place"),
    [
        ("postgresql://ana:s3cret@db.example:5433/games", "games on db.example:5433"),
        ("host=db password=s3cret dbname=games user=ana", "games on db:5432"),
        ("postgresql:///games", "games on localhost:5432"),
    ],
)
def test_a_configured_database_is_named_without_its_password(database_url: str, place: str) -> None:
    assert database_place(Settings(database_url=database_url)) == place


def test_the_embedded_database_is_its_directory() -> None:
    settings = Settings(data_dir=Path("/srv/flipside"))
    assert database_place(settings) == "embedded PostgreSQL in /srv/flipside/pgdata"
