"""INSANE learns a registered player's habits from the round_facts projection
(docs/rules/flipside.md, "Computer players"); a guest's play teaches it nothing."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from flipside.db import connect
from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.hands import orientation_values, oriented_by_mask
from flipside.games.flipside.state import Match
from flipside.projections.habits import ProjectedHabits, player_showdowns
from flipside.service import MatchService
from flipside.store import PostgresEventStore
from tests.flipside_moves import exchange, orient, state_of
from tests.recorded_matches import project, random_policies, seed_of


def _up_maximiser(state: Match, seat: int) -> tuple[str, ...]:
    """The person who always places the strongest up hand they can."""
    hand = state.seats[seat].hand
    values = orientation_values(hand)
    best = max(range(32), key=lambda mask: values[mask][0])
    return oriented_by_mask(hand, best)


def _play(service: MatchService, name: str, match_id: str, *, registered: bool = True) -> None:
    seats = [SeatSpec("human", name=name, registered=registered)]
    seats += [SeatSpec("npc", level="easy")] * 2
    service.create(seats, seed=seed_of(match_id), match_id=match_id)
    while (state := state_of(service, match_id)).phase != "over":
        if state.seat_to_exchange == 0:
            exchange(service, match_id, 0, ())
        else:
            orient(service, match_id, 0, _up_maximiser(state, 0))


def test_a_person_who_favours_the_up_side_is_seen_to(store: PostgresEventStore, database_url):
    name = f"up-{uuid.uuid4().hex[:8]}"
    service = MatchService(store, policies_for=random_policies)
    match_ids = [f"habits-{name}-{i}" for i in range(3)]
    for match_id in match_ids:
        _play(service, name, match_id)
    project(database_url, match_ids)
    with connect(database_url) as conn:
        habits = ProjectedHabits(conn)(name)
    assert habits is not None and habits.rounds >= 5
    assert habits.up_bias >= 0.8


def test_a_guests_play_under_a_name_teaches_nothing(store: PostgresEventStore, database_url):
    """Play as a guest under a name (before, or without, its registration) is not the
    registered player's: anyone could have played it."""
    name = f"guest-{uuid.uuid4().hex[:8]}"
    service = MatchService(store, policies_for=random_policies)
    guests = [f"habits-{name}-{i}" for i in range(3)]
    for match_id in guests:
        _play(service, name, match_id, registered=False)
    project(database_url, guests)
    with connect(database_url) as conn:
        assert player_showdowns(conn, name) == []
        assert ProjectedHabits(conn)(name) is None
        registered = f"habits-{name}-registered"
        _play(service, name, registered)
        project(database_url, [registered])
        rounds = len(player_showdowns(conn, name))
        in_the_match = conn.execute(
            "SELECT count(*) FROM round_facts WHERE match_id = %s AND seat = 0", (registered,)
        ).fetchone()
        assert in_the_match is not None and rounds == in_the_match[0] > 0


def test_estimates_are_kept_and_a_silent_database_means_no_habits(database_url) -> None:
    now = [0.0]
    with connect(database_url) as conn:
        provider = ProjectedHabits(conn, keep_seconds=60, clock=lambda: now[0])
        assert provider("nobody-has-this-name") is None
    # The connection is closed now: within the keep time the answer comes from memory...
    assert provider("nobody-has-this-name") is None
    now[0] = 61.0  # ...after it, the failing read degrades to "nothing known", not an error
    assert provider("nobody-has-this-name") is None
    with pytest.raises(psycopg.OperationalError):
        conn.execute("SELECT 1")
