"""A match told event by event, for `flipside replay` (people) and its ``--json``
(machines), for any game.

Every event is first passed through the game's `redact` for the chosen viewer, the one
place that decides what a seat may see (for Flipside, a seat's replay shows another seat's
drawn cards and orientation only when the showdown reveals them); the game then tells the
redacted events (`GameRecords.replay_lines`). An operator's replay (no seat) sees all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flipside.engine import codec
from flipside.engine.game import Viewer
from flipside.engine.records import Record, decoded
from flipside.engine.registry import AnyGame, game_of_type


@dataclass(frozen=True, slots=True)
class Step:
    """One event of the replay as the viewer sees it, and its lines of text."""

    version: int
    round: int  # the game's round, hand or deal; 0 before the first
    type: str  # the stored type of the event, qualified by its game
    data: dict[str, Any]  # the event as the viewer sees it, at its current schema
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "round": self.round,
            "type": self.type,
            "data": self.data,
            "text": list(self.lines),
        }


class NoSuchSeat(ValueError):
    """A viewer that is not a seat of the match."""


def replay_steps(
    records: Sequence[Record], viewer: Viewer = None, round_no: int | None = None
) -> list[Step]:
    """The steps of a match for `viewer` (None: an operator, who sees everything), all of
    them or those of round `round_no`; `NoSuchSeat` if `viewer` is not one of its seats."""
    game = game_of_type(records[0].type)
    seen, rounds = _seen(game, records, viewer)
    steps = []
    told = game.records.replay_lines(seen)
    for record, event, round_of, lines in zip(records, seen, rounds, told, strict=True):
        if round_no is None or round_of == round_no:
            stored_type, data, _ = codec.encode(game, event)
            steps.append(Step(record.version, round_of, stored_type, data, lines))
    return steps


def _seen(game: AnyGame, records: Sequence[Record], viewer: Viewer) -> tuple[list[Any], list[int]]:
    """Each event as `viewer` sees it (the game's `redact`), and the round it belongs to."""
    seen, rounds = [], []
    for event, state in decoded(game, records):
        progress = game.progress(state)
        if viewer is not None and viewer >= len(progress.seats):
            raise NoSuchSeat(f"the match has seats 0-{len(progress.seats) - 1}")
        seen.append(game.redact(event, viewer, omniscient=viewer is None))
        rounds.append(progress.round)
    return seen, rounds
