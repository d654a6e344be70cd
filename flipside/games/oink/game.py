"""Oink Poker as the engine sees it: the `Game` interface over this package's rules.

The engine's `GameAdapter` delegates each method to the module that owns the idea (rules,
views, events, npc) that this class names; the rest translates between the engine's
vocabulary and the game's (docs/rules/oink.md).
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
from .cards import HAND_SIZE, CardError, parse_cards
from .commands import Accept, Change, Command, CreateMatch, Knock, Oink, Pass, Roll, TimeOut
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import RECORDS
from .state import Match
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_CARD = {
    "type": "string",
    "pattern": "^([AaKk]|[2-9]|1[0-2])[a-gA-G]$",
    "description": "a card: rank (A, 2-12, K) then symbol (a-g), e.g. '10e' (O5)",
}
_CARDS = {"type": "array", "items": _CARD, "minItems": 1, "maxItems": HAND_SIZE}
_SIMPLE = {"roll": Roll, "knock": Knock, "pass": Pass, "oink": Oink}


class OinkPoker(GameAdapter[Match, ev.Event, Command, views.MatchView, Policy]):
    """The two-player poker with dice-made jokers (O1-O50)."""

    id = "oink"
    title: Mapping[str, str] = {"en": "Oink Poker", "ja": "オインクポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    score = Score("captured cards")  # O11
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = ()
    records = RECORDS
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

    # A timed-out seat's move (TimeOut): roll and knock, knock, or accept.
    decider = Decider(
        rules.initial_state, rules.execute, rules.evolve, rules.command_behind, TimeOut
    )
    sight = Sight(views.view, views.redact)
    computers = Computers(npc_policies, next_command)
    codec = ev.CODEC

    def new_match(self, setup: NewMatch) -> Command:
        return CreateMatch(
            setup.match_id, setup.seats, setup.seed, setup.seeded, setup.turn_timeout_seconds
        )

    def progress(self, state: Match) -> Progress:
        outcome = None
        if state.winner is not None:
            places = tuple(1 if seat == state.winner else 2 for seat in (0, 1))
            captured = tuple(seat.score for seat in state.seats)  # O11
            outcome = Outcome(places, state.winner, captured)
        return progress_of(state, state.deal, state.awaiting, outcome)

    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        kind = body.get("kind")
        try:
            if kind == "change":
                return Change(seat, parse_cards(card_list(body, "cards")))
            if kind == "accept":
                prep = body.get("prep", "none")
                cards = parse_cards(card_list(body, "cards")) if "cards" in body else ()
                return Accept(seat, prep, cards)
        except CardError as error:
            raise RuleViolation("invalid_cards", str(error)) from None
        if isinstance(kind, str) and kind in _SIMPLE:
            return _SIMPLE[kind](seat)
        raise RuleViolation("unknown_action", f"Oink Poker has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return views.legal_actions(views.view(state, seat))

    def legal_actions_seen(self, state: Match, seat: int, view: views.MatchView) -> list[JSON]:
        return views.legal_actions(view)


GAME = OinkPoker()
