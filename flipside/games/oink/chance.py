"""Oink Poker's chance: the engine's seeded source under the labels of docs/rules/oink.md,
"Chance" (shuffles of the deck, the start rolls, every later roll of a die).

>>> seed = bytes(32)
>>> order = shuffle(seed, 0, DECK)
>>> sorted(order, key=DECK.index) == list(DECK) and order != DECK
True
>>> all(1 <= face <= 6 for face in start_faces(seed, 0) + (die_face(seed, 0),))
True
"""

from __future__ import annotations

from collections.abc import Iterable

from flipside.engine import chance

from .cards import DECK, Card, in_deck_order

__all__ = ["DECK", "die_face", "shuffle", "start_faces"]

DECK_LABEL = "deck"
START_LABEL = "start-roll"
DIE_LABEL = "die"
FACES = 6  # O6


def shuffle(seed: bytes, counter: int, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The deck after shuffle number `counter` of `cards` (put in canonical order first, O5)."""
    return chance.shuffle(seed, DECK_LABEL, counter, in_deck_order(cards))


def start_faces(seed: bytes, attempt: int) -> tuple[int, ...]:
    """O9: the faces of seat 0's and seat 1's dice on start roll number `attempt`."""
    return chance.roll(seed, START_LABEL, attempt, 2, FACES)


def die_face(seed: bytes, counter: int) -> int:
    """O19: the face of the match's turn or preparation roll number `counter`."""
    return chance.roll(seed, DIE_LABEL, counter, 1, FACES)[0]
