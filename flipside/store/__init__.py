"""The event store: the `EventStore` port and its two implementations (docs/records.md).

Import what you need from here; `chain` holds the pure hash-chain functions.
"""

from .chain import GENESIS_HASH, canonical_json, event_hash, verify_chain
from .memory import InMemoryEventStore
from .model import (
    NOTIFY_CHANNEL,
    ConcurrencyError,
    EventStore,
    IdempotencyConflict,
    IdempotencyRecord,
    ImportConflict,
    NewEvent,
    Position,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    iter_stream_ids,
)
from .postgres import PostgresEventStore

__all__ = [
    "GENESIS_HASH",
    "NOTIFY_CHANNEL",
    "ConcurrencyError",
    "EventStore",
    "IdempotencyConflict",
    "IdempotencyRecord",
    "ImportConflict",
    "InMemoryEventStore",
    "NewEvent",
    "Position",
    "PostgresEventStore",
    "StoreError",
    "StoreUnavailable",
    "StoredEvent",
    "canonical_json",
    "event_hash",
    "iter_stream_ids",
    "verify_chain",
]
