"""Flipside as the engine sees it: the `Game` interface over this package's rules.

The engine's `GameAdapter` delegates each method to the module that owns the idea (rules,
views, events, npc) that this class names; the rest translates between the engine's
vocabulary and Flipside's (docs/rules/flipside.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flipside.engine.adapter import (
    Computers,
    Decider,
    GameAdapter,
    NewMatch,
    Sight,
    card_list,
    progress_of,
)
from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON, ActionKind, Option, Outcome, Progress, Refusal, Score

from . import events as ev
from . import rules, views
from .cards import CardError, parse_cards, parse_oriented_cards
from .commands import ChooseOrientation, Command, CreateMatch, Exchange, TimeOut
from .npc.driver import next_command, npc_policies
from .npc.habits import HabitsProvider
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import RECORDS
from .state import Match
from .upcasting import UPCASTING
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_CARD = {"type": "string", "pattern": "^[2-9TJQKA]{2}$", "description": "a card (R3)"}


class Flipside(GameAdapter[Match, ev.Event, Command, views.MatchView, Policy]):
    """The two-sided 78-card poker (R1-R17)."""

    id = "flipside"
    title: Mapping[str, str] = {"en": "Flipside", "ja": "上下ポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    score = Score("life points")  # R5
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = ()
    records = RECORDS  # exports, replay text and audit checks (records.py)
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

    # A timed-out seat's move (TimeOut): keep every card, place them as they lie.
    decider = Decider(
        rules.initial_state, rules.execute, rules.evolve, rules.command_behind, TimeOut
    )
    sight = Sight(views.view, views.redact)
    computers = Computers(npc_policies, next_command)
    codec = UPCASTING  # every schema version Flipside has written (upcasting.py)

    def new_match(self, setup: NewMatch) -> Command:
        return CreateMatch(
            setup.match_id, setup.seats, setup.seed, setup.seeded, setup.turn_timeout_seconds
        )

    def progress(self, state: Match) -> Progress:
        outcome = None
        if state.phase == "over":
            places = tuple(seat.place or 1 for seat in state.seats)
            lives = tuple(seat.life for seat in state.seats)  # 0 once eliminated (R5)
            outcome = Outcome(places, state.winner, lives)
        return progress_of(state, state.round, state.awaiting, outcome)

    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        kind = body.get("kind")
        try:
            if kind == "exchange":
                return Exchange(seat, parse_cards(card_list(body, "discard")))
            if kind == "orientation":
                return ChooseOrientation(seat, parse_oriented_cards(card_list(body, "cards")))
        except CardError as error:
            raise RuleViolation("invalid_cards", str(error)) from None
        raise RuleViolation("unknown_action", f"Flipside has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return self.legal_actions_seen(state, seat, views.view(state, seat))

    def legal_actions_seen(self, state: Match, seat: int, view: views.MatchView) -> list[JSON]:
        legal = views.legal_actions(view)
        return [{"kind": kind, **details} for kind, details in legal.items()]

    def policies(self, state: Match, context: Any = None) -> Mapping[int, Policy]:
        habits: HabitsProvider | None = context  # INSANE and HATE YOU read a person's habits
        return npc_policies(state, habits)


GAME = Flipside()
