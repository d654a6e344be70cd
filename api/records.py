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

from flask import Response, current_app, request, stream_with_context
from flask_smorest import Blueprint

from flipside.config import Settings
from flipside.engine.records import RecordError
from flipside.engine.registry import AnyGame
from flipside.records.export import write_matches
from flipside.service import MatchService
from flipside.store import StoredEvent, StoreUnavailable

from .capacity import StreamSlots, stream_slots
from .dependencies import deps
from .kept_exports import KeptExports, kept_exports
from .matches import caller_of, current_state
from .problems import Problem, rate_limited
from .schemas import (
    EventRecordSchema,
    EventsQuerySchema,
    EventsSchema,
    ExportQuerySchema,
    text_responses,
)
from .stopping import STOPPING
from .stream_feed import Feeds
from .wakeups import Wakeups, wakeups_of

blp = Blueprint(
    "records",
    __name__,
    url_prefix="/v1/matches",
    description="A match's events as the caller may see them, live or as a file.",
)

_record_schema = EventRecordSchema()
_SLOTS = "flipside_stream_slots"
_FEEDS = "flipside_stream_feeds"
_KEPT = "flipside_kept_exports"


@blp.record_once
def _install_streaming(state: Any) -> None:
    app = state.app
    app.extensions[_FEEDS] = Feeds(_rendered)
    app.extensions[_KEPT] = kept_exports()
    settings = app.config.get("FLIPSIDE_SETTINGS") or Settings.from_env()
    app.extensions[_SLOTS] = app.config.get("FLIPSIDE_STREAM_SLOTS") or stream_slots(
        settings.threads
    )


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
    """How a stream waits: asleep until its match changes (`api.wakeups`), but never longer
    than `heartbeat` without writing.

    The heartbeat is also how a stream notices that its client left (a write fails), so it
    is short: a thread serving a stream nobody reads is freed within a few seconds. A match's
    streams read it again once a heartbeat too, as a notification is only a hint.
    """

    heartbeat: float = 2.0
    retry: float = 0.5  # how soon a client reconnects after the stream ends
    lifetime: float = 300.0  # then the stream ends; the client resumes with Last-Event-ID


def _sse(event: dict[str, Any]) -> str:
    payload = json.dumps(_record_schema.dump(event), separators=(",", ":"))
    return f"id: {event['version']}\nevent: {event['type']}\ndata: {payload}\n\n"


def _rendered(
    game: AnyGame, stored: StoredEvent, event: Any, seat: int | None, omniscient: bool
) -> str:
    return _sse(record(game, stored, event, seat, omniscient))


@dataclass(frozen=True, slots=True)
class _Reader:
    """Who a stream is for and what it reads with."""

    service: MatchService
    waits: Wakeups
    feeds: Feeds
    match_id: str
    seat: int | None
    admin: bool


def _sse_events(reader: _Reader, after: int, timing: StreamTiming) -> Iterator[str]:
    """Send new events until the match is over, the stream's lifetime ends or the server
    stops, sleeping between appends without a poll or a database connection: a thousand idle
    streams cost a thousand sleeping threads, and a change read once for all of them
    (`api.stream_feed`).

    A database that stops answering ends the stream; the client reconnects after `retry`.
    """
    yield f"retry: {int(timing.retry * 1000)}\n\n"
    service, match_id = reader.service, reader.match_id
    deadline = time.monotonic() + timing.lifetime
    try:
        match = current_state(service, match_id)
        timed = match.progress.turn_timeout_seconds is not None
        with reader.feeds.follow(match_id, match.game) as feed:
            feed.catch_up(service.store, match_id, time.monotonic())
            over = feed.over  # over when the stream opens: every event is shown whole
            woken = True
            while not STOPPING.is_set() and time.monotonic() < deadline:
                with reader.waits.watch(match_id) as changed:  # first: no append is missed
                    if timed:  # a stream may be the only reader left to see a turn run out
                        current_state(service, match_id)
                    # Woken, the change must be read; after a quiet heartbeat a read by any
                    # stream within the last heartbeat will do (a notification is a hint,
                    # checked once a heartbeat per match, not once per stream).
                    since = time.monotonic() - (0.0 if woken else timing.heartbeat)
                    feed.catch_up(service.store, match_id, since)
                    batch = feed.after(after)
                    for fed in batch:
                        yield feed.text(fed, reader.seat, reader.admin or over)
                        after, over = fed.stored.version, over or fed.over
                    if over:
                        return  # the end is one append (MatchEnded, SeedRevealed): all sent
                    woken = bool(batch) or changed.wait(timing.heartbeat)
                    if not woken:
                        yield ": keep-alive\n\n"
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
    reader = _Reader(
        service,
        wakeups_of(current_app),
        current_app.extensions[_FEEDS],
        match_id,
        caller.seat,
        caller.admin,
    )
    slots: StreamSlots = current_app.extensions[_SLOTS]
    if not slots.take():
        raise rate_limited(
            f"this server process holds {slots.limit} event streams, as many as it allows",
            int(timing.heartbeat),
        )
    # With the request's context: a turn that runs out while streaming is appended, and
    # signalled, as in any request.
    body = stream_with_context(_sse_events(reader, after, timing))
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    response = Response(body, mimetype="text/event-stream", headers=headers)
    response.call_on_close(slots.give_back)  # however the stream ends
    return response


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
    kept: KeptExports = current_app.extensions[_KEPT]
    key = (match_id, fmt, match.progress.version)
    finished = match.progress.outcome is not None
    text = kept.get(key) if finished else None
    if text is None:
        text = _written(service, match_id, fmt, match.game.id)
        if finished:  # never changes again
            kept.put(key, text)
    disposition = f'attachment; filename="{match_id}.{fmt}"'
    headers = {"Content-Disposition": disposition}
    return Response(text, mimetype=_MEDIA_TYPES.get(fmt, "text/plain"), headers=headers)


def _written(service: MatchService, match_id: str, fmt: str, game: str) -> str:
    """The match's record in `fmt`."""
    body = io.StringIO()
    try:
        for _ in write_matches(body, fmt, [service.events(match_id)], game=game):
            pass  # one match: nothing to report per match
    except RecordError as error:  # a format of another game than the match's
        raise Problem("validation_error", str(error)) from None
    return body.getvalue()
