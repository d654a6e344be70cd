"""Match records for study (DESIGN "Records for study"): writers and readers, no database.

- ``jsonl``: one stored event a line (envelope and data, in stream order), as canonical JSON
  (`store.chain.canonical_json`), so the same events always give the same bytes. The record
  re-imports with its hashes intact: `read_jsonl` gives back the `StoredEvent` of each line.
  ``global_position`` and ``txid`` are left out: they belong to one database.
- ``csv``: one row per seat per finished round, built by `projections.rows.round_facts` (the
  same rows as the `round_facts` read model).
- ``toml``: a readable record per match in the spirit of the Poker Hand History standard:
  a header and an ``actions`` list in a short notation (`MatchRecord`). `parse_toml` reads it
  back, checking every action against its notation, and writing the parsed records again
  gives the same bytes.

A writer turns one match's events at a time into text, so an export of any number of
matches streams in constant memory (`write_matches`); `atomic_output` makes the file appear
whole or not at all.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import tempfile
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from flipside.games.flipside.events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    Event,
    LifeChanged,
    MatchCreated,
    MatchEnded,
    OrientationChosen,
    RoundStarted,
    SeatEliminated,
    ShowdownRevealed,
    from_data,
)
from flipside.games.flipside.views import Viewer, redact
from flipside.projections.rows import ROUND_FACT_COLUMNS, round_facts
from flipside.store.chain import canonical_json
from flipside.store.model import StoredEvent

FORMATS = ("jsonl", "csv", "toml")
HIDDEN = "??"  # a card the reader of a record may not see


class RecordError(ValueError):
    """An export file that cannot be read; the message names the line or match."""


# --- jsonl ------------------------------------------------------------------------------------

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
    """One stored event as a line of canonical JSON (with its newline)."""
    recorded = _timestamp(event.recorded_at) or None
    envelope = {
        "stream_id": event.stream_id,
        "version": event.version,
        "event_id": event.event_id,
        "type": event.type,
        "schema_version": event.schema_version,
        "data": event.data,
        "metadata": event.metadata,
        "recorded_at": recorded,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }
    return canonical_json(envelope).decode() + "\n"


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


# --- csv --------------------------------------------------------------------------------------


def csv_header() -> str:
    return _csv_text([list(ROUND_FACT_COLUMNS)])


def csv_rows(events: Sequence[StoredEvent]) -> str:
    """One row per seat per finished round of one match."""
    rows = round_facts(events)
    return _csv_text([[row[column] for column in ROUND_FACT_COLUMNS] for row in rows])


def _csv_text(rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


# --- toml: the readable record ---------------------------------------------------------------

TOML_PREAMBLE = (
    '# Flipside match records (DESIGN.md, "Records for study"). Each [[match]] is a header and\n'
    '# its actions in order. "??" is a card the reader of this record may not see.\n'
)

_CARD = r"(?:[2-9TJQKA]{2}|\?\?)"
_CARDS = rf"\[(?:{_CARD}(?: {_CARD})*)?\]"
_SEAT = r"s\d"
_SIDE = r"(?:up|down)"
# Each action's notation, as the writer below produces it.
_ACTIONS = {
    "shuffle": r"shuffle \d+ (?:initial|used_pile) \d+",
    "round": rf"round \d+ start {_SEAT} order {_SEAT}(?: {_SEAT})*",
    "deal": rf"deal {_SEAT} {_CARDS}",
    "exchange": rf"exchange {_SEAT} {_CARDS} {_CARDS}",
    "orientation": rf"orientation {_SEAT} {_CARDS}",
    "showdown": rf"showdown {_SIDE}(?: {_SEAT} [2-9TJQKA]{{5}})+",
    "life": rf"life {_SEAT} {_SIDE} [+-]\d+ \d+ [a-z_]+",
    "out": rf"out {_SEAT} {_SIDE} \d+",
}
_ACTION_PATTERNS = {kind: re.compile(pattern) for kind, pattern in _ACTIONS.items()}


@dataclass(frozen=True, slots=True)
class SeatLine:
    seat: int
    kind: str
    name: str | None
    level: str | None
    place: int | None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One match as a readable record: the header and the actions (`_ACTIONS` notation)."""

    match_id: str
    rules_version: str
    viewer: str  # "all", "spectator" or "seat N": whose eyes the record was written for
    created_at: str
    seeded: bool
    deck_commitment: str
    seed: str  # hex, or "??" while the reader may not see it
    start_life: int
    winner: int | None
    seats: tuple[SeatLine, ...]
    actions: tuple[str, ...]


def record_of(
    events: Sequence[StoredEvent], viewer: Viewer = None, *, omniscient: bool = True
) -> MatchRecord:
    """The record of one match as `viewer` may read it (`views.redact`); once the match is
    over, or for an `omniscient` reader (an operator), everything is visible."""
    domain = [from_data(event.type, event.data) for event in events]
    created = domain[0]
    assert isinstance(created, MatchCreated)
    ended = next((e for e in domain if isinstance(e, MatchEnded)), None)
    sees_all = omniscient or ended is not None
    visible = [redact(event, viewer, omniscient=sees_all) for event in domain]
    places = {e.seat: e.place for e in domain if isinstance(e, SeatEliminated)}
    if ended is not None:
        places[ended.winner] = 1
    header = visible[0]
    assert isinstance(header, MatchCreated)
    return MatchRecord(
        match_id=created.match_id,
        rules_version=created.rules_version,
        viewer="all" if sees_all else "spectator" if viewer is None else f"seat {viewer}",
        created_at=_timestamp(events[0].recorded_at),
        seeded=created.seeded,
        deck_commitment=created.deck_commitment,
        seed=header.seed or HIDDEN,
        start_life=created.start_life,
        winner=ended.winner if ended else None,
        seats=tuple(
            SeatLine(index, spec.kind, spec.name, spec.level, places.get(index))
            for index, spec in enumerate(created.seats)
        ),
        actions=tuple(action for event in visible for action in _actions(event)),
    )


def _timestamp(moment: datetime | None) -> str:
    return _utc_text(moment) if moment else ""


# The events of one append share their time (the transaction's), so most lookups hit.
@lru_cache(maxsize=1024)
def _utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _cards(cards: Iterable[str | None] | None, count: int = 0) -> str:
    shown = [card or HIDDEN for card in cards] if cards is not None else [HIDDEN] * count
    return "[" + " ".join(shown) + "]"


def _actions(event: Event) -> list[str]:
    """The actions of one (already redacted) event; events the header covers give none."""
    if isinstance(event, DeckShuffled):
        return [f"shuffle {event.shuffle_no} {event.reason} {event.count}"]
    if isinstance(event, RoundStarted):
        order = " ".join(f"s{seat}" for seat in event.turn_order)
        return [f"round {event.round} start s{event.start_seat} order {order}"]
    if isinstance(event, CardsDealt):
        return [f"deal s{seat} {_cards(hand)}" for seat, hand in enumerate(event.hands) if hand]
    if isinstance(event, CardsExchanged):
        return [f"exchange s{event.seat} {_cards(event.discarded)} {_cards(event.drawn)}"]
    if isinstance(event, OrientationChosen):
        return [f"orientation s{event.seat} {_cards(event.cards, 5)}"]
    if isinstance(event, ShowdownRevealed):
        return [_showdown(event)]
    if isinstance(event, LifeChanged):
        side, delta = event.side, f"{event.delta:+d}"
        return [f"life s{event.seat} {side} {delta} {event.life} {event.reason}"]
    if isinstance(event, SeatEliminated):
        return [f"out s{event.seat} {event.side} {event.place}"]
    return []


def _showdown(event: ShowdownRevealed) -> str:
    """The side's hands, strongest first: each seat's five ranks on that side, as placed."""
    at = 0 if event.side == "up" else 1
    hands = []
    for seat in event.ranking:
        placed = event.placed[seat] or ()
        hands.append(f"s{seat} " + "".join(card[at] for card in placed))
    return f"showdown {event.side} " + " ".join(hands)


def toml_match(record: MatchRecord) -> str:
    """One ``[[match]]`` table; keys whose value is unknown (None) are left out."""
    lines = ["[[match]]"]
    header = (
        ("match_id", record.match_id),
        ("rules_version", record.rules_version),
        ("viewer", record.viewer),
        ("created_at", record.created_at),
        ("seeded", record.seeded),
        ("deck_commitment", record.deck_commitment),
        ("seed", record.seed),
        ("start_life", record.start_life),
        ("winner", record.winner),
    )
    lines += [f"{key} = {_toml_value(value)}" for key, value in header if value is not None]
    lines.append("seats = [")
    lines += [f"  {_inline_table(_seat_fields(seat))}," for seat in record.seats]
    lines.append("]")
    lines.append("actions = [")
    lines += [f"  {_toml_value(action)}," for action in record.actions]
    lines.append("]")
    return "\n".join(lines) + "\n"


def _seat_fields(seat: SeatLine) -> list[tuple[str, Any]]:
    fields = [("seat", seat.seat), ("kind", seat.kind), ("name", seat.name)]
    return [*fields, ("level", seat.level), ("place", seat.place)]


def _inline_table(fields: Sequence[tuple[str, Any]]) -> str:
    body = ", ".join(f"{key} = {_toml_value(value)}" for key, value in fields if value is not None)
    return "{ " + body + " }"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    # A JSON string is a TOML basic string: the same quotes and escapes.
    return json.dumps(value, ensure_ascii=False)


def toml_document(records: Iterable[MatchRecord]) -> str:
    return TOML_PREAMBLE + "".join("\n" + toml_match(record) for record in records)


def parse_toml(text: str) -> list[MatchRecord]:
    """The records of a toml export; `RecordError` for anything the writer would not write."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(f"not TOML: {error}") from None
    matches = document.get("match", [])
    if set(document) - {"match"} or not isinstance(matches, list):
        raise RecordError("a record holds only [[match]] tables")
    return [_match_record(index, table) for index, table in enumerate(matches, start=1)]


def _match_record(index: int, table: dict[str, Any]) -> MatchRecord:
    unknown = set(table) - {field.name for field in fields(MatchRecord)}
    if unknown:
        raise RecordError(f"match {index}: unknown key(s) {sorted(unknown)}")
    try:
        record = MatchRecord(
            match_id=_field(table, "match_id", str),
            rules_version=_field(table, "rules_version", str),
            viewer=_field(table, "viewer", str),
            created_at=_field(table, "created_at", str),
            seeded=_field(table, "seeded", bool),
            deck_commitment=_field(table, "deck_commitment", str),
            seed=_field(table, "seed", str),
            start_life=_field(table, "start_life", int),
            winner=table.get("winner"),
            seats=tuple(_seat_line(seat) for seat in _field(table, "seats", list)),
            actions=tuple(_field(table, "actions", list)),
        )
    except (KeyError, TypeError) as error:
        raise RecordError(f"match {index}: {error}") from None
    for number, action in enumerate(record.actions, start=1):
        _check_action(index, number, action)
    return record


def _field(table: dict[str, Any], key: str, kind: type) -> Any:
    value = table[key]
    if not isinstance(value, kind):
        raise TypeError(f"{key} is not a {kind.__name__}")
    return value


def _seat_line(table: dict[str, Any]) -> SeatLine:
    unknown = set(table) - {field.name for field in fields(SeatLine)}
    if unknown:
        raise TypeError(f"a seat has unknown key(s) {sorted(unknown)}")
    return SeatLine(
        _field(table, "seat", int),
        _field(table, "kind", str),
        table.get("name"),
        table.get("level"),
        table.get("place"),
    )


def _check_action(index: int, number: int, action: object) -> None:
    kind = action.split(" ", 1)[0] if isinstance(action, str) else None
    pattern = _ACTION_PATTERNS.get(kind or "")
    if pattern is None or not pattern.fullmatch(str(action)):
        raise RecordError(f"match {index}, action {number}: not in the notation: {action!r}")


# --- writing files ----------------------------------------------------------------------------


def header_text(fmt: str) -> str:
    """What a file of `fmt` starts with, before any match."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; formats are {', '.join(FORMATS)}")
    return {"jsonl": "", "csv": csv_header(), "toml": TOML_PREAMBLE}[fmt]


def match_text(fmt: str, events: Sequence[StoredEvent], viewer: Viewer = None) -> str:
    """One match's part of a file of `fmt` (a seat `viewer` gets a redacted toml record)."""
    if fmt == "jsonl":
        return "".join(map(jsonl_line, events))
    if fmt == "csv":
        return csv_rows(events)
    return "\n" + toml_match(record_of(events, viewer, omniscient=viewer is None))


def write_matches(
    out: TextIO, fmt: str, matches: Iterable[Sequence[StoredEvent]], viewer: Viewer = None
) -> Iterator[int]:
    """Write `matches` to `out` in `fmt`, yielding each match's event count as it goes."""
    out.write(header_text(fmt))
    for events in matches:
        out.write(match_text(fmt, events, viewer))
        yield len(events)


@contextmanager
def atomic_output(path: Path) -> Iterator[TextIO]:
    """A text file that replaces `path` only when the block completes (temp file + rename)."""
    path = Path(path)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
