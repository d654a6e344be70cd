"""Flipside's readable match record, ``toml``, in the spirit of the Poker Hand History
standard: per match a header and an ``actions`` list in a short notation (`MatchRecord`;
docs/records.md, "toml: the readable record").

`parse_toml` reads a file back, checking every action against its notation, and writing the
parsed records again gives the same bytes.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from flipside.engine.game import Viewer
from flipside.engine.records import Record, RecordError, events_of, timestamp
from flipside.engine.registry import game_of_type

from .events import (
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
)
from .views import redact

HIDDEN = "??"  # a card the reader of a record may not see
TOML_PREAMBLE = (
    '# Flipside match records (docs/records.md, "toml: the readable record"). Each [[match]]\n'
    f'# is a header and its actions in order. "{HIDDEN}" is a card the reader may not see.\n'
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
    records: Sequence[Record], viewer: Viewer = None, *, omniscient: bool = True
) -> MatchRecord:
    """The record of one match as `viewer` may read it (`views.redact`); once the match is
    over, or for an `omniscient` reader (an operator), everything is visible."""
    domain: list[Event] = events_of(game_of_type(records[0].type), records)
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
        created_at=timestamp(records[0].recorded_at),
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
    """One ``[[match]]`` table, after a blank line; keys whose value is unknown (None) are
    left out."""
    lines = ["", "[[match]]"]
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
    return TOML_PREAMBLE + "".join(map(toml_match, records))


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
