"""Juggernaut as the engine sees it: the `Game` interface over this package's rules.

Every method delegates to the module that owns the idea (rules, evolve, views, moves,
events, npc); this file only translates between the engine's vocabulary and the game's
(docs/rules/juggernaut.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from flipside.engine.plain import plain
from flipside.engine.seats import SeatSpec

from . import events as ev
from . import moves, params, rules, views
from .commands import Command, CreateMatch, TimeOut
from .evolve import evolve
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .prices import MAX_AUGMENT, METHODS
from .read_models import READ_MODELS
from .records import JuggernautRecords
from .state import SEATS, Match
from .view_schema import ACTION_SCHEMA, CARD, VIEW_SCHEMA

_CARD_INPUT = {**CARD, "pattern": "^([2-9TJQKAtjqka][cdhsCDHS]|[Jj][Kk])$"}  # either case
_SEAT = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}


class Juggernaut:
    """Juggernaut coin poker (J1-J43)."""

    id = "juggernaut"
    title: Mapping[str, str] = {"en": "Juggernaut", "ja": "ジャガーノート"}
    seats = range(SEATS, SEATS + 1)
    levels = rules.LEVELS
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = params.OPTION_SPECS
    records = JuggernautRecords()  # csv, replay text and audit checks (records.py)
    read_models = READ_MODELS  # its summary fields (read_models.py)
    action_schema = ACTION_SCHEMA  # what legal_actions lists beside each kind
    view_schema = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    refusals: Mapping[str, Refusal] = {
        "match_exists": "not_now",
        "match_over": "not_now",
        "wrong_phase": "not_now",
        "not_your_turn": "not_now",
        "reveal_pending": "not_now",  # J21a
        "insufficient_silver": "not_now",  # J3
        "deck_exhausted": "not_now",  # J26a
        "not_juggernaut": "not_now",  # J27
        "already_named": "not_now",  # J27
        "no_turn_timeout": "not_now",
        "not_timed_out": "not_now",
        "unknown_seat": "invalid",
        "invalid_seats": "invalid",  # J1
        "invalid_seed": "invalid",
        "invalid_options": "invalid",  # J7
        "invalid_count": "invalid",  # J20
        "invalid_method": "invalid",  # J22-J24
        "invalid_cards": "invalid",  # J22-J24
        "invalid_target": "invalid",  # J27
        "unknown_action": "invalid",
        "unknown_command": "invalid",
        "validation_error": "invalid",
    }
    action_kinds = (
        ActionKind(
            "augment",
            "Add 0-5 cards for 0, 1, 2, 4, 8 or 16 silver, once a set (J20).",
            {"count": {"type": "integer", "minimum": 0, "maximum": MAX_AUGMENT}},
            ("count",),
        ),
        ActionKind(
            "exchange",
            "Discard the cards picked (individual), all but those picked (keep) or the whole "
            "hand (all) and draw as many; picking m cards costs 2^(m-1), all 1 (J22-J25).",
            {
                "method": {"type": "string", "enum": list(METHODS)},
                "cards": {"type": "array", "items": _CARD_INPUT, "maxItems": 10},
            },
            ("method",),
        ),
        ActionKind(
            "reveal",
            "As the Juggernaut, on your exchange turn: see a citizen's hand, 1 silver (J27).",
            {"target": _SEAT},
            ("target",),
        ),
        ActionKind("done", "End your exchange turn (J21a)."),
        ActionKind("allow", "Let the Juggernaut see your hand (J28)."),
        ActionKind("refuse", "Refuse the reveal for 1 silver (J28)."),
        ActionKind("exchange_gold", "Pay G silver for one gold at the set's end (J34)."),
        ActionKind("decline_gold", "Keep your silver at the set's end (J34)."),
    )

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        return params.options(raw)

    def create(
        self,
        match_id: str,
        seats: Sequence[SeatSpec],
        seed: bytes,
        *,
        seeded: bool,
        options: Mapping[str, Any],
        turn_timeout_seconds: int | None,
    ) -> Command:
        chosen = params.Params.of(params.options(options))
        return CreateMatch(match_id, tuple(seats), seed, chosen, seeded, turn_timeout_seconds)

    def initial_state(self) -> Match:
        return Match()

    def execute(self, state: Match, command: Command) -> tuple[list[ev.Event], Match]:
        return rules.execute(state, command)

    def evolve(self, state: Match, event: ev.Event) -> Match:
        return evolve(state, event)

    def progress(self, state: Match) -> Progress:
        outcome = Outcome(state.places, state.winner) if state.phase == "over" else None
        return Progress(
            match_id=state.match_id,
            version=state.version,
            phase=state.phase,
            round=state.set_no,
            seats=tuple(seat.spec for seat in state.seats),
            awaiting=state.awaiting,
            turn_started=state.turn_started,
            turn_timeout_seconds=state.turn_timeout_seconds,
            outcome=outcome,
            seed=state.seed,
            deck_commitment=state.deck_commitment,
        )

    # --- moves over the wire -------------------------------------------------------------
    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        return moves.parse_action(seat, body)

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return moves.legal_actions(views.view(state, seat))

    def default_command(self, state: Match, seat: int, waited_seconds: int) -> Command:
        return TimeOut(seat, waited_seconds)  # J40b

    # --- what each viewer may see ---------------------------------------------------------
    def view(self, state: Match, viewer: Viewer, *, omniscient: bool = False) -> views.MatchView:
        return views.view(state, viewer, omniscient=omniscient)

    def view_json(self, view: views.MatchView) -> JSON:
        body: JSON = plain(view)
        body["params"] = params.as_options(view.params)
        for seat in body["seats"]:
            seat["type"] = seat.pop("kind")
        return body

    def redact(self, event: ev.Event, viewer: Viewer, *, omniscient: bool = False) -> ev.Event:
        return views.redact(event, viewer, omniscient=omniscient)

    # --- events as stored -----------------------------------------------------------------
    def encode(self, event: ev.Event) -> EncodedEvent:
        return EncodedEvent(type(event).__name__, ev.to_data(event), event.SCHEMA_VERSION)

    def decode(
        self, name: str, schema_version: int, data: Mapping[str, Any], state: Match
    ) -> ev.Event:
        cls = ev.EVENT_TYPES.get(name)
        if cls is not None and schema_version != cls.SCHEMA_VERSION:
            raise ValueError(f"{name} has no schema version {schema_version}")
        return ev.from_data(name, data)

    def command_behind(self, event: ev.Event) -> Command | None:
        return rules.command_behind(event)

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: Match, context: Any = None) -> Mapping[int, Policy]:
        return npc_policies(state)

    def next_command(self, state: Match, policies: Mapping[int, Policy]) -> Command | None:
        return next_command(state, policies)


GAME = Juggernaut()
