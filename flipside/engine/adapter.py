"""The `Game` interface's plain delegation, written once: a game's ``game.py`` subclasses
`GameAdapter`, names the modules that own each idea, and writes only what is its own.

Most of what the engine asks a game is answered by one function of one of its modules:
the decider (`Decider`: the initial state, ``execute``, ``evolve``, the command behind an
event, the move made for a seat whose turn timed out), the redaction point (`Sight`: a
viewer's view, an event as a viewer may see it), the computer players (`Computers`) and the
stored form of its events (`flipside.engine.event_codec.EventCodec`). What differs between
games stays in the game: the command that creates a match (`GameAdapter.new_match`), its
`progress` (built with `progress_of`), how an action's JSON becomes a command, what a seat
may do now. A game's view begins with the engine's `flipside.engine.views.MatchHead` and
`SeatHead`; `view_json` is `flipside.engine.views.view_body`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .errors import RuleViolation
from .event_codec import EventCodec, Versioned
from .frozen import builder
from .game import JSON, EncodedEvent, Outcome, Progress, Viewer
from .seats import SeatSpec
from .views import view_body

S = TypeVar("S")
E = TypeVar("E", bound=Versioned)
C = TypeVar("C")
V = TypeVar("V")
P = TypeVar("P")
S_contra = TypeVar("S_contra", contravariant=True)
V_co = TypeVar("V_co", covariant=True)
E_in = TypeVar("E_in")


@dataclass(frozen=True, slots=True)
class Decider(Generic[S, E, C]):
    """A game's pure state machine, and the commands an audit rebuilds from its events."""

    initial_state: Callable[[], S]
    execute: Callable[[S, C], tuple[list[E], S]]
    evolve: Callable[[S, E], S]
    command_behind: Callable[[E], C | None]
    time_out: Callable[[int, int], C]  # (seat, waited seconds): its default move follows


class ViewOf(Protocol[S_contra, V_co]):
    def __call__(self, state: S_contra, viewer: Viewer, *, omniscient: bool = False) -> V_co: ...


class Redaction(Protocol[E_in]):
    def __call__(self, event: E_in, viewer: Viewer, *, omniscient: bool = False) -> E_in: ...


@dataclass(frozen=True, slots=True)
class Sight(Generic[S, E, V]):
    """A game's only redaction point: what a viewer sees of a match and of each event."""

    view: ViewOf[S, V]
    redact: Redaction[E]


@dataclass(frozen=True, slots=True)
class Computers(Generic[S, C, P]):
    """A game's computer players: a policy per computer seat, and their next move."""

    policies: Callable[[S], Mapping[int, P]]
    next_command: Callable[[S, Mapping[int, P]], C | None]


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What `Game.create` is given: the game builds its creation command from it."""

    match_id: str
    seats: tuple[SeatSpec, ...]
    seed: bytes
    seeded: bool
    options: Mapping[str, Any]
    turn_timeout_seconds: int | None


class GameAdapter(ABC, Generic[S, E, C, V, P]):
    """The `Game` methods that only delegate, over the parts a subclass names."""

    title: Mapping[str, str]
    decider: Decider[S, E, C]
    sight: Sight[S, E, V]
    computers: Computers[S, C, P]
    codec: EventCodec[E]
    # What a seat may do now (`Game.legal_actions`): every game writes its own.
    legal_actions: Callable[[S, int], list[JSON]]

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        """A game without options refuses any (a game with some overrides this)."""
        if raw:
            names = ", ".join(sorted(raw))
            raise RuleViolation("invalid_options", f"{self.title['en']} has no options: {names}")
        return {}

    def create(
        self,
        match_id: str,
        seats: Sequence[SeatSpec],
        seed: bytes,
        *,
        seeded: bool,
        options: Mapping[str, Any],
        turn_timeout_seconds: int | None,
    ) -> C:
        setup = NewMatch(match_id, tuple(seats), seed, seeded, options, turn_timeout_seconds)
        return self.new_match(setup)

    @abstractmethod
    def new_match(self, setup: NewMatch) -> C:
        """The game's command that creates a match as `setup` says."""

    def initial_state(self) -> S:
        return self.decider.initial_state()

    def execute(self, state: S, command: C) -> tuple[list[E], S]:
        return self.decider.execute(state, command)

    def evolve(self, state: S, event: E) -> S:
        return self.decider.evolve(state, event)

    def legal_actions_seen(self, state: S, seat: int, view: V) -> list[JSON]:
        """A game that reads its legal actions from the seat's view overrides this."""
        return self.legal_actions(state, seat)

    def default_command(self, state: S, seat: int, waited_seconds: int) -> C:
        return self.decider.time_out(seat, waited_seconds)

    def command_behind(self, event: E) -> C | None:
        return self.decider.command_behind(event)

    # --- what each viewer may see ---------------------------------------------------------
    def view(self, state: S, viewer: Viewer, *, omniscient: bool = False) -> V:
        return self.sight.view(state, viewer, omniscient=omniscient)

    def view_json(self, view: V) -> JSON:
        return view_body(view)

    def redact(self, event: E, viewer: Viewer, *, omniscient: bool = False) -> E:
        return self.sight.redact(event, viewer, omniscient=omniscient)

    # --- events as stored -----------------------------------------------------------------
    def encode(self, event: E) -> EncodedEvent:
        return self.codec.encode(event)

    def decode(self, name: str, schema_version: int, data: Mapping[str, Any], state: S) -> E:
        return self.codec.decode(name, schema_version, data, state)

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: S, context: Any = None) -> Mapping[int, P]:
        """A policy per computer seat (a game whose players read `context` overrides this)."""
        return self.computers.policies(state)

    def next_command(self, state: S, policies: Mapping[int, P]) -> C | None:
        return self.computers.next_command(state, policies)


def card_list(body: Mapping[str, Any], name: str) -> list[Any]:
    """The cards an action's JSON lists under `name`, not yet read as cards;
    `RuleViolation` ``validation_error`` if they are not a JSON array."""
    value = body.get(name)
    if not isinstance(value, list):
        raise RuleViolation("validation_error", f"{name!r} must be a list of cards")
    return value


class MatchState(Protocol):
    """What `progress_of` reads of a game's state: the fields every game's state has."""

    @property
    def match_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def specs(self) -> tuple[SeatSpec, ...]: ...
    @property
    def turn_started(self) -> int: ...
    @property
    def turn_timeout_seconds(self) -> int | None: ...
    @property
    def seed(self) -> bytes: ...
    @property
    def deck_commitment(self) -> str: ...


def progress_of(
    state: MatchState, round_no: int, awaiting: tuple[int, ...], outcome: Outcome | None
) -> Progress:
    """The engine's `Progress` of `state`, given what only the game can tell: the current
    unit of play (round, hand, deal or set), the seats awaited and, once over, the outcome."""
    return _new_progress(  # Progress's fields, in order
        state.match_id,
        state.version,
        state.phase,
        round_no,
        state.specs,
        awaiting,
        state.turn_started,
        state.turn_timeout_seconds,
        outcome,
        state.seed,
        state.deck_commitment,
    )


# Built once per state change, in every environment step and computer move.
_new_progress = builder(Progress)
