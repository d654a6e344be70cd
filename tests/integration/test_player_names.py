"""Registered names on PostgreSQL: the ``players`` table, registering and claiming over HTTP,
statistics that keep guests apart, and migration 0008's re-keying of what the projections
had folded before names could be registered.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.auth import token_hash
from flipside.api.player_registry import Player, PostgresPlayers

from flipside.config import Settings
from flipside.db import connect, migrations
from flipside.engine import codec
from flipside.engine.seats import SeatSpec
from flipside.games.flipside.game import GAME
from flipside.projections.postgres import Projector
from flipside.simulation import match_seed, play_match
from flipside.store import NewEvent, PostgresEventStore
from tests.integration.test_survive_privileges import as_app_role
from tests.recorded_matches import project
from tests.unit.test_projection_rows import all_random

EASY = SeatSpec("npc", level="easy")


def _connector(url: str) -> Callable[[], Any]:
    @contextmanager
    def connection() -> Iterator[psycopg.Connection[Any]]:
        with connect(url) as conn:
            yield conn

    return connection


def _append_finished(store: PostgresEventStore, match_id: str, seats: list[SeatSpec]) -> None:
    """A whole Flipside match in one append, every seat playing at random."""
    events, _ = play_match(match_id, seats, match_seed(8, len(match_id)), all_random)
    store.append(match_id, 0, [NewEvent(*codec.encode(GAME, event)) for event in events])


def test_the_table_keeps_one_registration_per_folded_name_and_only_hashes(
    database_url: str,
) -> None:
    players = PostgresPlayers(_connector(as_app_role(database_url)))  # as the server runs
    name = f"Ana{uuid.uuid4().hex[:8]}"
    player = Player(name, token_hash("the token"))
    assert players.register(player)
    assert not players.register(Player(name.upper(), token_hash("another")))
    assert list(players.find([name.lower(), "nobody-has-this"]).values()) == [player]
    with connect(database_url) as conn:
        stored = conn.execute("SELECT * FROM players WHERE name = %s", (name,)).fetchone()
    assert stored is not None and "the token" not in stored


@pytest.fixture
def client(database_url: str) -> Iterator[FlaskClient]:
    app = create_app({"FLIPSIDE_SETTINGS": Settings(database_url=database_url)})
    try:
        yield app.test_client()
    finally:
        app.extensions["flipside"].service.store.close()
        app.extensions["flipside"].credentials.close()


def test_a_name_no_one_could_register_is_refused_with_the_seats_not_looked_up(
    client: FlaskClient,
) -> None:
    seats = [{"type": "human", "name": "a\udb43"}, {"type": "npc", "level": "easy"}]
    body = json.dumps({"seats": seats})  # a lone surrogate: no text PostgreSQL can take
    created = client.post("/v1/matches", data=body, content_type="application/json")
    assert created.status_code == 422 and created.json["code"] == "invalid_seats", created.json


def test_registering_and_claiming_over_http(client: FlaskClient) -> None:
    name = f"Bo{uuid.uuid4().hex[:8]}"
    registered = client.post("/v1/players", json={"name": name})
    assert registered.status_code == 201, registered.json
    token = registered.json["token"]
    assert client.post("/v1/players", json={"name": name.lower()}).json["code"] == "name_taken"
    seats = [{"type": "human", "name": name.lower()}, {"type": "npc", "level": "easy"}]
    body = {"game": "oink", "seats": seats}
    refused = client.post("/v1/matches", json=body)
    assert refused.status_code == 403 and refused.json["code"] == "name_registered"
    created = client.post("/v1/matches", json=body, headers={"Authorization": f"Bearer {token}"})
    assert created.status_code == 201, created.json
    assert created.json["seats"][0]["name"] == name and created.json["seats"][0]["registered"]


def test_a_registered_players_statistics_leave_out_guests_under_the_name(
    store: PostgresEventStore, database_url: str, client: FlaskClient
) -> None:
    name = f"Cy{uuid.uuid4().hex[:8]}"
    mine, guests = f"stats-{name}-mine", f"stats-{name}-guest"
    _append_finished(store, mine, [SeatSpec("human", name, registered=True), EASY, EASY])
    _append_finished(store, guests, [SeatSpec("human", name), SeatSpec("human", name), EASY])
    project(database_url, [mine, guests])

    player = client.get(f"/v1/players/{name}")
    assert player.status_code == 200, player.json
    assert [(line["game"], line["matches"]) for line in player.json["games"]] == [("flipside", 1)]
    guest = client.get(f"/v1/players/guest:{name}")
    assert [(line["game"], line["matches"]) for line in guest.json["games"]] == [("flipside", 2)]
    listed = client.get(f"/v1/matches?player={name}").json["matches"]
    assert [match["match_id"] for match in listed] == [mine]
    assert [seat.get("registered") for seat in listed[0]["seats"]] == [True, False, False]

    only_guests = f"Dee{uuid.uuid4().hex[:8]}"
    _append_finished(store, f"stats-{only_guests}", [SeatSpec("human", only_guests), EASY, EASY])
    project(database_url, [f"stats-{only_guests}"])
    unknown = client.get(f"/v1/players/{only_guests}")
    assert unknown.status_code == 404 and unknown.json["code"] == "unknown_player"
    assert f"/v1/players/guest:{only_guests}" in unknown.json["detail"]


_READ_MODELS = {"player_stats": "player, game", "match_summaries": "match_id"}


def _read_models(conn: psycopg.Connection[Any]) -> dict[str, list[tuple[Any, ...]]]:
    return {
        table: conn.execute(f"SELECT * FROM {table} ORDER BY {order}").fetchall()
        for table, order in _READ_MODELS.items()
    }


def test_the_migration_rekeys_earlier_rows_as_a_rebuild_would(
    fresh_database_url: Callable[[], str],
) -> None:
    """Rows folded before 0008 keyed every person by name; 0008 makes them what the
    projections fold now: guests' (nobody could register a name then)."""
    url = fresh_database_url()
    people = [SeatSpec("human", name) for name in ("Zoë", "ana", "émile")]  # code-point order
    with PostgresEventStore(url) as store, connect(url) as conn:
        _append_finished(store, "before-0", [*people, EASY])
        _append_finished(store, "before-1", [people[1], EASY, SeatSpec("npc", level="hard")])
        _append_finished(store, "computers", [EASY, EASY, EASY])
        Projector(conn).catch_up()
        folded_now = _read_models(conn)
        assert {row[0] for row in folded_now["player_stats"]} >= {"guest:Zoë", "npc:easy"}

        # As the projections of before 0008 had folded them: people keyed by bare name.
        conn.execute("UPDATE player_stats SET player = substr(player, 7) WHERE player ~ '^guest:'")
        for match_id, players in conn.execute("SELECT match_id, players FROM match_summaries"):
            bare = sorted(key.removeprefix("guest:") for key in players)
            conn.execute(
                "UPDATE match_summaries SET players = %s WHERE match_id = %s", (bare, match_id)
            )
        assert _read_models(conn) != folded_now

        (players_migration,) = [m for m in migrations() if m.name == "players"]
        with conn.transaction():
            conn.execute("DROP TABLE players")  # so that 0008 can run again here
            conn.execute(players_migration.sql)
        assert _read_models(conn) == folded_now
