"""Texas Hold'em as the engine sees it: the `Game` interface over this package's rules.

Every method delegates to the module that owns the idea (rules, views, events, npc); this
file only translates between the engine's vocabulary and Hold'em's (docs/rules/holdem.md).
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
from flipside.engine.read_models import GameReadModels
from flipside.engine.records import GameRecords
from flipside.engine.seats import SeatSpec

from . import events as ev
from . import rules, views
from .commands import Act, ClearAutoAction, Command, CreateMatch, SetAutoAction, ShowOrMuck, TimeOut
from .config import OPTION_SPECS, Config, options
from .npc.driver import next_command, npc_policies
from .npc.policy import Policy
from .read_models import READ_MODELS
from .records import HoldemRecords
from .state import Match
from .view_schema import ACTION_SCHEMA, VIEW_SCHEMA

_TO = {"type": "integer", "minimum": 1, "description": "the seat's bet in the round after it"}
_MOVES = ("fold", "check", "call", "all_in")


class Holdem:
    """No-limit Texas Hold'em, a freeze-out of many hands (H1-H49)."""

    id: str = "holdem"
    title: Mapping[str, str] = {"en": "Texas Hold'em", "ja": "テキサス・ホールデム"}
    seats: range = rules.SEATS
    levels: tuple[str, ...] = ev.LEVELS
    rules_version: str = ev.RULES_VERSION
    option_specs: tuple[Option, ...] = OPTION_SPECS
    records: GameRecords = HoldemRecords()
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

    # --- creating and deciding ------------------------------------------------------------
    def options(self, raw: Mapping[str, Any]) -> JSON:
        return options(raw)

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
        config = Config.from_options(self.options(options), len(seats))
        return CreateMatch(match_id, tuple(seats), seed, config, seeded, turn_timeout_seconds)

    def initial_state(self) -> Match:
        return rules.initial_state()

    def execute(self, state: Match, command: Command) -> tuple[list[ev.Event], Match]:
        return rules.execute(state, command)

    def evolve(self, state: Match, event: ev.Event) -> Match:
        return rules.evolve(state, event)

    def progress(self, state: Match) -> Progress:
        waiting = state.to_act if state.to_act is not None else state.asked
        outcome = None
        if state.phase == "over":
            outcome = Outcome(tuple(place or 1 for place in state.places), state.winner)
        return Progress(
            match_id=state.match_id,
            version=state.version,
            phase=state.phase,
            round=state.hand,
            seats=state.specs,
            awaiting=() if waiting is None else (waiting,),
            turn_started=state.turn_started,
            turn_timeout_seconds=state.turn_timeout_seconds,
            outcome=outcome,
            seed=state.seed,
            deck_commitment=state.deck_commitment,
        )

    # --- moves over the wire -------------------------------------------------------------
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
        return [_without_nones(plain(choice)) for choice in views.legal(state, seat)]

    def default_command(self, state: Match, seat: int, waited_seconds: int) -> Command:
        return TimeOut(seat, waited_seconds)  # H46: check, else fold; show at the showdown

    # --- what each viewer may see ---------------------------------------------------------
    def view(self, state: Match, viewer: Viewer, *, omniscient: bool = False) -> views.MatchView:
        return views.view(state, viewer, omniscient=omniscient)

    def view_json(self, view: views.MatchView) -> JSON:
        body: JSON = plain(view)
        for seat in body["seats"]:
            seat["type"] = seat.pop("kind")
        body["legal"] = [_without_nones(choice) for choice in body["legal"]]
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
            raise ValueError(
                f"{name} has schema version {cls.SCHEMA_VERSION}, not {schema_version}"
            )
        return ev.from_data(name, data)

    def command_behind(self, event: ev.Event) -> Command | None:
        return rules.command_behind(event)

    # --- computer players -----------------------------------------------------------------
    def policies(self, state: Match, context: Any = None) -> Mapping[int, Policy]:
        return npc_policies(state)

    def next_command(self, state: Match, policies: Mapping[int, Policy]) -> Command | None:
        return next_command(state, policies)


def _without_nones(values: JSON) -> JSON:
    return {name: value for name, value in values.items() if value is not None}


GAME = Holdem()
