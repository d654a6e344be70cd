"""`flipside replay` text (flipside.records.replay, Flipside's lines): what a seat's replay may
show (R10-R11)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from flipside.engine.seats import SeatSpec
from flipside.records.replay import NoSuchSeat, replay_steps
from flipside.store import InMemoryEventStore, StoredEvent
from tests.recorded_matches import finished_match, seed_of, service

CARD = re.compile(r"\b[2-9TJQKA]{2}\b")


@pytest.fixture(scope="module")
def records() -> list[list[StoredEvent]]:
    store = InMemoryEventStore()
    return [store.read_stream(finished_match(store, f"r{n}", seats=3 + n % 3)) for n in range(5)]


def drawn_by_others(events: list[StoredEvent], viewer: int) -> dict[int, set[str]]:
    """Per round, the cards other seats drew: secret to `viewer` until that showdown."""
    secret: dict[int, set[str]] = {}
    for event in events:
        if event.type == "flipside.CardsExchanged" and event.data["seat"] != viewer:
            secret.setdefault(event.data["round"], set()).update(event.data["drawn"])
    return secret


def test_a_seat_never_sees_another_seats_drawn_card_before_the_showdown(
    records: list[list[StoredEvent]],
) -> None:
    for events in records:
        seats = len(events[0].data["seats"])
        for viewer in range(seats):
            secret = drawn_by_others(events, viewer)
            revealed: set[int] = set()
            for step in replay_steps(events, viewer):
                if step.type == "flipside.ShowdownRevealed":
                    revealed.add(step.round)
                if step.round in revealed:
                    continue
                shown = {card for line in step.lines for card in CARD.findall(line)}
                assert not shown & secret.get(step.round, set()), (step.version, step.lines)


def test_a_seat_sees_its_own_drawn_cards(records: list[list[StoredEvent]]) -> None:
    events = records[0]
    mine = next(e for e in events if e.type == "flipside.CardsExchanged" and e.data["drawn"])
    steps = replay_steps(events, mine.data["seat"])
    line = next(s for s in steps if s.version == mine.version).lines[0]
    assert all(card in line for card in mine.data["drawn"])


def test_the_operator_sees_everything_and_rounds_filter(records: list[list[StoredEvent]]) -> None:
    steps = replay_steps(records[1], None, round_no=2)
    assert {step.round for step in steps} == {2}
    text = "\n".join(line for step in steps for line in step.lines)
    assert "??" not in text and "up side, strongest first:" in text
    assert steps[0].to_json()["type"] == "flipside.RoundStarted"


def test_a_seat_that_is_not_at_the_table_is_refused(records: list[list[StoredEvent]]) -> None:
    with pytest.raises(NoSuchSeat, match="seats 0-2"):
        replay_steps(records[0], 3)


def test_a_timed_out_turn_is_told() -> None:
    store = InMemoryEventStore()
    seats = [SeatSpec("human", name="ana"), *[SeatSpec("npc", level="easy")] * 2]
    played = service(store)
    played.create(seats, seed=seed_of("slow"), match_id="slow", turn_timeout_seconds=30)
    played.expire_turns("slow", now=datetime.now(UTC) + timedelta(hours=1))
    lines = [line for step in replay_steps(store.read_stream("slow")) for line in step.lines]
    assert any(line.startswith("timeout s0 (ana): no exchange in ") for line in lines), lines
