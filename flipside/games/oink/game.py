"""Oink Poker as the engine sees it: the `Game` interface over this package's rules.

Every method delegates to the module that owns the idea (rules, views, events, npc); this
file only translates between the engine's vocabulary and the game's (docs/rules/oink.md).
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
from .cards import HAND_SIZE, CardError, parse_cards
from .commands import Accept, Change, Command, CreateMatch, Knock, Oink, Pass, Roll, TimeOut
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import OinkRecords
from .state import Match
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_CARD = {
    "type": "string",
    "pattern": "^([AaKk]|[2-9]|1[0-2])[a-gA-G]$",
    "description": "a card: rank (A, 2-12, K) then symbol (a-g), e.g. '10e' (O5)",
}
_CARDS = {"type": "array", "items": _CARD, "minItems": 1, "maxItems": HAND_SIZE}
_SIMPLE = {"roll": Roll, "knock": Knock, "pass": Pass, "oink": Oink}


class OinkPoker:
    """The two-player poker with dice-made jokers (O1-O50)."""

    id = "oink"
    title: Mapping[str, str] = {"en": "Oink Poker", "ja": "オインクポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = ()
    records = OinkRecords()
    read_models = READ_MODELS
    action_schema = ACTION_SCHEMA  # what legal_actions lists beside each kind
    view_schema = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    action_kinds = (
        ActionKind(
            "change",
            "Discard 1-5 of your cards (no more than the deck holds) and draw as many (O17).",
            {"cards": _CARDS},
            ("cards",),
        ),
        ActionKind("roll", "Roll your own die: the joker number changes (O19)."),
        ActionKind("knock", "Call for a showdown after your action (O20)."),
        ActionKind("pass", "End your turn without a showdown (O16)."),
        ActionKind("oink", "Refuse the showdown: the knocker wins the deal (O21)."),
        ActionKind(
            "accept",
            "Accept the showdown, first preparing with nothing, a roll or a change (O22).",
            {
                "prep": {"type": "string", "enum": list(rules.PREPS), "default": "none"},
                "cards": {**_CARDS, "description": "the cards a change discards"},
            },
        ),
    )

    refusals: Mapping[str, Refusal] = {
        "match_exists": "not_now",
        "match_over": "not_now",
        "wrong_phase": "not_now",  # O43: action, call, answer
        "not_your_turn": "not_now",  # O15-O16, O20
        "deck_empty": "not_now",  # O18: roll instead
        "no_turn_timeout": "not_now",
        "not_timed_out": "not_now",
        "unknown_seat": "invalid",
        "invalid_seats": "invalid",  # O1
        "invalid_seed": "invalid",
        "invalid_options": "invalid",
        "invalid_cards": "invalid",  # O5, O17
        "invalid_prep": "invalid",  # O22
        "unknown_action": "invalid",
        "unknown_command": "invalid",
        "validation_error": "invalid",
    }

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        if raw:
            raise RuleViolation(
                "invalid_options", f"Oink Poker has no options: {', '.join(sorted(raw))}"
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
        outcome = None
        if state.winner is not None:
            outcome = Outcome(
                tuple(1 if seat == state.winner else 2 for seat in (0, 1)), state.winner
            )
        return Progress(
            match_id=state.match_id,
            version=state.version,
            phase=state.phase,
            round=state.deal,
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
        kind = body.get("kind")
        try:
            if kind == "change":
                return Change(seat, parse_cards(_list(body, "cards")))
            if kind == "accept":
                prep = body.get("prep", "none")
                cards = parse_cards(_list(body, "cards")) if "cards" in body else ()
                return Accept(seat, prep, cards)
        except CardError as error:
            raise RuleViolation("invalid_cards", str(error)) from None
        if isinstance(kind, str) and kind in _SIMPLE:
            return _SIMPLE[kind](seat)
        raise RuleViolation("unknown_action", f"Oink Poker has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return views.legal_actions(views.view(state, seat))

    def default_command(self, state: Match, seat: int, waited_seconds: int) -> Command:
        return TimeOut(seat, waited_seconds)  # roll and knock, knock, or accept

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


def _list(body: Mapping[str, Any], name: str) -> list[Any]:
    value = body.get(name)
    if not isinstance(value, list):
        raise RuleViolation("validation_error", f"{name!r} must be a list of cards")
    return value


GAME = OinkPoker()
