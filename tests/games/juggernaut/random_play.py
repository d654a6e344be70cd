"""Random legal play of whole matches, every move drawn from `Game.legal_actions` with its
parameters filled in at random (cards of the hand, any affordable pick): more varied than
the computer players, for the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.events import Event
from flipside.games.juggernaut.state import Match

PEOPLE = tuple(SeatSpec("human", f"P{seat}") for seat in range(4))


def random_body(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A body for one legal action description of `moves.legal_actions`."""
    body = {"kind": action["kind"]}
    if action["kind"] == "augment":
        body["count"] = action["count"]
    elif action["kind"] == "reveal":
        body["target"] = action["target"]
    elif action["kind"] == "exchange":
        picked = rng.choice(action["costs"])["picked"]
        body |= {"method": action["method"], "cards": rng.sample(action["cards"], picked)}
    return body


def decisions(
    seed: bytes, options: dict[str, Any], moves: int, seats: tuple[SeatSpec, ...] = PEOPLE
) -> Iterator[tuple[Match, list[Event], Match]]:
    """(state before, events, state after) of every decision of a random match, creation
    first. Computer seats play their policies; people move at random."""
    rng = random.Random(moves)
    command = GAME.create(
        "m", seats, seed, seeded=True, options=GAME.options(options), turn_timeout_seconds=None
    )
    state = GAME.initial_state()
    policies = GAME.policies(state)
    while True:
        events, after = GAME.execute(state, command)
        yield state, events, after
        state = after
        progress = GAME.progress(state)
        if progress.outcome is not None:
            return
        policies = policies or GAME.policies(state)
        command = GAME.next_command(state, policies)
        if command is None:
            seat = rng.choice(progress.awaiting)
            action = rng.choice(GAME.legal_actions(state, seat))
            command = GAME.parse_action(seat, random_body(action, rng))
