"""Juggernaut as the engine sees it: the `Game` interface over this package's rules.

The engine's `GameAdapter` delegates each method to the module that owns the idea (rules,
evolve, views, events, npc) that this class names; the rest (options, moves, progress)
translates between the engine's vocabulary and the game's (docs/rules/juggernaut.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flipside.engine.adapter import Computers, Decider, GameAdapter, NewMatch, Sight, progress_of
from flipside.engine.game import JSON, ActionKind, Option, Outcome, Progress, Refusal, Score

from . import events as ev
from . import moves, params, rules, views
from .commands import Command, CreateMatch, TimeOut
from .evolve import evolve
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .prices import MAX_AUGMENT, METHODS
from .read_models import READ_MODELS
from .records import RECORDS
from .state import SEATS, Match
from .view_schema import ACTION_SCHEMA, CARD, VIEW_SCHEMA

_CARD_INPUT = {**CARD, "pattern": "^([2-9TJQKAtjqka][cdhsCDHS]|[Jj][Kk])$"}  # either case
_SEAT = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}


class Juggernaut(GameAdapter[Match, ev.Event, Command, views.MatchView, Policy]):
    """Juggernaut coin poker (J1-J43)."""

    id = "juggernaut"
    title: Mapping[str, str] = {"en": "Juggernaut", "ja": "ジャガーノート"}
    seats = range(SEATS, SEATS + 1)
    levels = rules.LEVELS
    score = Score("gold coins")  # J4
    rules_version = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = params.OPTION_SPECS
    records = RECORDS  # csv, replay text and audit checks (records.py)
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

    # A timed-out seat's move (TimeOut, J40b): +0, done, allow, exchange gold.
    decider = Decider(Match, rules.execute, evolve, rules.command_behind, TimeOut)
    sight = Sight(views.view, views.redact)
    computers = Computers(npc_policies, next_command)
    codec = ev.CODEC

    def options(self, raw: Mapping[str, Any]) -> JSON:
        return params.options(raw)

    def new_match(self, setup: NewMatch) -> Command:
        chosen = params.Params.of(params.options(setup.options))
        return CreateMatch(
            setup.match_id,
            setup.seats,
            setup.seed,
            chosen,
            setup.seeded,
            setup.turn_timeout_seconds,
        )

    def progress(self, state: Match) -> Progress:
        outcome = None
        if state.phase == "over":
            gold = tuple(seat.gold for seat in state.seats)  # J40: the goal
            outcome = Outcome(state.places, state.winner, gold)
        return progress_of(state, state.set_no, state.awaiting, outcome)

    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        return moves.parse_action(seat, body)

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return moves.legal_actions(views.view(state, seat))

    def legal_actions_seen(self, state: Match, seat: int, view: views.MatchView) -> list[JSON]:
        return moves.legal_actions(view)

    def view_json(self, view: views.MatchView) -> JSON:
        body = super().view_json(view)
        body["params"] = params.as_options(view.params)
        return body


GAME = Juggernaut()
