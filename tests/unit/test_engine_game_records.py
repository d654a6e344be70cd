"""A game's records from its parts (`flipside.engine.game_records`) and the skeleton of its
own audit checks (`flipside.engine.game_audit`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from flipside.engine.game import Viewer
from flipside.engine.game_audit import Checker, revealed_seed
from flipside.engine.game_records import Format, FormatRecords, csv_format, csv_text
from flipside.engine.records import Failure, Record, RecordError, Versioned


@dataclass(frozen=True)
class Rolled:
    seat: int
    face: int


@dataclass(frozen=True)
class SeedShown:
    seed: str


class Dice(Checker):
    """Every roll is the seed's first byte, at most 6."""

    def apply(self, version: int, event: Any) -> None:
        if isinstance(event, Rolled) and event.face != self.seed[0]:
            self.fail(version, "roll", f"seat {event.seat} rolled {event.face}")


def dice_checks(events: Versioned, seed: bytes) -> list[Failure]:
    return Dice(seed).run(events)


def rows(records: Sequence[Record]) -> list[dict[str, Any]]:
    return [{"roll": "6", "seat": 0, "note": 'say "hi", ok'}, {"roll": 1, "seat": 1, "note": ""}]


def notes(records: Sequence[Record], viewer: Viewer) -> str:
    return f"notes for {viewer}\n"


def only_csv(title: str) -> FormatRecords:
    return FormatRecords(title, {"csv": csv_format(("seat", "roll", "note"), rows)}, *PARTS)


PARTS = (lambda events: [("line",)] * len(events), SeedShown, dice_checks)
RECORDS = FormatRecords(
    "Dice",
    {
        "csv": csv_format(("seat", "roll", "note"), rows),
        "notes": Format("# notes\n", notes, lambda text: text.split()),
    },
    *PARTS,
)


def test_a_csv_format_writes_its_rows_in_column_order_quoted_as_csv() -> None:
    assert RECORDS.header("csv") == "seat,roll,note\n"
    assert RECORDS.match_text("csv", [], None) == '0,6,"say ""hi"", ok"\n1,1,\n'
    assert csv_text([("a", None)]) == "a,\n"


def test_formats_are_named_in_order_and_only_a_readable_one_parses() -> None:
    assert RECORDS.formats == ("csv", "notes")
    assert (RECORDS.header("notes"), RECORDS.match_text("notes", [], 2)) == (
        "# notes\n",
        "notes for 2\n",
    )
    assert RECORDS.parse("notes", "a b") == ["a", "b"]
    with pytest.raises(RecordError, match=r"^Dice reads back notes records, not csv$"):
        RECORDS.parse("csv", "")


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (RECORDS, r"^Dice has no xml format; its formats are csv and notes$"),
        (only_csv("Coins"), r"^Coins has no xml format; its format is csv$"),
    ],
)
def test_an_unknown_format_is_named(records: FormatRecords, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        records.header("xml")
    with pytest.raises(RecordError, match=message):
        records.match_text("xml", [], None)


def test_a_game_without_a_readable_format_says_to_import_its_jsonl() -> None:
    with pytest.raises(RecordError, match=r"^Coins's csv records are for study; re-import"):
        only_csv("Coins").parse("csv", "seat\n")


def test_the_seed_is_the_first_event_that_publishes_it() -> None:
    events = [(1, Rolled(0, 3)), (2, SeedShown("ab")), (3, SeedShown("cd"))]
    assert RECORDS.revealed_seed(events) == (2, "ab")
    assert revealed_seed(events[:1], SeedShown) is None
    assert RECORDS.replay_lines([e for _, e in events]) == [("line",)] * 3


def test_the_game_checks_note_every_failure() -> None:
    seed = bytes([3]) + bytes(31)
    events = [(1, Rolled(0, 3)), (2, Rolled(1, 4)), (3, Rolled(0, 5))]
    assert RECORDS.audit_checks(events, seed) == [
        Failure(2, "roll", "seat 1 rolled 4"),
        Failure(3, "roll", "seat 0 rolled 5"),
    ]


def test_an_event_too_malformed_to_follow_fails_decode_and_ends_the_checks() -> None:
    events = [(1, SeedShown("ab")), (2, Rolled(0, 3)), (3, Rolled(1, 4))]
    assert Dice(b"").run(events) == [
        Failure(2, "decode", "malformed Rolled: IndexError('index out of range')")
    ]
