"""An in-process `EventStore` with the PostgreSQL store's semantics, for unit tests and
in-process simulation.

Every append is one "transaction" with its own txid, committed at once under a lock, so
`read_all` has no in-flight transactions to wait for. Like the database, it keeps the seat
credentials written with a match's first append, and answers as `SeatCredentials` for them.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from .model import (
    ConcurrencyError,
    IdempotencyConflict,
    IdempotencyRecord,
    NewEvent,
    Position,
    Sealed,
    StoredEvent,
    import_streams,
    missing_events,
    seal,
    tip_hash,
    verify_credentials,
)


class InMemoryEventStore:
    """`EventStore` in a few dicts behind one lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, list[StoredEvent]] = {}
        self._all: list[StoredEvent] = []  # (txid, global_position) order = append order
        self._idempotency: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
        self._credentials: dict[str, dict[int, str]] = {}  # by stream: seat -> token hash
        self._txid = 0

    def append(
        self,
        stream_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        metadata: Mapping[str, Any] | None = None,
        idempotency: IdempotencyRecord | None = None,
        credentials: Mapping[int, str] | None = None,
    ) -> list[StoredEvent]:
        if expected_version < 0:
            raise ValueError(f"expected_version must be >= 0, not {expected_version}")
        verify_credentials(expected_version, credentials)
        with self._lock:
            stream = self._streams.get(stream_id, [])
            if len(stream) != expected_version:
                raise ConcurrencyError(
                    f"stream {stream_id!r} is at version {len(stream)}, not {expected_version}"
                )
            sealed = seal(stream_id, expected_version, tip_hash(stream), events, metadata or {})
            # `_claim` refuses before it stores anything: a refused append writes nothing.
            if idempotency is not None:
                self._claim(idempotency)
            if credentials:
                self._credentials[stream_id] = dict(credentials)
            return self._commit(sealed)

    def _claim(self, record: IdempotencyRecord) -> None:
        slot = (record.scope, record.key)
        if slot in self._idempotency:
            raise IdempotencyConflict(f"idempotency key {record.key!r} is already stored")
        self._idempotency[slot] = (record.fingerprint, dict(record.response))

    def _commit(self, sealed: Sequence[Sealed]) -> list[StoredEvent]:
        """Store `sealed` as one transaction (the caller holds the lock)."""
        self._txid += 1
        now = datetime.now(UTC)
        stored = [
            item.placed(len(self._all) + offset, now, self._txid)
            for offset, item in enumerate(sealed, start=1)
        ]
        for event in stored:
            self._streams.setdefault(event.stream_id, []).append(event)
        self._all.extend(stored)
        return stored

    def read_stream(self, stream_id: str, after_version: int = 0) -> list[StoredEvent]:
        with self._lock:
            return list(self._streams.get(stream_id, [])[max(after_version, 0) :])

    def read_streams(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        with self._lock:
            return {i: list(self._streams[i]) for i in stream_ids if i in self._streams}

    def stream_version(self, stream_id: str) -> int:
        with self._lock:
            return len(self._streams.get(stream_id, []))

    def list_streams(
        self, after: str | None = None, limit: int = 1000, prefix: str = ""
    ) -> list[str]:
        with self._lock:
            ids = sorted(self._streams)
        start = bisect.bisect_right(ids, after) if after is not None else 0
        return [stream_id for stream_id in ids[start:] if stream_id.startswith(prefix)][:limit]

    def read_all(self, after: Position | None = None, limit: int = 1000) -> list[StoredEvent]:
        with self._lock:
            events = self._all
            start = 0 if after is None else bisect.bisect_right(events, after, key=_position)
            return events[start : start + limit]

    def lookup_idempotency(self, scope: str, key: str) -> tuple[str, dict[str, Any]] | None:
        with self._lock:
            found = self._idempotency.get((scope, key))
        return None if found is None else (found[0], dict(found[1]))

    def token_hashes(self, match_id: str) -> dict[int, str]:
        """The seat credentials stored with the match's first append (`SeatCredentials`)."""
        with self._lock:
            return dict(self._credentials.get(match_id, {}))

    def import_events(self, events: Sequence[StoredEvent]) -> int:
        streams = import_streams(events)
        with self._lock:
            missing = [
                Sealed.of(event)
                for stream_id, stream in streams.items()
                for event in missing_events(self._hashes(stream_id), stream)
            ]
            return len(self._commit(missing)) if missing else 0

    def _hashes(self, stream_id: str) -> list[str]:
        return [event.hash for event in self._streams.get(stream_id, [])]

    def ping(self) -> bool:
        return True

    def close(self) -> None:
        """Nothing to release."""


def _position(event: StoredEvent) -> Position:
    return event.position
