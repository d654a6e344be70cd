"""Pure row builders: the records of one match -> the rows of every read model (no database).

The projections' PostgreSQL writer and the audit build their rows here, so a row means the
same thing wherever it appears. Nothing here knows a game: a match's game is that of its
first record (`flipside.engine.registry.split_type`), and what the game knows comes from
its read models (`flipside.engine.read_models.GameReadModels`): its part of the summary,
the rows of its own tables, its players' counters. Which seats are registered players' is
the engine's (`flipside.engine.seats.SeatSpec.registered`): the summary marks them, and the
statistics key a guest's play apart from a registered player's (`stats_key`).

The builders read *records*: anything with the stored event's ``type``, ``data`` and
``recorded_at`` (a `flipside.store.StoredEvent` is one). Folding the stored JSON directly
instead of first decoding events is what makes a projection rebuild fast; events from an
in-process simulation become records with `records_of`.

>>> from flipside.engine.seats import SeatSpec
>>> from flipside.simulation import play_match, match_seed
>>> events, _ = play_match("m", [SeatSpec("npc", level="easy")] * 3, match_seed(0, 0))
>>> facts = fold_match(records_of(events))
>>> facts.game, facts.summary["status"], facts.summary["players"]
('flipside', 'finished', ['npc:easy'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flipside.engine import codec
from flipside.engine.read_models import (
    SUMMARY_FIELDS,
    EventRecord,
    GameReadModels,
    Record,
    RecordRow,
    Row,
    Unit,
    fold_rows,
    player_key,
    record_rows,
    stored_types,
)
from flipside.engine.registry import DEFAULT_GAME, UnknownGame, game_named, games, split_type

SUMMARY_COLUMNS = ("game", *SUMMARY_FIELDS, "players", "version", "created_at", "updated_at")
"""A ``match_summaries`` row: the game's fields, and what the projections add."""

GUEST = "guest:"
"""The prefix of a guest's player key: ``guest:<name>``. No name holds a colon, so no
registered player's key can look like a guest's (or a computer's, ``npc:<level>``)."""

PLAYER_STAT_COLUMNS = ("game", "player", "matches", "wins", "place_sum")
"""The ``player_stats`` columns of every game, before the game's own counters
(`GameReadModels.stat_columns`): additive counts; averages are sums over their counts."""


def types_of_every_game(events: Callable[[GameReadModels], Iterable[str]]) -> frozenset[str]:
    """The stored types of the events that `events` names in every installed game's read
    models, e.g. ``lambda models: models.match_end_events``."""
    return frozenset().union(*(stored_types(g.id, events(g.read_models)) for g in games()))


FOLDED_TYPES = types_of_every_game(lambda models: models.handlers)
"""Stored types whose data a fold reads; the others change no row."""


def records_of(events: Iterable[Any], game: str = DEFAULT_GAME) -> list[EventRecord]:
    """Events of `game` that were never stored (e.g. from `flipside.simulation.play_match`)
    as records, under their stored types."""
    the_game = game_named(game)
    return [EventRecord(*codec.encode(the_game, event)[:2]) for event in events]


def stats_key(seat: Mapping[str, Any]) -> str | None:
    """Whose statistics a summary's seat feeds: a registered player's name, ``npc:<level>``
    for a computer, ``guest:<name>`` for a person under a name nobody proved when the match
    was created, None for a person without a name.

    Anyone may sit under a name nobody registered, so a guest's play is kept apart: it never
    counts as a registered player's, nor does one guest's count as another name's.

    >>> stats_key({"kind": "human", "name": "Ana", "level": None, "registered": True})
    'Ana'
    >>> stats_key({"kind": "human", "name": "Ana", "level": None})
    'guest:Ana'
    """
    key = player_key(seat)
    if key is None or seat["kind"] == "npc" or seat.get("registered"):
        return key
    return GUEST + key


def _with_registration(seats: Sequence[Row], stored: Sequence[Mapping[str, Any]]) -> list[Row]:
    """A summary's seats, a registered player's marked ``"registered": true`` as the
    creation event stores it (`flipside.engine.seats.stored_seats`); others as they were."""
    return [
        (seat | {"registered": True}) if spec.get("registered") else seat
        for seat, spec in zip(seats, stored, strict=True)
    ]


def read_models_of(first_type: str) -> tuple[str, GameReadModels] | None:
    """The game (id and read models) of the match whose stream begins with a record of
    stored type `first_type`; None if the stream is not a match of an installed game."""
    game_id, name = split_type(first_type)
    try:
        models = game_named(game_id).read_models
    except UnknownGame:
        return None
    return (game_id, models) if name == models.opening_event else None


@dataclass(slots=True)
class MatchFacts:
    """Everything the read models know about one match: its game, summary and the rows of
    its finished units of play (`flipside.engine.read_models.Unit`)."""

    game: str
    summary: Row
    units: Sequence[Unit]

    def rows(self, table: str) -> list[Row]:
        """The rows of the game's table `table`, in play order."""
        return [row for unit in self.units for row in unit.get(table, ())]

    def tables(self) -> dict[str, list[Row]]:
        """The rows of each of the game's own tables, by table."""
        return {
            table.name: self.rows(table.name) for table in game_named(self.game).read_models.tables
        }


def fold_match(records: Sequence[Record]) -> MatchFacts:
    """The summary and rows of one match from its records, in stream order.

    Raises ``ValueError`` if the records are not a match of an installed game.
    """
    return fold_match_rows(record_rows(records))


def fold_match_rows(rows: Sequence[RecordRow], version: int | None = None) -> MatchFacts:
    """`fold_match` of records given as rows (`flipside.engine.read_models.RecordRow`),
    which may leave out records no fold reads (`flipside.engine.read_models.fold_rows`)."""
    game = read_models_of(rows[0][0]) if rows else None
    if game is None:
        raise ValueError(f"not a match: it begins with {rows[0][0] if rows else None!r}")
    game_id, models = game
    folded = fold_rows(game_id, models, rows, version)
    summary = folded.fold.summary()
    seats = _with_registration(summary["seats"], rows[0][1]["seats"])
    summary.update(
        game=game_id,
        seats=seats,
        players=sorted({key for seat in seats if (key := stats_key(seat))}),
        version=folded.version,
        created_at=folded.first_at,
        updated_at=folded.last_at,
    )
    return MatchFacts(game_id, summary, folded.fold.units())


def match_summary(records: Sequence[Record]) -> Row:
    """One ``match_summaries`` row (`SUMMARY_COLUMNS`)."""
    return fold_match(records).summary


def player_contributions(facts: MatchFacts) -> list[Row]:
    """What a finished match adds to ``player_stats``: one row per seat with a player key
    (`stats_key`; `PLAYER_STAT_COLUMNS` and the game's counters).

    Counts are per seat, so a name (or a level) seated twice counts twice. An unfinished
    match contributes nothing: statistics are over finished matches only.
    """
    summary = facts.summary
    if summary["status"] != "finished":
        return []
    models = game_named(facts.game).read_models
    counters = models.seat_counters(facts.units)
    zero = dict.fromkeys(models.stat_columns, 0)
    return [
        {
            "game": facts.game,
            "player": key,
            "matches": 1,
            "wins": int(summary["winner"] == seat["seat"]),
            "place_sum": summary["places"][seat["seat"]],
            **zero,
            **counters.get(seat["seat"], {}),
        }
        for seat in summary["seats"]
        if (key := stats_key(seat)) is not None
    ]


def merge_stats(contributions: Iterable[Row]) -> dict[tuple[str, str], Row]:
    """Contributions summed per game and player."""
    totals: dict[tuple[str, str], Row] = {}
    for row in contributions:
        key = row["game"], row["player"]
        total = totals.get(key)
        if total is None:
            totals[key] = dict(row)
            continue
        for column, value in row.items():
            if column not in ("game", "player"):
                total[column] += value
    return totals


def player_averages(stats: Mapping[str, Any]) -> Row:
    """A player's statistics in one game, as read: the counts every game keeps, win rate and
    mean place; the game's own ``counters`` and their ``averages``."""
    models = game_named(stats["game"]).read_models
    matches = stats["matches"]
    counters = {column: stats[column] for column in models.stat_columns}
    return {column: stats[column] for column in PLAYER_STAT_COLUMNS} | {
        "win_rate": stats["wins"] / matches if matches else None,
        "average_place": stats["place_sum"] / matches if matches else None,
        "counters": counters,
        "averages": models.stat_averages(counters),
    }
