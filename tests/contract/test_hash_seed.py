"""A seeded match is the same in every process: nothing a game or its computer players decide
may follow the order of a set or dict of strings, which changes with the interpreter's string
hashing (``PYTHONHASHSEED``) from one process to the next."""

from __future__ import annotations

import os
import subprocess
import sys

from flipside.engine.registry import AnyGame

from .matches import every_game

_PLAY = """
import sys
from flipside.engine.registry import games
from flipside.simulation import simulate
game = next(g for g in games() if g.id == sys.argv[1])
result = simulate(2, [game.levels[-1]] * int(sys.argv[2]), 7, game=game.id)
print(result.digest)
"""


def _digest(game: AnyGame, seats: int, hash_seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, game.id, str(seats)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return done.stdout.strip()


@every_game
def test_the_strongest_level_plays_the_same_match_whatever_the_string_hashing(
    game: AnyGame,
) -> None:
    seats = min(game.seats, key=lambda count: abs(count - 4))  # a full table, kept quick
    assert _digest(game, seats, 1) == _digest(game, seats, 2)
