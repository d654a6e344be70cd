"""A match's record: its events redacted for the caller, as JSON or as Server-Sent Events,
and the full export (`flipside.records.export`) once the match is over.

Every event goes through `views.redact` for the caller's seat; it is omniscient only for
the administrator or once the match is over (decided from the state read *before* the
events, so a race can only hide too much, never too little). Stored metadata (request ids,
idempotency keys) is not part of a caller's record, only of the export.
"""

from __future__ import annotations

import io
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Blueprint

from flipside.engine import codec
from flipside.engine.records import RecordError
from flipside.engine.registry import AnyGame
from flipside.records.export import write_matches
from flipside.service import MatchService
from flipside.store import StoredEvent, StoreUnavailable

from .dependencies import deps
from .matches import caller_of, current_state
from .problems import Problem
from .schemas import (
    EventRecordSchema,
    EventsQuerySchema,
    EventsSchema,
    ExportQuerySchema,
    text_responses,
)

blp = Blueprint(
    "records",
    __name__,
    url_prefix="/v1/matches",
    description="A match's events as the caller may see them, live or as a file.",
)

_record_schema = EventRecordSchema()
_VERSION = re.compile(r"[0-9]{1,9}")  # ASCII digits, within PostgreSQL's integer


def record(
    game: AnyGame, stored: StoredEvent, event: Any, seat: int | None, omniscient: bool
) -> dict[str, Any]:
    """One stored event, upcast to its current schema, as `seat` may see it. The type is
    the event's name within its game (the view says which game)."""
    encoded = game.encode(game.redact(event, seat, omniscient=omniscient))
    return {
        "version": stored.version,
        "type": encoded.name,
        "schema_version": encoded.schema_version,
        "recorded_at": stored.recorded_at,
        "data": encoded.data,
    }


@blp.route("/<match_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema(), location="query")
@blp.response(200, EventsSchema)
def events(query: dict[str, Any], match_id: str) -> Any:
    """The match's events after version `after`, redacted for the caller."""
    caller = caller_of(match_id)
    current_state(deps().service, match_id)
    match, later = deps().service.history(match_id, after_version=query["after"])
    omniscient = caller.admin or match.progress.outcome is not None
    return {
        "match_id": match_id,
        "version": match.progress.version,
        "events": [
            record(match.game, stored, event, caller.seat, omniscient) for stored, event in later
        ],
    }


@dataclass(frozen=True, slots=True)
class StreamTiming:
    """How a stream polls: quickly after activity, backing off to `poll_max` when idle.

    The heartbeat is also how a stream notices that its client left (a write fails), so it
    is short: a thread serving a stream nobody reads is freed within a few seconds.
    """

    poll_min: float = 0.05
    poll_max: float = 0.5
    heartbeat: float = 2.0
    lifetime: float = 300.0  # then the stream ends; the client resumes with Last-Event-ID


def _sse(event: dict[str, Any]) -> str:
    payload = json.dumps(_record_schema.dump(event), separators=(",", ":"))
    return f"id: {event['version']}\nevent: {event['type']}\ndata: {payload}\n\n"


def _sse_events(
    service: MatchService,
    match_id: str,
    seat: int | None,
    admin: bool,
    after: int,
    timing: StreamTiming,
) -> Iterator[str]:
    """Poll the store (a pooled connection for each short read, none while waiting) and
    send new events until the match is over or the stream's lifetime ends.

    A database that stops answering ends the stream; the client reconnects after `retry`.
    """
    yield f"retry: {int(timing.poll_max * 1000)}\n\n"
    started = last_sent = time.monotonic()
    pause = timing.poll_min
    try:
        match = current_state(service, match_id)
        game, progress = match.game, match.progress
        over, timed = progress.outcome is not None, progress.turn_timeout_seconds is not None
        # Decoding may need the state before an event (an upcaster's context).
        state = codec.fold(game, service.store.read_stream(match_id)[:after])
        while time.monotonic() - started < timing.lifetime:
            if timed:  # a stream may be the only reader left to notice an abandoned turn
                current_state(service, match_id)
            batch = service.store.read_stream(match_id, after_version=after)
            for stored in batch:
                event = codec.decode(game, stored, state)
                state = game.evolve(state, event)
                yield _sse(record(game, stored, event, seat, admin or over))
                after = stored.version
                over = over or game.progress(state).outcome is not None
            if over:
                return  # the end is one append (MatchEnded, SeedRevealed): all of it is sent
            now = time.monotonic()
            if batch:
                last_sent, pause = now, timing.poll_min
            elif now - last_sent >= timing.heartbeat:
                yield ": keep-alive\n\n"
                last_sent = now
            time.sleep(pause)
            pause = min(pause * 2, timing.poll_max)
    except StoreUnavailable:
        return


def _resume_from(query_after: int) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None:
        return query_after
    if not _VERSION.fullmatch(header.strip()):
        raise Problem("invalid_header", "Last-Event-ID must be an event version")
    return int(header.strip())


@blp.route("/<match_id>/stream", methods=["GET"])
@blp.arguments(EventsQuerySchema(), location="query")
@blp.doc(
    responses=text_responses(
        "Server-Sent Events: `id` is the event's version, `event` its type, `data` the record "
        "as in /events. Resume with `Last-Event-ID`. Comments are heartbeats. The stream ends "
        "once the match is over (or after a few minutes: reconnect).",
        "text/event-stream",
    )
)
def stream(query: dict[str, Any], match_id: str) -> Response:
    """The caller's redacted events as Server-Sent Events, live."""
    caller = caller_of(match_id)
    service = deps().service
    service.load(match_id)  # 404 before the stream starts
    timing = current_app.config["FLIPSIDE_STREAM_TIMING"]
    after = _resume_from(query["after"])
    body = _sse_events(service, match_id, caller.seat, caller.admin, after, timing)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return Response(body, mimetype="text/event-stream", headers=headers)


_MEDIA_TYPES = {"jsonl": "application/jsonl", "csv": "text/csv", "toml": "application/toml"}


@blp.route("/<match_id>/export", methods=["GET"])
@blp.arguments(ExportQuerySchema(), location="query")
@blp.doc(
    responses=text_responses(
        "The record in the format asked for", *dict.fromkeys(_MEDIA_TYPES.values())
    )
)
def export(query: dict[str, Any], match_id: str) -> Response:
    """The match's full record, for study: jsonl (as stored, hashes intact) or one of the
    game's own formats (Flipside: csv, one row per seat per round; toml, a readable hand
    history).

    Public once the match is over; the administrator may export at any time.
    """
    caller = caller_of(match_id)
    service = deps().service
    match = current_state(service, match_id)
    if not (caller.admin or match.progress.outcome is not None):
        raise Problem("forbidden", "the record is public once the match is over")
    fmt = query["format"]
    body = io.StringIO()
    try:
        for _ in write_matches(body, fmt, [service.events(match_id)], game=match.game.id):
            pass  # one match: nothing to report per match
    except RecordError as error:  # a format of another game than the match's
        raise Problem("validation_error", str(error)) from None
    disposition = f'attachment; filename="{match_id}.{fmt}"'
    headers = {"Content-Disposition": disposition}
    return Response(body.getvalue(), mimetype=_MEDIA_TYPES.get(fmt, "text/plain"), headers=headers)
