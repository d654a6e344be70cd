"""The event store port: its data types, errors and the `EventStore` protocol.

Services depend on this protocol only; `InMemoryEventStore` backs unit tests and in-process
simulation, `PostgresEventStore` backs everything else. Both keep the same contract, which
`tests/unit/test_memory_store.py` states once and runs against each.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, Protocol

from .chain import GENESIS_HASH, canonical_text, event_hash_from_json, verify_chain

NOTIFY_CHANNEL = "flipside_events"


class StoreError(Exception):
    """Base of the errors the store raises on purpose."""


class ConcurrencyError(StoreError):
    """The stream is not at the expected version (someone else appended first)."""


class IdempotencyConflict(ConcurrencyError):
    """Another request stored the same idempotency key first; re-read it with
    `lookup_idempotency`."""


class ImportConflict(StoreError):
    """An imported stream disagrees with the stream already stored under its id."""


class StoreUnavailable(StoreError):
    """The database did not answer; the operation may be retried later."""


class Position(NamedTuple):
    """Where a `read_all` reader is: the last event it saw, in (txid, global_position) order."""

    txid: int
    global_position: int


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append; the store gives it a version, a hash and (if absent) an id."""

    type: str
    data: dict[str, Any]
    schema_version: int = 1
    event_id: str | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as stored: envelope, content and its link in the stream's hash chain.

    `global_position` and `txid` are local to one database (an import assigns new ones).
    `data_text` and `metadata_text` are the canonical JSON texts stored beside data and
    metadata (docs/records.md, "Stored canonical text"), None for events stored before they
    were kept or not read from a store. They are what the store holds, not derived from
    `data`: an edit behind the store may make them disagree, which the audit reports. They
    take no part in comparisons, so an event equals itself read back from a jsonl record.
    """

    stream_id: str
    version: int
    global_position: int
    event_id: str
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: datetime | None
    prev_hash: str
    hash: str
    txid: int = 0
    data_text: str | None = field(default=None, compare=False, repr=False)
    metadata_text: str | None = field(default=None, compare=False, repr=False)

    @property
    def position(self) -> Position:
        return Position(self.txid, self.global_position)


class RecordText(NamedTuple):
    """A stream's jsonl record (docs/records.md, "jsonl: the canonical record") as the
    database spliced it from the stored canonical texts (`store.postgres.read_records`),
    and what choosing it needs: the type and time of its first event, and how many events
    it has."""

    first_type: str
    created_at: datetime
    events: int
    text: str | None  # None: an event was stored without its texts (before they were kept)


@dataclass(frozen=True, slots=True)
class IdempotencyRecord:
    """A command's response, stored with its append under (scope, key).

    `fingerprint` identifies the request (e.g. a hash of its body), so a reused key with a
    different request can be told apart from a retry.
    """

    scope: str
    key: str
    fingerprint: str
    response: dict[str, Any] = field(default_factory=dict)


class EventStore(Protocol):
    """Append-only streams of events with optimistic concurrency and a hash chain."""

    def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: Mapping[str, Any] | None = None,
        idempotency: IdempotencyRecord | None = None,
        credentials: Mapping[int, str] | None = None,
    ) -> list[StoredEvent]:
        """Append atomically after `expected_version` (0 = new stream), with the idempotency
        record and a new match's seat `credentials` (seat -> token hash) in the same
        transaction: a failed append stores none of them.

        Raises `ConcurrencyError` if the stream is elsewhere, `IdempotencyConflict` if the key
        is already stored, `ValueError` for no events or credentials after version 0.
        """
        ...

    def read_stream(self, stream_id: str, after_version: int = 0) -> list[StoredEvent]:
        """The stream's events with version > `after_version`, in order."""
        ...

    def read_streams(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        """Whole streams at once (one round trip for audits and exports), by id; ids with
        no events are left out."""
        ...

    def stream_version(self, stream_id: str) -> int:
        """The stream's last version (0 if it has no events)."""
        ...

    def list_streams(
        self, after: str | None = None, limit: int = 1000, prefix: str = ""
    ) -> list[str]:
        """Up to `limit` stream ids starting with `prefix`, greater than `after`, sorted."""
        ...

    def read_all(self, after: Position | None = None, limit: int = 1000) -> list[StoredEvent]:
        """Events of all streams after `after`, in (txid, global_position) order.

        Only committed transactions below every still-running one are returned, so a reader
        that pages on with the last event's `position` never skips a late commit.
        """
        ...

    def lookup_idempotency(self, scope: str, key: str) -> tuple[str, dict[str, Any]] | None:
        """(fingerprint, response) stored under the key, or None."""
        ...

    def import_events(self, events: Sequence[StoredEvent]) -> int:
        """Store already-hashed events verbatim (ids, hashes, metadata, recorded_at kept).

        Each stream must be a valid chain from version 1. A stream already stored must agree
        with it (one is a prefix of the other); what is missing is added. Returns how many
        events were inserted. Raises `ValueError` for a broken chain, `ImportConflict` for a
        disagreement.
        """
        ...

    def ping(self) -> bool:
        """Whether the store answers (readiness)."""
        ...

    def close(self) -> None:
        """Release connections; the store is unusable afterwards."""
        ...


def iter_stream_ids(store: EventStore, prefix: str = "", page: int = 1000) -> Iterator[str]:
    """Every stream id starting with `prefix`, sorted, fetched a page at a time."""
    after: str | None = None
    while ids := store.list_streams(after=after, limit=page, prefix=prefix):
        yield from ids
        after = ids[-1]


def verify_credentials(expected_version: int, credentials: Mapping[int, str] | None) -> None:
    """Refuse credentials anywhere but a stream's first append: they never change afterwards,
    which is what lets a reader remember them (`flipside.store.credentials`)."""
    if credentials and expected_version != 0:
        raise ValueError("seat credentials are stored with a stream's first append only")


def normalise_event_id(event_id: str | None) -> str:
    """The canonical text of a uuid (as PostgreSQL prints it), new if none is given.

    The hash covers the id's text, so it must be the same text the database gives back.
    """
    return str(uuid.uuid4() if event_id is None else uuid.UUID(event_id))


class Sealed(NamedTuple):
    """An event numbered and hashed, not yet stored; keeps the JSON text of its data and
    metadata (encoded once, for both the hash and the database row)."""

    stream_id: str
    version: int
    event_id: str
    type: str
    schema_version: int
    data: dict[str, Any]
    metadata: dict[str, Any]
    recorded_at: datetime | None
    prev_hash: str
    hash: str
    data_json: str
    metadata_json: str

    @classmethod
    def of(cls, event: StoredEvent) -> Sealed:
        """A stored event (from an export) sealed again, as it is."""
        return cls(
            event.stream_id,
            event.version,
            event.event_id,
            event.type,
            event.schema_version,
            event.data,
            event.metadata,
            event.recorded_at,
            event.prev_hash,
            event.hash,
            canonical_text(event.data),
            canonical_text(event.metadata),
        )

    def placed(self, global_position: int, recorded_at: datetime, txid: int) -> StoredEvent:
        """The stored event, with what the store assigned on commit (an imported event keeps
        its own `recorded_at`)."""
        return StoredEvent(
            self.stream_id,
            self.version,
            global_position,
            self.event_id,
            self.type,
            self.schema_version,
            self.data,
            self.metadata,
            recorded_at if self.recorded_at is None else self.recorded_at,
            self.prev_hash,
            self.hash,
            txid,
            self.data_json,
            self.metadata_json,
        )


def seal(
    stream_id: str,
    expected_version: int,
    prev_hash: str,
    events: Sequence[NewEvent],
    metadata: Mapping[str, Any],
) -> list[Sealed]:
    """`events` numbered and chained after (`expected_version`, `prev_hash`).

    Data and metadata are kept as they read back from a jsonb column (tuples become lists; a
    private copy); a value JSON cannot hold raises `TypeError` before anything is stored.
    """
    if not events:
        raise ValueError("an append needs at least one event")
    sealed: list[Sealed] = []
    metadata_json = canonical_text(metadata)
    meta = json.loads(metadata_json)
    for version, event in enumerate(events, start=expected_version + 1):
        event_id = normalise_event_id(event.event_id)
        data_json = canonical_text(event.data)
        digest = event_hash_from_json(
            prev_hash,
            stream_id=stream_id,
            version=version,
            event_id=event_id,
            type=event.type,
            schema_version=event.schema_version,
            data_json=data_json,
            metadata_json=metadata_json,
        )
        sealed.append(
            Sealed(
                stream_id,
                version,
                event_id,
                event.type,
                event.schema_version,
                json.loads(data_json),
                meta,
                None,
                prev_hash,
                digest,
                data_json,
                metadata_json,
            )
        )
        prev_hash = digest
    return sealed


def tip_hash(events: Sequence[StoredEvent]) -> str:
    """The hash the next event of a stream chains from."""
    return events[-1].hash if events else GENESIS_HASH


def import_streams(events: Sequence[StoredEvent]) -> dict[str, list[StoredEvent]]:
    """`events` grouped by stream in version order; `ValueError` if a chain is broken."""
    streams: dict[str, list[StoredEvent]] = {}
    for event in events:
        streams.setdefault(event.stream_id, []).append(event)
    for stream_id, stream in streams.items():
        stream.sort(key=lambda event: event.version)
        bad = verify_chain(stream)
        if bad is not None:
            raise ValueError(f"stream {stream_id!r}: hash chain broken at version {bad}")
    return streams


def missing_events(
    stored_hashes: Sequence[str], imported: Sequence[StoredEvent]
) -> list[StoredEvent]:
    """The imported events not yet stored; `ImportConflict` unless one is a prefix of the other.

    Both are whole, verified chains, so equal hashes at a version mean equal streams up to it.
    """
    for old_hash, new in zip(stored_hashes, imported, strict=False):
        if old_hash != new.hash:
            raise ImportConflict(
                f"stream {new.stream_id!r} already stored with different content "
                f"at version {new.version}"
            )
    return list(imported[len(stored_hashes) :])
