"""Projections on PostgreSQL: incremental = rebuilt, exactly once, woken by NOTIFY, queries,
records of before the engine (bare types) and of now (qualified) alike, per game.

Each test works in a database of its own: a projection folds every stream in the database.
"""

from __future__ import annotations

import dataclasses
import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest
from click.testing import CliRunner
from flipside.api import create_app, observability
from flipside.cli.main import cli

from flipside.config import Settings
from flipside.db import connect
from flipside.engine import codec
from flipside.engine.registry import games, split_type
from flipside.games.flipside.events import Event, SeatSpec
from flipside.games.flipside.game import GAME
from flipside.games.flipside.read_models import ROUND_FACTS
from flipside.projections import queries
from flipside.projections import streams as stream_reading
from flipside.projections.habits import player_showdowns
from flipside.projections.postgres import PROJECTIONS, Batch, Projector
from flipside.projections.rows import (
    FOLDED_TYPES,
    fold_match,
    merge_stats,
    player_averages,
    player_contributions,
)
from flipside.projections.runner import follow
from flipside.projections.streams import StreamReader
from flipside.service import MatchService
from flipside.simulation import match_seed, play_match
from flipside.store import NewEvent, PostgresEventStore, iter_stream_ids
from tests.flipside_moves import exchange, orient, state_of
from tests.recorded_matches import (
    PROJECTION_ORDER,
    finished_match,
    projection_rows,
    running_match,
    service,
)
from tests.unit.test_projection_rows import all_random

Connection = psycopg.Connection[Any]
PEOPLE = ("ana", "bo")  # ana plays as a guest; bo is a registered player


@pytest.fixture
def database(fresh_database_url: Callable[[], str]) -> Iterator[tuple[str, PostgresEventStore]]:
    url = fresh_database_url()
    with PostgresEventStore(url) as store:
        yield url, store


def _new(event: Event, legacy: bool = False) -> NewEvent:
    """`event` as the service stores it, or (`legacy`) as it was stored before the engine
    hosted several games: under its bare type."""
    stored_type, data, schema_version = codec.encode(GAME, event)
    return NewEvent(split_type(stored_type)[1] if legacy else stored_type, data, schema_version)


def _append_finished(
    store: PostgresEventStore, match_id: str, number: int, *, legacy: bool = False
) -> None:
    """A whole match in one append, with a person in seat 0 playing at random; with `legacy`,
    under the bare types of the records of before, as an upgraded database holds them."""
    person = SeatSpec("human", name=PEOPLE[number % 2], registered=number % 2 == 1)
    seats = [person] + [SeatSpec("npc", level="easy")] * (2 + number % 3)
    events, _ = play_match(match_id, seats, match_seed(11, number), all_random)
    store.append(match_id, 0, [_new(event, legacy) for event in events])


def _advance(svc: MatchService, match_id: str, moves: int, rng: random.Random) -> None:
    """Up to `moves` moves of seat 0 (a person), each one append with the computers' replies."""
    for _ in range(moves):
        state = state_of(svc, match_id)
        hand = sorted(state.seats[0].hand)
        if state.seat_to_exchange == 0:
            exchange(svc, match_id, 0, rng.sample(hand, rng.randint(0, 5)))
        elif 0 in state.awaiting_orientation:
            orient(svc, match_id, 0, [c if rng.random() < 0.5 else c[::-1] for c in hand])
        else:
            return


def _checkpoints(conn: Connection) -> list[tuple[Any, ...]]:
    return conn.execute("SELECT * FROM projection_checkpoints ORDER BY projection").fetchall()


def _catch_up(projector: Projector) -> None:
    """Fold until no event is left behind the checkpoints. The watermark is cluster-wide,
    so another test's transaction on the same server may hide new events for a moment."""
    names = list(PROJECTIONS)
    deadline = time.monotonic() + 30
    while any(row["lag"] for row in queries.checkpoints(projector.conn, names)):
        assert time.monotonic() < deadline, "projections did not catch up"
        if not projector.catch_up():
            time.sleep(0.05)


def _rebuild_all(projector: Projector) -> None:
    projector.rebuild(list(PROJECTIONS))
    _catch_up(projector)


def _play_in_steps(store: PostgresEventStore, conn: Connection, steps: int = 3) -> Projector:
    """Append matches in steps, folding between steps with batches that split appends."""
    svc, rng = service(store), random.Random(3)
    live = [running_match(store, f"live-{i}") for i in range(3)]
    projector = Projector(conn, batch_size=37)
    for step in range(steps):
        for i in range(3):
            _append_finished(store, f"done-{step}-{i}", step * 3 + i, legacy=i == 1)
        for match_id in live:
            _advance(svc, match_id, 6, rng)
        _catch_up(projector)
    return projector


def _forget(conn: Connection) -> None:
    """Every projection emptied and back at the start, for a runner to fold from zero."""
    conn.execute(f"TRUNCATE {', '.join(PROJECTION_ORDER)}")
    conn.execute("UPDATE projection_checkpoints SET txid = 0, global_position = 0, events = 0")


def test_rebuilt_from_zero_equals_built_incrementally(database: tuple[str, Any]) -> None:
    url, store = database
    with connect(url) as conn:
        projector = _play_in_steps(store, conn)
        incremental = projection_rows(conn)
        assert all(incremental.values())
        _rebuild_all(projector)
        assert projection_rows(conn) == incremental
        # The lean feed and the store's own read_all fold to the same rows.
        _forget(conn)
        _catch_up(Projector(conn, batch_size=37, feed=store))
        assert projection_rows(conn) == incremental
        # A rebuild reading one event at a time still folds every match whole.
        _rebuild_all(Projector(conn, batch_size=1))
        assert projection_rows(conn) == incremental


# A freeze-out of Hold'em's weakest players runs to thousands of events; a few hands will do.
_SHORT_MATCHES = {"holdem": {"max_hands": 4}}


def test_every_game_rebuilds_to_the_rows_built_incrementally(database: tuple[str, Any]) -> None:
    url, store = database
    for game in games():
        for number in range(2):
            seats = [SeatSpec("npc", level=game.levels[0])] * game.seats[number % len(game.seats)]
            match_id = f"{game.id}-{number}"
            options = _SHORT_MATCHES.get(game.id)
            events, _ = play_match(
                match_id, seats, match_seed(5, number), game=game.id, options=options
            )
            store.append(match_id, 0, [NewEvent(*codec.encode(game, e)) for e in events])
    with connect(url) as conn:
        projector = Projector(conn, batch_size=29)
        _catch_up(projector)
        incremental = projection_rows(conn)
        for table in ("match_summaries", "player_stats"):  # every game's, finished matches
            stored = conn.execute(f"SELECT DISTINCT game FROM {table}").fetchall()
            assert {game for (game,) in stored} == {game.id for game in games()}
        _rebuild_all(projector)
        assert projection_rows(conn) == incremental


def _positions(conn: Connection) -> list[tuple[Any, ...]]:
    return conn.execute(
        "SELECT projection, txid, global_position, events FROM projection_checkpoints"
        " ORDER BY projection"
    ).fetchall()


def test_a_rebuild_ends_where_the_runner_got_to(database: tuple[str, Any]) -> None:
    """Its checkpoint is the last event folded in commit order and counts every event, so
    the runner goes on from there: nothing is skipped, nothing folded twice."""
    url, store = database
    with connect(url) as conn:
        projector = _play_in_steps(store, conn, steps=2)
        followed, tables = _positions(conn), projection_rows(conn)
        for name in PROJECTIONS:  # one at a time, then all together
            projector.rebuild([name])
        assert _positions(conn) == followed
        projector.rebuild(list(PROJECTIONS))
        assert _positions(conn) == followed
        assert projector.catch_up() == 0
        _append_finished(store, "after-the-rebuild", 4)
        _catch_up(projector)
        assert queries.match(conn, "after-the-rebuild") is not None
        assert len(projection_rows(conn)["match_summaries"]) == len(tables["match_summaries"]) + 1


def _refused(conn: Connection) -> Connection:
    raise psycopg.OperationalError("too many clients already")


@pytest.mark.parametrize("reading", ["ahead", "refused"])
def test_the_rebuild_reader_gives_each_stream_whole_and_once(
    database: tuple[str, Any], reading: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read ahead through a connection of its own, or through the caller's one chunk after
    the other when the server refuses another."""
    url, store = database
    opened: list[Connection] = []
    connect_another = stream_reading.connect_alike

    def connect_alike(conn: Connection) -> Connection:
        opened.append(connect_another(conn))
        return opened[-1]

    monkeypatch.setattr(
        stream_reading, "connect_alike", _refused if reading == "refused" else connect_alike
    )
    with connect(url) as conn:
        _play_in_steps(store, conn, steps=1)
        with conn.transaction():
            chunks = list(StreamReader(conn, chunk=7).chunks())
    assert [other.closed for other in opened] == ([True] if reading == "ahead" else [])
    streams = [stream for chunk in chunks for stream in chunk]
    assert len(chunks) > 1
    assert sorted(stream.stream_id for stream in streams) == sorted(iter_stream_ids(store))
    for stream_id, records, version in streams:
        stored = store.read_stream(stream_id)
        assert version == len(stored)
        # Only what a fold reads, and the first and last records (the match's times).
        kept = [
            (e.type, e.data, e.recorded_at)
            for e in stored
            if e.type in FOLDED_TYPES or e.version in (1, len(stored))
        ]
        assert [(t, d if t in FOLDED_TYPES else {}, at) for t, d, at in kept] == [
            (t, dict(d), at) for t, d, at in records
        ]


def test_a_rebuild_that_fails_reading_ahead_raises_and_keeps_the_rows(
    database: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error in the reading thread reaches the rebuild, which then changes nothing, and
    the thread and its connection end with it."""
    url, store = database
    read = stream_reading._streams
    chunks = 0

    def failing(rows: Any) -> Any:
        nonlocal chunks
        chunks += 1
        if chunks == 3:
            raise ValueError("the third chunk does not decode")
        return read(rows)

    with connect(url) as conn:
        _play_in_steps(store, conn, steps=1)
        before, positions = projection_rows(conn), _positions(conn)
        backends = _backends(conn)
        threads = threading.active_count()
        monkeypatch.setattr(stream_reading, "_streams", failing)
        with pytest.raises(ValueError, match="third chunk"):
            Projector(conn, batch_size=7).rebuild(list(PROJECTIONS))
        assert chunks == 3
        assert (projection_rows(conn), _positions(conn)) == (before, positions)
        assert threading.active_count() == threads
        assert _backends(conn) == backends


def _backends(conn: Connection) -> int:
    """The server's client connections to this database (the rebuild's reader among them
    while it reads)."""
    row = conn.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND backend_type = 'client backend'"
    ).fetchone()
    assert row is not None
    return int(row[0])


def test_stored_rows_equal_a_fresh_fold_of_each_stream(database: tuple[str, Any]) -> None:
    url, store = database
    with connect(url) as conn:
        _play_in_steps(store, conn)
        contributions = []
        for match_id in iter_stream_ids(store):
            facts = fold_match(store.read_stream(match_id))
            assert queries.match(conn, match_id) == facts.summary
            stored = queries.table_rows(conn, ROUND_FACTS, [match_id])
            assert stored.get(match_id, []) == facts.rows(ROUND_FACTS.name)
            contributions += player_contributions(facts)
        for (game, name), totals in merge_stats(contributions).items():
            assert queries.player_stats(conn, name, game) == [player_averages(totals)]


def _failing(write: Callable[[Connection, Batch], None]) -> Callable[[Connection, Batch], None]:
    def write_then_fail(conn: Connection, batch: Batch) -> None:
        write(conn, batch)
        raise RuntimeError("killed mid-batch")

    return write_then_fail


def test_a_failed_batch_leaves_rows_and_checkpoints_unchanged(
    database: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    url, store = database
    with connect(url) as conn:
        projector = _play_in_steps(store, conn, steps=1)
        before, checkpoints_before = projection_rows(conn), _checkpoints(conn)
        _append_finished(store, "late", 7)
        # round_facts is written last (checkpoints are locked in name order): the other two
        # projections have written their rows when it fails.
        broken = dataclasses.replace(
            PROJECTIONS["round_facts"], write=_failing(PROJECTIONS["round_facts"].write)
        )
        monkeypatch.setitem(PROJECTIONS, "round_facts", broken)
        with pytest.raises(RuntimeError, match="killed"):
            projector.step()
        assert projection_rows(conn) == before
        assert _checkpoints(conn) == checkpoints_before
        monkeypatch.undo()
        _catch_up(projector)
        after = projection_rows(conn)
        assert after != before
        _rebuild_all(projector)
        assert projection_rows(conn) == after


def test_concurrent_runners_fold_each_event_once(database: tuple[str, Any]) -> None:
    url, store = database
    for number in range(12):
        _append_finished(store, f"m-{number}", number, legacy=number % 2 == 1)

    def catch_up() -> None:
        with connect(url) as conn:
            _catch_up(Projector(conn, batch_size=50))

    threads = [threading.Thread(target=catch_up) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with connect(url) as conn:
        concurrent = projection_rows(conn)
        _rebuild_all(Projector(conn))
        assert projection_rows(conn) == concurrent


def _wait_for(condition: Callable[[], bool], seconds: float) -> float:
    started = time.monotonic()
    while not condition():
        assert time.monotonic() - started < seconds, "timed out"
        time.sleep(0.02)
    return time.monotonic() - started


def test_the_runner_wakes_on_notify_and_stops_when_told(database: tuple[str, Any]) -> None:
    url, store = database
    stop, folded = threading.Event(), []
    runner = threading.Thread(
        target=follow,
        kwargs={"url": url, "stop": stop, "poll_seconds": 60, "on_batch": folded.append},
    )
    runner.start()
    try:
        with connect(url) as conn:
            _wait_for(lambda: len(queries.checkpoints(conn, list(PROJECTIONS))) == 3, 10)
            time.sleep(0.3)  # the runner is now waiting; the 60 s poll cannot be what wakes it
            _append_finished(store, "notified", 1)
            waited = _wait_for(lambda: queries.match(conn, "notified") is not None, 10)
        assert waited < 5
        assert sum(folded) == store.stream_version("notified")
    finally:
        stop.set()
        runner.join(timeout=5)
    assert not runner.is_alive()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_runner_process_stops_cleanly_on_a_signal(
    database: tuple[str, Any], signum: signal.Signals
) -> None:
    url, store = database
    _append_finished(store, "before", 1)
    command = [sys.executable, "-c", "from cli.main import cli; cli()", "--database-url", url]
    process = subprocess.Popen(
        [*command, "projections", "run", "--json"], stdout=subprocess.PIPE, text=True
    )
    try:
        with connect(url) as conn:
            _wait_for(lambda: queries.match(conn, "before") is not None, 20)
        process.send_signal(signum)
        out, _ = process.communicate(timeout=10)
    finally:
        process.kill()
    assert process.returncode == 0
    assert json.loads(out)["events"] >= store.stream_version("before")


def test_queries(database: tuple[str, Any]) -> None:
    url, store = database
    with connect(url) as conn:
        assert not queries.behind(conn, "match_summaries")  # no event at all
    for number in range(6):
        _append_finished(store, f"q-{number}", number)
    running_match(store, "q-live")
    with connect(url) as conn:
        assert [row["lag"] for row in queries.checkpoints(conn, list(PROJECTIONS))] == [
            sum(store.stream_version(m) for m in iter_stream_ids(store))
        ] * 3
        assert all(queries.behind(conn, name) for name in PROJECTIONS)
        capped = queries.checkpoints(conn, list(PROJECTIONS), lag_up_to=5)
        assert [row["lag"] for row in capped] == [5] * 3
        _catch_up(Projector(conn))
        assert [row["lag"] for row in queries.checkpoints(conn, list(PROJECTIONS))] == [0] * 3
        assert not any(queries.behind(conn, name) for name in PROJECTIONS)

        newest_first = queries.list_matches(conn, limit=100)
        assert newest_first[0]["match_id"] == "q-live"
        assert [row["match_id"] for row in newest_first[1:]] == [f"q-{n}" for n in range(5, -1, -1)]
        assert [row["match_id"] for row in queries.list_matches(conn, status="active")] == [
            "q-live"
        ]
        ana = queries.list_matches(conn, status="finished", player="guest:ana")
        assert [row["match_id"] for row in ana] == ["q-4", "q-2", "q-0"]
        assert queries.list_matches(conn, player="ana") == []  # nobody registered ana
        page = queries.list_matches(conn, limit=3, after=newest_first[2]["match_id"])
        assert page == newest_first[3:6]

        (stats,) = queries.player_stats(conn, "guest:ana")
        assert stats["game"] == "flipside" and stats["matches"] == 3
        assert 0 <= stats["averages"]["up_favoured_rate"] <= 1
        assert queries.player_stats(conn, "nobody") == []
        showdowns = player_showdowns(conn, "bo", limit=4)
        assert len(showdowns) == 4
        assert all(len(placed) == 5 and 2 <= seats <= 5 for placed, seats in showdowns)


def test_the_command_line(database: tuple[str, Any]) -> None:
    url, store = database
    _append_finished(store, "cli", 2)
    runner = CliRunner()

    def flipside(*args: str) -> Any:
        result = runner.invoke(cli, ["--database-url", url, "projections", *args])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)

    total = store.stream_version("cli")
    folded = flipside("run", "--once", "--json")["events"]
    while folded < total:  # see _catch_up: the watermark may hide events for a moment
        folded += flipside("run", "--once", "--json")["events"]
    assert folded == total
    assert [row["lag"] for row in flipside("status", "--json")] == [0, 0, 0]
    rebuilt = flipside("rebuild", "round_facts", "--json")
    assert [row["projections"] for row in rebuilt] == [["round_facts"]]
    assert rebuilt[0]["events"] == total
    down = runner.invoke(
        cli, ["--database-url", "postgresql://postgres@127.0.0.1:1/none", "projections", "status"]
    )
    assert down.exit_code != 0
    assert down.output.count("\n") == 1 and "database unavailable" in down.output


def test_a_record_that_does_not_fold_is_skipped_not_fatal(database: tuple[str, Any]) -> None:
    """An edited record (here: an exchange with no deal before it) is the audit's to name;
    the projections log it and go on with every other match."""
    url, store = database
    events, _ = play_match("broken", [SeatSpec("npc", level="easy")] * 3, match_seed(9, 9))
    exchanged = next(e for e in events if type(e).__name__ == "CardsExchanged")
    store.append("broken", 0, [_new(events[0]), _new(exchanged)])
    _append_finished(store, "fine-after-broken", 5)
    with connect(url) as conn:
        projector = Projector(conn)
        _catch_up(projector)
        assert queries.match(conn, "broken") is None
        assert queries.match(conn, "fine-after-broken") is not None
        followed = projection_rows(conn)
        _rebuild_all(projector)
        assert projection_rows(conn) == followed


def _without(row: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in row.items() if key not in keys}


def test_bare_and_qualified_records_project_to_the_same_rows(database: tuple[str, Any]) -> None:
    """The same match stored before the engine (bare types) and after (qualified)."""
    url, store = database
    with connect(url) as conn:
        projector = Projector(conn)
        _append_finished(store, "bare", 1, legacy=True)
        _catch_up(projector)
        (alone,) = queries.player_stats(conn, "bo")
        _append_finished(store, "qualified", 1)  # the same match
        _catch_up(projector)
        bare, qualified = (store.read_stream(m) for m in ("bare", "qualified"))
        assert bare[0].type == "MatchCreated" and qualified[0].type == "flipside.MatchCreated"
        times = ("match_id", "created_at", "updated_at", "finished_at")
        summaries = [_without(queries.match(conn, m) or {}, *times) for m in ("bare", "qualified")]
        assert summaries[0] == summaries[1]
        assert summaries[0]["game"] == "flipside" and summaries[0]["status"] == "finished"
        facts = queries.table_rows(conn, ROUND_FACTS, ["bare", "qualified"])
        assert facts["bare"]
        assert [_without(r, "match_id") for r in facts["bare"]] == [
            _without(r, "match_id") for r in facts["qualified"]
        ]
        (both,) = queries.player_stats(conn, "bo")
        assert both["counters"] == {name: 2 * count for name, count in alone["counters"].items()}
        assert (both["matches"], both["wins"]) == (2, 2 * alone["wins"])


def test_summaries_carry_their_game_and_lists_filter_by_it(database: tuple[str, Any]) -> None:
    url, store = database
    for number in range(2):
        _append_finished(store, f"g-{number}", number)
    with connect(url) as conn:
        _catch_up(Projector(conn))
        # Another game's summary, as its projection would write it.
        columns = "status, seats, players, lives, round, winner, places, version, created_at,"
        columns += " updated_at, finished_at"
        conn.execute(
            f"INSERT INTO match_summaries (match_id, game, {columns})"
            f" SELECT 'other-game', 'holdem', {columns} FROM match_summaries"
            " WHERE match_id = 'g-0'"
        )
        everything = queries.list_matches(conn)
        assert {(row["match_id"], row["game"]) for row in everything} == {
            ("g-0", "flipside"),
            ("g-1", "flipside"),
            ("other-game", "holdem"),
        }
        flipside = queries.list_matches(conn, game="flipside")
        assert [row["match_id"] for row in flipside] == ["g-1", "g-0"]
        assert [row["match_id"] for row in queries.list_matches(conn, game="holdem")] == [
            "other-game"
        ]
        assert queries.list_matches(conn, "finished", "guest:ana", 10, None, game="holdem") == [
            queries.match(conn, "other-game")
        ]

    app = create_app({"FLIPSIDE_SETTINGS": Settings(database_url=url)})
    client = app.test_client()
    try:
        listed = client.get("/v1/matches?game=flipside")
        assert listed.status_code == 200, listed.json
        assert [(m["match_id"], m["game"]) for m in listed.json["matches"]] == [
            ("g-1", "flipside"),
            ("g-0", "flipside"),
        ]
        assert len(client.get("/v1/matches").json["matches"]) == 2 + 1
        unknown = client.get("/v1/matches?game=chess")
        assert unknown.status_code == 422 and unknown.json["code"] == "validation_error"
        player = client.get("/v1/players/guest:ana")
        assert player.status_code == 200, player.json
        assert player.json["player"] == "guest:ana"
        (flipside_stats,) = player.json["games"]
        assert flipside_stats["game"] == "flipside" and flipside_stats["matches"] == 1
        assert set(flipside_stats["counters"]) == {
            "placements",
            "up_favoured",
            "exchanges",
            "cards_discarded",
        }
        assert client.get("/v1/players/guest:ana?game=flipside").json == player.json
        assert client.get("/v1/players/nobody").json["code"] == "unknown_player"
    finally:
        app.extensions["flipside"].service.store.close()
        app.extensions["flipside"].credentials.close()


def test_anyone_may_ask_for_the_lag_but_it_is_counted_up_to_a_bound(
    database: tuple[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """/readyz and /metrics answer without a token, so what they count is bounded: a runner
    stopped for long would otherwise make every probe count every event since."""
    url, store = database
    finished_match(store, "unfolded")
    monkeypatch.setattr(observability, "LAG_COUNTED_UP_TO", 7)
    app = create_app({"FLIPSIDE_SETTINGS": Settings(database_url=url)})
    client = app.test_client()
    try:
        assert client.get("/readyz").json["projection_lag"] == dict.fromkeys(PROJECTIONS, 7)
        metrics = client.get("/metrics").get_data(as_text=True)
        for name in PROJECTIONS:
            assert f'flipside_projection_lag_events{{projection="{name}"}} 7.0' in metrics
    finally:
        app.extensions["flipside"].service.store.close()
        app.extensions["flipside"].credentials.close()
