"""A game's part of the records layer (`flipside.engine.records.GameRecords`) from its
parts: its formats for study, its replay text, the event that publishes its seed and its
own audit checks (a `flipside.engine.game_audit.Checker` run over the record).

Most formats are a csv of a read model's fact rows (`csv_format`): one row per seat per
finished unit of play, only what was public when it ended, so every reader gets the same
rows and a row means the same in a file as in the database. A format meant to be read back
(Flipside's toml hand history) also has a `Format.parse`.

>>> records = FormatRecords(
...     "Dice", {"csv": csv_format(("seat", "roll"), lambda records: [{"seat": 0, "roll": 6}])},
...     replay=lambda events: [], seed_event=str, checks=lambda events, seed: [])
>>> records.header("csv") + records.match_text("csv", [], None)
'seat,roll\\n0,6\\n'
>>> records.header("toml")
Traceback (most recent call last):
...
flipside.engine.records.RecordError: Dice has no toml format; its format is csv
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import Viewer
from .game_audit import SeedEvent, revealed_seed
from .records import Failure, Record, RecordError, Versioned

Rows = Callable[[Sequence[Record]], Iterable[Mapping[str, Any]]]
"""A match's fact rows from its records (a read model's, e.g. ``round_facts``)."""


@dataclass(frozen=True, slots=True)
class Format:
    """One format for study: what a file starts with, a match's part as a viewer may read
    it, and, for a format meant to be read back, its matches from a file's text."""

    header: str
    match_text: Callable[[Sequence[Record], Viewer], str]
    parse: Callable[[str], list[Any]] | None = None


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def csv_format(columns: Sequence[str], rows: Rows) -> Format:
    """A csv of `rows`, in `columns` order; the same for every reader (no secret left)."""

    def match_text(records: Sequence[Record], viewer: Viewer) -> str:
        return csv_text([row[column] for column in columns] for row in rows(records))

    return Format(csv_text([columns]), match_text)


@dataclass(slots=True)  # not frozen: `GameRecords.formats` is a plain attribute
class FormatRecords:
    """`GameRecords` of `title`'s game: its `study` formats by name, its replay lines, the
    `seed_event` that publishes its seed and its own audit `checks`."""

    title: str
    study: Mapping[str, Format]
    replay: Callable[[Sequence[Any]], list[tuple[str, ...]]]
    seed_event: type[SeedEvent]
    checks: Callable[[Versioned, bytes], list[Failure]]
    formats: tuple[str, ...] = field(init=False)  # the names of `study`, in order

    def __post_init__(self) -> None:
        self.formats = tuple(self.study)

    def header(self, fmt: str) -> str:
        return self._format(fmt).header

    def match_text(self, fmt: str, records: Sequence[Record], viewer: Viewer) -> str:
        return self._format(fmt).match_text(records, viewer)

    def parse(self, fmt: str, text: str) -> list[Any]:
        known = self.study.get(fmt)
        if known is not None and known.parse is not None:
            return known.parse(text)
        readable = [name for name, known in self.study.items() if known.parse is not None]
        if readable:
            names = " and ".join(readable)
            raise RecordError(f"{self.title} reads back {names} records, not {fmt}")
        raise RecordError(f"{self.title}'s {fmt} records are for study; re-import its jsonl")

    def replay_lines(self, events: Sequence[Any]) -> list[tuple[str, ...]]:
        return self.replay(events)

    def revealed_seed(self, events: Versioned) -> tuple[int, str] | None:
        return revealed_seed(events, self.seed_event)

    def audit_checks(self, events: Versioned, seed: bytes) -> list[Failure]:
        return self.checks(events, seed)

    def _format(self, fmt: str) -> Format:
        found = self.study.get(fmt)
        if found is None:
            names = " and ".join(self.study)
            are = "s are" if len(self.study) > 1 else " is"
            raise RecordError(f"{self.title} has no {fmt} format; its format{are} {names}")
        return found
