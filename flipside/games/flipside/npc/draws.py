"""Uniform draws of unseen cards for many sampled worlds at once (R10, R14).

A policy gets one `random.Random` per decision. A numpy generator, one per thread, is
re-seeded from it at the start of each decision (`chance`): the decision stays reproducible
from the match's seed, and setting a PCG64 state costs far less than building a generator.
"""

from __future__ import annotations

import random
import threading

import numpy as np

from .shapes import Ints

_PER_THREAD = threading.local()


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


def sample_rows(pool: Ints, rows: int, count: int, generator: np.random.Generator) -> Ints:
    """`rows` draws of `count` cards each, every row a uniform draw without replacement
    from `pool`, in random order (sorting by random keys is a uniform permutation)."""
    drawn: Ints = pool.take(generator.random((rows, len(pool))).argsort(axis=1)[:, :count])
    return drawn
