"""Decision datasets (`flipside.decisions`): one row per decision of a stored match, with the
view its seat had, its legal actions, the command and the outcome."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pytest

from flipside.decisions import decision_rows, decisions_jsonl
from flipside.engine import codec
from flipside.engine.registry import INSTALLED, game_named
from flipside.engine.seats import SeatSpec
from flipside.simulation import match_seed

SEATS = {"flipside": 3, "oink": 2, "holdem": 3, "orc": 3, "juggernaut": 4}
OPTIONS = {"holdem": {"max_hands": 5}, "juggernaut": {"maxSets": 3}}


@dataclass(frozen=True)
class Stored:
    type: str
    schema_version: int
    data: dict[str, Any]
    version: int
    recorded_at: datetime | None = None


def played(game_id: str, seed: int) -> tuple[list[Stored], list[Any]]:
    """A match of easy computer players as stored records, and the commands they gave."""
    game = game_named(game_id)
    specs = [SeatSpec("npc", level="easy")] * SEATS[game_id]
    create = game.create(
        f"m-{seed}",
        specs,
        match_seed(seed, 0),
        seeded=True,
        options=game.options(OPTIONS.get(game_id, {})),
        turn_timeout_seconds=None,
    )
    events, state = game.execute(game.initial_state(), create)
    policies, commands = game.policies(state), []
    while (command := game.next_command(state, policies)) is not None:
        more, state = game.execute(state, command)
        events += more
        commands.append(command)
    records = []
    for version, event in enumerate(events, start=1):
        stored_type, data, schema = codec.encode(game, event)
        records.append(Stored(stored_type, schema, json.loads(json.dumps(data)), version))
    return records, commands


@pytest.mark.parametrize("game", INSTALLED)
def test_every_decision_is_a_row_with_its_seats_view(game: str) -> None:
    records, commands = played(game, 3)
    rows = decision_rows(records)
    assert [row["command"] for row in rows] == [type(c).__name__ for c in commands]
    places = rows[-1]["outcome"]["places"]
    for row in rows:
        assert row["view"]["viewer"] == row["seat"] == row["action"]["seat"]
        assert row["seat"] in row["view"]["awaiting"]
        assert row["legal_actions"], row
        assert row["place"] == places[row["seat"]]
        assert row["game"] == game and row["match_id"] == "m-3"
        assert not row["timed_out"]
    assert [row["version"] for row in rows] == sorted(row["version"] for row in rows)


def test_a_row_hides_the_other_seats_cards() -> None:
    records, _ = played("holdem", 4)
    for row in decision_rows(records):
        for seat in row["view"]["seats"]:
            if seat["seat"] != row["seat"] and seat["shown"] is None:
                assert seat["cards"] in ([None, None], []), row["version"]


def test_jsonl_has_a_line_per_decision() -> None:
    records, commands = played("orc", 5)
    lines = decisions_jsonl(records).splitlines()
    assert len(lines) == len(commands)
    assert json.loads(lines[0])["command"] == type(commands[0]).__name__


def test_no_records_no_rows() -> None:
    assert decision_rows([]) == []
