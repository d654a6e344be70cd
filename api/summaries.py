"""Lists of matches and players' statistics, from the read models (`flipside.projections`).

The projections are folded by ``flipside projections run``, so these lag the event store by
that runner's delay; a match's own view (`/v1/matches/{id}`) is always current. Everything
here is public: summaries hold no card at all.
"""

from __future__ import annotations

from typing import Any

from flask_smorest import Blueprint

from flipside.projections import queries

from .dependencies import deps
from .problems import Problem
from .schemas import MatchesQuerySchema, MatchListSchema, PlayerSchema

blp = Blueprint(
    "summaries", __name__, url_prefix="/v1", description="Read models: lists and stats."
)


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
@blp.response(200, PlayerSchema)
def get_player(name: str) -> Any:
    """A player's statistics over finished matches (a name, or npc:<level>)."""
    found = queries.player(_source(), name)
    if found is None:
        raise Problem("unknown_player", f"no finished match has a player {name!r}")
    return found
