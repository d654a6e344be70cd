"""The games this server hosts: what a client needs to offer one and to play it.

Everything here comes from each game's `Game` description (seats, levels, options, kinds of
move), so a client can set up and play a game it was not written for.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from flipside.engine.plain import plain
from flipside.engine.registry import INSTALLED, AnyGame, game_named, games

from .actions import parameters_schema
from .schemas import GameSchema, GamesSchema

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/v1/games",
    description="The games hosted: seats, computer levels, options, moves and rules.",
)


@blp.route("", methods=["GET"])
@blp.response(200, GamesSchema)
def list_games() -> Any:
    """Every installed game."""
    return {"games": [described(game) for game in games()]}


@blp.route(
    "/<game>",
    methods=["GET"],
    parameters=[{"in": "path", "name": "game", "schema": {"type": "string", "enum": INSTALLED}}],
)
@blp.response(200, GameSchema)
def get_game(game: str) -> Any:
    """One game; 404 unknown_game for an id no game has."""
    return described(game_named(game))


def described(game: AnyGame) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": dict(game.title),
        "seats": {"min": game.seats.start, "max": game.seats.stop - 1},
        "levels": list(game.levels),
        "rules_version": game.rules_version,
        "options": [plain(option) for option in game.option_specs],
        "actions": [
            {
                "kind": kind.kind,
                "description": kind.description,
                "parameters": parameters_schema(kind),
            }
            for kind in game.action_kinds
        ],
        "rules": f"docs/rules/{game.id}.md",
    }
