"""The one seeded, auditable source of chance for every game (docs/fairness.md).

Every random thing in a match — a shuffle of any deck, a roll of dice, a random seat — is
drawn from a stream derived from the match's secret seed and a label, so that anyone holding
the revealed seed can re-derive it. The algorithm uses nothing Python-specific:

1. A *stream* of 32-bit words for a label and a counter: block ``b`` (0, 1, 2, ...) is
   ``HMAC-SHA256(key=seed, msg=label || 0x00 || u32be(counter) || u32be(b))``, read as eight
   big-endian unsigned 32-bit words, in order.
2. A *uniform integer* in ``[0, n)``: take the next word ``u``; reject it while
   ``u >= 2**32 - (2**32 mod n)``; answer ``u mod n``.
3. A *shuffle* of a list: Fisher-Yates from the end, for ``i = len-1 .. 1``:
   ``j = uniform(i + 1)``, swap items ``i`` and ``j``. The caller puts the items in the
   game's documented canonical order first, so the result depends only on the seed, the
   label, the counter and the set of items.
4. A *roll* of ``count`` dice of ``sides`` faces: ``count`` successive ``uniform(sides) + 1``
   from one stream.
5. A *choice* among options: ``options[uniform(len(options))]`` from the stream with counter 0.

The seed is committed to at creation as ``sha256(seed)`` and revealed when the match ends.

>>> seed = bytes(32)
>>> order = shuffle(seed, "deck", 0, range(10))
>>> sorted(order) == list(range(10)) and order != tuple(range(10))
True
>>> roll(seed, "dice", 3, 2, 6) == roll(seed, "dice", 3, 2, 6)
True
>>> all(1 <= face <= 6 for face in roll(seed, "dice", 0, 100, 6))
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import struct
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

SEED_BYTES = 32
_WORDS = struct.Struct(">8I")
_SPAN = 1 << 32

T = TypeVar("T")

# The shuffles of the `shuffles_shared` block running, by (seed, label, counter, items).
_SHARED: ContextVar[dict[tuple[bytes, str, int, tuple[Any, ...]], Any] | None] = ContextVar(
    "shared_shuffles", default=None
)


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


def shuffle(seed: bytes, label: str, counter: int, items: Iterable[T]) -> tuple[T, ...]:
    """`items`, in the order given, after the shuffle of stream (`label`, `counter`) (step 3)."""
    order = tuple(items)
    shared = _SHARED.get()
    if shared is None:
        return _shuffled(seed, label, counter, order)
    key = (seed, label, counter, order)
    try:
        found = shared.get(key)
    except TypeError:  # unhashable items (a malformed record's): derived as without a block
        return _shuffled(seed, label, counter, order)
    if found is None:
        found = shared[key] = _shuffled(seed, label, counter, order)
    return found


@contextmanager
def shuffles_shared() -> Iterator[None]:
    """Within the block (in this thread or task), a shuffle asked for again with the same
    seed, label, counter and items is not derived again: the one derived first is the
    same. For one audit of one match, whose deck check and decider derive the same
    shuffles; a block a match, so that no shuffle is ever reused across matches or calls.

    >>> with shuffles_shared():
    ...     shuffle(bytes(32), "deck", 0, "abcdef") is shuffle(bytes(32), "deck", 0, "abcdef")
    True
    >>> shuffle(bytes(32), "deck", 0, "abcdef") is shuffle(bytes(32), "deck", 0, "abcdef")
    False
    """
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def _shuffled(seed: bytes, label: str, counter: int, items: tuple[T, ...]) -> tuple[T, ...]:
    order = list(items)
    stream = words(seed, label, counter)
    for i in range(len(order) - 1, 0, -1):
        j = uniform(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def roll(seed: bytes, label: str, counter: int, count: int, sides: int) -> tuple[int, ...]:
    """`count` dice of `sides` faces, each 1 to `sides` (step 4)."""
    stream = words(seed, label, counter)
    return tuple(uniform(stream, sides) + 1 for _ in range(count))


def choose(seed: bytes, label: str, options: Sequence[T]) -> T:
    """One of `options`, drawn from the stream for `label` (step 5)."""
    return options[uniform(words(seed, label, 0), len(options))]


def policy_random(seed: bytes, label: str) -> random.Random:
    """A PRNG for a computer player's choices, keyed by the seed and a label.

    HMAC keeps the seed out of reach of whoever holds the generator, so a computer player
    can be reproducible without learning the deck.
    """
    digest = hmac.digest(seed, b"policy\x00" + label.encode(), "sha256")
    return random.Random(int.from_bytes(digest, "big"))
