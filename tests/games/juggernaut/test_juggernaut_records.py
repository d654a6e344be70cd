"""Juggernaut's matches through the engine's service and records: moves over the generic
actions path, the csv of one row per seat per set, replay as each viewer may see it, and
the audit (jsonl round trip included)."""

from __future__ import annotations

import csv
import hashlib
import io
import random
from dataclasses import replace

import pytest

from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut.read_models import SET_FACT_COLUMNS
from flipside.records import audit, export
from flipside.records.replay import replay_steps
from flipside.service import MatchService
from flipside.store import InMemoryEventStore, StoredEvent

from .random_play import random_body

pytestmark = pytest.mark.usefixtures("registered")

SEATS = (SeatSpec("human", "Ann"), *[SeatSpec("npc", level="easy")] * 3)


def played(seed: int = 0) -> tuple[MatchService, list[StoredEvent]]:
    """A match of one person (seat 0, random legal moves) and three computers, to the end,
    every move through `MatchService.act`."""
    store = InMemoryEventStore()
    service = MatchService(store)
    digest = hashlib.sha256(f"juggernaut {seed}".encode()).digest()
    service.create(SEATS, game="juggernaut", seed=digest, match_id="j", options={"maxSets": 6})
    rng = random.Random(seed)
    while (match := service.load("j")).progress.outcome is None:
        assert match.progress.awaiting == (0,)
        actions = match.game.legal_actions(match.state, 0)
        service.act("j", 0, random_body(rng.choice(actions), rng))
    return service, store.read_stream("j")


def test_a_person_plays_a_whole_match_through_the_service() -> None:
    _, events = played()
    assert events[0].type == "juggernaut.MatchCreated"
    assert events[-1].type == "juggernaut.SeedRevealed"


def test_the_csv_has_a_row_per_seat_per_set() -> None:
    _, events = played(1)
    out = io.StringIO()
    list(export.write_matches(out, "csv", [events], game="juggernaut"))
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    sets = sum(event.type == "juggernaut.SetEnded" for event in events)
    assert len(rows) == 4 * sets and tuple(rows[0]) == SET_FACT_COLUMNS
    for row in rows:
        spent = sum(
            int(row[name])
            for name in ("augment_cost", "exchange_cost", "reveal_cost", "refusal_cost",
                         "confiscated", "gold_cost")
        )  # fmt: skip
        assert int(row["silver_after"]) == int(row["silver_before"]) - spent + int(row["reward"])


def test_a_seats_replay_hides_the_others_cards_until_they_are_shown() -> None:
    _, events = played(2)
    ann = replay_steps(events, viewer=0)
    dealt = next(step for step in ann if step.type == "juggernaut.CardsDealt")
    assert all(card is not None for card in dealt.data["hands"][0])
    assert all(card is None for hand in dealt.data["hands"][1:] for card in hand)
    assert "??" in dealt.lines[1] and "??" not in dealt.lines[0]
    everyone = replay_steps(events)
    assert any("shows" in line for step in everyone for line in step.lines)


def test_the_audit_passes_and_finds_an_edited_coin() -> None:
    _, events = played(3)
    verdict = audit.audit_stream("j", events)
    assert verdict.passed and verdict.finished, verdict.findings
    index = next(i for i, e in enumerate(events) if e.type == "juggernaut.RewardPaid")
    edited = events[index]
    data = {**edited.data, "total": edited.data["total"] + 1, "silver": edited.data["silver"] + 1}
    forged = [*events[:index], replace(edited, data=data), *events[index + 1 :]]
    checks = {finding.check for finding in audit.audit_stream("j", forged).findings}
    assert {"chain", "coins"} <= checks
