"""The marshmallow schemas of every request and response body (the OpenAPI document's source).

Request schemas check shapes and types only; what a game allows (how many seats, which
levels and options, which cards) is judged by the game, so a bad card is ``invalid_cards``
whatever the reason. A move's body is checked against its kind's parameters by
`api.actions`, which documents them as JSON Schema. Views are built by
`flipside.engine.envelope` and legal actions by the game, and sent as they are; `VIEWS` and
`ACTIONS` document them, a schema per game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from flipside.engine.game import JSON, Option
from flipside.engine.registry import DEFAULT_GAME, INSTALLED, AnyGame, games
from flipside.engine.seats import NAME_MAX
from flipside.records.export import formats


def per_game(describe: Callable[[AnyGame], str]) -> str:
    """One line per installed game, e.g. its seat counts: the limits each game sets."""
    return "; ".join(f"{game.id}: {describe(game)}" for game in games())


def _seat_counts(game: AnyGame) -> str:
    return f"{game.seats.start} to {game.seats.stop - 1} seats"


def _options(game: AnyGame) -> str:
    return ", ".join(map(_option_line, game.option_specs))


def _option_line(option: Option) -> str:
    """``big_blind (default 10)``; an array names its items' fields, each one required:
    ``blind_schedule (array of {from_hand, small_blind, big_blind}, default [])``."""
    if option.kind != "array":
        return f"{option.name} (default {option.default!r})"
    fields_ = ", ".join(item.name for item in option.items or ())
    return f"{option.name} (array of {{{fields_}}}, default {list(option.default)!r})"


class StrictSchema(ma.Schema):
    """Unknown fields are an error, so a misspelt field is not silently ignored."""

    class Meta:
        unknown = ma.RAISE

    @ma.pre_load
    def _no_more_fields_than_it_has(self, data: Any, **kwargs: Any) -> Any:
        """Counted before any field is checked: a body of a thousand unknown fields cost
        tens of milliseconds to list them, only to be refused."""
        if isinstance(data, Mapping) and len(data) > len(self.fields):
            raise ma.ValidationError(
                f"{len(data)} fields given; this request has {len(self.fields)} at most: "
                + ", ".join(self.fields)
            )
        return data


# --- requests -------------------------------------------------------------------------------


class SeatRequestSchema(StrictSchema):
    type = fields.String(required=True, validate=validate.OneOf(["human", "npc"]))
    name = fields.String(
        allow_none=True,
        validate=validate.Length(min=1, max=NAME_MAX),
        metadata={
            "description": f"1-{NAME_MAX} letters or digits (of any script), spaces, '-', '_' "
            "or '.', not starting or ending with a space (422 invalid_seats otherwise). A "
            "person's seat under a registered name needs that player's token (403 "
            "name_registered); any other name is a guest's."
        },
    )
    level = fields.String(
        allow_none=True,
        metadata={
            "description": "a computer player's level; required for npc, absent for human. "
            "Levels by game, weakest first (422 invalid_seats otherwise): "
            + per_game(lambda game: ", ".join(game.levels)),
            "enum": sorted({level for game in games() for level in game.levels}),
        },
    )


class CreateMatchSchema(StrictSchema):
    game = fields.String(
        load_default=DEFAULT_GAME,
        metadata={
            "description": "the game's id (GET /v1/games); 404 unknown_game for another",
            "enum": list(INSTALLED),
        },
    )
    seats = fields.List(
        fields.Nested(SeatRequestSchema),
        required=True,
        # The bounds of every game together are documented; each game checks its own.
        metadata={
            "description": "people and computer players, as many as the game seats (422 "
            "invalid_seats otherwise): " + per_game(_seat_counts),
            "minItems": min(game.seats.start for game in games()),
            "maxItems": max(game.seats.stop - 1 for game in games()),
        },
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": "the game's options (GET /v1/games/{game}); omitted ones take "
            "their defaults, others are 422 invalid_options. "
            + per_game(lambda game: _options(game) or "none")
        },
    )
    seed = fields.String(
        # The length too: `$` matches before a final newline, which would then pass.
        validate=[validate.Length(equal=64), validate.Regexp(r"^[0-9a-fA-F]{64}$")],
        metadata={
            "description": "32 bytes as hex, for a reproducible (seeded) match. It fixes every "
            "card, so a match with a person's seat takes one only with the admin token (403 "
            "seed_requires_admin); a match of computer players from anyone."
        },
    )
    turn_timeout_seconds = fields.Integer(
        allow_none=True, validate=validate.Range(min=1, max=86_400), strict=True
    )

    @ma.pre_load
    def _at_most_the_most_seats(self, data: Any, **kwargs: Any) -> Any:
        """Counted before any seat is checked: a body of thousands of wrong seats cost
        milliseconds of validation a seat, to be refused for their number anyway."""
        most = max(game.seats.stop - 1 for game in games())
        seats = data.get("seats") if isinstance(data, dict) else None
        if isinstance(seats, list) and len(seats) > most:
            raise ma.ValidationError({"seats": [f"No game seats more than {most}."]})
        return data


class EventsQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=2**31 - 1),
        metadata={"description": "return events with a version greater than this"},
    )


MAX_WAIT_SECONDS = 30  # a wait holds a server thread: see api.wakeups for how many may


class ActionsQuerySchema(StrictSchema):
    wait = fields.Integer(
        load_default=0,
        strict=False,
        validate=validate.Range(min=0, max=MAX_WAIT_SECONDS),
        metadata={
            "description": "with a seat's token: answer as soon as the match awaits the seat "
            f"(it is in `awaiting`) or is over, or after this many seconds (0 to "
            f"{MAX_WAIT_SECONDS}; 422 validation_error otherwise). 0 answers at once. Other "
            "callers are answered at once. Too many waits at once from one seat, or in one server "
            "process, are 429 rate_limited with Retry-After."
        },
    )


class ExportQuerySchema(StrictSchema):
    format = fields.String(
        load_default="jsonl",
        validate=validate.OneOf(formats()),
        metadata={"description": "jsonl (any game) or one of the match's game's own formats"},
    )


# --- responses ------------------------------------------------------------------------------


class SeatCreatedSchema(ma.Schema):
    seat = fields.Integer(required=True)
    type = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    level = fields.String(required=True, allow_none=True)
    registered = fields.Boolean(
        required=True,
        metadata={
            "description": "whether the seat is a registered player's, its name claimed with "
            "the player's token; false for a guest's seat and a computer's"
        },
    )
    token = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "a person's bearer token, shown only in the first response; "
            "null for computer seats and in an idempotent replay"
        },
    )


class MatchCreatedSchema(ma.Schema):
    match_id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatCreatedSchema), required=True)
    deck_commitment = fields.String(required=True, metadata={"description": "sha256(seed), hex"})


class OutcomeSchema(ma.Schema):
    places = fields.List(
        fields.Integer(), required=True, metadata={"description": "per seat; 1 is the winner"}
    )
    winner = fields.Integer(required=True, allow_none=True)


class SeatEnvelopeSchema(ma.Schema):
    """Who sits in a seat, in every game's view."""

    seat = fields.Integer(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["human", "npc"]))
    name = fields.String(required=True, allow_none=True)
    level = fields.String(required=True, allow_none=True)


class MatchEnvelopeSchema(ma.Schema):
    """What every game's view holds (`flipside.engine.envelope`); the game's own fields
    follow, its seats' fields within each seat."""

    match_id = fields.String(required=True)
    game = fields.String(required=True, metadata={"description": "the game's id"})
    rules_version = fields.String(required=True)
    version = fields.Integer(required=True)
    viewer = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the caller's seat, or null"}
    )
    status = fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    phase = fields.String(required=True)
    awaiting = fields.List(
        fields.Integer(), required=True, metadata={"description": "the seats the match waits for"}
    )
    deadline = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={
            "description": "when the awaited seats' turn runs out (its start plus the match's "
            "turn timeout); null without a timeout or with nobody awaited"
        },
    )
    seats = fields.List(fields.Nested(SeatEnvelopeSchema), required=True)
    outcome = fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={"description": "null while the match runs"},
    )


class ActionSchema(ma.Schema):
    """A legal move now: its kind, then what the game says it may name (its legal actions)."""

    kind = fields.String(required=True, metadata={"description": "one of the game's action kinds"})


class ActionsSchema(ma.Schema):
    """The caller's legal moves now; each game's are described by its ``<Game>Actions``."""

    match_id = fields.String(required=True)
    game = fields.String(required=True, metadata={"description": "the game's id"})
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    awaiting = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "the seats the match waits for, as in the view: the caller's turn "
            "when its seat is listed (some games list moves off turn too)"
        },
    )
    deadline = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={
            "description": "when the awaited seats' turn runs out, as in the view: after it "
            "the server makes the default move for a person who has not moved; null without "
            "a turn timeout or with nobody awaited"
        },
    )
    actions = fields.List(fields.Nested(ActionSchema), required=True)


# --- each game's view and legal actions -------------------------------------------------------
# The game sends them as they are (`flipside.engine.envelope`, `Game.legal_actions`); a
# schema class per game documents them, each a component named by its game: the envelope's
# fields then the game's own (`Game.view_schema`, OpenAPI 3.0 schema objects), each seat
# likewise, and the game's id as the only value of `game`, so a response is one of the
# games' shapes, told apart by `game`. A flat class per game rather than OpenAPI's allOf
# keeps `additionalProperties: false`: in OpenAPI 3.0 each part of an allOf would refuse the
# other part's fields, so an undocumented field could not be caught.


def component_name(*words: str) -> str:
    """The words of ids as a component's name: ``component_name("flipside", "view")`` is
    ``FlipsideView``."""
    parts = re.split(r"[^0-9A-Za-z]+", " ".join(words))
    return "".join(part[:1].upper() + part[1:] for part in parts)


SchemaClass = type[ma.Schema]


def _extended(base: SchemaClass, name: str, section: JSON, **own: fields.Field) -> SchemaClass:
    """`base` with a game's JSON Schema `section` (``properties``, ``required``) as fields,
    documented as the component `name`; `own` replaces fields of `base`."""
    required = set(section.get("required", ()))
    declared: dict[str, fields.Field] = {
        field: fields.Raw(required=field in required, metadata=dict(schema))
        for field, schema in section.get("properties", {}).items()
    }
    return base.from_dict({**declared, **own}, name=name + "Schema")


def _only_this_game(game: AnyGame) -> fields.String:
    return fields.String(
        required=True, metadata={"description": "the game's id", "enum": [game.id]}
    )


def _view_of(game: AnyGame) -> SchemaClass:
    view = game.view_schema
    seat = _extended(SeatEnvelopeSchema, component_name(game.id, "seat view"), view["seat"])
    return _extended(
        MatchEnvelopeSchema,
        component_name(game.id, "view"),
        view,
        game=_only_this_game(game),
        seats=fields.List(fields.Nested(seat), required=True),
    )


def _actions_of(game: AnyGame) -> SchemaClass:
    action = _extended(
        ActionSchema,
        component_name(game.id, "legal action"),
        game.action_schema,
        kind=fields.String(
            required=True,
            metadata={
                "description": "one of the game's action kinds",
                "enum": [kind.kind for kind in game.action_kinds],
            },
        ),
    )
    own: dict[str, fields.Field] = {
        "game": _only_this_game(game),
        "actions": fields.List(fields.Nested(action), required=True),
    }
    return ActionsSchema.from_dict(own, name=component_name(game.id, "actions") + "Schema")


VIEWS: dict[str, SchemaClass] = {game.id: _view_of(game) for game in games()}
ACTIONS: dict[str, SchemaClass] = {game.id: _actions_of(game) for game in games()}


def by_game(schemas: Mapping[str, SchemaClass], description: str) -> JSON:
    """A response's schema: one of the games' shapes (`VIEWS` or `ACTIONS`), by `game`.

    A fresh dict on each call: apispec swaps the classes for references in place."""
    mapping = {
        game: "#/components/schemas/" + schema.__name__.removesuffix("Schema")
        for game, schema in schemas.items()
    }
    return {
        "description": description,
        "oneOf": [schema() for schema in schemas.values()],
        "discriminator": {"propertyName": "game", "mapping": mapping},
    }


class EventRecordSchema(ma.Schema):
    version = fields.Integer(required=True)
    type = fields.String(required=True)
    schema_version = fields.Integer(required=True)
    recorded_at = fields.DateTime(required=True, allow_none=True)
    data = fields.Dict(
        required=True, metadata={"description": "the event, hidden fields null for the caller"}
    )


class EventsSchema(ma.Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True, metadata={"description": "the last version listed"})
    events = fields.List(fields.Nested(EventRecordSchema), required=True)


class StatusSchema(ma.Schema):
    status = fields.String(required=True)
    version = fields.String(metadata={"description": "the server's version"})
    checks = fields.Dict(keys=fields.String(), values=fields.Boolean())
    projection_lag = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={"description": "per read model, the stored events it has not folded yet"},
    )


# Before OpenAPI 3.2's `itemSchema`, the schema of text/event-stream describes one event, as
# its fields (schemathesis checks each event against it; a plain string failed every one).
_SSE_EVENT: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "description": "the event's version"},
        "event": {"type": "string", "description": "the event's type"},
        "data": {"type": "string", "description": "the record as in /events, as JSON"},
        "retry": {"type": "integer", "description": "milliseconds before a reconnect"},
    },
}


def text_responses(description: str, *media_types: str) -> dict[str, Any]:
    """The OpenAPI "responses" of an operation answering 200 with text, not JSON."""
    content = {
        media_type: {
            "schema": _SSE_EVENT if media_type == "text/event-stream" else {"type": "string"}
        }
        for media_type in media_types
    }
    return {"200": {"description": description, "content": content}}


# --- games (api.games) ------------------------------------------------------------------------


class SeatRangeSchema(ma.Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class OptionSchema(ma.Schema):
    name = fields.String(required=True)
    kind = fields.String(
        required=True, validate=validate.OneOf(["integer", "boolean", "string", "array"])
    )
    default = fields.Raw(required=True, allow_none=True)
    description = fields.String(required=True)
    minimum = fields.Integer(required=True, allow_none=True)
    maximum = fields.Integer(required=True, allow_none=True)
    choices = fields.List(fields.String(), required=True, allow_none=True)
    items = fields.List(
        fields.Nested(lambda: OptionSchema()),
        required=True,
        allow_none=True,
        metadata={
            "description": "an array's items are objects with exactly these fields, each "
            "required (their defaults are null); null for other kinds"
        },
    )


class ActionKindSchema(ma.Schema):
    kind = fields.String(required=True)
    description = fields.String(required=True)
    parameters = fields.Dict(
        required=True,
        metadata={"description": "the move's parameters beside `kind`, as a JSON Schema object"},
    )


class GameSchema(ma.Schema):
    id = fields.String(required=True)
    title = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "by language"},
    )
    seats = fields.Nested(SeatRangeSchema, required=True)
    levels = fields.List(
        fields.String(), required=True, metadata={"description": "computer levels, weakest first"}
    )
    rules_version = fields.String(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    actions = fields.List(fields.Nested(ActionKindSchema), required=True)
    rules = fields.String(
        required=True, metadata={"description": "the rules' document in the repository"}
    )


class GamesSchema(ma.Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
