"""Orc Poker as the engine sees it: the `Game` interface over this package's rules.

Every method delegates to the module that owns the idea (rules, evolve, views, events, npc);
this file only translates between the engine's vocabulary and Orc Poker's
(docs/rules/orc.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flipside.engine.errors import RuleViolation
from flipside.engine.game import (
    JSON,
    ActionKind,
    EncodedEvent,
    Option,
    Outcome,
    Progress,
    Refusal,
    Viewer,
)
from flipside.engine.seats import SeatSpec

from . import commands as cmd
from . import events as ev
from . import evolve as folding
from . import rules, views
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import OrcRecords
from .standings import outcome_places
from .state import Match
from .view_schema import ACTION_SCHEMA, NUMBER, VIEW_SCHEMA

_TURN = {"draw": cmd.Draw, "give_up": cmd.GiveUp}


class Orc:
    """Orc Poker, the push-your-luck chip game for 3 to 8 players (K1-K41)."""

    id = "orc"
    title: Mapping[str, str] = {"en": "Orc Poker", "ja": "オークポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    rules_version = ev.RULES_VERSION
    option_specs = (
        Option("long", "boolean", False, "The long game: 50 chips and 10 rounds (K4, K5)."),
        Option("escalating_fee", "boolean", False, "Entry fee 1 2 3 4 5 1 2 ... (K31)."),
    )
    action_schema = ACTION_SCHEMA  # what legal_actions lists beside each kind
    view_schema = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    records = OrcRecords()  # its csv, replay text and audit checks (records.py)
    read_models = READ_MODELS  # its summary fields and round rows (read_models.py)
    refusals: Mapping[str, Refusal] = {
        "match_exists": "not_now",
        "match_over": "not_now",
        "wrong_phase": "not_now",  # K36: opening, tiebreak, contribute, turn
        "not_your_turn": "not_now",  # K12, K17, K18
        "already_chosen": "not_now",  # K10: a sealed choice is final
        "number_not_allowed": "not_now",  # K10, K12.2-3, K17: the hand and row decide
        "no_turn_timeout": "not_now",
        "not_timed_out": "not_now",
        "unknown_seat": "invalid",
        "invalid_seats": "invalid",  # K1
        "invalid_seed": "invalid",
        "invalid_options": "invalid",  # K4
        "invalid_number": "invalid",  # K2: a card is a number 1 to 10
        "unknown_action": "invalid",
        "unknown_command": "invalid",
        "validation_error": "invalid",
    }
    action_kinds = (
        ActionKind(
            "opening", "Lay your opening card face down (K10).", {"number": NUMBER}, ("number",)
        ),
        ActionKind(
            "tiebreak",
            "Tied for the start: lay another card face down (K12).",
            {"number": NUMBER},
            ("number",),
        ),
        ActionKind(
            "contribute",
            "Lay a card face down for this phase's action deck (K17).",
            {"number": NUMBER},
            ("number",),
        ),
        ActionKind("draw", "Turn up the action deck's top card into your row (K19, K20)."),
        ActionKind("give_up", "Pay the smallest visible number and leave the round (K21)."),
    )

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        known = {option.name: option for option in self.option_specs}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise RuleViolation("invalid_options", f"Orc Poker has no option(s) {unknown}")
        for name, value in raw.items():
            if type(value) is not bool:
                raise RuleViolation("invalid_options", f"option {name!r} is true or false")
        return {name: raw.get(name, option.default) for name, option in known.items()}

    def create(
        self,
        match_id: str,
        seats: Sequence[SeatSpec],
        seed: bytes,
        *,
        seeded: bool,
        options: Mapping[str, Any],
        turn_timeout_seconds: int | None,
    ) -> cmd.Command:
        return cmd.CreateMatch(
            match_id,
            tuple(seats),
            seed,
            seeded,
            bool(options.get("long", False)),
            bool(options.get("escalating_fee", False)),
            turn_timeout_seconds,
        )

    def initial_state(self) -> Match:
        return folding.initial_state()

    def execute(self, state: Match, command: cmd.Command) -> tuple[list[ev.Event], Match]:
        return rules.execute(state, command)

    def evolve(self, state: Match, event: ev.Event) -> Match:
        return folding.evolve(state, event)

    def progress(self, state: Match) -> Progress:
        return Progress(
            match_id=state.match_id,
            version=state.version,
            phase=state.phase,
            round=state.round,
            seats=tuple(seat.spec for seat in state.seats),
            awaiting=state.awaiting,
            turn_started=state.turn_started,
            turn_timeout_seconds=state.turn_timeout_seconds,
            outcome=outcome(state),
            seed=state.seed,
            deck_commitment=state.deck_commitment,
        )

    # --- moves over the wire -------------------------------------------------------------
    def parse_action(self, seat: int, body: Mapping[str, Any]) -> cmd.Command:
        kind = body.get("kind")
        if not isinstance(kind, str):
            raise RuleViolation("unknown_action", f"an action's kind is a string, not {kind!r}")
        if kind in _TURN:
            return _TURN[kind](seat)
        if kind in cmd.SEALED_ACTIONS:
            number: Any = body.get("number")  # K36: the decider checks it (invalid_number)
            return cmd.SEALED_ACTIONS[kind](seat, number)
        raise RuleViolation("unknown_action", f"Orc Poker has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return views.legal_actions(views.view(state, seat))

    def default_command(self, state: Match, seat: int, waited_seconds: int) -> cmd.Command:
        return cmd.TimeOut(seat, waited_seconds)

    # --- what each viewer may see ---------------------------------------------------------
    def view(self, state: Match, viewer: Viewer, *, omniscient: bool = False) -> views.MatchView:
        return views.view(state, viewer, omniscient=omniscient)

    def view_json(self, view: views.MatchView) -> JSON:
        return views.view_json(view)

    def redact(self, event: ev.Event, viewer: Viewer, *, omniscient: bool = False) -> ev.Event:
        return views.redact(event, viewer, omniscient=omniscient)

    # --- events as stored -----------------------------------------------------------------
    def encode(self, event: ev.Event) -> EncodedEvent:
        return EncodedEvent(type(event).__name__, ev.to_data(event), event.SCHEMA_VERSION)

    def decode(
        self, name: str, schema_version: int, data: Mapping[str, Any], state: Match
    ) -> ev.Event:
        cls = ev.EVENT_TYPES.get(name)
        if cls is None:
            raise ValueError(f"unknown event type {name!r}")
        if schema_version != cls.SCHEMA_VERSION:  # no older versions yet: nothing to upcast
            raise ValueError(
                f"{name} has schema version {cls.SCHEMA_VERSION}, not {schema_version}"
            )
        return ev.from_data(name, data)

    def command_behind(self, event: ev.Event) -> cmd.Command | None:
        return rules.command_behind(event)

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: Match, context: Any = None) -> Mapping[int, Policy]:
        return npc_policies(state)

    def next_command(self, state: Match, policies: Mapping[int, Policy]) -> cmd.Command | None:
        return next_command(state, policies)


def outcome(state: Match) -> Outcome | None:
    """The engine's outcome: a shared victory (K30) names the winner drawn by lot
    (`standings.outcome_places`)."""
    if state.phase != "over" or state.first is None:
        return None
    return Outcome(outcome_places(state.places, state.first), state.first)


GAME = Orc()
