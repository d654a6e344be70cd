"""Flipside as the engine sees it: the `Game` interface over this package's rules.

Every method delegates to the module that owns the idea (rules, views, events, npc); this
file only translates between the engine's vocabulary and Flipside's (docs/rules/flipside.md).
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
from flipside.engine.plain import plain
from flipside.engine.seats import SeatSpec

from . import events as ev
from . import rules, views
from .cards import CardError, parse_cards, parse_oriented_cards
from .commands import ChooseOrientation, Command, CreateMatch, Exchange, TimeOut
from .npc.driver import next_command, npc_policies
from .npc.habits import HabitsProvider
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import FlipsideRecords
from .state import Match
from .upcasting import upcast
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_CARD = {"type": "string", "pattern": "^[2-9TJQKA]{2}$", "description": "a card (R3)"}


class Flipside:
    """The two-sided 78-card poker (R1-R17)."""

    id = "flipside"
    title: Mapping[str, str] = {"en": "Flipside", "ja": "上下ポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = ()
    records = FlipsideRecords()  # exports, replay text and audit checks (records.py)
    action_kinds = (
        ActionKind(
            "exchange",
            "Discard 0-5 of your cards and draw as many (R10), on your turn of the lap.",
            {"discard": {"type": "array", "items": _CARD, "maxItems": rules.HAND_SIZE}},
            ("discard",),
        ),
        ActionKind(
            "orientation",
            "Place your five cards, up rank first (R11); sealed until the showdown.",
            {
                "cards": {
                    "type": "array",
                    "items": _CARD,
                    "minItems": rules.HAND_SIZE,
                    "maxItems": rules.HAND_SIZE,
                }
            },
            ("cards",),
        ),
    )

    action_schema = ACTION_SCHEMA  # what legal_actions lists beside each kind
    view_schema = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    read_models = READ_MODELS  # its summary fields, round_facts and player counters

    refusals: Mapping[str, Refusal] = {
        "match_exists": "not_now",
        "match_over": "not_now",
        "seat_eliminated": "not_now",
        "wrong_phase": "not_now",  # R10-R11: exchange, then orientation
        "not_your_turn": "not_now",  # R10: one seat at a time
        "already_chosen": "not_now",  # R11: one placement a round
        "no_turn_timeout": "not_now",
        "not_timed_out": "not_now",
        "unknown_seat": "invalid",
        "invalid_seats": "invalid",  # R4
        "invalid_seed": "invalid",
        "invalid_options": "invalid",
        "invalid_cards": "invalid",  # R3
        "unknown_action": "invalid",
        "unknown_command": "invalid",
        "validation_error": "invalid",
    }

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        if raw:
            raise RuleViolation(
                "invalid_options", f"Flipside has no options: {', '.join(sorted(raw))}"
            )
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
    ) -> Command:
        return CreateMatch(match_id, tuple(seats), seed, seeded, turn_timeout_seconds)

    def initial_state(self) -> Match:
        return rules.initial_state()

    def execute(self, state: Match, command: Command) -> tuple[list[ev.Event], Match]:
        return rules.execute(state, command)

    def evolve(self, state: Match, event: ev.Event) -> Match:
        return rules.evolve(state, event)

    def progress(self, state: Match) -> Progress:
        to_act = state.seat_to_exchange
        awaiting = (to_act,) if to_act is not None else state.awaiting_orientation
        outcome = None
        if state.phase == "over":
            places = tuple(seat.place or 1 for seat in state.seats)
            outcome = Outcome(places, state.winner)
        return Progress(
            match_id=state.match_id,
            version=state.version,
            phase=state.phase,
            round=state.round,
            seats=tuple(seat.spec for seat in state.seats),
            awaiting=awaiting,
            turn_started=state.turn_started,
            turn_timeout_seconds=state.turn_timeout_seconds,
            outcome=outcome,
            seed=state.seed,
            deck_commitment=state.deck_commitment,
        )

    # --- moves over the wire -------------------------------------------------------------
    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        kind = body.get("kind")
        try:
            if kind == "exchange":
                return Exchange(seat, parse_cards(_list(body, "discard")))
            if kind == "orientation":
                return ChooseOrientation(seat, parse_oriented_cards(_list(body, "cards")))
        except CardError as error:
            raise RuleViolation("invalid_cards", str(error)) from None
        raise RuleViolation("unknown_action", f"Flipside has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        legal = views.legal_actions(views.view(state, seat))
        return [{"kind": kind, **details} for kind, details in legal.items()]

    def default_command(self, state: Match, seat: int, waited_seconds: int) -> Command:
        return TimeOut(seat, waited_seconds)  # keep every card; place them as they lie

    # --- what each viewer may see ---------------------------------------------------------
    def view(self, state: Match, viewer: Viewer, *, omniscient: bool = False) -> views.MatchView:
        return views.view(state, viewer, omniscient=omniscient)

    def view_json(self, view: views.MatchView) -> JSON:
        body: JSON = plain(view)
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
        return ev.from_data(name, upcast(name, schema_version, data, state))

    def command_behind(self, event: ev.Event) -> Command | None:
        return rules.command_behind(event)

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: Match, context: Any = None) -> Mapping[int, Policy]:
        habits: HabitsProvider | None = context
        return npc_policies(state, habits)

    def next_command(self, state: Match, policies: Mapping[int, Policy]) -> Command | None:
        return next_command(state, policies)


def _list(body: Mapping[str, Any], name: str) -> list[Any]:
    value = body.get(name)
    if not isinstance(value, list):
        raise RuleViolation("validation_error", f"{name!r} must be a list of cards")
    return value


GAME = Flipside()
