"""Orc Poker as the engine sees it: the `Game` interface over this package's rules.

The engine's `GameAdapter` delegates each method to the module that owns the idea (rules,
evolve, views, events, npc) that this class names; the rest translates between the engine's
vocabulary and Orc Poker's (docs/rules/orc.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flipside.engine.adapter import Computers, Decider, GameAdapter, NewMatch, Sight, progress_of
from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON, ActionKind, Option, Outcome, Progress, Refusal, Score

from . import commands as cmd
from . import events as ev
from . import evolve as folding
from . import rules, views
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import RECORDS
from .standings import outcome_places
from .state import Match
from .view_schema import ACTION_SCHEMA, NUMBER, VIEW_SCHEMA

_TURN = {"draw": cmd.Draw, "give_up": cmd.GiveUp}


class Orc(GameAdapter[Match, ev.Event, cmd.Command, views.MatchView, Policy]):
    """Orc Poker, the push-your-luck chip game for 3 to 8 players (K1-K41)."""

    id = "orc"
    title: Mapping[str, str] = {"en": "Orc Poker", "ja": "オークポーカー"}
    seats = rules.SEATS
    levels = ev.LEVELS
    score = Score("final chips")  # K30
    rules_version = ev.RULES_VERSION
    option_specs = (
        Option("long", "boolean", False, "The long game: 50 chips and 10 rounds (K4, K5)."),
        Option("escalating_fee", "boolean", False, "Entry fee 1 2 3 4 5 1 2 ... (K31)."),
    )
    action_schema = ACTION_SCHEMA  # what legal_actions lists beside each kind
    view_schema = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    records = RECORDS  # its csv, replay text and audit checks (records.py)
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

    decider = Decider(
        folding.initial_state, rules.execute, folding.evolve, rules.command_behind, cmd.TimeOut
    )
    sight = Sight(views.view, views.redact)
    computers = Computers(npc_policies, next_command)
    codec = ev.CODEC

    def options(self, raw: Mapping[str, Any]) -> JSON:
        known = {option.name: option for option in self.option_specs}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise RuleViolation("invalid_options", f"Orc Poker has no option(s) {unknown}")
        for name, value in raw.items():
            if type(value) is not bool:
                raise RuleViolation("invalid_options", f"option {name!r} is true or false")
        return {name: raw.get(name, option.default) for name, option in known.items()}

    def new_match(self, setup: NewMatch) -> cmd.Command:
        return cmd.CreateMatch(
            setup.match_id,
            setup.seats,
            setup.seed,
            setup.seeded,
            bool(setup.options.get("long", False)),
            bool(setup.options.get("escalating_fee", False)),
            setup.turn_timeout_seconds,
        )

    def progress(self, state: Match) -> Progress:
        return progress_of(state, state.round, state.awaiting, outcome(state))

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

    def legal_actions_seen(self, state: Match, seat: int, view: views.MatchView) -> list[JSON]:
        return views.legal_actions(view)

    def view_json(self, view: views.MatchView) -> JSON:
        return views.view_json(view)


def outcome(state: Match) -> Outcome | None:
    """The engine's outcome: a shared victory (K30) names the winner drawn by lot
    (`standings.outcome_places`)."""
    if state.phase != "over" or state.first is None:
        return None
    chips = tuple(seat.chips for seat in state.seats)  # the pot's remainder is nobody's (K30)
    return Outcome(outcome_places(state.places, state.first), state.first, chips)


GAME = Orc()
