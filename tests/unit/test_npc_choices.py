"""The computer players' choices stay the ones the level ladder was measured with.

Speed work on the policies must not change a single choice: the seeded matches below pin
every exchange and orientation of every level (3 to 5 seats) by a hash. The moves, not the
events, are hashed, so a change of how events are encoded does not move it.
"""

from __future__ import annotations

import hashlib
import random

from flipside.engine.seats import SeatSpec
from flipside.games.flipside.cards import Card, OrientedCard
from flipside.games.flipside.npc import LEVELS, npc_policies
from flipside.games.flipside.npc.policy import Policy
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import MatchView
from flipside.simulation import match_seed, play_match

# sha256 of the moves below, as the policies chose them before their fast paths; taken again
# for a change of choices the ladder was measured again for (docs/rules/flipside.md,
# "Computer players"): when EASY moved from sampled worlds to the field tables, and when the
# exchange's draws were cut from shared shuffles (`draws.disjoint_rows`).
PINNED = "1e1c50e96fa8a8af7aa44b665360d0c5cd548d1e3a270b8b0b8da808bf9d2299"


class _Hashing:
    """A policy that adds each of its choices, with the seat and version, to `moves`."""

    def __init__(self, inner: Policy, moves: hashlib._Hash) -> None:
        self.inner, self.moves = inner, moves

    def exchange(self, view: MatchView, rng: random.Random) -> tuple[Card, ...]:
        chosen = self.inner.exchange(view, rng)
        self.moves.update(repr(("x", view.viewer, view.version, chosen)).encode())
        return chosen

    def orientation(self, view: MatchView, rng: random.Random) -> tuple[OrientedCard, ...]:
        chosen = self.inner.orientation(view, rng)
        self.moves.update(repr(("o", view.viewer, view.version, chosen)).encode())
        return chosen


def test_every_level_chooses_as_it_did() -> None:
    moves = hashlib.sha256()

    def hashing(state: Match) -> dict[int, Policy]:
        return {seat: _Hashing(policy, moves) for seat, policy in npc_policies(state).items()}

    for seats in (3, 4, 5):
        specs = [SeatSpec("npc", level="easy")] * seats
        play_match(f"c{seats}", specs, match_seed(11, seats), hashing)
    every_level = [SeatSpec("npc", level=level) for level in LEVELS]
    play_match("mixed", every_level, match_seed(11, 9), hashing)
    assert moves.hexdigest() == PINNED
