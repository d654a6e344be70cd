"""Texas Hold'em as the engine sees it: the `Game` interface over this package's rules.

The engine's `GameAdapter` delegates each method to the module that owns the idea (rules,
views, events, npc) that this class names; the rest translates between the engine's
vocabulary and Hold'em's (docs/rules/holdem.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flipside.engine.adapter import Computers, Decider, GameAdapter, NewMatch, Sight, progress_of
from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON, ActionKind, Option, Outcome, Progress, Refusal, Score
from flipside.engine.plain import field_names
from flipside.engine.read_models import GameReadModels
from flipside.engine.records import GameRecords

from . import events as ev
from . import rules, views
from .commands import Act, ClearAutoAction, Command, CreateMatch, SetAutoAction, ShowOrMuck, TimeOut
from .config import OPTION_SPECS, Config, options
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import RECORDS
from .state import Match
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_TO = {"type": "integer", "minimum": 1, "description": "the seat's bet in the round after it"}
_MOVES = ("fold", "check", "call", "all_in")


class Holdem(GameAdapter[Match, ev.Event, Command, views.MatchView, Policy]):
    """No-limit Texas Hold'em, a freeze-out of many hands (H1-H49)."""

    id: str = "holdem"
    title: Mapping[str, str] = {"en": "Texas Hold'em", "ja": "テキサス・ホールデム"}
    seats: range = rules.SEATS
    levels: tuple[str, ...] = ev.LEVELS
    score: Score = Score("chips won", per=(100, "hands"))  # H47a's measure
    rules_version: str = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = OPTION_SPECS
    records: GameRecords = RECORDS
    read_models: GameReadModels = READ_MODELS
    view_schema: JSON = VIEW_SCHEMA  # its view's fields and its seats' (view_schema.py)
    action_schema: JSON = ACTION_SCHEMA
    action_kinds: tuple[ActionKind, ...] = (
        ActionKind("fold", "Give up the hand (H21), on your turn."),
        ActionKind("check", "Pass with nothing to call (H17)."),
        ActionKind("call", "Match the bet, all-in for less if short (H18)."),
        ActionKind(
            "bet", "Bet when nobody has (H19): 'to' from the big blind.", {"to": _TO}, ("to",)
        ),
        ActionKind("raise", "Raise (H20, H24): 'to' from twice the bet.", {"to": _TO}, ("to",)),
        ActionKind("all_in", "Put in every chip (H23)."),
        ActionKind(
            "set_auto",
            "Choose your next action before your turn (H43); 'to' for bet_or_raise.",
            {
                "action": {"type": "string", "enum": list(rules.AUTO_KINDS)},
                "to": _TO,
            },
            ("action",),
        ),
        ActionKind("clear_auto", "Cancel your auto-bet (H43)."),
        ActionKind("show", "Show your hole cards at the showdown (H33)."),
        ActionKind("muck", "Muck your hand at the showdown (H33)."),
    )

    # Refusals (`RuleViolation` codes): "invalid" can never be right, "not_now" is not
    # allowed in the match's present state.
    refusals: Mapping[str, Refusal] = {
        "match_exists": "not_now",
        "match_over": "not_now",
        "wrong_phase": "not_now",  # no betting at the showdown, no showing while betting
        "not_your_turn": "not_now",  # H26, H33
        "cannot_check": "not_now",  # H17
        "nothing_to_call": "not_now",  # H18
        "cannot_bet": "not_now",  # H19
        "cannot_raise": "not_now",  # H20
        "no_raise_rights": "not_now",  # H24
        "nobody_to_answer": "not_now",  # H25
        "invalid_amount": "not_now",  # H19, H20: the allowed amounts depend on the bets
        "cannot_act": "not_now",  # H43: only a seat in the hand with chips
        "your_turn": "not_now",  # H43: act instead
        "never_possible": "not_now",  # H43
        "no_auto_action": "not_now",
        "no_turn_timeout": "not_now",
        "not_timed_out": "not_now",
        "unknown_seat": "invalid",
        "invalid_seats": "invalid",  # H4
        "invalid_seed": "invalid",
        "invalid_options": "invalid",  # H7
        "unknown_action": "invalid",
        "unknown_command": "invalid",
        "validation_error": "invalid",
    }

    # A timed-out seat's move (TimeOut, H46): check, else fold; show at the showdown.
    decider = Decider(
        rules.initial_state, rules.execute, rules.evolve, rules.command_behind, TimeOut
    )
    sight = Sight(views.view, views.redact)
    computers = Computers(npc_policies, next_command)
    codec = ev.CODEC

    def options(self, raw: Mapping[str, Any]) -> JSON:
        return options(raw)

    def new_match(self, setup: NewMatch) -> Command:
        config = Config.from_options(self.options(setup.options), len(setup.seats))
        return CreateMatch(
            setup.match_id,
            setup.seats,
            setup.seed,
            config,
            setup.seeded,
            setup.turn_timeout_seconds,
        )

    def progress(self, state: Match) -> Progress:
        waiting = state.to_act if state.to_act is not None else state.asked
        outcome = None
        if state.phase == "over":
            places = tuple(place or 1 for place in state.places)
            outcome = Outcome(places, state.winner, chips_won(state))
        awaiting = () if waiting is None else (waiting,)
        return progress_of(state, state.hand, awaiting, outcome)

    def parse_action(self, seat: int, body: Mapping[str, Any]) -> Command:
        kind = body.get("kind")
        to = body.get("to")
        if to is not None and type(to) is not int:
            raise RuleViolation("validation_error", "'to' must be an integer number of chips")
        if kind in _MOVES or kind in ("bet", "raise"):
            return Act(seat, kind, to)
        if kind == "set_auto":
            return SetAutoAction(seat, body.get("action"), to)  # type: ignore[arg-type]
        if kind == "clear_auto":
            return ClearAutoAction(seat)
        if kind in ("show", "muck"):
            return ShowOrMuck(seat, kind == "show")
        raise RuleViolation("unknown_action", f"Hold'em has no action {kind!r}")

    def legal_actions(self, state: Match, seat: int) -> list[JSON]:
        return [_legal_json(choice) for choice in views.legal(state, seat)]

    def legal_actions_seen(self, state: Match, seat: int, view: views.MatchView) -> list[JSON]:
        """The view lists the viewer's legal actions already (``legal``)."""
        return [_legal_json(choice) for choice in view.legal]

    def view_json(self, view: views.MatchView) -> JSON:
        body = super().view_json(view)
        body["legal"] = [_without_nones(choice) for choice in body["legal"]]
        return body


def chips_won(state: Match) -> tuple[int, ...]:
    """Each seat's stack less its starting stack: they sum to 0, no chip being made or
    lost in a match (H5)."""
    starting = state.config.starting_stacks
    return tuple(stack - start for stack, start in zip(state.stacks, starting, strict=True))


def _legal_json(choice: views.Legal) -> JSON:
    """``_without_nones(plain(choice))``, read field by field: a `Legal`'s fields are plain
    values or a tuple of kinds, and the learning environment lists them at every step."""
    return {
        name: list(value) if isinstance(value, tuple) else value
        for name in field_names(views.Legal)
        if (value := getattr(choice, name)) is not None
    }


def _without_nones(values: JSON) -> JSON:
    return {name: value for name, value in values.items() if value is not None}


GAME = Holdem()
