"""Stored matches for the audit, export and command-line tests, made by `MatchService`.

The computer seats here play a plain random policy rather than the real levels: these tests
are about records, not about play, and must not change when a level's strategy does.
Discarding up to five cards a round empties the deck quickly, so records have reshuffles.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Iterable, Sequence
from typing import Any

from flipside.db import connect
from flipside.games.flipside.cards import Card, OrientedCard
from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.projections import queries
from flipside.projections.postgres import Projector
from flipside.service import MatchService
from flipside.store import EventStore


class RandomPolicy:
    """Discards a random 0-5 cards and turns each card a random way up."""

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        hand = sorted(view.hand)
        return tuple(rng.sample(hand, rng.randint(0, len(hand))))

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        return tuple(card if rng.random() < 0.5 else card[::-1] for card in sorted(view.hand))


def random_policies(state: Match) -> dict[int, RandomPolicy]:
    return {i: RandomPolicy() for i, seat in enumerate(state.seats) if seat.spec.kind == "npc"}


def service(store: EventStore) -> MatchService:
    return MatchService(store, policies_for=random_policies)


def seed_of(label: str) -> bytes:
    return hashlib.sha256(label.encode()).digest()


def finished_match(store: EventStore, match_id: str, seats: int = 4) -> str:
    """A match of computer seats, played to its end in the create call."""
    specs = [SeatSpec("npc", level="easy")] * seats
    service(store).create(specs, seed=seed_of(match_id), match_id=match_id)
    return match_id


def running_match(store: EventStore, match_id: str) -> str:
    """A match with a person in seat 0: it stops when seat 0 must act."""
    specs = [SeatSpec("human", name="ana")] + [SeatSpec("npc", level="easy")] * 3
    service(store).create(specs, seed=seed_of(match_id), match_id=match_id)
    return match_id


def project(url: str, match_ids: Sequence[str], timeout: float = 30.0) -> None:
    """Fold the projections until they hold `match_ids`.

    The projector reads only below the server's oldest running transaction (docs/architecture.md,
    "Event store"), which other sessions on a shared server can hold back for a moment.
    """
    deadline = time.monotonic() + timeout
    with connect(url) as conn:
        projector = Projector(conn)
        while True:
            projector.catch_up()
            if all(queries.match(conn, match_id) is not None for match_id in match_ids):
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"the projections did not reach {list(match_ids)}")
            time.sleep(0.05)


# Each projection table's rows in a stable order, for comparing whole tables.
PROJECTION_ORDER = {
    "match_summaries": "match_id",
    "round_facts": "match_id, round, seat",
    "player_stats": "player, game",
}


def projection_rows(
    conn: Any, tables: Iterable[str] = tuple(PROJECTION_ORDER)
) -> dict[str, list[tuple[Any, ...]]]:
    """The rows of the projections' `tables`, each in a stable order (`PROJECTION_ORDER`)."""
    return {
        table: conn.execute(f"SELECT * FROM {table} ORDER BY {PROJECTION_ORDER[table]}").fetchall()
        for table in tables
    }
