"""Orc Poker's records: the csv of one row per seat per round (K38's round, chip by chip), the
replay text as a seat may read it, and the audit's own checks, which find a tampered record."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest

from flipside.engine.codec import encode
from flipside.engine.read_models import EventRecord
from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME, shuffles
from flipside.games.orc.audit import audit_checks
from flipside.games.orc.events import CardDrawn, DeckShuffled, Event, MatchEnded
from flipside.games.orc.read_models import ROUND_FACT_COLUMNS
from flipside.simulation import match_seed, play_match

from .table import action_decks, deal, table
from .test_orc_examples import K38_HANDS


def records(events: list[Event]) -> list[EventRecord]:
    return [EventRecord(*encode(GAME, event)[:2]) for event in events]


def k38_round(monkeypatch: pytest.MonkeyPatch) -> list[Event]:
    deal(monkeypatch, K38_HANDS, top=(6, 3))
    action_decks(monkeypatch, {(1, 1): (9, 10, 8, 10), (1, 2): (7, 3, 10, 9), (1, 3): (9, 10)})
    tab = table(["Ana", "Ben", "Cho", "Dai"])
    tab.open(2, 2, 6, 4)
    tab.tiebreak({0: 5, 1: 4})
    tab.contribute({0: 10, 1: 10, 2: 8, 3: 9})
    for seat in (1, 2, 3, 0):
        tab.draw(seat)
    tab.contribute({0: 9, 1: 3, 2: 7, 3: 10})
    tab.give_up(1)
    for seat in (2, 3, 0):
        tab.draw(seat)
    tab.contribute({2: 10, 3: 9})
    tab.draw(3)
    tab.give_up(2)
    return tab.events


def test_the_csv_tells_k38_chip_by_chip(monkeypatch: pytest.MonkeyPatch) -> None:
    text = GAME.records.match_text("csv", records(k38_round(monkeypatch)), None)
    rows = list(csv.DictReader(io.StringIO(GAME.records.header("csv") + text)))
    assert list(rows[0]) == list(ROUND_FACT_COLUMNS)
    first = [row for row in rows if row["round"] == "1"]
    wanted = ["opening", "started", "row", "out", "out_phase", "paid_out", "pot_share"]
    assert [[row[column] for column in wanted] for row in first] == [
        ["2", "False", "2 5 10 10", "bust", "2", "10", "0"],
        ["2", "True", "2 4 9", "give_up", "2", "2", "0"],
        ["6", "False", "6 10 7", "give_up", "3", "3", "0"],
        ["4", "False", "4 8 3 9", "", "", "0", "19"],
    ]
    assert [(row["chips_before"], row["fee"], row["chips_after"]) for row in first] == [
        ("30", "1", "19"),
        ("30", "1", "27"),
        ("30", "1", "26"),
        ("30", "1", "48"),
    ]
    assert all(row["shortfall"] == "0" for row in first)


def test_the_replay_shows_a_seat_only_its_own_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    events = [GAME.redact(event, 1) for event in k38_round(monkeypatch)]
    lines = [line for told in GAME.records.replay_lines(events) for line in told]
    text = "\n".join(lines)
    assert "deal   s1 (Ben): 2 4 6 9 10 10" in text
    assert "deal   s0 (Ana): ?? ?? ?? ?? ?? ??" in text
    assert "opening s0 (Ana): lays ?? face down" in text
    assert "openings: s0 (Ana) 2, s1 (Ben) 2, s2 (Cho) 6, s3 (Dai) 4; tied: s0 s1" in text
    assert "give up s1 (Ben) (cost 2)" in text
    assert "pot    19 to each of s3 (Dai) (last player)" in text


@pytest.fixture(name="match", scope="module")
def match_fixture() -> list[Event]:
    seats = [SeatSpec("npc", level="easy")] * 6
    events, _ = play_match("audited", seats, match_seed(14, 0), game="orc")
    return events


def test_a_whole_match_passes_the_audit(match: list[Event]) -> None:
    seed = bytes.fromhex(match[-1].seed)  # type: ignore[attr-defined]
    assert audit_checks(list(enumerate(match, start=1)), seed) == []


def tampered(match: list[Event], kind: type, change: dict) -> list[str]:
    index = next(i for i, event in enumerate(match) if isinstance(event, kind))
    events = list(match)
    events[index] = replace(events[index], **change)
    seed = bytes.fromhex(match[-1].seed)  # type: ignore[attr-defined]
    return [failure.check for failure in audit_checks(list(enumerate(events, start=1)), seed)]


def test_the_audit_finds_another_deck_order(match: list[Event]) -> None:
    shuffled = next(e for e in match if isinstance(e, DeckShuffled))
    cards = shuffled.cards
    assert cards is not None
    assert "shuffle" in tampered(match, DeckShuffled, {"cards": cards[1:] + cards[:1]})


def test_the_audit_finds_a_card_not_drawn_from_the_top(match: list[Event]) -> None:
    drawn = next(e for e in match if isinstance(e, CardDrawn))
    assert "draw" in tampered(match, CardDrawn, {"number": drawn.number % 10 + 1})


def test_the_audit_finds_a_winner_not_drawn_by_lot(match: list[Event]) -> None:
    seed = bytes.fromhex(match[-1].seed)  # type: ignore[attr-defined]
    drawn = shuffles.shared_win(seed, (0, 1))
    assert "lot" not in tampered(match, MatchEnded, {"winners": (0, 1), "first": drawn})
    assert "lot" in tampered(match, MatchEnded, {"winners": (0, 1), "first": 1 - drawn})
