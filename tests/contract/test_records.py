"""A match's canonical record round-trips: export, import (audited) into another store,
audit, export again: the same bytes. For a finished match and for one still running."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from flipside.engine.registry import AnyGame
from flipside.engine.seats import SeatSpec
from flipside.records import audit, export, importer
from flipside.service import MatchService
from flipside.store import InMemoryEventStore, StoredEvent

from .matches import every_game


def jsonl(events: list[StoredEvent]) -> str:
    out = io.StringIO()
    list(export.write_matches(out, export.JSONL, [events]))
    return out.getvalue()


def recorded(game: AnyGame, people: int) -> list[StoredEvent]:
    """A match of `game` whose first `people` seats are people (it stops when one of them
    must act), the others computers at the weakest level (they play to the end)."""
    store = InMemoryEventStore()
    count = game.seats.start
    seats = [SeatSpec("human", f"Person {i}") for i in range(people)]
    seats += [SeatSpec("npc", level=game.levels[0])] * (count - people)
    seed = hashlib.sha256(f"{game.id} {people}".encode()).digest()
    MatchService(store).create(seats, game=game.id, seed=seed, match_id="recorded")
    return store.read_stream("recorded")


@every_game
@pytest.mark.parametrize("people", [0, 1], ids=["finished", "running"])
def test_export_import_audit_export_gives_the_same_bytes(
    game: AnyGame, people: int, tmp_path: Path
) -> None:
    events = recorded(game, people)
    text = jsonl(events)
    path = tmp_path / "record.jsonl"
    path.write_text(text, encoding="utf-8", newline="")
    target = InMemoryEventStore()
    assert importer.import_file(path, target).inserted == len(events)
    imported = target.read_stream("recorded")
    verdict = audit.audit_stream("recorded", imported)
    assert verdict.passed, verdict.findings
    assert verdict.finished == (people == 0)
    assert jsonl(imported) == text
