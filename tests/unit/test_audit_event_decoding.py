"""What the audit reads every stored event with (`engine.event_codec.EventCodec.from_data`):
data holding every field is read in one function made for its class, passing the fields by
position (to `engine.frozen.builder`'s constructor for a frozen slots dataclass with no
``__post_init__``, else to the class), any other data by keyword; both read an event the
same, and fail alike."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, ClassVar

import pytest

from flipside.engine.event_codec import SEATS, EventCodec, tuples
from flipside.engine.registry import game_of_type, split_type
from flipside.engine.seats import SeatSpec
from flipside.store import InMemoryEventStore
from flipside.store.chain import canonical_text
from tests.recorded_matches import finished_match


@dataclass(frozen=True, slots=True)
class Seated:
    SCHEMA_VERSION: ClassVar[int] = 1
    seats: tuple[SeatSpec, ...]
    hands: tuple[tuple[str, ...], ...]
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Timed:
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int
    seconds: int = field(kw_only=True)


@dataclass(frozen=True, slots=True)
class Checked:
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int

    def __post_init__(self) -> None:
        if self.seat < 0:
            raise ValueError(f"no seat {self.seat}")


@dataclass(frozen=True, slots=True)
class Ended:
    SCHEMA_VERSION: ClassVar[int] = 1


CODEC: EventCodec[Any] = EventCodec((Seated, Timed, Checked, Ended), {Seated: {"seats": SEATS}})
SEATS_DATA = [{"kind": "npc", "name": None, "level": "easy", "registered": False}]


def test_every_event_of_a_record_reads_back_as_it_was_written() -> None:
    store = InMemoryEventStore()
    record = store.read_stream(finished_match(store, "decoded", seats=5))
    game = game_of_type(record[0].type)
    for stored in record:
        data = json.loads(canonical_text(stored.data))  # as a store reads it: lists
        event = game.decode(split_type(stored.type)[1], stored.schema_version, data, None)
        assert json.loads(canonical_text(game.encode(event).data)) == data


def test_data_with_every_field_or_with_defaults_left_out_read_alike() -> None:
    hands = [["AK", "QJ"], []]
    every = CODEC.from_data("Seated", {"seats": SEATS_DATA, "hands": hands, "note": None})
    some = CODEC.from_data("Seated", {"hands": hands, "seats": SEATS_DATA})
    assert every == some == Seated((SeatSpec("npc", level="easy"),), (("AK", "QJ"), ()))


def test_data_with_every_field_reads_as_the_class_builds_it() -> None:
    data = {"hands": [["AK"], []], "note": "n", "seats": SEATS_DATA}  # keys in any order
    read = CODEC.from_data("Seated", data)
    built = Seated((SeatSpec("npc", level="easy"),), (("AK",), ()), "n")
    assert type(read) is Seated and read == built and hash(read) == hash(built)
    assert type(read.hands) is tuple and type(read.hands[0]) is tuple
    with pytest.raises(FrozenInstanceError):
        read.note = "changed"  # type: ignore[misc]


def test_a_class_with_a_post_init_is_built_by_its_init() -> None:
    assert CODEC.from_data("Checked", {"seat": 2}) == Checked(2)
    with pytest.raises(ValueError, match="no seat -1"):
        CODEC.from_data("Checked", {"seat": -1})


def test_a_class_of_no_fields_reads_back() -> None:
    assert CODEC.from_data("Ended", {}) == Ended()
    with pytest.raises(ValueError, match=r"no field\(s\) \['seat'\]"):
        CODEC.from_data("Ended", {"seat": 1})


def test_a_keyword_only_field_is_read_by_keyword() -> None:
    assert CODEC.from_data("Timed", {"seat": 1, "seconds": 30}) == Timed(1, seconds=30)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seats": [{"colour": "red"}], "hands": [], "note": None}, "Seated: .*colour"),
        ({"seats": [{"colour": "red"}], "hands": []}, "Seated: .*colour"),
        ({"seats": [], "hands": [], "note": None, "more": 1}, r"no field\(s\) \['more'\]"),
        ({"seats": [], "hands": [], "more": 1}, r"no field\(s\) \['more'\]"),  # as many keys
        ({"seats": [], "note": None}, "Seated: .*hands"),
        ([1, 2], r"no field\(s\) \[1, 2\]"),  # data that is no object (an edited jsonb)
    ],
)
def test_data_that_cannot_be_read_is_a_value_error_either_way(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        CODEC.from_data("Seated", data)


@pytest.mark.parametrize(
    ("value", "read"),
    [
        ([], ()),
        (["a", "b"], ("a", "b")),
        ([1, [2, [3]], []], (1, (2, (3,)), ())),
        ([{"a": [1]}, [2]], ({"a": [1]}, (2,))),
        ("text", "text"),
    ],
)
def test_lists_read_back_as_tuples_wherever_the_first_list_is(value: Any, read: Any) -> None:
    assert tuples(value) == read
    assert type(tuples(value)) is type(read)
