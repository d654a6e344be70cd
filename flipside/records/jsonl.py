"""The canonical match record, for any game: one stored event a line (docs/records.md,
"jsonl: the canonical record").

Each line is the stored event's envelope and data, in stream order, as canonical JSON
(`store.chain.canonical_json`), so the same events always give the same bytes. The record
re-imports with its hashes intact: `read_jsonl` gives back the `StoredEvent` of each line.
``global_position`` and ``txid`` are left out: they belong to one database. Types are as
stored (qualified, or bare for the oldest records), never upcast: the hashes cover them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from flipside.engine.records import RecordError, timestamp
from flipside.store.chain import canonical_integer, canonical_string, canonical_text
from flipside.store.model import StoredEvent

_ENVELOPE = (
    "stream_id",
    "version",
    "event_id",
    "type",
    "schema_version",
    "data",
    "metadata",
    "recorded_at",
    "prev_hash",
    "hash",
)


def jsonl_line(event: StoredEvent) -> str:
    """One stored event as a line of canonical JSON (with its newline).

    The envelope's text is spliced together, its keys in sorted order, around the canonical
    text of data and metadata, as `store.chain.event_hash_from_json` splices the hashed one:
    an export writes every event, and encoding a whole envelope costs a third more.
    """
    recorded = timestamp(event.recorded_at)
    return (
        f'{{"data":{canonical_text(event.data)},"event_id":{canonical_string(event.event_id)},'
        f'"hash":{canonical_string(event.hash)},"metadata":{canonical_text(event.metadata)},'
        f'"prev_hash":{canonical_string(event.prev_hash)},'
        f'"recorded_at":{canonical_string(recorded) if recorded else "null"},'
        f'"schema_version":{canonical_integer(event.schema_version)},'
        f'"stream_id":{canonical_string(event.stream_id)},"type":{canonical_string(event.type)},'
        f'"version":{canonical_integer(event.version)}}}\n'
    )


def jsonl_lines(events: Iterable[StoredEvent]) -> str:
    """The lines of `events`, in order: one match's record, as the store splices it from
    the canonical texts stored with its events (`store.postgres.read_records`)."""
    return "".join(map(jsonl_line, events))


def read_jsonl(lines: Iterable[str]) -> Iterator[list[StoredEvent]]:
    """The matches of a jsonl record, one list of events per run of lines of one stream.

    Raises `RecordError` for a line that is not an event or a last line cut short.
    """
    match: list[StoredEvent] = []
    for number, line in enumerate(lines, start=1):
        if not line.endswith("\n"):
            raise RecordError(f"line {number}: truncated (the file ends inside a line)")
        event = _stored_event(number, line)
        if match and event.stream_id != match[0].stream_id:
            yield match
            match = []
        match.append(event)
    if match:
        yield match


def _stored_event(number: int, line: str) -> StoredEvent:
    try:
        envelope = json.loads(line)
    except json.JSONDecodeError as error:
        raise RecordError(f"line {number}: not JSON ({error.msg})") from None
    if not isinstance(envelope, dict) or set(envelope) != set(_ENVELOPE):
        raise RecordError(f"line {number}: not an event envelope ({', '.join(_ENVELOPE)})")
    try:
        recorded = envelope["recorded_at"]
        return StoredEvent(
            stream_id=_typed(envelope, "stream_id", str),
            version=_typed(envelope, "version", int),
            global_position=0,
            event_id=_typed(envelope, "event_id", str),
            type=_typed(envelope, "type", str),
            schema_version=_typed(envelope, "schema_version", int),
            data=_typed(envelope, "data", dict),
            metadata=_typed(envelope, "metadata", dict),
            recorded_at=None if recorded is None else datetime.fromisoformat(recorded),
            prev_hash=_typed(envelope, "prev_hash", str),
            hash=_typed(envelope, "hash", str),
        )
    except (TypeError, ValueError) as error:
        raise RecordError(f"line {number}: {error}") from None


def _typed(envelope: dict[str, Any], key: str, kind: type) -> Any:
    value = envelope[key]
    if not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
        raise TypeError(f"{key} is not a {kind.__name__}")
    return value
