"""Match records for study (docs/records.md, "Export formats"): files of many matches,
streamed.

- ``jsonl`` (`records.jsonl`): the canonical record, of any game's matches, re-importable
  with its hashes intact.
- A game's own formats (its `GameRecords.formats`; Flipside's: a ``csv`` of round facts, a
  readable ``toml`` hand history): a file holds the matches of that one game and starts
  with the game's header for the format.
- ``decisions`` (`flipside.decisions`), for operators only: one JSON line per decision of
  any game's matches, each with the view its seat had. A file shows every seat's private
  views, so `formats` (what the API serves) leaves it out; a viewer gets its own rows only.

A writer turns one match's events at a time into text, so an export of any number of
matches streams in constant memory (`write_matches`); `atomic_output` makes the file appear
whole or not at all.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from flipside.decisions import decisions_jsonl
from flipside.engine.game import Viewer
from flipside.engine.records import RecordError
from flipside.engine.registry import AnyGame, game_named, game_of_type, games
from flipside.store.model import StoredEvent

from .jsonl import jsonl_lines

JSONL = "jsonl"
DECISIONS = "decisions"
ANY_GAME = (JSONL, DECISIONS)  # formats whose files may hold matches of different games


def formats() -> tuple[str, ...]:
    """Every format of a match's export: jsonl, then the installed games' own."""
    found = [JSONL]
    for game in games():
        found += [fmt for fmt in game.records.formats if fmt not in found]
    return tuple(found)


def operator_formats() -> tuple[str, ...]:
    """Every format `flipside export` writes: `formats`, then decisions."""
    return (*formats(), DECISIONS)


def file_game(fmt: str, game_id: str | None = None) -> AnyGame | None:
    """The game whose matches a file of `fmt` holds: `game_id`, else the one installed game
    with that format; None for jsonl or decisions of any game. `RecordError` if there is no
    such game."""
    if fmt not in operator_formats():
        raise RecordError(f"unknown format {fmt!r}; formats are {', '.join(operator_formats())}")
    if game_id is not None:
        game = game_named(game_id)
        if fmt not in ANY_GAME and fmt not in game.records.formats:
            raise RecordError(f"{game_id} has no {fmt} format")
        return game
    if fmt in ANY_GAME:
        return None
    offering = [game for game in games() if fmt in game.records.formats]
    if len(offering) > 1:
        named = ", ".join(game.id for game in offering)
        raise RecordError(f"{fmt} is a format of {named}: name the game")
    return offering[0]


def of_game(events: Sequence[StoredEvent], game: AnyGame | None) -> bool:
    """Whether a match belongs in a file of `game`'s matches (None: any game's)."""
    return begun_by(events[0].type, game)


def begun_by(first_type: str, game: AnyGame | None) -> bool:
    """Whether a match whose first event is of `first_type` belongs in a file of `game`'s
    matches (None: any game's)."""
    return game is None or game_of_type(first_type) is game


def require_game(fmt: str, game: AnyGame | None, match_id: str, first_type: str) -> None:
    """`RecordError` unless the match belongs in a file of `fmt` of `game`'s matches."""
    if game is not None and not begun_by(first_type, game):
        found = game_of_type(first_type).id
        raise RecordError(f"{match_id} is a {found} match: a {fmt} file holds {game.id} matches")


def header_text(fmt: str, game: AnyGame | None) -> str:
    """What a file of `fmt` (for `file_game`'s `game`) starts with, before any match."""
    return "" if game is None or fmt in ANY_GAME else game.records.header(fmt)


def match_text(
    fmt: str, game: AnyGame | None, events: Sequence[StoredEvent], viewer: Viewer = None
) -> str:
    """One match's part of a file of `fmt` of `game`'s matches (None: any game's); a seat
    `viewer` gets what it may see, in the formats that show a viewer."""
    require_game(fmt, game, events[0].stream_id, events[0].type)
    if fmt == DECISIONS:
        return decisions_jsonl(events, viewer)
    if game is None or fmt == JSONL:
        return jsonl_lines(events)
    return game.records.match_text(fmt, events, viewer)


def write_matches(
    out: TextIO,
    fmt: str,
    matches: Iterable[Sequence[StoredEvent]],
    viewer: Viewer = None,
    *,
    game: str | None = None,
) -> Iterator[int]:
    """Write `matches` (of `game`, or of `file_game`'s for `fmt`) to `out` in `fmt`,
    yielding each match's event count as it goes."""
    chosen = file_game(fmt, game)
    out.write(header_text(fmt, chosen))
    for events in matches:
        out.write(match_text(fmt, chosen, events, viewer))
        yield len(events)


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary file beside `path` that replaces it, synced, only when the block
    completes (temp file + rename)."""
    path = Path(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(handle)
    temp = Path(name)
    try:
        yield temp
        with temp.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


@contextmanager
def atomic_output(path: Path) -> Iterator[TextIO]:
    """A text file that replaces `path` only when the block completes (`atomic_path`)."""
    with atomic_path(path) as temp, temp.open("w", encoding="utf-8", newline="") as out:
        yield out
