"""The marshmallow schemas of every request and response body (the OpenAPI document's source).

Request schemas check shapes and types only; cards are parsed by `flipside.games.flipside.cards` and
judged by the rules, so a bad card is ``invalid_cards`` whatever the reason. Response schemas
dump the domain's `MatchView` and stored events directly.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from flipside.games.flipside.events import LEVELS
from flipside.engine.plain import plain
from flipside.engine.seats import NAME_MAX
from flipside.games.flipside.rules import HAND_SIZE, SEATS
from flipside.games.flipside.views import MatchView

CARD = {"description": "two rank characters (R3), e.g. AK or T2", "example": "AK"}
ORIENTED = {"description": "an oriented card, up rank first (R3), e.g. 2T", "example": "2T"}


class StrictSchema(ma.Schema):
    """Unknown fields are an error, so a misspelt field is not silently ignored."""

    class Meta:
        unknown = ma.RAISE


# --- requests -------------------------------------------------------------------------------


class SeatRequestSchema(StrictSchema):
    type = fields.String(required=True, validate=validate.OneOf(["human", "npc"]))
    name = fields.String(
        allow_none=True,
        validate=validate.Length(min=1, max=NAME_MAX),
        metadata={
            "description": f"1-{NAME_MAX} letters or digits (of any script), spaces, '-', '_' "
            "or '.', not starting or ending with a space (422 invalid_seats otherwise)"
        },
    )
    level = fields.String(
        allow_none=True,
        validate=validate.OneOf(LEVELS),
        metadata={"description": "a computer player's level; required for npc, absent for human"},
    )


class CreateMatchSchema(StrictSchema):
    seats = fields.List(
        fields.Nested(SeatRequestSchema),
        required=True,
        validate=validate.Length(min=SEATS.start, max=SEATS.stop - 1),
        metadata={"description": f"{SEATS.start} to {SEATS.stop - 1} seats (R4)"},
    )
    seed = fields.String(
        validate=validate.Regexp(r"^[0-9a-fA-F]{64}$"),
        metadata={"description": "32 bytes as hex, for a reproducible (seeded) match"},
    )
    turn_timeout_seconds = fields.Integer(
        allow_none=True, validate=validate.Range(min=1, max=86_400), strict=True
    )


class ExchangeSchema(StrictSchema):
    discard = fields.List(
        fields.String(metadata=CARD),
        required=True,
        metadata={"description": f"0 to {HAND_SIZE} of the caller's cards (R10)"},
    )


class OrientationSchema(StrictSchema):
    cards = fields.List(
        fields.String(metadata=ORIENTED),
        required=True,
        metadata={"description": f"the caller's {HAND_SIZE} cards, up rank first (R11)"},
    )


class EventsQuerySchema(StrictSchema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=2**31 - 1),
        metadata={"description": "return events with a version greater than this"},
    )


class ExportQuerySchema(StrictSchema):
    format = fields.String(load_default="jsonl", validate=validate.OneOf(["jsonl", "csv", "toml"]))


# --- responses ------------------------------------------------------------------------------


class SeatCreatedSchema(ma.Schema):
    seat = fields.Integer(required=True)
    type = fields.String(required=True)
    name = fields.String(required=True, allow_none=True)
    level = fields.String(required=True, allow_none=True)
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
    version = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatCreatedSchema), required=True)
    deck_commitment = fields.String(required=True, metadata={"description": "sha256(seed), hex"})


class ShowdownSchema(ma.Schema):
    round = fields.Integer(required=True)
    side = fields.String(required=True, validate=validate.OneOf(["up", "down"]))
    placed = fields.List(
        fields.List(fields.String(metadata=ORIENTED), allow_none=True),
        required=True,
        metadata={"description": "per seat, as placed; null for a seat not in the showdown"},
    )
    values = fields.List(fields.Integer(allow_none=True), required=True)
    ranking = fields.List(
        fields.Integer(), required=True, metadata={"description": "strongest first"}
    )


class SeatViewSchema(ma.Schema):
    seat = fields.Integer(required=True)
    type = fields.String(required=True, attribute="kind")
    name = fields.String(required=True, allow_none=True)
    level = fields.String(required=True, allow_none=True)
    life = fields.Integer(required=True)
    eliminated = fields.Boolean(required=True)
    place = fields.Integer(required=True, allow_none=True)
    cards = fields.List(
        fields.String(allow_none=True, metadata=CARD),
        required=True,
        metadata={"description": "the hand now; null where the caller may not see a card"},
    )
    discarded = fields.List(fields.String(metadata=CARD), required=True)
    exchanged = fields.Boolean(required=True)
    exchanged_count = fields.Integer(required=True, allow_none=True)
    orientation_in = fields.Boolean(required=True)
    placed = fields.List(
        fields.String(metadata=ORIENTED),
        required=True,
        allow_none=True,
        metadata={"description": "the caller's own placed cards, or everyone's once over"},
    )


class MatchViewSchema(ma.Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True)
    viewer = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the caller's seat, or null"}
    )
    status = fields.String(required=True, validate=validate.OneOf(["active", "finished"]))
    phase = fields.String(required=True)
    round = fields.Integer(required=True)
    start_seat = fields.Integer(required=True, allow_none=True)
    turn_order = fields.List(fields.Integer(), required=True)
    to_act = fields.Integer(
        required=True, allow_none=True, metadata={"description": "the seat to exchange now"}
    )
    awaiting_orientation = fields.List(fields.Integer(), required=True)
    deck_count = fields.Integer(required=True)
    used_pile = fields.List(fields.String(metadata=CARD), required=True)
    seats = fields.List(fields.Nested(SeatViewSchema), required=True)
    showdowns = fields.List(fields.Nested(ShowdownSchema), required=True)
    winner = fields.Integer(required=True, allow_none=True)
    deck_commitment = fields.String(required=True)
    seeded = fields.Boolean(required=True)
    seed = fields.String(required=True, allow_none=True, metadata={"description": "once revealed"})
    turn_timeout_seconds = fields.Integer(required=True, allow_none=True)


class ActionSchema(ma.Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["exchange", "orientation"]))
    cards = fields.List(fields.String(metadata=CARD), required=True)
    min = fields.Integer(metadata={"description": "exchange: fewest cards to discard"})
    max = fields.Integer(metadata={"description": "exchange: most cards to discard"})
    count = fields.Integer(metadata={"description": "orientation: cards to place"})


class ActionsSchema(ma.Schema):
    match_id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    actions = fields.List(fields.Nested(ActionSchema), required=True)


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
    checks = fields.Dict(keys=fields.String(), values=fields.Boolean())


def actions_of(legal: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """`views.legal_actions` as a list of {kind, ...}, so new kinds add rows, not fields."""
    return [{"kind": kind, **details} for kind, details in legal.items()]


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


# --- read models (flipside.projections) --------------------------------------------------------


class MatchesQuerySchema(StrictSchema):
    status = fields.String(validate=validate.OneOf(["active", "finished"]))
    player = fields.String(
        validate=validate.Length(min=1, max=64),
        metadata={"description": "a person's name, or npc:<level>"},
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


class MatchSummarySchema(ma.Schema):
    match_id = fields.String(required=True)
    status = fields.String(required=True)
    seats = fields.List(fields.Nested(SummarySeatSchema), required=True)
    players = fields.List(fields.String(), required=True)
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


class PlayerSchema(ma.Schema):
    player = fields.String(required=True)
    matches = fields.Integer(required=True, metadata={"description": "finished matches"})
    wins = fields.Integer(required=True)
    place_sum = fields.Integer(required=True)
    placements = fields.Integer(required=True)
    up_favoured = fields.Integer(required=True)
    exchanges = fields.Integer(required=True)
    cards_discarded = fields.Integer(required=True)
    win_rate = fields.Float(required=True, allow_none=True)
    average_place = fields.Float(required=True, allow_none=True)
    up_favoured_rate = fields.Float(required=True, allow_none=True)
    mean_discarded = fields.Float(required=True, allow_none=True)


def view_json(match: MatchView) -> dict[str, Any]:
    """A view in `MatchViewSchema`'s JSON form, built directly from the dataclasses (dumping
    through marshmallow was a tenth of a move's CPU). Every end-to-end response is checked
    against the schema, so the two cannot drift apart unseen."""
    body = plain(match)
    for seat in body["seats"]:
        seat["type"] = seat.pop("kind")
    return body
