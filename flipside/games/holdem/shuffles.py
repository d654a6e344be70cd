"""Hold'em's chance (docs/rules/holdem.md, "Chance"): the engine's seeded source over the
52 cards in their canonical order (H2).

>>> seed = bytes(32)
>>> deck = hand_deck(seed, 1)
>>> sorted(deck) == sorted(DECK) and deck != DECK and hand_deck(seed, 1) == deck
True
>>> len(button_cards(seed, 6))
6
"""

from __future__ import annotations

from flipside.engine.chance import shuffle

from .cards import DECK, Card

BUTTON_LABEL = "button"
DECK_LABEL = "deck"


def button_cards(seed: bytes, seats: int) -> tuple[Card, ...]:
    """H8: the face-up card of each seat, seat 0 first, off the top of the draw's shuffle."""
    return shuffle(seed, BUTTON_LABEL, 0, DECK)[:seats]


def hand_deck(seed: bytes, hand: int) -> tuple[Card, ...]:
    """H1, H15: hand number `hand`'s deck, top card first."""
    return shuffle(seed, DECK_LABEL, hand, DECK)
