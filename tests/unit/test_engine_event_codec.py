"""The engine's event codec (`flipside.engine.event_codec`): every game's events to the JSON
they are stored as and back, nested dataclasses and upcasting included."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from flipside.engine.event_codec import SEATS, EventCodec, Nested, tuples
from flipside.engine.registry import games
from flipside.engine.seats import SeatSpec


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Opened:
    SCHEMA_VERSION: ClassVar[int] = 1
    seats: tuple[SeatSpec, ...]
    origin: Point
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Moved:
    SCHEMA_VERSION: ClassVar[int] = 3
    path: tuple[tuple[int, int], ...]
    steps: int


def _moved_v1(data: Mapping[str, Any], state: Any) -> Mapping[str, Any]:
    return {**data, "path": data["route"], "legs": len(data["route"])}


def _moved_v2(data: Mapping[str, Any], state: Any) -> Mapping[str, Any]:
    rest = {name: value for name, value in data.items() if name not in ("route", "legs")}
    return {**rest, "steps": data["legs"] + state}


CODEC: EventCodec[Any] = EventCodec(
    (Opened, Moved),
    {Opened: {"seats": SEATS, "origin": Nested(lambda p: [p.x, p.y], lambda xy: Point(*xy))}},
    {("Moved", 1): _moved_v1, ("Moved", 2): _moved_v2},
)
OPENED = Opened((SeatSpec("human", name="Ana"), SeatSpec("npc", level="easy")), Point(1, 2))


def stored(data: Mapping[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def test_an_event_is_stored_field_by_field_in_field_order() -> None:
    encoded = CODEC.encode(OPENED)
    assert (encoded.name, encoded.schema_version) == ("Opened", 1)
    assert json.dumps(encoded.data) == (
        '{"seats": [{"kind": "human", "name": "Ana", "level": null}, '
        '{"kind": "npc", "name": null, "level": "easy"}], "origin": [1, 2], "note": null}'
    )


def test_stored_data_reads_back_as_the_same_event() -> None:
    moved = Moved(((0, 1), (2, 3)), 2)
    for event in (OPENED, moved):
        encoded = CODEC.encode(event)
        assert CODEC.decode(encoded.name, encoded.schema_version, stored(encoded.data)) == event


def test_older_versions_are_upcast_one_version_at_a_time_with_the_state() -> None:
    old = {"route": [[0, 1], [1, 1]]}
    assert CODEC.decode("Moved", 1, old, 10) == Moved(((0, 1), (1, 1)), 12)
    current = {"path": [], "steps": 0}
    assert CODEC.upcast("Moved", 3, current, None) is current


@pytest.mark.parametrize(
    ("name", "version", "data", "message"),
    [
        ("Closed", 1, {}, "unknown event type 'Closed'"),
        ("Moved", 4, {}, "Moved has schema versions 1 to 3, not 4"),
        ("Moved", 0, {}, "Moved has schema versions 1 to 3, not 0"),
        ("Moved", 1, {"path": []}, "Moved version 1 cannot be upcast: KeyError"),
        ("Moved", 3, {"path": [], "steps": 1, "speed": 2}, r"Moved has no field\(s\) \['speed'\]"),
        ("Moved", 3, {"path": []}, "Moved: .*steps"),
        ("Opened", 1, {"origin": [1, 2]}, "Opened: 'seats'"),
        ("Opened", 1, {"seats": [{"colour": "red"}], "origin": [0, 0]}, "Opened: .*colour"),
    ],
)
def test_what_cannot_be_read_is_a_value_error(
    name: str, version: int, data: Mapping[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        CODEC.decode(name, version, data, 0)


def test_upcasting_gives_a_codec_with_the_same_events() -> None:
    plain_codec: EventCodec[Any] = EventCodec((Moved,))
    with pytest.raises(ValueError, match="cannot be upcast"):
        plain_codec.decode("Moved", 2, {"legs": 1}, 0)
    upcasting = plain_codec.upcasting({("Moved", 2): _moved_v2})
    assert upcasting.decode("Moved", 2, {"path": [], "legs": 1}, 1) == Moved((), 2)
    assert upcasting.types == plain_codec.types


def test_lists_read_back_as_tuples_at_any_depth() -> None:
    assert tuples([[1, [2]], {"a": [3]}]) == ((1, (2,)), {"a": [3]})


@pytest.mark.parametrize("game", games(), ids=lambda game: game.id)
def test_every_game_reads_its_own_creation_back(game: Any) -> None:
    seats = [SeatSpec("npc", level=game.levels[0])] * game.seats.start
    create = game.create("m", seats, bytes(32), seeded=True, options={}, turn_timeout_seconds=9)
    events, _ = game.execute(game.initial_state(), create)
    for event in events:
        encoded = game.encode(event)
        data = stored(encoded.data)
        assert game.decode(encoded.name, encoded.schema_version, data, None) == event
