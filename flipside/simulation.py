"""Whole matches of computer players, in process: for `flipside simulate` and benchmarks.

Every match's seed is derived from the run's seed and the match number, so a run is
reproducible anywhere; the digest (sha256 over every event, in order) proves it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from flipside.domain.commands import CreateMatch
from flipside.domain.events import Event, SeatSpec, to_data
from flipside.domain.rules import execute, initial_state
from flipside.domain.state import Match

from .npc.driver import npc_policies, play_until_blocked


def match_seed(run_seed: int, number: int) -> bytes:
    """The 32-byte seed of match `number` of a run."""
    return hashlib.sha256(f"flipside-simulate:{run_seed}:{number}".encode()).digest()


def play_match(match_id: str, levels: Sequence[str], seed: bytes) -> tuple[list[Event], Match]:
    """One match of computer players at `levels`, one per seat, to the end."""
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    events, state = execute(initial_state(), CreateMatch(match_id, seats, seed, seeded=True))
    more, state = play_until_blocked(state, npc_policies(state))
    return events + more, state


def event_bytes(event: Event) -> bytes:
    """The canonical bytes of an event for digests: type and data as sorted, compact JSON."""
    record = {"type": type(event).__name__, "data": to_data(event)}
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode()


@dataclass
class SimulationResult:
    matches: int = 0
    rounds: int = 0
    events: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)  # per match, per seat
    digest: str = ""

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else 0.0


def simulate(matches: int, levels: Sequence[str], run_seed: int) -> SimulationResult:
    """Play `matches` matches and summarise them."""
    result = SimulationResult(wins=[0] * len(levels))
    digest = hashlib.sha256()
    started = time.perf_counter()
    for number, (events, state) in enumerate(_matches(matches, levels, run_seed)):
        for event in events:
            digest.update(event_bytes(event))
        result.rounds += state.round
        result.events += len(events)
        assert state.winner is not None
        result.wins[state.winner] += 1
        result.places.append([seat.place or 0 for seat in state.seats])
        result.matches = number + 1
    result.seconds = time.perf_counter() - started
    result.digest = digest.hexdigest()
    return result


def _matches(
    count: int, levels: Sequence[str], run_seed: int
) -> Iterator[tuple[list[Event], Match]]:
    for number in range(count):
        yield play_match(f"sim-{run_seed}-{number}", levels, match_seed(run_seed, number))
