"""Oink Poker's records: the csv of one row per deal, the replay text and the audit's own
checks (chance derived again from the seed, O44; cards off the top of the deck, O13, O17)."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import Any

import pytest

from flipside.engine.codec import encode
from flipside.engine.read_models import EventRecord
from flipside.games.oink import GAME
from flipside.games.oink.audit import audit_checks, revealed_seed
from flipside.games.oink.events import (
    CardsChanged,
    CardsDealt,
    DealEnded,
    DeckShuffled,
    DieRolled,
    Event,
    Oinked,
)
from flipside.games.oink.read_models import DEAL_FACT_COLUMNS
from flipside.games.oink.views import redact

from . import table

SEED = bytes(range(32))


def played(levels: tuple[str, str] = ("easy", "normal")) -> list[Event]:
    return table.played(levels, SEED)


def records(events: list[Event]) -> list[EventRecord]:
    return [EventRecord(*encode(GAME, event)[:2]) for event in events]


def test_the_csv_has_a_row_per_deal_with_public_facts_only() -> None:
    events = played()
    text = GAME.records.header("csv") + GAME.records.match_text("csv", records(events), 0)
    rows = list(csv.DictReader(io.StringIO(text)))
    deals = [e for e in events if isinstance(e, DealEnded)]
    assert len(rows) == len(deals) and tuple(rows[0]) == DEAL_FACT_COLUMNS
    assert [int(row["deal"]) for row in rows] == [deal.deal for deal in deals]
    oinked = {e.deal for e in events if isinstance(e, Oinked)}
    for row in rows:  # O21: an oinker's hand is not in the record
        if int(row["deal"]) in oinked and row["category_0"] and row["category_1"]:
            assert "straight" in row["category_0"] + row["category_1"]  # O34 only
    assert int(rows[-1]["score_0"]) >= 15 or int(rows[-1]["score_1"]) >= 15


def test_only_csv_is_offered_and_it_does_not_read_back() -> None:
    assert GAME.records.formats == ("csv",)
    with pytest.raises(ValueError):
        GAME.records.header("toml")
    with pytest.raises(ValueError):
        GAME.records.parse("csv", "")


def test_the_replay_tells_every_event_and_hides_the_other_seats_cards() -> None:
    events = played()
    mine = [redact(event, 0) for event in events[:-2]]  # before the end, as seat 0
    lines = GAME.records.replay_lines(mine)
    assert len(lines) == len(mine) and all(lines)
    told = "\n".join(line for event_lines in lines for line in event_lines)
    assert "?? ?? ??" in told and "joker" in told


def test_the_audit_passes_a_true_record_and_finds_the_seed() -> None:
    events = played(("hard", "easy"))
    versioned = list(enumerate(events, start=1))
    assert audit_checks(versioned, SEED) == []
    assert revealed_seed(versioned) == (len(events), SEED.hex())


def _tampered(events: list[Event], kind: type[Event], change: Any) -> list[tuple[int, Event]]:
    index = next(i for i, e in enumerate(events) if isinstance(e, kind) and change(e) != e)
    events = [*events[:index], change(events[index]), *events[index + 1 :]]
    return list(enumerate(events, start=1))


@pytest.mark.parametrize(
    ("kind", "change", "check"),
    [
        (DieRolled, lambda e: replace(e, face=e.face % 6 + 1), "roll"),
        (DeckShuffled, lambda e: replace(e, cards=e.cards[1:] + e.cards[:1]), "shuffle"),
        (
            CardsDealt,
            lambda e: replace(e, cards=(e.cards[1], e.cards[0])) if e.cards[0] else e,
            "deal",
        ),
        (CardsChanged, lambda e: replace(e, drawn=tuple(reversed(e.drawn))), "draw"),
    ],
)
def test_the_audit_finds_a_tampered_chance_or_card(kind: type, change: Any, check: str) -> None:
    failures = audit_checks(_tampered(played(), kind, change), SEED)
    assert check in {failure.check for failure in failures}
