"""Registered names: ``POST /v1/players`` registers one, and a match's seat claims it.

Anyone may sit under any unregistered name, as a guest. A registered name is its player's:
a person's seat takes it only when the create request presents the player's token
(``Authorization: Bearer <player token>``); the seat is then recorded as registered
(`SeatSpec.registered`), and only such seats count in the player's statistics and in the
habits the computer players learn (`flipside.projections`). A seat under a registered name
without its token is 403 ``name_registered``, whatever the name's capitals.

The token rides in the header, not in the body, as every other token of the API does: it
is never part of the create body that idempotency records fingerprint, and a create that
claims a name counts against the player's own rate-limit bucket once proven.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import marshmallow as ma
from flask import Flask, current_app, request, url_for
from flask_smorest import Blueprint
from marshmallow import fields, validate

from flipside.config import RateLimit
from flipside.engine.seats import NAME_MAX, SeatSpec, valid_name

from .auth import is_player, issue_token, token_hash
from .player_registry import InMemoryPlayers, Player, PlayerRegistry, PostgresPlayers, folded
from .problems import Problem, rate_limited
from .ratelimit import Limiter, RateLimiter, SharedRateLimiter
from .schemas import StrictSchema

# Registering is cheap for the server but not for the names it takes for good: five at once
# from an address, then one a minute, on top of the limit every request has.
REGISTRATION_LIMIT: RateLimit = (1 / 60, 5.0)
_REGISTRY = "flipside_players"
_REGISTRATION_LIMITER = "flipside_registration_limiter"

blp = Blueprint(
    "players",
    __name__,
    url_prefix="/v1/players",
    description="Register a name: seats under it then need its player token, and count as "
    "the player's; other names are guests'.",
)


@blp.record_once
def _install(state: Any) -> None:
    app: Flask = state.app
    connect = app.extensions["flipside"].shared_connection()
    app.extensions[_REGISTRY] = InMemoryPlayers() if connect is None else PostgresPlayers(connect)
    if "flipside_limits" in app.extensions:  # the server limits requests (api.ratelimit)
        limiter: Limiter = (
            RateLimiter(REGISTRATION_LIMIT)
            if connect is None
            else SharedRateLimiter(REGISTRATION_LIMIT, connect)
        )
        app.extensions[_REGISTRATION_LIMITER] = limiter


def registry() -> PlayerRegistry:
    players: PlayerRegistry = current_app.extensions[_REGISTRY]
    return players


def _valid_name(name: str) -> None:
    if not valid_name(name):
        raise ma.ValidationError(
            "letters or digits (of any script), spaces, '-', '_' or '.', not starting or "
            "ending with a space"
        )


class RegisterPlayerSchema(StrictSchema):
    name = fields.String(
        required=True,
        validate=[validate.Length(min=1, max=NAME_MAX), _valid_name],
        metadata={
            "description": f"1-{NAME_MAX} letters or digits (of any script), spaces, '-', '_' "
            "or '.', not starting or ending with a space (422 validation_error otherwise); "
            "unique whatever its capitals (409 name_taken)"
        },
    )


class PlayerRegisteredSchema(ma.Schema):
    name = fields.String(required=True)
    token = fields.String(
        required=True,
        metadata={
            "description": "the player's token, shown only in this response and stored as a "
            "hash: send it as `Authorization: Bearer <token>` when creating a match with a "
            "seat under the name. Lost, it cannot be recovered."
        },
    )


@blp.route("", methods=["POST"])
@blp.arguments(RegisterPlayerSchema())
@blp.response(201, PlayerRegisteredSchema)
def register_player(body: dict[str, Any]) -> Any:
    """Register a name and get its player token.

    From then on a person's seat may sit under the name (in any capitals) only when the
    request creating the match presents this token; that seat's play counts in the player's
    statistics (GET /v1/players/{name}) and in what computer players learn of the player.
    Play under a name nobody registered is a guest's: its statistics are those of
    `guest:<name>`. An address may register five names at once, then one a minute (429
    rate_limited with Retry-After beyond).
    """
    _limit_registrations()
    token = issue_token()
    player = Player(body["name"], token_hash(token))
    if not registry().register(player):
        raise Problem("name_taken", f"the name {player.name!r} is registered already")
    location = url_for("summaries.get_player", name=player.name)
    return {"name": player.name, "token": token}, 201, {"Location": location}


def _limit_registrations() -> None:
    limiter: Limiter | None = current_app.extensions.get(_REGISTRATION_LIMITER)
    if limiter is None:
        return
    # By address even with a proven token: tokens are had for the asking.
    wait = limiter.wait(f"register:address:{request.remote_addr}")
    if wait:
        raise rate_limited(
            f"more than {limiter.burst:g} names at once, or one every "
            f"{1 / limiter.rate:g} seconds after, from this address",
            wait,
        )


def claimed(seats: list[SeatSpec]) -> list[SeatSpec]:
    """`seats`, each person's seat under a registered name claimed for its player: spelt as
    registered and marked registered. 403 name_registered unless the request presents the
    player's token. Other names stay as they are: guests'."""
    # Only a valid name can be registered; the others are refused with the seats, later.
    named = [
        seat.name
        for seat in seats
        if seat.kind == "human" and seat.name is not None and valid_name(seat.name)
    ]
    players = registry().find(named) if named else {}
    if not players:
        return seats
    return [_claim(index, seat, players) for index, seat in enumerate(seats)]


def _claim(index: int, seat: SeatSpec, players: dict[str, Player]) -> SeatSpec:
    player = players.get(folded(seat.name)) if seat.kind == "human" and seat.name else None
    if player is None:
        return seat
    if not is_player(player.token_hash):
        raise Problem(
            "name_registered",
            f"seat {index}: {seat.name!r} is a registered player's name; a seat takes it only "
            "when the request presents that player's token (Authorization: Bearer)",
        )
    return replace(seat, name=player.name, registered=True)
