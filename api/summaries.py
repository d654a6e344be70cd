"""Lists of matches and players' statistics, from the read models (`flipside.projections`).

The projections are folded by ``flipside projections run``, so these lag the event store by
that runner's delay; a match's own view (`/v1/matches/{id}`) is always current. Everything
here is public: summaries hold no card at all. Every summary and every line of statistics
belongs to a game; a player has statistics in each game they finished a match of. A
registered player's statistics count only the seats that claimed the name with the
player's token; guests' play under a name is ``guest:<name>``'s (`api.players`).
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import url_for
from flask_smorest import Blueprint
from marshmallow import fields, validate

from flipside.engine.registry import INSTALLED
from flipside.engine.seats import valid_name
from flipside.projections import queries
from flipside.projections.rows import GUEST

from .dependencies import deps
from .problems import Problem
from .schemas import StrictSchema

blp = Blueprint(
    "summaries", __name__, url_prefix="/v1", description="Read models: lists and stats."
)


def _game() -> fields.String:
    """A query's game: one of the installed games' ids."""
    return fields.String(
        validate=validate.OneOf(INSTALLED),
        metadata={"description": f"a game's id: {', '.join(INSTALLED)}"},
    )


class MatchesQuerySchema(StrictSchema):
    game = _game()
    status = fields.String(validate=validate.OneOf(["active", "finished"]))
    player = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "a registered player's name, guest:<name> or npc:<level>"},
    )
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=1000))
    after = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "a match id: the page after that match"},
    )


class SummarySeatSchema(ma.Schema):
    seat = fields.Integer(required=True)
    kind = fields.String(required=True)
    name = fields.String(allow_none=True)
    level = fields.String(allow_none=True)
    registered = fields.Boolean(
        dump_default=False,
        metadata={"description": "a registered player's seat; false for a guest's"},
    )


class MatchSummarySchema(ma.Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True)
    seats = fields.List(fields.Nested(SummarySeatSchema), required=True)
    players = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "registered players' names, guest:<name>, npc:<level>"},
    )
    lives = fields.List(fields.Integer(), required=True)
    round = fields.Integer(required=True)
    winner = fields.Integer(required=True, allow_none=True)
    places = fields.List(fields.Integer(allow_none=True), required=True, allow_none=True)
    version = fields.Integer(required=True)
    created_at = fields.DateTime(required=True)
    updated_at = fields.DateTime(required=True)
    finished_at = fields.DateTime(required=True, allow_none=True)


class MatchListSchema(ma.Schema):
    matches = fields.List(fields.Nested(MatchSummarySchema), required=True)
    next = fields.String(
        required=True, allow_none=True, metadata={"description": "`after` for the next page"}
    )


class PlayerQuerySchema(StrictSchema):
    game = _game()


class PlayerGameSchema(ma.Schema):
    game = fields.String(required=True)
    matches = fields.Integer(required=True, metadata={"description": "finished matches"})
    wins = fields.Integer(required=True)
    place_sum = fields.Integer(required=True)
    win_rate = fields.Float(required=True, allow_none=True)
    average_place = fields.Float(required=True, allow_none=True)
    counters = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        required=True,
        metadata={"description": "the game's own counts, e.g. Flipside's exchanges"},
    )
    averages = fields.Dict(
        keys=fields.String(),
        values=fields.Float(allow_none=True),
        required=True,
        metadata={"description": "the averages of the game's own counts"},
    )


class PlayerSchema(ma.Schema):
    player = fields.String(
        required=True,
        metadata={"description": "a registered player's name, guest:<name> or npc:<level>"},
    )
    games = fields.List(fields.Nested(PlayerGameSchema), required=True)


def _source() -> Any:
    source = deps().read_models
    if source is None:
        raise Problem("not_implemented", "this server has no read models (no database)")
    return source


@blp.route("/matches", methods=["GET"])
@blp.arguments(MatchesQuerySchema(), location="query")
@blp.response(200, MatchListSchema)
def list_matches(query: dict[str, Any]) -> Any:
    """Match summaries, newest first; page on with `after` = the last match id."""
    found = queries.list_matches(_source(), **query)
    full_page = len(found) == query["limit"]
    return {"matches": found, "next": found[-1]["match_id"] if full_page else None}


@blp.route("/players/<name>", methods=["GET"])
@blp.arguments(PlayerQuerySchema(), location="query")
@blp.response(200, PlayerSchema)
def get_player(query: dict[str, Any], name: str) -> Any:
    """A player's statistics over finished matches, per game.

    `name` is a registered player's name (POST /v1/players), counting only the seats that
    claimed it with the player's token; guest:<name> for the play of guests under a name,
    kept apart (before a name is registered, and for a name nobody registered, all play
    under it is a guest's); or npc:<level> for a computer player.
    """
    found = queries.player_stats(_source(), name, **query)
    if not found:
        raise Problem("unknown_player", f"no finished match has a player {name!r}" + _hint(name))
    return {"player": name, "games": found}


def _hint(name: str) -> str:
    """Where a name's play may be when the name has none as a registered player's."""
    if valid_name(name):
        return f"; guests' play under the name is at {url_for('.get_player', name=GUEST + name)}"
    return ""
