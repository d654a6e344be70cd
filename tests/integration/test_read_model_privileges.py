"""The read models are written by the projection role alone (migration 0007).

Connections ask for a role in their URL, as an operator configures them (ops/BACKUP.md,
"Roles"). The application role may read the read models but not change them; the runner
takes the projection role on by itself, which may keep the read models and nothing else.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator

import psycopg
import pytest
from psycopg import errors, sql
from psycopg.conninfo import make_conninfo

from flipside.db import migrations
from flipside.projections.runner import PROJECTION_ROLE, follow, take_projection_role
from flipside.store import PostgresEventStore
from tests.recorded_matches import finished_match

READ_MODEL_WRITES = [
    "UPDATE player_stats SET wins = wins + 1",
    "INSERT INTO player_stats (player, game, matches, wins, place_sum) VALUES ('x', 'g', 1, 1, 1)",
    "DELETE FROM player_stats",
    "UPDATE match_summaries SET winner = 0",
    "UPDATE round_facts SET life_after = 9",
    "UPDATE projection_checkpoints SET events = 0",
]


def as_role(url: str, role: str) -> str:
    return make_conninfo(url, options=f"-c role={role}")


@pytest.fixture
def owner_url(fresh_database_url: Callable[[], str]) -> str:
    url = fresh_database_url()
    with PostgresEventStore(url, max_size=1) as store:
        finished_match(store, "privileged")
    return url


@pytest.mark.parametrize("statement", READ_MODEL_WRITES)
def test_the_application_role_cannot_change_a_read_model(owner_url: str, statement: str) -> None:
    with (
        psycopg.connect(as_role(owner_url, "flipside_app"), autocommit=True) as conn,
        pytest.raises(errors.InsufficientPrivilege),
    ):
        conn.execute(statement)


def test_the_application_role_still_reads_them(owner_url: str) -> None:
    follow(owner_url, once=True)
    with psycopg.connect(as_role(owner_url, "flipside_app"), autocommit=True) as conn:
        assert conn.execute("SELECT player FROM player_stats").fetchall() == [("npc:easy",)]


def test_the_runner_folds_as_the_projection_role_from_the_application_roles_url(
    owner_url: str,
) -> None:
    app_url = as_role(owner_url, "flipside_app")
    with psycopg.connect(app_url, autocommit=True) as conn:
        take_projection_role(conn)
        assert conn.execute("SELECT current_user").fetchone() == (PROJECTION_ROLE,)
    assert follow(app_url, once=True) > 0
    with psycopg.connect(owner_url) as conn:
        assert conn.execute("SELECT count(*) FROM match_summaries").fetchone() == (1,)


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO events (stream_id, version, event_id, type, schema_version, data,"
        " prev_hash, hash) VALUES ('x', 1, gen_random_uuid(), 'T', 1, '{}', '', '')",
        "DELETE FROM player_stats",
        "TRUNCATE round_facts",
    ],
)
def test_the_projection_role_may_keep_the_read_models_and_nothing_more(
    owner_url: str, statement: str
) -> None:
    with psycopg.connect(as_role(owner_url, PROJECTION_ROLE), autocommit=True) as conn:
        conn.execute("UPDATE player_stats SET wins = wins")
        with pytest.raises(errors.InsufficientPrivilege):
            conn.execute(statement)


def test_the_migration_can_run_again(owner_url: str) -> None:
    (privileges,) = [m for m in migrations() if m.name == "read_model_privileges"]
    with psycopg.connect(owner_url, autocommit=True) as conn:
        conn.execute(privileges.sql)  # the role exists already: nothing changes
        login = conn.execute(
            "SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", (PROJECTION_ROLE,)
        )
        assert login.fetchone() == (False,)


@pytest.fixture
def login_in_app_role(owner_url: str) -> Iterator[str]:
    """A login role that is a member of the application role only (dropped afterwards)."""
    name = f"flipside_test_login_{secrets.token_hex(4)}"
    with psycopg.connect(owner_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN IN ROLE flipside_app").format(sql.Identifier(name))
        )
    try:
        yield name
    finally:
        with psycopg.connect(owner_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(name)))


def test_a_runner_whose_login_may_not_take_the_role_says_what_to_grant(
    owner_url: str, login_in_app_role: str
) -> None:
    url = make_conninfo(owner_url, user=login_in_app_role, options="-c role=flipside_app")
    grant = f"GRANT {PROJECTION_ROLE} TO {login_in_app_role}"
    with pytest.raises(PermissionError, match=grant):
        follow(url, once=True)
    with psycopg.connect(owner_url, autocommit=True) as conn:
        conn.execute(grant)
    assert follow(url, once=True) > 0
