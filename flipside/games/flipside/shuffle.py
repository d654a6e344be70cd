"""Flipside's shuffles: the engine's chance source over the 78-card deck (docs/fairness.md).

A shuffle uses the stream labelled ``deck`` with counter = the shuffle's number in the match
(from 0). Its input is the cards in `cards.DECK` order (the used pile too is put in that
order first, R14), so the output depends only on the seed, the counter and the set of cards.

>>> seed = bytes(32)
>>> order = shuffle(seed, 0, DECK)
>>> sorted(order) == sorted(DECK) and order != DECK
True
>>> shuffle(seed, 0, DECK) == order  # the same seed and counter give the same order
True
"""

from __future__ import annotations

from collections.abc import Iterable

from flipside.engine.chance import SEED_BYTES, choose, commitment, policy_random
from flipside.engine.chance import shuffle as _shuffle

from .cards import DECK, Card

__all__ = ["SEED_BYTES", "choose", "commitment", "policy_random", "shuffle"]

DECK_LABEL = "deck"
_DECK_POSITION = {card: index for index, card in enumerate(DECK)}


def shuffle(seed: bytes, counter: int, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The order of `cards` after the match's shuffle number `counter`."""
    return _shuffle(seed, DECK_LABEL, counter, sorted(cards, key=_DECK_POSITION.__getitem__))
