"""The `Game` interface: everything the engine needs from a game, and nothing more.

A game is data plus a pure state machine. The engine (service, records, projections, API,
command line) holds a `Game` and its opaque state, event and command values, and never
looks inside them: every question it has about a match is a method here. Only
``flipside/games/<game>/`` knows a game's events, moves and cards.

Type parameters: ``S`` the game's state, ``E`` its events, ``C`` its commands, ``V`` the
view one seat (or a spectator) has of a match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from .read_models import GameReadModels
from .seats import SeatSpec

if TYPE_CHECKING:  # records.py imports this module: a type-only import, no cycle
    from .records import GameRecords

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")
V = TypeVar("V")
P = TypeVar("P")

Viewer = int | None  # a seat number, or None for a spectator
# What a refused command's code means to a client: "invalid" can never be right as sent;
# "not_now" is not allowed in the match's present state (another moment may allow it).
Refusal = Literal["invalid", "not_now"]
Status = Literal["active", "finished"]
JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Option:
    """One option a match of the game may be created with (``POST /v1/matches`` ``options``).

    An ``integer`` lies from `minimum` to `maximum` (either may be None: unbounded); a
    ``string`` may be limited to `choices`. An ``array`` is a JSON array of objects, each with
    exactly the fields `items` describes (integers, booleans or strings, all required, so
    their defaults are None); its default is a tuple (``()``: no entries).
    """

    name: str
    kind: Literal["integer", "boolean", "string", "array"]
    default: Any
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    items: tuple[Option, ...] | None = None  # an array's item fields


@dataclass(frozen=True, slots=True)
class ActionKind:
    """One kind of move: its name and its parameters as a JSON Schema object's properties."""

    kind: str
    description: str
    properties: Mapping[str, JSON] = field(default_factory=dict)
    required: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended: each seat's place (1 = winner), the winner, and each
    seat's score as the game's `Score` counts it (derived from the final state, never
    stored: the events alone decide it)."""

    places: tuple[int, ...]
    winner: int | None
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Score:
    """What the scores of a game's `Outcome` count, and how a summary over many matches
    states them: as they are, or `per` so many rounds played where matches of different
    lengths are compared (Hold'em's chips won per 100 hands, H47a).

    >>> Score("chips won", per=(100, "hands")).unit
    'chips won per 100 hands'
    """

    counts: str  # one seat's score: "final chips", "life points", "captured cards"
    per: tuple[int, str] | None = None  # (rounds, the game's word for them)

    @property
    def unit(self) -> str:
        """The unit of a summary of scores."""
        return self.counts if self.per is None else f"{self.counts} per {self.per[0]} {self.per[1]}"


@dataclass(frozen=True, slots=True)
class Progress:
    """What the engine needs to know of a match's state, in the game's own terms.

    ``awaiting`` is every seat the match waits for now: one seat on a turn, several for
    sealed simultaneous choices. ``turn_started`` is the version of the event that began the
    current wait: the turn timeout's clock of every awaited seat starts when it was stored.
    """

    match_id: str
    version: int  # events applied: the stream version
    phase: str
    round: int  # the current round, hand, deal or set, from 1 (0 before the first)
    seats: tuple[SeatSpec, ...]
    awaiting: tuple[int, ...]
    turn_started: int
    turn_timeout_seconds: int | None
    outcome: Outcome | None
    seed: bytes  # secret: for the computer players' random streams only
    deck_commitment: str

    @property
    def status(self) -> Status:
        return "finished" if self.outcome is not None else "active"


@dataclass(frozen=True, slots=True)
class EncodedEvent:
    """An event as stored: its unqualified type name, JSON data and schema version."""

    name: str
    data: JSON
    schema_version: int


class Game(Protocol[S, E, C, V, P]):
    """What a game supplies to the engine (docs/architecture.md, "Add a game")."""

    id: str  # "flipside", "holdem", ...
    title: Mapping[str, str]  # {"en": ..., "ja": ...}
    seats: range  # allowed seat counts
    levels: tuple[str, ...]  # computer-player levels, weakest first
    score: Score  # what `Outcome.scores` count
    rules_version: str
    option_specs: tuple[Option, ...]
    records: GameRecords  # its formats, replay text and audit checks (records.py)
    action_kinds: tuple[ActionKind, ...]
    action_schema: JSON  # a legal action's fields beside "kind": {"properties", "required"}
    view_schema: JSON  # its view's fields beside the envelope's, and "seat": its seats'
    refusals: Mapping[str, Refusal]  # every RuleViolation code its rules raise, and its kind
    read_models: GameReadModels  # its part of the read models (flipside/projections)

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        """`raw` validated, defaults filled in; `RuleViolation` ``invalid_options``."""
        ...

    def create(
        self,
        match_id: str,
        seats: Sequence[SeatSpec],
        seed: bytes,
        *,
        seeded: bool,
        options: Mapping[str, Any],
        turn_timeout_seconds: int | None,
    ) -> C: ...

    def initial_state(self) -> S: ...

    def execute(self, state: S, command: C) -> tuple[list[E], S]:
        """The events `command` causes and the state after them; never mutates;
        `RuleViolation` with a stable code for an illegal command."""
        ...

    def evolve(self, state: S, event: E) -> S: ...

    def progress(self, state: S) -> Progress: ...

    # --- moves over the wire -------------------------------------------------------------
    def parse_action(self, seat: int, body: Mapping[str, Any]) -> C:
        """The command for ``{"kind": ..., ...}`` from `seat`; `RuleViolation` if malformed."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[JSON]:
        """What `seat` may do now: ``[{"kind": ..., <parameters: cards, min, max...>}]``."""
        ...

    def legal_actions_seen(self, state: S, seat: int, view: V) -> list[JSON]:
        """`legal_actions(state, seat)`, given `view`, the seat's ``view(state, seat)``
        already built: a caller that needs both (the learning environment, every step)
        saves building the view a second time."""
        ...

    def default_command(self, state: S, seat: int, waited_seconds: int) -> C:
        """The move made for an awaited person whose turn timed out."""
        ...

    # --- what each viewer may see (the only redaction points) -----------------------------
    def view(self, state: S, viewer: Viewer, *, omniscient: bool = False) -> V: ...

    def view_json(self, view: V) -> JSON:
        """The game's own fields of a view, JSON-ready, hidden values ``None``; the envelope
        (`flipside.engine.envelope.envelope`) is added by the engine."""
        ...

    def redact(self, event: E, viewer: Viewer, *, omniscient: bool = False) -> E: ...

    # --- events as stored -----------------------------------------------------------------
    def encode(self, event: E) -> EncodedEvent: ...

    def decode(self, name: str, schema_version: int, data: Mapping[str, Any], state: S) -> E:
        """The event stored as `name` at `schema_version`, upcast to the current version.

        `state` is the match before the event, for upcasters that need context a record
        of an old version lacks. Raises ``ValueError`` for an unknown type or field.
        """
        ...

    def command_behind(self, event: E) -> C | None:
        """The command whose decision began with `event` (for the audit), else None."""
        ...

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: S, context: Any = None) -> Mapping[int, P]:
        """A policy for each computer seat; `context` is what the host offers them (e.g.
        a provider of the habits of the people at the table)."""
        ...

    def next_command(self, state: S, policies: Mapping[int, P]) -> C | None:
        """The next move of an awaited seat that has a policy, decided from its view only."""
        ...
