"""The shape of what Hold'em sends a viewer: its view's fields, its seats' and its legal
actions', as OpenAPI 3.0 schema objects (JSON Schema, with ``nullable`` for null).

The engine's envelope (match id, version, viewer, status, phase, awaiting, who sits where,
the outcome) comes first in every view; these are the fields `views.view` adds beside it.
A card the caller may not see is null (H48); amounts are chips.
"""

from __future__ import annotations

from typing import get_args

from flipside.engine.game import JSON

from .commands import AutoKind, MoveKind
from .evaluator import CATEGORIES
from .events import STREETS

CARD: JSON = {
    "type": "string",
    "pattern": "^[2-9TJQKA][cdhs]$",
    "description": "a card, rank then suit (H2), e.g. Ah or Td",
    "example": "Ah",
}
_SEAT_NUMBER: JSON = {"type": "integer", "minimum": 0}
_CHIPS: JSON = {"type": "integer", "minimum": 0}
_HEX = "^[0-9a-f]{64}$"  # 32 bytes, as lower-case hex


def _nullable(schema: JSON, description: str) -> JSON:
    return {**schema, "nullable": True, "description": description}


def _list(item: JSON, description: str) -> JSON:
    return {"type": "array", "items": item, "description": description}


def _object(description: str, **properties: JSON) -> JSON:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_STREET: JSON = {"type": "string", "enum": list(STREETS)}
AUTO_KINDS = list(get_args(AutoKind))  # H43
LEGAL_KINDS = [*get_args(MoveKind), "set_auto", "clear_auto", "show", "muck"]  # H16, H33, H43
_SEATS = _list(_SEAT_NUMBER, "seats")

POT = _object("a pot and the seats that may win it (H37)", amount=_CHIPS, eligible=_SEATS)

ACTION = _object(
    "a betting action of the hand (H16-H23); amounts are the seat's bet in the round",
    hand={"type": "integer", "minimum": 1},
    seat=_SEAT_NUMBER,
    street=_STREET,
    kind={"type": "string", "enum": ["fold", "check", "call", "bet", "raise"]},
    to=_CHIPS,
    added=_CHIPS,
    all_in={"type": "boolean"},
    full=_nullable({"type": "boolean"}, "a bet or raise: whether it is full (H20, H24)"),
    stack=_CHIPS,
    auto=_nullable({"type": "boolean"}, "taken from an auto-bet: the caller's own only (H44)"),
)

SHOWN = _object(
    "a hand shown at the showdown (H33): its best five and category (H34, H35)",
    hand={"type": "integer", "minimum": 1},
    seat=_SEAT_NUMBER,
    cards=_list(CARD, "the two hole cards"),
    best_five=_list(CARD, "the best five cards, groups first"),
    category={"type": "string", "enum": list(CATEGORIES)},
)

AWARD = _object(
    "a pot awarded (H31, H38, H39)",
    hand={"type": "integer", "minimum": 1},
    pot={"type": "integer", "minimum": 0, "description": "0 the main pot, then side pots"},
    amount=_CHIPS,
    eligible=_SEATS,
    winners=_list(_SEAT_NUMBER, "clockwise from the button"),
    shares=_list(_CHIPS, "each winner's share, odd chips included"),
    odd_chip_seat=_nullable(_SEAT_NUMBER, "who got the odd chips of a split (H39)"),
    uncontested={"type": "boolean"},
)

PREVIOUS = _object(
    "how the last finished hand ended",
    hand={"type": "integer", "minimum": 1},
    board=_list(CARD, "its board"),
    shown=_list(SHOWN, "the hands shown"),
    mucked=_list(_SEAT_NUMBER, "the seats that mucked"),
    awards=_list(AWARD, "its pots"),
    stacks=_list(_CHIPS, "every seat's chips after it"),
)

LEGAL: JSON = {
    "type": "object",
    "description": "one thing the caller may do now (H49); amounts are bets after it",
    "properties": {
        "kind": {"type": "string", "enum": LEGAL_KINDS},
        "min": {"type": "integer", "description": "bet, raise, set_auto: the smallest amount"},
        "max": {"type": "integer", "description": "bet, raise, set_auto: the largest amount"},
        "to": {"type": "integer", "description": "call, all_in: the caller's bet after it"},
        "amount": {"type": "integer", "description": "call, all_in: the chips it adds"},
        "actions": _list(
            {"type": "string", "enum": AUTO_KINDS}, "set_auto: the auto-bets allowed now (H43)"
        ),
    },
    "required": ["kind"],
    "additionalProperties": False,
}

_SEAT: JSON = {
    "properties": {
        "stack": {**_CHIPS, "description": "chips behind"},
        "bet": {**_CHIPS, "description": "put in during this betting round"},
        "total": {**_CHIPS, "description": "put in during this hand"},
        "in_hand": {"type": "boolean", "description": "dealt in and not folded"},
        "all_in": {"type": "boolean"},
        "acted": _nullable(_CHIPS, "the bet level after its last action this round (H24)"),
        "place": _nullable({"type": "integer", "minimum": 1}, "finishing place once out"),
        "cards": _list(
            {**CARD, "nullable": True}, "hole cards; null where the caller may not see one"
        ),
        "shown": _nullable(SHOWN, "its hand, once shown at the showdown"),
        "mucked": {"type": "boolean"},
        "auto": _nullable(
            _object(
                "a pending auto-bet (H43): the caller's own only",
                kind={"type": "string", "enum": AUTO_KINDS},
                to=_nullable(_CHIPS, "bet_or_raise: the amount"),
            ),
            "the caller's pending auto-bet",
        ),
    },
    "required": [
        "stack",
        "bet",
        "total",
        "in_hand",
        "all_in",
        "acted",
        "place",
        "cards",
        "shown",
        "mucked",
        "auto",
    ],
}

VIEW_SCHEMA: JSON = {
    "properties": {
        "hand": {"type": "integer", "minimum": 0, "description": "from 1; 0 before the first"},
        "max_hands": {"type": "integer", "minimum": 1, "description": "the last hand (H42)"},
        "button": {"type": "integer", "minimum": -1, "description": "the button's seat"},
        "small_blind_seat": {"type": "integer", "minimum": -1},
        "big_blind_seat": {"type": "integer", "minimum": -1},
        "small_blind": _CHIPS,
        "big_blind": _CHIPS,
        "street": _nullable(_STREET, "the betting round, while a hand is played"),
        "board": _list(CARD, "the board cards (H12)"),
        "level": {**_CHIPS, "description": "the bet to match, L (H17-H20)"},
        "min_raise_to": {**_CHIPS, "description": "the smallest full raise, min_full(L)"},
        "pot": {**_CHIPS, "description": "every chip put into the hand so far"},
        "pots": _list(POT, "the pots as of the last finished betting round (H37)"),
        "actions": _list(ACTION, "this hand's actions, in order"),
        "to_act": _nullable(_SEAT_NUMBER, "the seat whose turn it is (H26)"),
        "asked": _nullable(_SEAT_NUMBER, "the seat the showdown asks (H33)"),
        "showdown_order": _list(_SEAT_NUMBER, "the order of the showdown (H33)"),
        "awards": _list(AWARD, "this hand's pots awarded so far"),
        "legal": _list(LEGAL, "what the caller may do now"),
        "previous": _nullable(PREVIOUS, "the last finished hand"),
        "button_draw": _list(CARD, "the cards of the button draw, by seat (H8)"),
        "winner": _nullable(_SEAT_NUMBER, "the winner once the match is over (H42)"),
        "end_reason": _nullable(
            {"type": "string", "enum": ["one_left", "no_humans_left", "hand_limit"]},
            "why the match ended (H42)",
        ),
        "deck_commitment": {"type": "string", "pattern": _HEX, "description": "sha256(seed)"},
        "seeded": {"type": "boolean", "description": "created with a chosen seed"},
        "seed": _nullable(
            {"type": "string", "pattern": _HEX}, "the seed, once revealed (docs/fairness.md)"
        ),
        "turn_timeout_seconds": _nullable({"type": "integer", "minimum": 1}, "null for none"),
    },
    "required": [
        "hand",
        "max_hands",
        "button",
        "small_blind_seat",
        "big_blind_seat",
        "small_blind",
        "big_blind",
        "street",
        "board",
        "level",
        "min_raise_to",
        "pot",
        "pots",
        "actions",
        "to_act",
        "asked",
        "showdown_order",
        "awards",
        "legal",
        "previous",
        "button_draw",
        "winner",
        "end_reason",
        "deck_commitment",
        "seeded",
        "seed",
        "turn_timeout_seconds",
    ],
    "seat": _SEAT,
}

ACTION_SCHEMA: JSON = {
    "properties": {name: schema for name, schema in LEGAL["properties"].items() if name != "kind"},
    "required": [],
}
