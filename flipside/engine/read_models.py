"""What a game supplies to the read models (``flipside/projections/``), and the fold of one
match's records with it.

The projections keep two tables for every game: ``match_summaries`` (a row per match) and
``player_stats`` (per game and player, over finished matches). A game fills in its part of a
summary, adds counters of its own to its players' statistics, and may keep tables of its own
(Flipside: ``round_facts``): rows that a finished unit of play (a round, a hand) adds, final
from then on, so a projection inserts them once and never updates them.

The fold reads *records* as stored (the type, the JSON data, the time), not decoded events:
decoding is most of the cost of a rebuild. A game's handlers therefore read its data at the
schema version it was stored in. Records of any stored form of the game's types are folded
alike: qualified (``flipside.RoundEnded``) and, for the game of the unqualified records of
old, bare (``RoundEnded``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from operator import attrgetter
from typing import Any, Protocol

Row = dict[str, Any]
Unit = Mapping[str, Sequence[Row]]
"""The rows one finished unit of play adds to each of the game's own tables, by table."""

Handler = Callable[[Any, Mapping[str, Any], datetime | None], None]
"""How a fold takes one record it reads: ``handler(fold, data, recorded_at)``."""

SUMMARY_FIELDS = (
    "match_id",
    "status",
    "seats",
    "lives",
    "round",
    "winner",
    "places",
    "finished_at",
)
"""A game's part of a ``match_summaries`` row (the projections add the game, the players,
the version and the first and last records' times): ``status`` is ``active`` or
``finished``; ``seats`` ``[{seat, kind, name, level}]``; ``lives`` each seat's standing;
``round`` the current unit of play, from 1 (0 before the first); ``winner``, ``places``
(1 = first) and ``finished_at`` (the time of the record that ended the match) are None
until the match is over."""


class Record(Protocol):
    """What a fold needs of a stored event (a `flipside.store.StoredEvent` is one)."""

    @property
    def type(self) -> str: ...
    @property
    def data(self) -> Mapping[str, Any]: ...
    @property
    def recorded_at(self) -> datetime | None: ...


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A `Record` of an event that was never stored: its stored type and data."""

    type: str
    data: Mapping[str, Any]
    recorded_at: datetime | None = None


def player_key(spec: Mapping[str, Any]) -> str | None:
    """Whose statistics a seat feeds: a person's name, or ``npc:<level>`` for a computer.

    A person who gave no name has no statistics (None).
    """
    if spec["kind"] == "npc":
        return f"npc:{spec['level']}"
    return spec.get("name")


@dataclass(frozen=True, slots=True)
class Table:
    """One of a game's own read-model tables, created by a migration."""

    name: str
    columns: tuple[str, ...]  # in row order; the first is ``match_id``
    order: tuple[str, ...]  # a match's rows in play order


class GameFold(Protocol):
    """One match of the game being folded, record by record, in stream order."""

    def summary(self) -> Row:
        """The game's summary fields (`SUMMARY_FIELDS`) as the records so far tell them."""
        ...

    def units(self) -> Sequence[Unit]:
        """The rows of every finished unit of play, in play order: exactly one unit for each
        record of a `GameReadModels.unit_end_events` type."""
        ...


class GameReadModels(Protocol):
    """What a game supplies to the projections: the `read_models` attribute of its `Game`."""

    tables: tuple[Table, ...]  # its own tables
    stat_columns: tuple[str, ...]  # its additive ``player_stats`` counters (default 0)
    opening_event: str  # the event a match's stream begins with
    unit_end_events: frozenset[str]  # events that finish a unit of play (rows may be written)
    match_end_events: frozenset[str]  # events that finish the match (it counts in the stats)
    handlers: Mapping[str, Handler]  # how the fold takes each event it reads, by event name;
    # the game's other events change no row, and the projections read no data for them

    def new_fold(self) -> GameFold: ...

    def seat_counters(self, units: Sequence[Unit]) -> Mapping[int, Mapping[str, int]]:
        """What each seat adds to its player's `stat_columns` over a finished match."""
        ...

    def stat_averages(self, counters: Mapping[str, int]) -> Row:
        """The averages of a player's `stat_columns` (None where a count is 0)."""
        ...


def stored_types(game_id: str, names: Iterable[str]) -> frozenset[str]:
    """Every type under which events `names` of `game_id` may be stored.

    >>> sorted(stored_types("flipside", ["RoundEnded"]))
    ['RoundEnded', 'flipside.RoundEnded']
    """
    # Imported here: the registry imports the Game interface, which imports this module.
    from .registry import qualified, split_type

    qualified_types = {qualified(game_id, name) for name in names}
    bare_types = {name for name in names if split_type(name) == (game_id, name)}
    return frozenset(qualified_types | bare_types)


_HANDLERS_BY_TYPE: dict[str, Mapping[str, Handler]] = {}  # per game: its models never change


def _handlers_by_type(game_id: str, models: GameReadModels) -> Mapping[str, Handler]:
    found = _HANDLERS_BY_TYPE.get(game_id)
    if found is None:
        found = _HANDLERS_BY_TYPE[game_id] = {
            stored: handler
            for name, handler in models.handlers.items()
            for stored in stored_types(game_id, [name])
        }
    return found


RecordRow = tuple[str, Mapping[str, Any], datetime | None]
"""A record as a tuple: its stored type, data and time. A rebuild reads records as rows
straight from the database, without building an object per record (`fold_rows`)."""

_AS_ROW = attrgetter("type", "data", "recorded_at")


def record_rows(records: Iterable[Record]) -> list[RecordRow]:
    """`records` as `RecordRow` tuples."""
    return list(map(_AS_ROW, records))


@dataclass(frozen=True, slots=True)
class Folded:
    """A match folded: the game's fold, the records read and the times of the first and last."""

    fold: GameFold
    version: int
    first_at: datetime | None
    last_at: datetime | None


def fold(game_id: str, models: GameReadModels, records: Iterable[Record]) -> Folded:
    """`records` of a match of `game_id`, in stream order, through the game's fold."""
    return fold_rows(game_id, models, record_rows(records))


def fold_rows(
    game_id: str, models: GameReadModels, rows: Sequence[RecordRow], version: int | None = None
) -> Folded:
    """`fold` of records given as rows, in stream order. The rows may leave out records that
    no handler reads, but not the first and the last (their times are the match's), if
    `version` says how many records there are."""
    handlers = _handlers_by_type(game_id, models)
    game_fold = models.new_fold()
    for type_, data, at in rows:
        handler = handlers.get(type_)
        if handler is not None:
            handler(game_fold, data, at)
    if not rows:
        return Folded(game_fold, 0, None, None)
    return Folded(game_fold, version or len(rows), rows[0][2], rows[-1][2])
