"""Deterministic, auditable shuffles from a secret seed (DESIGN "Fairness and audit").

The algorithm is meant to be re-implemented by anyone who wants to check a match, so it uses
nothing Python-specific:

1. A *stream* of 32-bit words for a label and a counter: block ``b`` (0, 1, 2, ...) is
   ``HMAC-SHA256(key=seed, msg=label || 0x00 || u32be(counter) || u32be(b))``, read as eight
   big-endian unsigned 32-bit words, in order.
2. A *uniform integer* in ``[0, n)``: take the next word ``u``; reject it while
   ``u >= 2**32 - (2**32 mod n)``; answer ``u mod n``.
3. A *shuffle* of a list (label ``deck``, counter = the shuffle's number in the match, from
   0): Fisher-Yates from the end, for ``i = len-1 .. 1``: ``j = uniform(i + 1)``, swap items
   ``i`` and ``j``. The input is the cards in `cards.DECK` order (the used pile too is put
   in that order first), so the output depends only on the seed, the counter and the set of
   cards.

The match's seed is committed to at creation as ``sha256(seed)`` and revealed at its end.

>>> seed = bytes(32)
>>> order = shuffle(seed, 0, DECK)
>>> sorted(order) == sorted(DECK) and order != DECK
True
>>> shuffle(seed, 0, DECK) == order  # the same seed and counter give the same order
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import struct
from collections.abc import Iterable, Iterator, Sequence

from .cards import DECK, Card

SEED_BYTES = 32
_WORDS = struct.Struct(">8I")
_SPAN = 1 << 32
_DECK_POSITION = {card: index for index, card in enumerate(DECK)}


def commitment(seed: bytes) -> str:
    """The public promise made at creation: hex ``sha256(seed)``."""
    return hashlib.sha256(seed).hexdigest()


def words(seed: bytes, label: str, counter: int) -> Iterator[int]:
    """The endless stream of 32-bit words for one label and counter (step 1)."""
    prefix = label.encode() + b"\x00" + counter.to_bytes(4, "big")
    block = 0
    while True:
        yield from _WORDS.unpack(hmac.digest(seed, prefix + block.to_bytes(4, "big"), "sha256"))
        block += 1


def uniform(stream: Iterator[int], n: int) -> int:
    """A uniform integer in ``[0, n)`` by rejection sampling (step 2)."""
    limit = _SPAN - _SPAN % n
    for word in stream:
        if word < limit:
            return word % n
    raise AssertionError("the word stream is endless")


def shuffle(seed: bytes, counter: int, cards: Iterable[Card]) -> tuple[Card, ...]:
    """The order of `cards` after the match's shuffle number `counter` (step 3)."""
    items = sorted(cards, key=_DECK_POSITION.__getitem__)
    stream = words(seed, "deck", counter)
    for i in range(len(items) - 1, 0, -1):
        j = uniform(stream, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def choose(seed: bytes, label: str, options: Sequence[int]) -> int:
    """One of `options`, drawn from the seed's stream for `label` (e.g. the R7 start seat)."""
    return options[uniform(words(seed, label, 0), len(options))]


def policy_random(seed: bytes, label: str) -> random.Random:
    """A PRNG for a computer player's choices, keyed by the seed and a label.

    HMAC keeps the seed out of reach of whoever holds the generator, so a computer player
    can be reproducible without learning the deck.
    """
    digest = hmac.digest(seed, b"policy\x00" + label.encode(), "sha256")
    return random.Random(int.from_bytes(digest, "big"))
