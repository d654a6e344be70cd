"""Uniform draws of unseen cards for many sampled worlds at once (R10, R14).

The cards a seat has not seen are the pool of every draw; `unseen_numbers` reads them off
the view as sorted card numbers (set order varies between processes).

A policy gets one `random.Random` per decision. A numpy generator, one per thread, is
re-seeded from it at the start of each decision (`chance`): the decision stays reproducible
from the match's seed, and setting a PCG64 state costs far less than building a generator.
"""

from __future__ import annotations

import random
import threading
from functools import lru_cache

import numpy as np

from flipside.games.flipside.cards import DECK, Card
from flipside.games.flipside.views import MatchView

from .shapes import CARD_NUMBER, Ints

_PER_THREAD = threading.local()
# A place per card, and one more for the None of a card the viewer may not see.
_PLACE: dict[Card | None, int] = {card: number for card, number in CARD_NUMBER.items()}
_PLACE[None] = len(DECK)
_NONE_SEEN = bytes([1]) * len(DECK) + bytes([0])  # by place: 1 = not seen


def unseen_numbers(view: MatchView, *, with_used_pile: bool = False) -> Ints:
    """`MatchView.unseen_cards` as sorted numbers, and the used pile too if `with_used_pile`
    (the pile is shuffled into a short deck, R14)."""
    # A byte per card, cleared from Python: half the cost of the view's sets of cards or of
    # a numpy mask set from a list (a call's overhead outweighs its 30 cards).
    unseen = bytearray(_outside_the_pile(view.used_pile, with_used_pile))
    for seat in view.seats:
        for card in seat.cards + seat.discarded:
            unseen[_PLACE[card]] = 0
    numbers: Ints = np.frombuffer(unseen, dtype=np.bool_).nonzero()[0]
    return numbers


@lru_cache(maxsize=64)
def _outside_the_pile(used_pile: tuple[Card, ...], with_used_pile: bool) -> bytes:
    """The bytes of `unseen_numbers` before the seats' cards are cleared: the used pile
    holds half the cards a seat has seen late in a match, and stays the same for a round
    (R14), while a seat's cards change at every exchange."""
    unseen = bytearray(_NONE_SEEN)
    for card in used_pile:
        unseen[_PLACE[card]] = with_used_pile
    return bytes(unseen)


def chance(rng: random.Random) -> np.random.Generator:
    """This thread's numpy generator, its state drawn from `rng`."""
    generator: np.random.Generator | None = getattr(_PER_THREAD, "generator", None)
    if generator is None:
        generator = _PER_THREAD.generator = np.random.Generator(np.random.PCG64(0))
    # Any 128-bit state with an odd 128-bit increment is a full PCG64 stream.
    generator.bit_generator.state = {
        "bit_generator": "PCG64",
        "state": {"state": rng.getrandbits(128), "inc": rng.getrandbits(128) | 1},
        "has_uint32": 0,
        "uinteger": 0,
    }
    return generator


def disjoint_rows(pool: Ints, rows: int, count: int, generator: np.random.Generator) -> Ints:
    """`rows` draws of `count` cards each, every row a uniform draw without replacement from
    `pool`, in random order, and the rows cut from as few shuffles of the pool as hold them:
    rows from one shuffle share no card.

    Each row alone is a draw as `sample_rows` makes, but together they cover the pool more
    evenly (sampling without replacement), so a mean over them varies less; and shuffling
    one row of keys per `len(pool) // count` draws costs a fraction of a row of keys a draw.
    """
    per_shuffle = len(pool) // count
    shuffles = -(-rows // per_shuffle)
    cut = generator.random((shuffles, len(pool))).argsort(axis=1)[:, : per_shuffle * count]
    drawn: Ints = pool.take(cut.reshape(-1, count)[:rows])
    return drawn


def sample_rows(pool: Ints, rows: int, count: int, generator: np.random.Generator) -> Ints:
    """`rows` draws of `count` cards each, every row a uniform draw without replacement
    from `pool`, in random order (sorting by random keys is a uniform permutation)."""
    drawn: Ints = pool.take(generator.random((rows, len(pool))).argsort(axis=1)[:, :count])
    return drawn
