"""Orc Poker's chance as docs/rules/orc.md, "Chance", states it: the known answers of that
section against the code (`shuffles`) and against `Documented`, the procedure written from
the section alone (labels, counters, item orders, the deal) over the engine's primitives;
and a whole match whose every chance outcome is drawn again from its revealed seed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from flipside.engine.chance import choose, shuffle
from flipside.engine.seats import SeatSpec
from flipside.games.orc import shuffles
from flipside.games.orc.events import (
    CardsDealt,
    DeckShuffled,
    Event,
    SealedChoiceMade,
    SeedRevealed,
)
from flipside.simulation import match_seed, play_match

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "orc.md"
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def chance_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Chance") : text.index("## Places")]


VECTORS: list[dict[str, Any]] = [json.loads(b) for b in JSON_BLOCK.findall(chance_section())]


class Documented:
    """The section's procedure, sharing nothing with `flipside.games.orc.shuffles`."""

    @staticmethod
    def round_deck(seed: bytes, round_no: int) -> list[int]:
        canonical = [number for number in range(1, 11) for _ in range(number)]  # K2
        return list(shuffle(seed, "deck", round_no, canonical))

    @staticmethod
    def deal(deck: list[int], seats: int) -> tuple[list[list[int]], int]:
        """K9: card i to seat i mod n while i < 6n; the rest is the round deck."""
        hands: list[list[int]] = [[] for _ in range(seats)]
        for i, card in enumerate(deck[: 6 * seats]):
            hands[i % seats].append(card)
        return hands, len(deck) - 6 * seats

    @staticmethod
    def action_deck(seed: bytes, round_no: int, phase: int, cards: list[int]) -> list[int]:
        return list(shuffle(seed, "action-deck", 5 * (round_no - 1) + (phase - 1), sorted(cards)))

    @staticmethod
    def start_lot(seed: bytes, round_no: int, tied: list[int]) -> int:
        return choose(seed, f"start-lot-{round_no}", sorted(tied))

    @staticmethod
    def shared_win(seed: bytes, winners: list[int]) -> int:
        return choose(seed, "shared-win", sorted(winners))


def test_the_section_has_known_answers_for_two_seeds() -> None:
    assert {vector["seed"] for vector in VECTORS} == {bytes(32).hex(), bytes(range(32)).hex()}


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["seed"][:8])
def test_the_known_answers_match_the_code(vector: dict[str, Any]) -> None:
    seed = bytes.fromhex(vector["seed"])
    deal, action, lot, win = (vector[k] for k in ("deal", "action_deck", "start_lot", "shared_win"))
    deck = shuffles.round_deck(seed, deal["round"])
    assert list(deck) == deal["deck"]
    assert shuffles.action_counter(action["round"], action["phase"]) == action["counter"]
    drawn = shuffles.action_deck(seed, action["round"], action["phase"], action["contributions"])
    assert list(drawn) == action["deck"]
    assert shuffles.start_lot(seed, lot["round"], lot["tied"]) == lot["seat"]
    assert shuffles.shared_win(seed, win["winners"]) == win["first"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["seed"][:8])
def test_the_known_answers_follow_from_the_section(vector: dict[str, Any]) -> None:
    seed = bytes.fromhex(vector["seed"])
    deal, action, lot, win = (vector[k] for k in ("deal", "action_deck", "start_lot", "shared_win"))
    deck = Documented.round_deck(seed, deal["round"])
    assert deck == deal["deck"]
    assert Documented.deal(deck, deal["seats"]) == (deal["hands"], deal["round_deck"])
    drawn = Documented.action_deck(seed, action["round"], action["phase"], action["contributions"])
    assert drawn == action["deck"]
    assert Documented.start_lot(seed, lot["round"], lot["tied"]) == lot["seat"]
    assert Documented.shared_win(seed, win["winners"]) == win["first"]
    assert lot["label"] == f"start-lot-{lot['round']}" and win["label"] == "shared-win"


@pytest.fixture(name="match", scope="module")
def match_fixture() -> list[Event]:
    seats = [SeatSpec("npc", level="easy")] * 5
    events, _ = play_match("chance", seats, match_seed(14, 1), game="orc")
    return events


def test_every_shuffle_and_deal_of_a_match_is_drawn_again(match: list[Event]) -> None:
    """From the revealed seed alone, with the contributions the record reveals at the end."""
    final = match[-1]
    assert isinstance(final, SeedRevealed)
    seed = bytes.fromhex(final.seed)
    sealed: list[int] = []
    deck: list[int] = []
    checked = 0
    for event in match:
        if isinstance(event, SealedChoiceMade) and event.kind == "contribution":
            assert event.number is not None
            sealed.append(event.number)
        elif isinstance(event, DeckShuffled) and event.purpose == "round":
            deck = Documented.round_deck(seed, event.round)
            assert list(event.cards or ()) == deck
            checked += 1
        elif isinstance(event, DeckShuffled):
            expected = Documented.action_deck(seed, event.round, event.phase, sealed)
            assert list(event.cards or ()) == expected, (event.round, event.phase)
            sealed, checked = [], checked + 1
        elif isinstance(event, CardsDealt):
            hands, left = Documented.deal(deck, len(event.hands))
            assert [list(hand) for hand in event.hands] == hands and event.round_deck == left
    assert checked > 10
