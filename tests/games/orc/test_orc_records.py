"""Orc Poker's records: the csv of one row per seat per round (K38's round, chip by chip), the
replay text as a seat may read it, and the audit's own checks, which find a tampered record."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from flipside.engine.codec import encode
from flipside.engine.read_models import EventRecord
from flipside.engine.seats import SeatSpec
from flipside.games.orc import GAME, shuffles
from flipside.games.orc.audit import audit_checks
from flipside.games.orc.events import (
    ActionCardsDiscarded,
    CardDrawn,
    CardsDealt,
    DeckShuffled,
    Event,
    HandRefilled,
    MatchEnded,
    StartPlayerChosen,
)
from flipside.games.orc.read_models import ROUND_FACT_COLUMNS
from flipside.records.audit import audit_stream
from flipside.service import MatchService
from flipside.simulation import match_seed, play_match
from flipside.store import InMemoryEventStore, StoredEvent
from flipside.store.chain import recompute_hash

from .table import SEED, action_decks, deal, table
from .test_orc_examples import K38_HANDS
from .test_orc_running_out import drawn_by_lot


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
    """Six easy seats; this deal has tie-break refills and discards to tamper with."""
    seats = [SeatSpec("npc", level="easy")] * 6
    events, _ = play_match("audited", seats, match_seed(14, 3), game="orc")
    assert any(isinstance(event, HandRefilled) for event in events)
    return events


def revealed(events: list[Event]) -> bytes:
    return bytes.fromhex(events[-1].seed)  # type: ignore[attr-defined]


def checks(events: list[Event], seed: bytes) -> list[str]:
    """The names of the audit's failed checks."""
    return [failure.check for failure in audit_checks(list(enumerate(events, start=1)), seed)]


def tampered(
    match: list[Event], chosen: Callable[[Event], bool], seed: bytes | None = None, **change: Any
) -> list[str]:
    """The audit of `match` with the first event `chosen` picks changed; the seed is the one
    the record reveals unless given."""
    index = next(i for i, event in enumerate(match) if chosen(event))
    events = list(match)
    events[index] = replace(events[index], **change)
    return checks(events, seed or revealed(match))


def test_a_whole_match_passes_the_audit(match: list[Event]) -> None:
    assert checks(match, revealed(match)) == []


def first(kind: type, **fields: object) -> Callable[[Event], bool]:
    return lambda event: (
        isinstance(event, kind)
        and all(getattr(event, name) == value for name, value in fields.items())
    )


def shuffled(match: list[Event], purpose: str) -> DeckShuffled:
    """The first shuffle of `purpose` whose order a swap of its top two cards changes."""
    return next(
        e
        for e in match
        if isinstance(e, DeckShuffled)
        and e.purpose == purpose
        and len(set((e.cards or ())[:2])) == 2
    )


@pytest.mark.parametrize("purpose", ["round", "action"])
def test_the_audit_finds_a_deck_not_drawn_from_the_seed(match: list[Event], purpose: str) -> None:
    """K9, K17: a shuffle's result is the seed's (docs/rules/orc.md, "Chance")."""
    event = shuffled(match, purpose)
    cards = event.cards or ()
    swapped = (cards[1], cards[0], *cards[2:])
    assert "shuffle" in tampered(match, lambda e: e is event, cards=swapped)


def test_the_audit_finds_hands_not_dealt_from_the_deck(match: list[Event]) -> None:
    dealt = next(e for e in match if isinstance(e, CardsDealt))
    hands = dealt.hands
    assert hands[0] != hands[1]
    swapped = (hands[1], hands[0], *hands[2:])
    assert "deal" in tampered(match, first(CardsDealt), hands=swapped)  # K9


def test_the_audit_finds_a_refill_not_from_the_round_deck(match: list[Event]) -> None:
    refill = next(e for e in match if isinstance(e, HandRefilled))
    other = tuple(number % 10 + 1 for number in refill.numbers)
    assert "refill" in tampered(match, first(HandRefilled), numbers=other)  # K12.4


def test_the_audit_finds_a_card_not_drawn_from_the_top(match: list[Event]) -> None:
    drawn = next(e for e in match if isinstance(e, CardDrawn))
    assert "draw" in tampered(match, first(CardDrawn), number=drawn.number % 10 + 1)  # K19


def test_the_audit_finds_other_discards(match: list[Event]) -> None:
    discarded = next(e for e in match if isinstance(e, ActionCardsDiscarded))
    other = tuple(number % 10 + 1 for number in discarded.numbers or ())
    assert "draw" in tampered(match, first(ActionCardsDiscarded), numbers=other)  # K25


def test_the_audit_finds_a_winner_not_drawn_by_lot(match: list[Event]) -> None:
    drawn = shuffles.shared_win(revealed(match), (0, 1))
    assert "lot" not in tampered(match, first(MatchEnded), winners=(0, 1), first=drawn)
    assert "lot" in tampered(match, first(MatchEnded), winners=(0, 1), first=1 - drawn)  # K30


def test_the_audit_finds_a_start_player_not_drawn_by_lot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """K13: the start player among tied seats with empty hands is the seed's lot."""
    events = drawn_by_lot(monkeypatch).events
    lot = next(e for e in events if isinstance(e, StartPlayerChosen) and e.by == "lot")
    assert "lot" not in checks(events, SEED)
    by_lot = first(StartPlayerChosen, by="lot")
    assert "lot" in tampered(events, by_lot, SEED, seat=1 - lot.seat)


def test_a_rechained_record_with_another_deck_still_fails_the_audit() -> None:
    """The whole store's audit (`flipside audit`): a forger who rewrites the hash chain
    after changing a shuffle is caught by the seed (docs/rules/orc.md, "Chance")."""
    store = InMemoryEventStore()
    seats = [SeatSpec("npc", level="easy")] * 4
    MatchService(store).create(seats, game="orc", seed=match_seed(14, 2), match_id="forged")
    stored = store.read_stream("forged")
    assert audit_stream("forged", stored).passed
    forged = rechained(with_deck_swapped(stored))
    found = {finding.check for finding in audit_stream("forged", forged).findings}
    assert "shuffle" in found and "chain" not in found


def with_deck_swapped(stored: list[StoredEvent]) -> list[StoredEvent]:
    """`stored` with the top two cards of its first shuffle that the swap changes."""
    index = next(
        i
        for i, event in enumerate(stored)
        if event.type == "orc.DeckShuffled" and len(set(event.data["cards"][:2])) == 2
    )
    data = stored[index].data
    cards = data["cards"]
    events = list(stored)
    events[index] = replace(stored[index], data={**data, "cards": [cards[1], cards[0], *cards[2:]]})
    return events


def rechained(events: list[StoredEvent]) -> list[StoredEvent]:
    """`events` with every link of the hash chain computed again, as a forger would."""
    linked: list[StoredEvent] = []
    for event in events:
        prev = linked[-1].hash if linked else event.prev_hash
        event = replace(event, prev_hash=prev)
        linked.append(replace(event, hash=recompute_hash(event)))
    return linked
