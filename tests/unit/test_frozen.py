"""`flipside.engine.frozen`: frozen slots dataclasses built and replaced without their
``__init__``, which must give what the dataclass's own would, and refuse what it cannot."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flipside.engine.frozen import builder, replace, replacer


@dataclass(frozen=True, slots=True)
class Seat:
    chips: int
    hand: tuple[str, ...]
    out: bool | None = None


@dataclass(frozen=True, slots=True)
class Table(Seat):  # fields of a base class too
    name: str = "t"


@given(
    st.integers(),
    st.lists(st.text(max_size=2)).map(tuple),
    st.sampled_from([None, True, False]),
    st.dictionaries(st.sampled_from(["chips", "hand", "out", "name"]), st.integers()),
)
def test_a_replace_is_the_dataclass_replace(
    chips: int, hand: tuple[str, ...], out: bool | None, changes: dict[str, int]
) -> None:
    table = builder(Table)(chips, hand, out, "x")
    assert table == Table(chips, hand, out, "x")
    replaced = replace(table, **changes)
    assert replaced == dataclasses.replace(table, **changes)
    assert type(replaced) is Table and replaced is not table
    with pytest.raises(dataclasses.FrozenInstanceError):
        replaced.chips = 0  # type: ignore[misc]


def test_a_change_to_no_field_is_refused_and_the_instance_kept() -> None:
    seat = Seat(1, ("AK",))
    with pytest.raises(TypeError, match=r"Seat has no field\(s\) \['colour'\]"):
        replace(seat, chips=2, colour="red")
    assert seat == Seat(1, ("AK",))


@dataclass(frozen=True, slots=True)
class Checked:
    chips: int

    def __post_init__(self) -> None:
        if self.chips < 0:
            raise ValueError("chips")


@dataclass(frozen=True, slots=True)
class Counted:
    chips: int
    seen: int = field(default=0, init=False)


@dataclass(frozen=True)
class Unslotted:
    chips: int


@dataclass(slots=True)
class Mutable:
    chips: int


@pytest.mark.parametrize("cls", [Checked, Counted])
def test_classes_whose_init_does_more_are_refused(cls: type) -> None:
    with pytest.raises(ValueError, match="does more than set its fields"):
        replacer(cls)


@pytest.mark.parametrize("cls", [Unslotted, Mutable])
def test_classes_not_frozen_with_slots_are_refused(cls: type) -> None:
    with pytest.raises(ValueError, match="not a frozen slots dataclass"):
        builder(cls)
    with pytest.raises(ValueError, match="not a frozen slots dataclass"):
        replacer(cls)
