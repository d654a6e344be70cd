"""What a learner is handed, pinned: every seat's observation and mask, and the selected seat's
legal actions, at every step of a few seeded matches of each game, hashed.

The environment's speed-ups (kept seat parts of views, observations encoded from tables
worked out beforehand) must hand a learner exactly what it was handed before. A digest here
changes only with what a seat may see or do: a change of the rules or of the documented
layouts (docs/research.md), each with a test of its own showing why.
"""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest

from flipside.env import FlipsideEnv

MATCHES = 3
SEATS = {"flipside": 4, "oink": 2, "holdem": 4, "orc": 4, "juggernaut": 4}
OPTIONS = {"holdem": {"max_hands": 5}, "juggernaut": {"maxSets": 2}}
DIGESTS = {
    "flipside": "bb36d2ea4a2587709e988dce3405668bc328ee6cc19ef34ae2566cad3d086bcd",
    "holdem": "ff0452b43f5f53c22636e2fe9848aed7248817dbe691a9b3f8a4a2369118768d",
    "juggernaut": "4a6aca590522ac7c68b6b140d61383623003ed6ff019148537840c6b077ab817",
    "oink": "daad0e520673d748bc3bc23e013ee72eb2d1899b35abb005a3ace234677e656c",
    "orc": "ef6723910ce4253b69a875c8a961bc9d72e73865b172882e5ba35e387a6d304c",
}


def digest(game: str) -> str:
    """sha256 over seeded matches of random masked moves."""
    hashed = hashlib.sha256()
    env = FlipsideEnv(game, seats=SEATS[game], options=OPTIONS.get(game), raw_views=False)
    rng = random.Random(11)
    for seed in range(MATCHES):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            for seat in env.agents:  # the seats not selected too: their masks are empty
                seen = env.observe(seat)
                hashed.update(seen["observation"].tobytes())
                hashed.update(seen["action_mask"].tobytes())
            observation, reward, terminated, _, info = env.last()
            hashed.update(json.dumps([agent, reward, info], sort_keys=True).encode())
            if terminated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return hashed.hexdigest()


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_seeded_matches_hand_a_learner_what_they_always_have(game: str) -> None:
    assert digest(game) == DIGESTS[game]
