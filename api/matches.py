"""Matches: create one of any installed game, read the caller's view and legal actions, move.

Each endpoint translates HTTP into one `MatchService` call: the caller comes from the bearer
token, a move's shape is checked against its kind's parameters (`api.actions`) and its
values judged by the game, and the response is the caller's view: the engine's envelope
with the game's own fields (`flipside.engine.envelope`), from the game's view, the only
redaction point.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from flask import current_app, g, jsonify, request, url_for
from flask_smorest import Blueprint

from flipside.engine.envelope import envelope
from flipside.engine.game import ActionKind
from flipside.engine.registry import LEGACY_GAME, game_named
from flipside.engine.seats import SeatSpec
from flipside.service import Handled, Loaded, MatchService
from flipside.store import StoredEvent

from . import actions, players, ratelimit, wakeups
from .auth import (
    Caller,
    authenticate,
    is_admin,
    issue_token,
    presented_token,
    require_seat,
    token_hash,
)
from .dependencies import deps
from .observability import annotate, count_appended
from .preconditions import (
    COMMAND_HEADERS,
    IDEMPOTENCY_HEADER,
    etag,
    expected_version,
    idempotency,
)
from .problems import Problem
from .schemas import (
    ACTIONS,
    VIEWS,
    ActionsQuerySchema,
    CreateMatchSchema,
    MatchCreatedSchema,
    by_game,
)

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/matches",
    description="Create matches and play them. Send `Authorization: Bearer <seat token>` to "
    "act and see as a seat; without a token you are a spectator.",
)

CREATE_SCOPE = "create"
# A wait that sleeps until a turn's deadline wakes this long after it: the expiry counts whole
# seconds from the stored time (`MatchService.expire_turns`), and clocks differ a little.
DEADLINE_MARGIN_SECONDS = 0.25


@blp.record_once
def _install_wakeups(state: Any) -> None:
    app = state.app
    wakeups.install(app, app.extensions["flipside"].service.store)


def _view_schema() -> dict[str, Any]:
    """The response schema of every request answered with the caller's view."""
    return by_game(VIEWS, "the match as the caller may see it: the envelope, then its game's")


def caller_of(match_id: str) -> Caller:
    """Authenticate the request for `match_id` and note the caller on the log line."""
    d = deps()
    caller = authenticate(match_id, d.credentials, d.admin_token)
    annotate(caller=caller.label, seat=caller.seat)
    return caller


def current_state(service: MatchService, match_id: str) -> Loaded:
    """The match now. A person whose turn has run out gets the default move first: any
    request that reads the match applies it, exactly once (`MatchService.expire_turns`)."""
    match = service.load(match_id)
    progress = match.progress
    if progress.turn_timeout_seconds is None or progress.outcome is not None:
        return match
    expired = service.expire_turns(match_id)
    _appended([event for handled in expired for event in handled.appended])
    return service.load(match_id) if expired else match


def _appended(events: Sequence[StoredEvent]) -> None:
    """Count what a request appended, and wake the requests waiting for its match."""
    count_appended([event.type for event in events])
    for match_id in {event.stream_id for event in events}:
        wakeups.wakeups_of(current_app).signal(match_id)


def _metadata(caller: str) -> dict[str, Any]:
    """Stored with the events: who acted and through which request (never a token)."""
    metadata = {"actor": caller, "request_id": g.request_id}
    key = request.headers.get("Idempotency-Key")
    if key:
        metadata["idempotency_key"] = key
    return metadata


def _json(body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None) -> Any:
    """A body already in its JSON form, sent as is (not dumped through a schema again)."""
    headers = dict(headers or {})
    if "version" in body:
        headers["ETag"] = etag(body["version"])
    return current_app.response_class(
        json.dumps(body), status=status, headers=headers, mimetype="application/json"
    )


def _answer(outcome: Handled, status: int = 200, headers: dict[str, str] | None = None) -> Any:
    """A command's response: the JSON stored with its append (an idempotent replay's too)."""
    _appended(outcome.appended)
    headers = dict(headers or {})
    if outcome.replayed:
        headers["Idempotent-Replayed"] = "true"
        g.outcome = "replayed"
    return _json(outcome.response or {}, status, headers)


def view_of(match: Loaded, seat: int | None, *, omniscient: bool = False) -> dict[str, Any]:
    """The view of `match` that `seat` may see, as JSON: the envelope and the game's fields."""
    deadline = deps().service.turn_deadline(match)
    return envelope(match.game, match.state, seat, omniscient=omniscient, deadline=deadline)


@blp.route("", methods=["POST"])
@blp.arguments(CreateMatchSchema())
@blp.response(201, MatchCreatedSchema)
@blp.doc(parameters=[IDEMPOTENCY_HEADER])
def create_match(body: dict[str, Any]) -> Any:
    """Create a match of a game (default flipside): people and computer players.

    The game says how many seats it takes, its computer players' levels and its options
    (GET /v1/games). Each person's seat gets a bearer token, shown only in this response
    and stored as a hash, in the same transaction as the match's first events. Computer
    seats play at once until a person must act. A retry with the same `Idempotency-Key`
    returns the same match with every `token` null: tokens are never stored in plain text,
    so a client that lost them must create a new match.

    A person's seat under a registered name (POST /v1/players) needs that player's token
    as `Authorization: Bearer <player token>` (403 name_registered otherwise, whatever the
    name's capitals); it takes the name as registered and is `registered`. Other names are
    guests'.
    """
    seats = players.claimed(
        [SeatSpec(s["type"], s.get("name"), s.get("level")) for s in body["seats"]]
    )
    seed = _chosen_seed(body, seats)
    match_id = str(uuid.uuid4())
    tokens = {index: issue_token() for index, seat in enumerate(seats) if seat.kind == "human"}
    annotate(match_id=match_id, command="create")
    with ratelimit.computer_play(all_computer=all(seat.kind != "human" for seat in seats)):
        outcome = deps().service.create(
            seats,
            game=body["game"],
            options=body["options"],
            seed=seed,
            turn_timeout_seconds=body.get("turn_timeout_seconds"),
            match_id=match_id,
            metadata=_metadata("creator"),
            idempotency=idempotency(_create_scope(), "create", body),
            respond=lambda match: _created(match, seats),
            credentials={seat: token_hash(token) for seat, token in tokens.items()},
        )
    response = outcome.response or {}
    if not outcome.replayed:
        for seat in response["seats"]:
            seat["token"] = tokens.get(seat["seat"])
    location = url_for("matches.get_match", match_id=response["match_id"])
    return _answer(outcome, 201, {"Location": location})


def _create_scope() -> str:
    """Whose create keys a key is looked up among: the client's (its bearer token, else its
    address), so that a key another client chose, or guessed, never returns its match."""
    token = presented_token()
    client = f"token:{token_hash(token)}" if token else f"address:{request.remote_addr}"
    return f"{CREATE_SCOPE}:{client}"


def _chosen_seed(body: dict[str, Any], seats: list[SeatSpec]) -> bytes | None:
    """The creator's seed, if any. A seed fixes every card (docs/fairness.md), so whoever
    chose it knows them all: a match with a person's seat takes one only from the
    administrator, and a match of computer players from anyone."""
    if "seed" not in body:
        return None
    if any(seat.kind == "human" for seat in seats) and not is_admin(deps().admin_token):
        raise Problem(
            "seed_requires_admin",
            "a match with a person's seat takes a chosen seed only with the admin token",
        )
    return bytes.fromhex(body["seed"])


def _created(match: Loaded, seats: list[SeatSpec]) -> dict[str, Any]:
    """The creation response without tokens: the form stored for idempotent replays."""
    progress = match.progress
    return {
        "match_id": progress.match_id,
        "game": match.game.id,
        "version": progress.version,
        "deck_commitment": progress.deck_commitment,
        "seats": [
            {
                "seat": index,
                "type": spec.kind,
                "name": spec.name,
                "level": spec.level,
                "registered": spec.registered,
                "token": None,
            }
            for index, spec in enumerate(seats)
        ],
    }


@blp.route("/<match_id>", methods=["GET"])
@blp.response(200, _view_schema(), headers={"ETag": {"schema": {"type": "string"}}})
def get_match(match_id: str) -> Any:
    """The match as the caller may see it; cards the caller may not see are null."""
    caller = caller_of(match_id)
    match = current_state(deps().service, match_id)
    return _json(view_of(match, caller.seat, omniscient=caller.admin))


@blp.route("/<match_id>/actions", methods=["GET"])
@blp.arguments(ActionsQuerySchema(), location="query")
@blp.response(200, by_game(ACTIONS, "the caller's legal moves, in its game's terms"))
def get_actions(query: dict[str, Any], match_id: str) -> Any:
    """The caller seat's legal actions now, with what each may name (empty if none).

    With `wait`, a seat's request is answered as soon as the match awaits the seat (its
    number is in `awaiting`) or is over, or after `wait` seconds: a bot asks again after
    each answer instead of polling. `deadline` says when the awaited seats' turn runs out.
    """
    caller = caller_of(match_id)
    service = deps().service
    if not query["wait"] or caller.seat is None:
        return jsonify(_actions(current_state(service, match_id), caller.seat))
    waits = wakeups.wakeups_of(current_app)
    with waits.slot(f"{match_id}:{caller.seat}"):
        body = _awaited_actions(service, waits, match_id, caller.seat, query["wait"])
    return jsonify(body)  # as the game lists them: the schema documents, never filters


def _actions(match: Loaded, seat: int | None) -> dict[str, Any]:
    progress = match.progress
    legal = []
    if seat is not None and progress.outcome is None:
        legal = match.game.legal_actions(match.state, seat)
    deadline = deps().service.turn_deadline(match)
    return {
        "match_id": progress.match_id,
        "game": match.game.id,
        "version": progress.version,
        "seat": seat,
        "awaiting": list(progress.awaiting),
        "deadline": deadline.astimezone(UTC).isoformat() if deadline is not None else None,
        "actions": legal,
    }


def _awaited_actions(
    service: MatchService, waits: wakeups.Wakeups, match_id: str, seat: int, seconds: int
) -> dict[str, Any]:
    """The seat's actions once the match awaits it or is over, else after `seconds`. (A
    seat may have moves when not awaited, e.g. Hold'em's standing orders (H43): they are
    listed, but do not end the wait.)

    It sleeps until the match changes (`Wakeups`), reading it only then; and until the
    turn's deadline, when another person is awaited: reading the match after it plays that
    person's default move (`current_state`), which may be what gives this seat its turn.
    """
    until = time.monotonic() + seconds
    while True:
        with waits.watch(match_id) as changed:
            match = current_state(service, match_id)
            body = _actions(match, seat)
            left = until - time.monotonic()
            if seat in body["awaiting"] or match.progress.outcome is not None or left <= 0:
                return body
            changed.wait(min(left, _until_expiry(body["deadline"])))


def _until_expiry(deadline: str | None) -> float:
    """Seconds until a turn that ends at `deadline` may be expired (infinite without one)."""
    if deadline is None:
        return float("inf")
    left = (datetime.fromisoformat(deadline) - datetime.now(UTC)).total_seconds()
    return max(left, 0.0) + DEADLINE_MARGIN_SECONDS


@blp.route("/<match_id>/actions", methods=["POST"])
@blp.response(200, _view_schema())
@blp.doc(requestBody=actions.any_action_body(), parameters=COMMAND_HEADERS)
def act(match_id: str) -> Any:
    """Make a move of the match's game: its `kind` and parameters.

    GET /v1/games/{game} describes every kind of the game, GET .../actions the ones legal
    now. A kind the match's game does not have is 422 unknown_action. Answers the caller's
    view.
    """
    return _move(match_id, None)


def _alias(kind: ActionKind) -> None:
    """``POST /<match_id>/<kind>``: the move `kind`, its parameters alone in the body, as
    clients sent moves before the server hosted several games (the legacy game's kinds)."""

    def move(match_id: str) -> Any:
        return _move(match_id, kind.kind)

    documented = blp.doc(
        summary=kind.description,
        description=f'The same as POST .../actions with `"kind": "{kind.kind}"`; answers '
        "the caller's view.",
        requestBody=actions.alias_body(kind),
        parameters=COMMAND_HEADERS,
    )
    route = blp.route(f"/<match_id>/{kind.kind}", methods=["POST"], endpoint=kind.kind)
    route(blp.response(200, _view_schema())(documented(move)))


for _kind in game_named(LEGACY_GAME).action_kinds:
    _alias(_kind)


def _move(match_id: str, kind: str | None) -> Any:
    """The caller seat's move: check its shape, let the game decide it, answer the seat's
    view. `kind` is the alias's; the generic endpoint's body names it."""
    seat = require_seat(caller_of(match_id))  # before the body costs any work
    body = actions.json_body()
    service = deps().service
    action = actions.action_of(service.game_of(match_id), body, kind)
    annotate(command=action["kind"])
    with ratelimit.computer_play(all_computer=False):
        outcome = service.act(
            match_id,
            seat,
            action,
            expected_version=expected_version(),
            metadata=_metadata(f"seat {seat}"),
            idempotency=idempotency(f"{match_id}:{seat}", action["kind"], action),
            respond=lambda match: view_of(match, seat),
        )
    return _answer(outcome)
