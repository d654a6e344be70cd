"""Privileges ("Survive"): the application role of migration 0004.

Connections ask for the role in their URL (``options=-c role=flipside_app``), as an operator
configures the server (ops/BACKUP.md, "Roles"). As that role, changing or removing a stored
event is refused by privilege, before any trigger runs; and a whole match is played through
the HTTP API (the app on the role's URL), folded by the projections and audited.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from flipside.api import create_app
from psycopg import errors
from psycopg.conninfo import make_conninfo

from flipside.config import Settings
from flipside.db import migrations
from flipside.projections.runner import follow
from flipside.records.audit import audit_batch
from flipside.store import NewEvent, PostgresEventStore
from tests.e2e.live_server import random_move

APP_ROLE = "flipside_app"
EASY = {"type": "npc", "level": "easy"}


def as_app_role(url: str) -> str:
    return make_conninfo(url, options=f"-c role={APP_ROLE}")


@pytest.fixture
def owner_url(fresh_database_url: Callable[[], str]) -> str:
    return fresh_database_url()


@pytest.fixture
def role_url(owner_url: str) -> str:
    return as_app_role(owner_url)


def test_the_role_cannot_log_in_and_the_migration_can_run_again(
    owner_url: str, role_url: str
) -> None:
    (application_role,) = [m for m in migrations() if m.name == "application_role"]
    with psycopg.connect(owner_url, autocommit=True) as conn:
        conn.execute(application_role.sql)  # the role exists already: nothing changes
    with psycopg.connect(role_url, autocommit=True) as conn:
        assert conn.execute("SELECT current_user").fetchone() == (APP_ROLE,)
        login = conn.execute("SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", (APP_ROLE,))
        assert login.fetchone() == (False,)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET type = 'Forged'",
        "DELETE FROM events",
        "TRUNCATE events",
        "UPDATE idempotency_keys SET response = '{}'",
        "DELETE FROM seat_credentials",
        "CREATE TABLE intruder (x int)",
    ],
)
def test_changing_the_record_is_denied_by_privilege_not_only_by_the_trigger(
    role_url: str, statement: str
) -> None:
    with PostgresEventStore(role_url, max_size=1) as store:
        store.append("privileged", 0, [NewEvent("Happened", {})])
    with (
        psycopg.connect(role_url, autocommit=True) as conn,
        pytest.raises(errors.InsufficientPrivilege),
    ):
        conn.execute(statement)


def test_a_whole_match_is_played_through_the_api_as_the_role(role_url: str) -> None:
    app = create_app({"FLIPSIDE_SETTINGS": Settings(database_url=role_url)})
    client = app.test_client()
    created = client.post(
        "/v1/matches", json={"seats": [{"type": "human", "name": "r"}, EASY, EASY]}
    )
    assert created.status_code == 201, created.json
    match_id, token = created.json["match_id"], created.json["seats"][0]["token"]
    final = _play_to_end(client, match_id, token, random.Random(4))
    app.extensions["flipside"].service.store.close()
    app.extensions["flipside"].credentials.close()

    assert final["status"] == "finished"
    assert follow(role_url, once=True) > 0  # the projections fold as the role too
    with PostgresEventStore(role_url, max_size=1) as store, psycopg.connect(role_url) as conn:
        (verdict,) = audit_batch(store, conn, [match_id])
    assert verdict.passed, verdict.findings


def _play_to_end(client: Any, match_id: str, token: str, rng: random.Random) -> dict[str, Any]:
    auth = {"Authorization": f"Bearer {token}"}
    for turn in range(500):
        listed = client.get(f"/v1/matches/{match_id}/actions", headers=auth).json
        if not listed["actions"]:
            break
        kind, body = random_move(rng.choice(listed["actions"]), rng)
        headers = {**auth, "Idempotency-Key": f"role-{turn}"}
        moved = client.post(f"/v1/matches/{match_id}/{kind}", json=body, headers=headers)
        assert moved.status_code == 200, moved.json
    return client.get(f"/v1/matches/{match_id}").json
