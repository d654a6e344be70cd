"""Chance as docs/rules/oink.md, "Chance", tells it: a played match's every shuffle and roll is
drawn again from its seed with nothing but the engine's stream, the documented labels and
counters and the canonical order of O5, rebuilt here from O4's table (so a reader of the
docs can do the same); and the audit finds a chance outcome changed in the record (O44)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from flipside.engine import chance
from flipside.games.oink.audit import audit_checks
from flipside.games.oink.events import DeckShuffled, DieRolled, Event

from .table import played

RANKS = {1: "A", 13: "K"}
# O4-O5: symbol s (a = 1 … g = 7) carries the values s … s+6; the order is by value, then symbol.
CANONICAL = tuple(
    f"{RANKS.get(value, value)}{symbol}"
    for value in range(1, 14)
    for symbol in "abcdefg"
    if "abcdefg".index(symbol) + 1 <= value <= "abcdefg".index(symbol) + 7
)


def shows_every_kind(events: list[Event]) -> bool:
    """A reshuffle of the discards (O14) and a roll as an acceptor's preparation (O22)."""
    kinds = {(type(e), e.reason) for e in events if isinstance(e, DeckShuffled | DieRolled)}
    return {(DeckShuffled, "reshuffle"), (DieRolled, "prep")} <= kinds


def match_with_every_kind_of_chance() -> tuple[bytes, list[Event]]:
    """The first seed whose match of easy against hard shows every kind of chance."""
    for number in range(200):
        seed = number.to_bytes(32, "big")
        events = played(("easy", "hard"), seed)
        if shows_every_kind(events):
            return seed, events
    raise AssertionError("no match showed every kind of chance")


SEED, EVENTS = match_with_every_kind_of_chance()


def test_the_canonical_order_is_o5s() -> None:
    assert len(CANONICAL) == 49
    assert (CANONICAL[0], CANONICAL[1], CANONICAL[27], CANONICAL[48]) == ("Aa", "2a", "7g", "Kg")


def test_every_shuffle_is_drawn_again_from_the_seed() -> None:
    """Label ``deck``, counter = the shuffle's number; the cards in canonical order."""
    shuffles = [e for e in EVENTS if isinstance(e, DeckShuffled)]
    assert [e.shuffle_no for e in shuffles] == list(range(len(shuffles)))
    assert shuffles[0].reason == "initial" and shuffles[0].cards is not None
    assert shuffles[0].cards == chance.shuffle(SEED, "deck", 0, CANONICAL)
    for event in shuffles[1:]:
        assert event.reason == "reshuffle" and event.cards is not None
        ordered = sorted(event.cards, key=CANONICAL.index)  # the discard pile, O5's order
        assert event.cards == chance.shuffle(SEED, "deck", event.shuffle_no, ordered)


def test_every_roll_is_drawn_again_from_the_seed() -> None:
    """``start-roll``: attempt k, two dice (seat 0's, seat 1's); ``die``: the number of turn
    and preparation rolls before this one, one die."""
    rolls = [e for e in EVENTS if isinstance(e, DieRolled)]
    starts = [e.face for e in rolls if e.reason == "start"]
    drawn = [chance.roll(SEED, "start-roll", k, 2, 6) for k in range(len(starts) // 2)]
    assert starts == [face for pair in drawn for face in pair]
    later = [e.face for e in rolls if e.reason != "start"]
    assert {e.reason for e in rolls} == {"start", "turn", "prep"}
    assert later == [chance.roll(SEED, "die", k, 1, 6)[0] for k in range(len(later))]


def _first(kind: type[DeckShuffled | DieRolled], reason: str) -> int:
    return next(i for i, e in enumerate(EVENTS) if isinstance(e, kind) and e.reason == reason)


def _another_face(event: Any) -> Event:
    return replace(event, face=event.face % 6 + 1)


def _top_two_swapped(event: Any) -> Event:
    return replace(event, cards=(event.cards[1], event.cards[0], *event.cards[2:]))


@pytest.mark.parametrize(
    ("index", "tamper", "check"),
    [
        (_first(DieRolled, "start"), _another_face, "roll"),
        (_first(DieRolled, "turn"), _another_face, "roll"),
        (_first(DieRolled, "prep"), _another_face, "roll"),
        (_first(DeckShuffled, "initial"), _top_two_swapped, "shuffle"),
        (_first(DeckShuffled, "reshuffle"), _top_two_swapped, "shuffle"),
    ],
    ids=["start-roll", "turn-roll", "prep-roll", "shuffle", "reshuffle"],
)
def test_the_audit_finds_a_changed_chance_outcome(
    index: int, tamper: Callable[[Event], Event], check: str
) -> None:
    assert audit_checks(list(enumerate(EVENTS, start=1)), SEED) == []
    record = [*EVENTS[:index], tamper(EVENTS[index]), *EVENTS[index + 1 :]]
    failures = audit_checks(list(enumerate(record, start=1)), SEED)
    assert (index + 1, check) in [(failure.version, failure.check) for failure in failures]
