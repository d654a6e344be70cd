"""Hold'em's chance as docs/rules/holdem.md, "Chance", states it: the section's known answers
against the code (`shuffles`) and against `Documented`, the procedure written from the
section alone (labels, counters, item order, the deal); a whole match whose every card is
dealt again from its revealed seed; and the audit catching each kind of chance outcome
tampered with, even in a record whose hash chain the forger has rebuilt."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import pytest

from flipside.engine.chance import shuffle
from flipside.engine.records import decoded
from flipside.engine.registry import game_named
from flipside.engine.seats import SeatSpec
from flipside.games.holdem import shuffles
from flipside.games.holdem.events import (
    BoardDealt,
    ButtonDrawn,
    CardBurned,
    DeckShuffled,
    HandStarted,
    HoleCardsDealt,
    SeedRevealed,
)
from flipside.records.audit import audit_stream
from flipside.service import MatchService
from flipside.store.chain import recompute_hash
from flipside.store.memory import InMemoryEventStore
from flipside.store.model import StoredEvent

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "holdem.md"
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def chance_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Chance") : text.index("## Differences from casino rules")]


VECTORS: list[dict[str, Any]] = [json.loads(b) for b in JSON_BLOCK.findall(chance_section())]


class Documented:
    """The section's procedure, sharing nothing with `flipside.games.holdem.shuffles`."""

    CARDS: ClassVar[list[str]] = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # H2 order

    @classmethod
    def button_draw(cls, seed: bytes, seats: int) -> tuple[list[str], int]:
        cards = list(shuffle(seed, "button", 0, cls.CARDS))[:seats]
        return cards, max(range(seats), key=lambda seat: cls.CARDS.index(cards[seat]))

    @classmethod
    def deck(cls, seed: bytes, hand: int) -> list[str]:
        return list(shuffle(seed, "deck", hand, cls.CARDS))

    @staticmethod
    def deal(deck: Sequence[str], stacks: Sequence[int], button: int) -> dict[str, Any]:
        """Hole cards by seat, burns and board of a hand played to the river."""
        n = len(stacks)
        order = [(button + 1 + i) % n for i in range(n) if stacks[(button + 1 + i) % n] > 0]
        m = len(order)
        return {
            "hole": {str(seat): [deck[j], deck[m + j]] for j, seat in enumerate(order)},
            "burns": [deck[2 * m], deck[2 * m + 4], deck[2 * m + 6]],
            "board": [*deck[2 * m + 1 : 2 * m + 4], deck[2 * m + 5], deck[2 * m + 7]],
        }


def test_the_section_has_known_answers_for_two_seeds() -> None:
    assert {vector["seed"] for vector in VECTORS} == {bytes(32).hex(), bytes(range(32)).hex()}


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["seed"][:8])
def test_the_known_answers_match_the_code(vector: dict[str, Any]) -> None:
    seed = bytes.fromhex(vector["seed"])
    draw, deck = vector["button_draw"], vector["deck"]
    assert list(shuffles.button_cards(seed, draw["seats"])) == draw["cards"]
    assert list(shuffles.hand_deck(seed, deck["hand"])) == deck["cards"]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["seed"][:8])
def test_the_known_answers_follow_from_the_section(vector: dict[str, Any]) -> None:
    seed = bytes.fromhex(vector["seed"])
    draw, deck, deal = vector["button_draw"], vector["deck"], vector["deal"]
    assert Documented.button_draw(seed, draw["seats"]) == (draw["cards"], draw["button"])
    assert Documented.deck(seed, deck["hand"]) == deck["cards"]
    expected = {key: deal[key] for key in ("hole", "burns", "board")}
    assert Documented.deal(deck["cards"], deal["stacks"], deal["button"]) == expected


@cache
def recorded() -> tuple[StoredEvent, ...]:
    """A whole match of six computer seats, short stacks so that seats go out."""
    service = MatchService(InMemoryEventStore())
    created = service.create(
        [SeatSpec("npc", level=level) for level in ("easy", "normal", "hard") * 2],
        game="holdem",
        seed=bytes(range(32)),
        options={"starting_stack": 200, "max_hands": 80},
    )
    assert created.match is not None
    return tuple(service.events(created.match.progress.match_id))


def _decoded() -> list[Any]:
    return [event for event, _ in decoded(game_named("holdem"), recorded())]


def test_every_card_of_a_match_is_dealt_again_from_the_revealed_seed() -> None:
    events = _decoded()
    final = events[-1]
    assert isinstance(final, SeedRevealed)
    seed = bytes.fromhex(final.seed)
    expected: dict[str, Any] = {}
    dealt: dict[str, Any] = {"hole": {}, "burns": [], "board": []}
    hands = out = 0
    for event in events:
        if isinstance(event, ButtonDrawn):
            assert (list(event.cards), event.button) == Documented.button_draw(seed, 6)
        elif isinstance(event, HandStarted):
            deal = Documented.deal(Documented.deck(seed, event.hand), event.stacks, event.button)
            expected, dealt = deal, {"hole": {}, "burns": [], "board": []}
            hands, out = hands + 1, max(out, event.stacks.count(0))
        elif isinstance(event, DeckShuffled):
            assert list(event.order or ()) == Documented.deck(seed, event.hand)
        elif isinstance(event, HoleCardsDealt):
            assert list(event.cards or ()) == expected["hole"][str(event.seat)]
        elif isinstance(event, CardBurned):
            dealt["burns"].append(event.card)
            assert dealt["burns"] == expected["burns"][: len(dealt["burns"])]
        elif isinstance(event, BoardDealt):
            dealt["board"] += event.cards
            assert dealt["board"] == expected["board"][: len(dealt["board"])]
    assert hands > 10 and out > 0  # many hands, some with a seat already out


# --- tampering ------------------------------------------------------------------------------


def _first(events: list[Any], kind: type) -> int:
    return next(i for i, event in enumerate(events) if isinstance(event, kind))


def _swap_first_two(cards: Sequence[str]) -> list[str]:
    return [cards[1], cards[0], *cards[2:]]


# Each kind of chance outcome, changed as a forger might: (event type, its new data, the
# audit check that must catch it).
TAMPERINGS: dict[str, tuple[type, Any, str]] = {
    "button draw": (ButtonDrawn, lambda d: {**d, "cards": _swap_first_two(d["cards"])}, "button"),
    "deck order": (DeckShuffled, lambda d: {**d, "order": _swap_first_two(d["order"])}, "shuffle"),
    "hole cards": (HoleCardsDealt, lambda d: {**d, "cards": d["cards"][::-1]}, "deal"),
    "burn card": (CardBurned, lambda d: {**d, "card": "As" if d["card"] != "As" else "Ks"}, "deal"),
    "board": (BoardDealt, lambda d: {**d, "cards": d["cards"][::-1]}, "deal"),
}


def rechained(stored: Sequence[StoredEvent], at: int, data: dict[str, Any]) -> list[StoredEvent]:
    """The record with event `at`'s data replaced and every hash from there recomputed, as a
    forger with write access to the store would leave it."""
    events = list(stored)
    events[at] = replace(events[at], data=data)
    for i in range(at, len(events)):
        previous = events[i - 1].hash if i else events[i].prev_hash
        linked = replace(events[i], prev_hash=previous)
        events[i] = replace(linked, hash=recompute_hash(linked))
    return events


@pytest.mark.parametrize("what", TAMPERINGS)
def test_the_audit_catches_a_tampered_chance_outcome(what: str) -> None:
    kind, tamper, check = TAMPERINGS[what]
    stored = recorded()
    assert audit_stream(stored[0].stream_id, stored).passed
    at = _first(_decoded(), kind)
    forged = rechained(stored, at, tamper(dict(stored[at].data)))
    verdict = audit_stream(stored[0].stream_id, forged)
    found = {(finding.version, finding.check) for finding in verdict.findings}
    assert (stored[at].version, check) in found, verdict.findings
    assert "chain" not in {finding.check for finding in verdict.findings}
