"""Loading a jsonl record into another database (`flipside import`): verified first.

The file is read twice so that memory stays flat whatever its size. The first pass audits
every match (`audit.audit_stream`: the hash chain and the rules of its game) and checks it
against what the database already holds (a stored match must be a prefix of the imported
one, or the same). Only if every match passes does the second pass insert, a batch of matches per
transaction (`EventStore.import_events` keeps ids, hashes and times verbatim), so a record
that does not check out changes nothing. Importing the same record twice inserts nothing
the second time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from flipside.engine.records import RecordError
from flipside.store import EventStore, ImportConflict, StoredEvent
from flipside.store.model import missing_events

from .audit import Finding, Verdict, audit_stream
from .jsonl import read_jsonl

BATCH_MATCHES = 200  # matches per insert transaction


class ImportRefused(Exception):
    """The record does not check out; nothing was imported."""

    def __init__(self, failed: Sequence[Verdict]) -> None:
        first = failed[0].findings[0]
        more = f" (and {len(failed) - 1} more matches)" if len(failed) > 1 else ""
        super().__init__(f"refused, nothing imported: {first}{more}")
        self.failed = failed


@dataclass(frozen=True, slots=True)
class ImportResult:
    matches: int
    events: int
    inserted: int  # 0 when the database already held the whole record


def matches_in(path: Path) -> Iterator[list[StoredEvent]]:
    """The matches of a jsonl file; `RecordError` if it cannot be read."""
    try:
        with Path(path).open(encoding="utf-8", newline="") as lines:
            yield from read_jsonl(lines)
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"cannot read {path}: {error}") from None


@dataclass
class _Tally:
    """What the verifying pass keeps: counts, and the verdicts of failed matches only."""

    matches: int = 0
    events: int = 0
    failed: list[Verdict] = field(default_factory=list)


def verify_file(path: Path, store: EventStore, progress: Callable[[int], None]) -> _Tally:
    """Audit every match of the file, conflicts with the database included."""
    tally = _Tally()
    matches = matches_in(path)
    while batch := list(islice(matches, BATCH_MATCHES)):
        stored = store.read_streams([events[0].stream_id for events in batch])
        for events in batch:
            match_id = events[0].stream_id
            verdict = audit_stream(match_id, events)
            if verdict.passed:
                verdict = verdict.with_findings(_conflicts(stored.get(match_id, []), events))
            if not verdict.passed:
                tally.failed.append(verdict)
            tally.matches, tally.events = tally.matches + 1, tally.events + len(events)
            progress(len(events))
    return tally


def _conflicts(stored: Sequence[StoredEvent], events: Sequence[StoredEvent]) -> list[Finding]:
    try:
        missing_events([event.hash for event in stored], events)
    except ImportConflict as error:
        return [Finding(events[0].stream_id, None, "import", str(error))]
    return []


def import_file(
    path: Path, store: EventStore, progress: Callable[[int], None] = lambda _: None
) -> ImportResult:
    """Verify the whole record, then insert it; `ImportRefused` if any match fails."""
    tally = verify_file(path, store, progress)
    if tally.failed:
        raise ImportRefused(tally.failed)
    inserted = 0
    matches = matches_in(path)
    while batch := list(islice(matches, BATCH_MATCHES)):
        inserted += store.import_events([event for events in batch for event in events])
    return ImportResult(tally.matches, tally.events, inserted)
