"""The shape of what Flipside sends a viewer: its view's fields, its seats' and its legal
actions', as OpenAPI 3.0 schema objects (JSON Schema, with ``nullable`` for null).

The engine's envelope (match id, version, viewer, status, phase, awaiting, who sits where,
the outcome) comes first in every view and is described by the API; these are the fields
`views.view` adds beside it. Hidden cards are null (R10-R11); output cards are upper case,
identities high rank first (R3).
"""

from __future__ import annotations

from flipside.engine.game import JSON

from .rules import HAND_SIZE

CARD: JSON = {
    "type": "string",
    "pattern": "^[2-9TJQKA]{2}$",
    "description": "a card's identity, higher rank first (R3), e.g. AK or T2",
    "example": "AK",
}
ORIENTED: JSON = {
    "type": "string",
    "pattern": "^[2-9TJQKA]{2}$",
    "description": "an oriented card, up rank first (R3), e.g. 2T",
    "example": "2T",
}
_SEAT_NUMBER: JSON = {"type": "integer", "minimum": 0}
_HEX = "^[0-9a-f]{64}$"  # 32 bytes, as lower-case hex


def _seat_list(description: str) -> JSON:
    return {"type": "array", "items": _SEAT_NUMBER, "description": description}


def _nullable(schema: JSON, description: str) -> JSON:
    """`schema` or null."""
    return {**schema, "nullable": True, "description": description}


def _cards(item: JSON, description: str) -> JSON:
    return {"type": "array", "items": item, "maxItems": HAND_SIZE, "description": description}


_SHOWDOWN: JSON = {
    "type": "object",
    "description": "one side of the latest round's showdown (R12-R13)",
    "properties": {
        "round": {"type": "integer", "minimum": 1},
        "side": {"type": "string", "enum": ["up", "down"]},
        "placed": {
            "type": "array",
            "description": "per seat, as placed; null for a seat not in the showdown",
            "items": {"type": "array", "items": ORIENTED, "nullable": True},
        },
        "values": {
            "type": "array",
            "description": "per seat, the side's hand value; null for a seat not in it",
            "items": {"type": "integer", "nullable": True},
        },
        "ranking": _seat_list("the seats in the showdown, strongest first (R15)"),
    },
    "required": ["round", "side", "placed", "values", "ranking"],
    "additionalProperties": False,
}

_SEAT: JSON = {
    "properties": {
        "life": {"type": "integer", "minimum": 0, "description": "life points (R5)"},
        "eliminated": {"type": "boolean"},
        "place": _nullable(
            {"type": "integer", "minimum": 1},
            "finishing place once eliminated, 1 for the winner (R6); null while in",
        ),
        "cards": _cards(
            {**CARD, "nullable": True},
            "the hand now; null where the caller may not see a card (a drawn card, R10)",
        ),
        "discarded": _cards(CARD, "this round's discards, face up (R10)"),
        "exchanged": {"type": "boolean", "description": "has exchanged this round (R10)"},
        "exchanged_count": _nullable(
            {"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
            "cards exchanged this round, public once the seat has exchanged (R10)",
        ),
        "orientation_in": {"type": "boolean", "description": "has placed its cards (R11)"},
        "placed": _nullable(
            {"type": "array", "items": ORIENTED, "minItems": HAND_SIZE, "maxItems": HAND_SIZE},
            "the caller's own placed cards, or everyone's once the match is over (R11)",
        ),
    },
    "required": [
        "life",
        "eliminated",
        "place",
        "cards",
        "discarded",
        "exchanged",
        "exchanged_count",
        "orientation_in",
        "placed",
    ],
}

VIEW_SCHEMA: JSON = {
    "properties": {
        "round": {"type": "integer", "minimum": 0, "description": "from 1; 0 before the deal"},
        "start_seat": _nullable(_SEAT_NUMBER, "the round's start seat (R7)"),
        "turn_order": _seat_list("the round's seats still in, start seat first (R8)"),
        "to_act": _nullable(_SEAT_NUMBER, "the seat to exchange now (R10)"),
        "awaiting_orientation": _seat_list("the seats yet to place their cards (R11)"),
        "deck_count": {"type": "integer", "minimum": 0, "description": "cards left (R14)"},
        "used_pile": {
            "type": "array",
            "items": CARD,
            "description": "the cards of finished rounds (R14)",
        },
        "showdowns": {
            "type": "array",
            "items": _SHOWDOWN,
            "maxItems": 2,
            "description": "the latest round's showdown, up side then down",
        },
        "winner": _nullable(_SEAT_NUMBER, "the winner once the match is over (R6)"),
        "deck_commitment": {"type": "string", "pattern": _HEX, "description": "sha256(seed)"},
        "seeded": {"type": "boolean", "description": "created with a chosen seed"},
        "seed": _nullable(
            {"type": "string", "pattern": _HEX}, "the seed, once revealed (docs/fairness.md)"
        ),
        "turn_timeout_seconds": _nullable({"type": "integer", "minimum": 1}, "null for none"),
    },
    "required": [
        "round",
        "start_seat",
        "turn_order",
        "to_act",
        "awaiting_orientation",
        "deck_count",
        "used_pile",
        "showdowns",
        "winner",
        "deck_commitment",
        "seeded",
        "seed",
        "turn_timeout_seconds",
    ],
    "seat": _SEAT,
}

ACTION_SCHEMA: JSON = {
    "properties": {
        "cards": {
            "type": "array",
            "items": CARD,
            "maxItems": HAND_SIZE,
            "description": "the cards the move may name: the caller's hand",
        },
        "min": {"type": "integer", "description": "exchange: fewest cards to discard (R10)"},
        "max": {"type": "integer", "description": "exchange: most cards to discard (R10)"},
        "count": {"type": "integer", "description": "orientation: cards to place (R11)"},
    },
    "required": ["cards"],
}
