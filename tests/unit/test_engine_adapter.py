"""The `Game` interface's plain delegation (`flipside.engine.adapter`): a game names its
parts and the engine's questions reach them, unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest

from flipside.engine import adapter, views
from flipside.engine.adapter import Computers, Decider, GameAdapter, NewMatch, Sight
from flipside.engine.errors import RuleViolation
from flipside.engine.event_codec import EventCodec
from flipside.engine.game import JSON, Outcome, Progress, Viewer
from flipside.engine.seats import SeatSpec


@dataclass(frozen=True)
class Seat:
    spec: SeatSpec
    coins: int = 3


@dataclass(frozen=True)
class Count:
    match_id: str = ""
    version: int = 0
    phase: str = "counting"
    seats: tuple[Seat, ...] = ()
    total: int = 0
    turn_started: int = 0
    turn_timeout_seconds: int | None = None
    seed: bytes = b""
    deck_commitment: str = ""

    @property
    def specs(self) -> tuple[SeatSpec, ...]:
        return tuple(seat.spec for seat in self.seats)


@dataclass(frozen=True)
class Added:
    SCHEMA_VERSION: ClassVar[int] = 1
    seat: int
    amount: int


@dataclass(frozen=True)
class Add:
    seat: int
    amount: int


@dataclass(frozen=True)
class CountView:
    total: int | None
    seats: tuple[Any, ...]


@dataclass(frozen=True)
class SeatView:
    seat: int
    kind: str


def evolve(state: Count, event: Added) -> Count:
    return replace(state, version=state.version + 1, total=state.total + event.amount)


def execute(state: Count, command: Add) -> tuple[list[Added], Count]:
    event = Added(command.seat, command.amount)
    return [event], evolve(state, event)


def view(state: Count, viewer: Viewer, *, omniscient: bool = False) -> CountView:
    seats = tuple(SeatView(index, seat.spec.kind) for index, seat in enumerate(state.seats))
    return CountView(state.total if omniscient or viewer is not None else None, seats)


def redact(event: Added, viewer: Viewer, *, omniscient: bool = False) -> Added:
    return event if omniscient or viewer == event.seat else replace(event, amount=0)


class Counting(GameAdapter[Count, Added, Add, CountView, str]):
    title: Mapping[str, str] = {"en": "Counting"}
    decider = Decider(Count, execute, evolve, lambda event: Add(event.seat, event.amount), Add)
    sight = Sight(view, redact)
    computers = Computers(
        lambda state: {1: "greedy"}, lambda state, policies: Add(1, 2) if policies else None
    )
    codec: EventCodec[Added] = EventCodec((Added,))

    def new_match(self, setup: NewMatch) -> Add:
        return Add(len(setup.seats), setup.turn_timeout_seconds or 0)

    def progress(self, state: Count) -> Progress:
        return adapter.progress_of(state, state.total, (0,), None)


GAME = Counting()


def test_the_decider_s_functions_answer_for_the_game() -> None:
    state = GAME.initial_state()
    assert state == Count()
    events, after = GAME.execute(state, Add(0, 4))
    assert (events, after.total) == ([Added(0, 4)], 4)
    assert GAME.evolve(after, Added(1, 1)).total == 5
    assert GAME.command_behind(Added(1, 1)) == Add(1, 1)
    assert GAME.default_command(after, 1, 99) == Add(1, 99)


def test_create_hands_the_game_its_setup() -> None:
    seats = [SeatSpec("human", name="Ana"), SeatSpec("npc", level="easy")]
    command = GAME.create("m", seats, b"s", seeded=True, options={}, turn_timeout_seconds=7)
    assert command == Add(2, 7)


def test_a_game_without_options_refuses_any_by_name() -> None:
    assert GAME.options({}) == {}
    with pytest.raises(RuleViolation, match=r"^Counting has no options: a, b$") as error:
        GAME.options({"b": 1, "a": 2})
    assert error.value.code == "invalid_options"


def test_the_views_and_redactions_are_the_sight_s() -> None:
    state = Count(seats=(Seat(SeatSpec("npc", level="easy")),), total=3)
    assert GAME.view(state, None) == CountView(None, (SeatView(0, "npc"),))
    assert GAME.view(state, None, omniscient=True).total == 3
    assert GAME.redact(Added(1, 5), 0) == Added(1, 0)
    assert GAME.redact(Added(1, 5), 0, omniscient=True) == Added(1, 5)
    assert GAME.view_json(GAME.view(state, 0)) == {
        "total": 3,
        "seats": [{"seat": 0, "type": "npc"}],
    }


def test_events_are_stored_by_the_codec() -> None:
    encoded = GAME.encode(Added(1, 5))
    assert (encoded.name, encoded.data, encoded.schema_version) == (
        "Added",
        {"seat": 1, "amount": 5},
        1,
    )
    assert GAME.decode("Added", 1, {"seat": 1, "amount": 5}, Count()) == Added(1, 5)


def test_the_computer_players_are_the_game_s() -> None:
    policies = GAME.policies(Count(), context="ignored")
    assert policies == {1: "greedy"}
    assert GAME.next_command(Count(), policies) == Add(1, 2)
    assert GAME.next_command(Count(), {}) is None


def test_progress_reads_the_fields_every_state_has() -> None:
    state = Count("m", 4, "counting", (Seat(SeatSpec("human", name="Ana")),), 2, 3, 30, b"x", "c")
    outcome = Outcome((1,), 0, (7,))
    assert adapter.progress_of(state, 5, (0,), outcome) == Progress(
        match_id="m",
        version=4,
        phase="counting",
        round=5,
        seats=(SeatSpec("human", name="Ana"),),
        awaiting=(0,),
        turn_started=3,
        turn_timeout_seconds=30,
        outcome=outcome,
        seed=b"x",
        deck_commitment="c",
    )


def test_a_view_body_names_each_seat_s_kind_its_type() -> None:
    body: JSON = views.view_body(CountView(1, (SeatView(0, "human"), SeatView(1, "npc"))))
    assert body == {"total": 1, "seats": [{"seat": 0, "type": "human"}, {"seat": 1, "type": "npc"}]}
    assert list(body["seats"][0]) == ["seat", "type"]
