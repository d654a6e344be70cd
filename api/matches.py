"""Matches: create one, read the caller's view and legal actions, exchange, orient.

Each endpoint translates HTTP into one `MatchService` call: the caller comes from the bearer
token, cards are parsed with `flipside.games.flipside.cards`, and the response is the caller's view
from `flipside.games.flipside.views`, the only redaction point.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from flask import current_app, g, request, url_for
from flask_smorest import Blueprint

from flipside.games.flipside.cards import CardError, parse_cards, parse_oriented_cards
from flipside.games.flipside.events import SeatSpec
from flipside.games.flipside.rules import RuleViolation
from flipside.games.flipside.state import Match
from flipside.games.flipside.views import legal_actions, view
from flipside.service import MatchService, Outcome

from .auth import Caller, authenticate, issue_token, require_seat, token_hash
from .dependencies import deps
from .observability import annotate, count_appended
from .preconditions import (
    COMMAND_HEADERS,
    IDEMPOTENCY_HEADER,
    etag,
    expected_version,
    idempotency,
)
from .schemas import (
    ActionsSchema,
    CreateMatchSchema,
    ExchangeSchema,
    MatchCreatedSchema,
    MatchViewSchema,
    OrientationSchema,
    actions_of,
    view_json,
)

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/matches",
    description="Create matches and play them. Send `Authorization: Bearer <seat token>` to "
    "act and see as a seat; without a token you are a spectator.",
)

CREATE_SCOPE = "create"


def caller_of(match_id: str) -> Caller:
    """Authenticate the request for `match_id` and note the caller on the log line."""
    d = deps()
    caller = authenticate(match_id, d.credentials, d.admin_token)
    annotate(caller=caller.label, seat=caller.seat)
    return caller


def current_state(service: MatchService, match_id: str) -> Match:
    """The match now. A person whose turn has run out gets the default move first: any
    request that reads the match applies it, exactly once (`MatchService.expire_turns`)."""
    state = service.load(match_id)
    if state.turn_timeout_seconds is None or state.phase == "over":
        return state
    expired = service.expire_turns(match_id)
    count_appended([event.type for outcome in expired for event in outcome.appended])
    return service.load(match_id) if expired else state


def _metadata(caller: str) -> dict[str, Any]:
    """Stored with the events: who acted and through which request (never a token)."""
    metadata = {"actor": caller, "request_id": g.request_id}
    key = request.headers.get("Idempotency-Key")
    if key:
        metadata["idempotency_key"] = key
    return metadata


def _parsed(parse: Callable[[Iterable[object]], tuple[str, ...]], texts: list[str]) -> list[str]:
    try:
        return list(parse(texts))
    except CardError as error:
        raise RuleViolation("invalid_cards", str(error)) from None


def _json(body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None) -> Any:
    """A body already in its JSON form, sent as is (not dumped through a schema again)."""
    headers = dict(headers or {})
    if "version" in body:
        headers["ETag"] = etag(body["version"])
    return current_app.response_class(
        json.dumps(body), status=status, headers=headers, mimetype="application/json"
    )


def _answer(outcome: Outcome, status: int = 200, headers: dict[str, str] | None = None) -> Any:
    """A command's response: the JSON stored with its append (an idempotent replay's too)."""
    count_appended([event.type for event in outcome.appended])
    headers = dict(headers or {})
    if outcome.replayed:
        headers["Idempotent-Replayed"] = "true"
        g.outcome = "replayed"
    return _json(outcome.response or {}, status, headers)


def _view_of(seat: int) -> Callable[[Match], dict[str, Any]]:
    return lambda state: view_json(view(state, seat))


@blp.route("", methods=["POST"])
@blp.arguments(CreateMatchSchema())
@blp.response(201, MatchCreatedSchema)
@blp.doc(parameters=[IDEMPOTENCY_HEADER])
def create_match(body: dict[str, Any]) -> Any:
    """Create a match: 3-5 seats, people and computer players.

    Each person's seat gets a bearer token, shown only in this response and stored as a
    hash. Computer seats play at once until a person must act. A retry with the same
    `Idempotency-Key` returns the same match with every `token` null: tokens are never
    stored in plain text, so a client that lost them must create a new match.
    """
    seats = [SeatSpec(s["type"], s.get("name"), s.get("level")) for s in body["seats"]]
    match_id = str(uuid.uuid4())
    tokens = {index: issue_token() for index, seat in enumerate(seats) if seat.kind == "human"}
    annotate(match_id=match_id, command="create")

    def respond(state: Match) -> dict[str, Any]:
        # Runs once the rules accepted the match and just before its first append: the
        # credentials must exist before anyone can see the match.
        deps().credentials.save(match_id, {seat: token_hash(t) for seat, t in tokens.items()})
        return _created(state, seats)

    outcome = deps().service.create(
        seats,
        seed=bytes.fromhex(body["seed"]) if body.get("seed") else None,
        turn_timeout_seconds=body.get("turn_timeout_seconds"),
        match_id=match_id,
        metadata=_metadata("creator"),
        idempotency=idempotency(CREATE_SCOPE, "create", body),
        respond=respond,
    )
    response = outcome.response or {}
    if not outcome.replayed:
        for seat in response["seats"]:
            seat["token"] = tokens.get(seat["seat"])
    location = url_for("matches.get_match", match_id=response["match_id"])
    return _answer(outcome, 201, {"Location": location})


def _created(state: Match, seats: list[SeatSpec]) -> dict[str, Any]:
    """The creation response without tokens: the form stored for idempotent replays."""
    return {
        "match_id": state.match_id,
        "version": state.version,
        "deck_commitment": state.deck_commitment,
        "seats": [
            {
                "seat": index,
                "type": spec.kind,
                "name": spec.name,
                "level": spec.level,
                "token": None,
            }
            for index, spec in enumerate(seats)
        ],
    }


@blp.route("/<match_id>", methods=["GET"])
@blp.response(200, MatchViewSchema, headers={"ETag": {"schema": {"type": "string"}}})
def get_match(match_id: str) -> Any:
    """The match as the caller may see it; cards the caller may not see are null."""
    caller = caller_of(match_id)
    state = current_state(deps().service, match_id)
    return _json(view_json(view(state, caller.seat, omniscient=caller.admin)))


@blp.route("/<match_id>/actions", methods=["GET"])
@blp.response(200, ActionsSchema)
def get_actions(match_id: str) -> Any:
    """The caller seat's legal actions now, with the cards each may name (empty if none)."""
    caller = caller_of(match_id)
    state = current_state(deps().service, match_id)
    seen = view(state, caller.seat)
    return {
        "match_id": match_id,
        "version": state.version,
        "seat": caller.seat,
        "actions": actions_of(legal_actions(seen)),
    }


@blp.route("/<match_id>/exchange", methods=["POST"])
@blp.arguments(ExchangeSchema())
@blp.response(200, MatchViewSchema)
@blp.doc(parameters=COMMAND_HEADERS)
def exchange(body: dict[str, Any], match_id: str) -> Any:
    """Discard 0-5 of the caller's cards and draw as many (R10); answers the caller's view."""
    return _move(match_id, "exchange", body, parse_cards, body["discard"])


@blp.route("/<match_id>/orientation", methods=["POST"])
@blp.arguments(OrientationSchema())
@blp.response(200, MatchViewSchema)
@blp.doc(parameters=COMMAND_HEADERS)
def orientation(body: dict[str, Any], match_id: str) -> Any:
    """Place the caller's five cards, up rank first (R11); sealed until the showdown."""
    return _move(match_id, "orientation", body, parse_oriented_cards, body["cards"])


def _move(
    match_id: str,
    command: str,
    body: dict[str, Any],
    parse: Callable[[Iterable[object]], tuple[str, ...]],
    cards: list[Any],
) -> Any:
    """The caller seat's move: parse its cards, let the service decide, answer its view."""
    seat = require_seat(caller_of(match_id))
    annotate(command=command)
    service = deps().service
    move = service.exchange if command == "exchange" else service.choose_orientation
    outcome = move(
        match_id,
        seat,
        _parsed(parse, cards),
        expected_version=expected_version(),
        metadata=_metadata(f"seat {seat}"),
        idempotency=idempotency(f"{match_id}:{seat}", command, body),
        respond=_view_of(seat),
    )
    return _answer(outcome)
