"""The level bot of examples/ rebuilds each game's view from its JSON exactly, and its moves
as JSON parse back into the commands its level chose: played in process, every game."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

from flipside.engine.envelope import envelope
from flipside.engine.registry import INSTALLED, game_named
from flipside.engine.seats import SeatSpec
from flipside.service import MatchService
from flipside.store import InMemoryEventStore

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from level_bot import action_json, decide, view_from_json


@pytest.mark.parametrize("game_id", INSTALLED)
def test_a_level_played_from_json_views_finishes_the_match(game_id: str) -> None:
    game = game_named(game_id)
    opponents = [SeatSpec("npc", None, game.levels[0])] * (game.seats.start - 1)
    service = MatchService(InMemoryEventStore())
    created = service.create([SeatSpec("human", "bot", None), *opponents], game=game_id)
    match_id = created.appended[0].stream_id
    policy = importlib.import_module(f"flipside.games.{game_id}.npc.levels").policy_for(
        game.levels[-1]
    )
    rng = random.Random(5)
    for _ in range(3000):
        match = service.load(match_id)
        if match.progress.outcome is not None:
            break
        seen = view_from_json(game_id, envelope(game, match.state, 0))
        assert seen == game.view(match.state, 0)
        command = decide(game_id, policy, seen, rng)
        assert game.parse_action(0, action_json(command)) == command
        service.act(match_id, 0, action_json(command))
    assert service.load(match_id).progress.outcome is not None
