"""What the records layer (``flipside/records/``: export, import, replay, audit) needs from
a game, and what both sides share.

The engine owns what is the same for every game: the canonical record (jsonl, one stored
event a line), the redaction of a replay, and the audit's own checks (the hash chain, the
seed commitment, every command through the decider again, the read models against a fresh
fold). A game adds its formats for study (Flipside: a csv of round facts and a toml hand
history), the text of its replay and the checks only it can make (Flipside: every shuffle
derived from the seed again, every deal and draw off the top of the deck).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Protocol

from . import codec
from .game import Viewer
from .registry import AnyGame

Versioned = Sequence[tuple[int, Any]]
"""A match's events, decoded, each with its stream version, in stream order."""


class Record(Protocol):
    """A stored event as the records layer reads it (the store's `StoredEvent` is one)."""

    @property
    def type(self) -> str: ...
    @property
    def schema_version(self) -> int: ...
    @property
    def data(self) -> Mapping[str, Any]: ...
    @property
    def version(self) -> int: ...
    @property
    def recorded_at(self) -> datetime | None: ...


class RecordError(ValueError):
    """A record that cannot be read or written; the message names the line or match."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A check a game's audit failed: at which event version (None: the match as a whole)."""

    version: int | None
    check: str
    message: str


class GameRecords(Protocol):
    """A game's part of the records layer: the `records` attribute of its `Game`."""

    formats: tuple[str, ...]  # the game's formats for study, beyond jsonl ("csv", "toml")

    def header(self, fmt: str) -> str:
        """What a file of `fmt` starts with, before any match."""
        ...

    def match_text(self, fmt: str, records: Sequence[Record], viewer: Viewer) -> str:
        """One match's part of a file of `fmt`, as `viewer` may read it (None: everything)."""
        ...

    def parse(self, fmt: str, text: str) -> list[Any]:
        """The matches of a file of `fmt`, where the format is meant to be read back;
        `RecordError` for anything `match_text` would not write."""
        ...

    def replay_lines(self, events: Sequence[Any]) -> list[tuple[str, ...]]:
        """The lines telling each event of a match (already redacted for the reader)."""
        ...

    def revealed_seed(self, events: Versioned) -> tuple[int, str] | None:
        """(version, hex) of the event that publishes the match's seed, if it is recorded."""
        ...

    def audit_checks(self, events: Versioned, seed: bytes) -> list[Failure]:
        """What the game checks beyond the engine's audit, with the match's seed (revealed,
        else the secret one stored at creation); never raises for a malformed record."""
        ...


def decoded(game: AnyGame, records: Sequence[Record]) -> Iterator[tuple[Any, Any]]:
    """Each record's event (upcast with the state before it) and the state after it."""
    state = game.initial_state()
    for record in records:
        event = codec.decode(game, record, state)
        state = game.evolve(state, event)
        yield event, state


def current_events(game: AnyGame, records: Sequence[Record]) -> list[Any] | None:
    """The events of `records` if every one is stored at the schema version its game writes
    now, else None (and None if one cannot be read).

    Such records need no state to decode: a game's `decode` consults the state only to
    upcast an older version. So they are decoded without folding the match, which would
    cost as much as deciding it again; a stream with an older record needs `decoded`.
    """
    before = game.initial_state()
    names: dict[str, str] = {}  # by stored type, its game's event name (`codec.event_name`)
    written: dict[str, int] = {}  # by stored type: a schema version is an event type's
    events = []
    try:
        for record in records:
            stored_type = record.type
            name = names.get(stored_type) or names.setdefault(
                stored_type, codec.event_name(game, stored_type)
            )
            event = game.decode(name, record.schema_version, record.data, before)
            version = written.get(stored_type)
            if version is None:
                version = written[stored_type] = game.encode(event).schema_version
            if version != record.schema_version:
                return None
            events.append(event)
    except (LookupError, TypeError, ValueError):
        return None
    return events


def events_of(game: AnyGame, records: Sequence[Record]) -> list[Any]:
    """The events of a match's records, each upcast with the state before it."""
    events = current_events(game, records)
    return events if events is not None else [event for event, _ in decoded(game, records)]


def timestamp(moment: datetime | None) -> str:
    """A record's time as written in every format: ISO 8601 in UTC ('' when unknown)."""
    return _utc_text(moment) if moment else ""


# The events of one append share their time (the transaction's), so most lookups hit.
@lru_cache(maxsize=1024)
def _utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()
