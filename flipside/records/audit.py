"""The audit of a stored match record, for any game (docs/fairness.md, docs/records.md).

`audit_stream` takes one stream's stored events, in version order, finds their game by the
first event's type, and checks:

- ``chain``: every hash links the stream from version 1 (`store.chain.check_chain`), so an
  edit, a deletion or a reordering is found;
- ``text``: the canonical JSON texts stored beside each event's data and metadata (the ones
  an export copies) are the canonical JSON of its jsonb data and metadata, which the hashes
  are recomputed from: an edit of either side alone is found;
- ``decode``: every event is a known type of the game with its fields (`engine.codec`, which
  upcasts older schemas with the state before the event), and the record begins with this
  match's creation;
- ``commitment``: ``sha256(seed)`` is the commitment made at creation, and the seed the
  record reveals (`GameRecords.revealed_seed`) is the one the match was created with;
- ``decider``: every command behind the record (`Game.command_behind`) is run through the
  game's decider again, and the events it emits must be the stored ones, no more, no fewer;
- the game's own checks, with the match's seed (`GameRecords.audit_checks`; Flipside's:
  ``shuffle``, ``deal``, ``draw``);
- ``projection``: the read models' rows of the match equal a fresh fold of its events
  (`audit_batch` reads them, with the events of many matches at a time).

A running match is audited as far as it goes; its seed is not revealed yet, so the checks
use the secret seed stored at creation, and the verdict says so without failing it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flipside.engine import codec
from flipside.engine.chance import commitment, shuffles_shared
from flipside.engine.errors import RuleViolation
from flipside.engine.game import Progress
from flipside.engine.read_models import Table
from flipside.engine.records import Versioned, current_events
from flipside.engine.registry import AnyGame, UnknownGame, game_of_type
from flipside.projections import queries
from flipside.projections.rows import fold_match
from flipside.store.chain import check_chain
from flipside.store.model import EventStore, StoredEvent


@dataclass(frozen=True, slots=True)
class Finding:
    """One failed check: where (match, event version; None = the match as a whole) and why."""

    match_id: str
    version: int | None
    check: str
    message: str

    def __str__(self) -> str:
        where = f"event {self.version}" if self.version is not None else "match"
        return f"{self.match_id} {where} [{self.check}] {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "check": self.check, "message": self.message}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The audit of one match."""

    match_id: str
    events: int
    finished: bool
    seed_revealed: bool
    findings: tuple[Finding, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.findings

    @property
    def note(self) -> str | None:
        """What the verdict could not cover, for people; not a failure."""
        if self.seed_revealed:
            return None
        return "seed not yet revealed: checked against the secret seed stored at creation"

    def with_findings(self, more: Iterable[Finding]) -> Verdict:
        return Verdict(
            self.match_id, self.events, self.finished, self.seed_revealed,
            self.findings + tuple(more),
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "passed": self.passed,
            "events": self.events,
            "status": "finished" if self.finished else "running",
            "seed_revealed": self.seed_revealed,
            "note": self.note,
            "findings": [finding.to_json() for finding in self.findings],
        }


@dataclass
class _Audit:
    """The findings of one match so far (each check reports at most once: the first break)."""

    match_id: str
    findings: list[Finding] = field(default_factory=list)

    def fail(self, version: int | None, check: str, message: str) -> None:
        if all(finding.check != check for finding in self.findings):
            self.findings.append(Finding(self.match_id, version, check, message))

    def verdict(self, events: int, finished: bool = False, revealed: bool = False) -> Verdict:
        return Verdict(self.match_id, events, finished, revealed, tuple(self.findings))


@dataclass(frozen=True, slots=True)
class _Decoded:
    """A record as read: its game, its events, and the match as its creation left it."""

    game: AnyGame
    events: Versioned
    created: Progress


def audit_stream(match_id: str, stored: Sequence[StoredEvent]) -> Verdict:
    """The verdict on one match's stored events (version order, as `read_stream` gives)."""
    audit = _Audit(match_id)
    if not stored:
        audit.fail(None, "decode", "no events: there is no such match")
        return audit.verdict(0)
    chain = check_chain(stored)
    if chain.broken is not None:
        audit.fail(chain.broken, "chain", "hash chain broken (edited, missing or reordered event)")
    if chain.miswritten is not None:
        message = "the canonical text stored with its data or metadata differs from them"
        audit.fail(chain.miswritten, "text", message)
    record = _decode(audit, stored)
    if record is None:
        return audit.verdict(len(stored))
    game, events = record.game, record.events
    seed, revealed = _check_seed(audit, game, events, record.created)
    if seed is None:  # nothing that follows from the seed can be checked
        audit.fail(events[0][0], "commitment", "the record holds no seed to check it against")
        return audit.verdict(len(stored))
    # The game's checks and the decider derive the same shuffles from the seed, each on its
    # own cards: one derivation serves both when their cards agree (this match's only).
    with shuffles_shared():
        for failure in game.records.audit_checks(events, seed):
            audit.fail(failure.version, failure.check, failure.message)
        finished = _check_decider(audit, game, events)
    return audit.verdict(len(stored), finished, revealed)


def _decode(audit: _Audit, stored: Sequence[StoredEvent]) -> _Decoded | None:
    """The record's game and events; None when an event cannot be read (then nothing else
    can be checked)."""
    try:
        game = game_of_type(stored[0].type)
    except UnknownGame as error:
        audit.fail(stored[0].version, "decode", str(error))
        return None
    events = current_events(game, stored)
    read = _created(game, stored, events) if events is not None else None
    read = read or _decode_folding(audit, game, stored)
    if read is not None and read.created.match_id != audit.match_id:
        audit.fail(
            stored[0].version, "decode", "the record does not begin with this match's creation"
        )
        return None
    return read


def _created(
    game: AnyGame, stored: Sequence[StoredEvent], events: Sequence[Any]
) -> _Decoded | None:
    """The record read without folding it (`current_events`): only its creation is applied,
    for the match it creates; None if even that fails."""
    try:
        created = game.progress(game.evolve(game.initial_state(), events[0]))
    except (LookupError, TypeError, ValueError):
        return None
    versioned = [(record.version, event) for record, event in zip(stored, events, strict=True)]
    return _Decoded(game, versioned, created)


def _decode_folding(audit: _Audit, game: AnyGame, stored: Sequence[StoredEvent]) -> _Decoded | None:
    """The record read event by event, each with the state before it, as older schema
    versions need (`engine.records.decoded`), reporting the first event it cannot read.

    An event the game cannot apply is reported, and the next ones are read with the state
    before it: the decider then says where the record leaves the rules.
    """
    events: list[tuple[int, Any]] = []
    state = game.initial_state()
    created = None
    for record in stored:
        try:
            event = codec.decode(game, record, state)
        except (LookupError, TypeError, ValueError) as error:
            audit.fail(record.version, "decode", f"unreadable {record.type}: {error}")
            return None
        try:
            state = game.evolve(state, event)
        except (LookupError, TypeError, ValueError) as error:  # e.g. a hand for no seat
            audit.fail(record.version, "decode", f"malformed {record.type}: {error!r}")
        events.append((record.version, event))
        if created is None:
            created = game.progress(state)
    assert created is not None  # `stored` is not empty
    return _Decoded(game, events, created)


def _check_seed(
    audit: _Audit, game: AnyGame, events: Versioned, created: Progress
) -> tuple[bytes | None, bool]:
    """The seed the checks use (the revealed one, else the secret one stored at creation),
    and whether the record reveals it."""
    secret, promised = created.seed or None, created.deck_commitment
    if secret is not None and commitment(secret) != promised:
        audit.fail(events[0][0], "commitment", "sha256(seed) is not the deck commitment")
    revealed = game.records.revealed_seed(events)
    if revealed is None:
        return secret, False
    version, text = revealed
    try:
        seed = bytes.fromhex(text)
    except ValueError:
        audit.fail(version, "commitment", "the revealed seed is not hex")
        return secret, True
    if commitment(seed) != promised:
        audit.fail(version, "commitment", "sha256(seed) is not the deck commitment")
    if secret is not None and seed != secret:
        audit.fail(version, "commitment", "the revealed seed is not the match's seed")
    return seed, True


def _check_decider(audit: _Audit, game: AnyGame, events: Versioned) -> bool:
    """Every decision again: the command behind it through the decider, the same events out
    (events compare by value).

    Returns whether the match, as far as it checks out, is over.
    """
    stored = [event for _, event in events]
    state, at = game.initial_state(), 0
    while at < len(stored):
        found = _command_at(game, stored, at)
        if found is None:
            audit.fail(events[at][0], "decider", f"{type(stored[at]).__name__} follows no command")
            break
        index, command = found
        version, name = events[index][0], type(command).__name__
        try:
            emitted, state = game.execute(state, command)
        except RuleViolation as error:
            audit.fail(version, "decider", f"illegal {name}: {error.message}")
            break
        except (LookupError, TypeError, ValueError) as error:  # a command of malformed fields
            audit.fail(version, "decider", f"{name} fails: {error!r}")
            break
        behind = stored[at : at + len(emitted)]
        if behind != emitted:
            _report_mismatch(audit, events, at, behind, emitted)
            break
        at += len(emitted)
    return game.progress(state).outcome is not None


def _command_at(game: AnyGame, events: Sequence[Any], at: int) -> tuple[int, Any] | None:
    """(index, command) of the command that began the decision at `at`; None if no event
    from there on has one. A decision may begin with events no command is behind (a card
    game's reshuffle before the draw that needs it): the command is behind the first that
    has one."""
    for index in range(at, len(events)):  # by index: a slice would copy the rest each time
        command = game.command_behind(events[index])
        if command is not None:
            return index, command
    return None


def _report_mismatch(
    audit: _Audit, events: Versioned, at: int, stored: Sequence[Any], emitted: Sequence[Any]
) -> None:
    for offset, (mine, theirs) in enumerate(zip(stored, emitted, strict=False)):
        if mine != theirs:
            audit.fail(
                events[at + offset][0],
                "decider",
                f"stored {type(mine).__name__}, the rules give {_brief(theirs)}",
            )
            return
    audit.fail(events[-1][0], "decider", f"the record stops before {_brief(emitted[len(stored)])}")


def _brief(event: Any) -> str:
    text = repr(event)
    return text if len(text) <= 140 else text[:137] + "..."


def audit_batch(
    store: EventStore, source: queries.Source, match_ids: Sequence[str]
) -> list[Verdict]:
    """The verdicts on many matches, read in a few queries: their events, and the rows the
    projections hold for them (the summaries, and each table of their games)."""
    return audit_streams(store.read_streams(match_ids), source, match_ids)


def audit_streams(
    streams: Mapping[str, Sequence[StoredEvent]], source: queries.Source, match_ids: Sequence[str]
) -> list[Verdict]:
    """`audit_batch` of matches whose events are read (`EventStore.read_streams`)."""
    summaries = queries.matches_by_id(source, match_ids)
    tables = {
        table.name: queries.table_rows(source, table, match_ids)
        for table in _tables_of(streams.values())
    }
    verdicts = []
    for match_id in match_ids:
        events = streams.get(match_id, [])
        verdict = audit_stream(match_id, events)
        if events and all(finding.check != "decode" for finding in verdict.findings):
            rows = {name: by_match.get(match_id, []) for name, by_match in tables.items()}
            found = projection_findings(match_id, events, summaries.get(match_id), rows)
            verdict = verdict.with_findings(found)
        verdicts.append(verdict)
    return verdicts


def _tables_of(streams: Iterable[Sequence[StoredEvent]]) -> list[Table]:
    """The read-model tables of the games of `streams` (those of installed games)."""
    found: dict[str, Table] = {}
    for events in streams:
        try:
            game = game_of_type(events[0].type)
        except UnknownGame:  # `audit_stream` reports it
            continue
        found |= {table.name: table for table in game.read_models.tables}
    return list(found.values())


def projection_findings(
    match_id: str,
    events: Sequence[StoredEvent],
    summary: Mapping[str, Any] | None,
    tables: Mapping[str, Sequence[Mapping[str, Any]]],
) -> list[Finding]:
    """The projections' rows of a match (its summary, and the rows of its game's tables by
    table) against a fresh fold of its events (`projections.rows`).

    Nothing is compared while the projections have not folded the whole match: they follow
    the appends a little behind, by design. Projections ahead of the stream mean events were
    cut off its end, which the hash chain alone cannot see.
    """
    if summary is None or summary["version"] < len(events):
        return []
    if summary["version"] > len(events):
        message = (
            f"the projections folded {summary['version']} events, the stream has {len(events)}"
        )
        return [Finding(match_id, None, "projection", message)]
    try:
        facts = fold_match(events)
    except (LookupError, TypeError, ValueError) as error:  # a record the audit already fails
        return [Finding(match_id, None, "projection", f"the events do not fold: {error!r}")]
    found = compare_rows(match_id, "match_summaries", [summary], [facts.summary])
    for name, fresh in facts.tables().items():
        found += compare_rows(match_id, name, tables.get(name, []), fresh)
    return found


def compare_rows(
    match_id: str,
    table: str,
    stored: Sequence[Mapping[str, Any]],
    fresh: Sequence[Mapping[str, Any]],
) -> list[Finding]:
    """A finding if a projection's stored rows differ from a fresh fold (on the stored
    columns: a fold may know more than a table keeps)."""
    if len(stored) != len(fresh):
        message = f"{table} has {len(stored)} rows, a fresh fold gives {len(fresh)}"
        return [Finding(match_id, None, "projection", message)]
    for index, (old, new) in enumerate(zip(stored, fresh, strict=True), start=1):
        if old == new:  # equal rows (a fold's has the stored columns): one test in C
            continue
        changed = sorted(key for key in old if old[key] != new.get(key))
        if changed:
            message = f"{table} row {index} differs from a fresh fold in {', '.join(changed)}"
            return [Finding(match_id, None, "projection", message)]
    return []
