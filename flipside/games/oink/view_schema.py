"""The shape of what Oink Poker sends a viewer: its view's fields, its seats' and its legal
actions', as OpenAPI 3.0 schema objects (JSON Schema, with ``nullable`` for null).

The engine's envelope (match id, version, viewer, status, phase, awaiting, who sits where,
the outcome) comes first in every view and is described by the API; these are the fields
`views.view` adds beside it. A card the viewer may not see is null (O41); the opponent's
hand is null while none of its cards was shown (O40).
"""

from __future__ import annotations

from flipside.engine.game import JSON

from .cards import HAND_SIZE
from .hands import CATEGORIES
from .rules import PREPS

CARD: JSON = {
    "type": "string",
    "pattern": "^(A|K|[2-9]|1[0-2])[a-g]$",
    "description": "a card: rank (A, 2-12, K) then symbol (a-g) (O5)",
    "example": "10e",
}
_SEAT_NUMBER: JSON = {"type": "integer", "minimum": 0, "maximum": 1}
_JOKER: JSON = {"type": "integer", "minimum": 2, "maximum": 12}
_FACE: JSON = {"type": "integer", "minimum": 1, "maximum": 6}
_HEX = "^[0-9a-f]{64}$"  # 32 bytes, as lower-case hex


def _nullable(schema: JSON, description: str) -> JSON:
    return {**schema, "nullable": True, "description": description}


def _cards(description: str, item: JSON = CARD, most: int | None = None) -> JSON:
    schema: JSON = {"type": "array", "items": item, "description": description}
    return schema if most is None else {**schema, "maxItems": most}


def _object(description: str, properties: JSON) -> JSON:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_STRENGTH: JSON = {
    "type": "array",
    "items": {"type": "integer", "minimum": 2, "maximum": 14},
    "maxItems": HAND_SIZE,
    "description": "the role cards' strengths, strongest first (O27a)",
}
_CATEGORY: JSON = {"type": "string", "enum": list(CATEGORIES), "description": "O25"}

_RATED: dict[str, JSON] = {  # what an evaluation tells of a hand, live or shown
    "category": _CATEGORY,
    "role_cards": _cards("the cards of its category (O29)", most=HAND_SIZE),
    "strength": _STRENGTH,
    "jokers": {"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
}

_EVALUATION = _object("the hand at the current joker number (O24-O28)", _RATED)

_MOVE = _object(
    "one public move of a deal (O39)",
    {
        "turn": {"type": "integer", "minimum": 0},
        "seat": _SEAT_NUMBER,
        "kind": {
            "type": "string",
            "enum": ["change", "roll", "knock", "pass", "oink", "accept", "timeout"],
        },
        "cards": _cards("a change's discards (O17)", most=HAND_SIZE),
        "face": _nullable(_FACE, "a roll's face (O19)"),
        "prep": _nullable({"type": "string", "enum": list(PREPS)}, "an accept's preparation"),
        "joker": _nullable(_JOKER, "the joker number after the move (O7)"),
    },
)

_REVEALED = _object(
    "a hand shown at a showdown or an oink (O21, O23, O34)",
    {
        "deal": {"type": "integer", "minimum": 1},
        "seat": _SEAT_NUMBER,
        "cards": _cards("the hand", most=HAND_SIZE),
        "joker": _JOKER,
        **_RATED,
    },
)

_DECIDED = _object(
    "how the deal ended (O21, O27)",
    {
        "deal": {"type": "integer", "minimum": 1},
        "outcome": {"type": "string", "enum": ["won", "draw"]},
        "winner": _nullable(_SEAT_NUMBER, "null for a draw"),
        "loser": _nullable(_SEAT_NUMBER, "null after an oink or a draw"),
        "oinked": {"type": "boolean"},
        "decided_by": {
            "type": "string",
            "enum": ["category", "strength", "jokers", "oink", "tie", "turn_limit"],
        },
    },
)

_CAPTURED = _object(
    "what the deal's winner captured (O30-O37)",
    {
        "deal": {"type": "integer", "minimum": 1},
        "seat": _SEAT_NUMBER,
        "own": _cards("its role cards, or its whole no pair (O30)", most=HAND_SIZE),
        "received": _cards("the other hand's cards it took (O31-O34)", most=HAND_SIZE),
        "points": {"type": "integer", "minimum": 0, "maximum": 10},
        "score": {"type": "integer", "minimum": 0},
    },
)

_DEAL = _object(
    "a finished deal as everyone saw it",
    {
        "deal": {"type": "integer", "minimum": 1},
        "start_seat": _SEAT_NUMBER,
        "turns": {"type": "integer", "minimum": 0},
        "knocker": _nullable(_SEAT_NUMBER, "null after 100 turns without a knock (O15)"),
        "knock_joker": _nullable(_JOKER, "the joker number when the knock was made"),
        "moves": {"type": "array", "items": _MOVE},
        "reveals": {"type": "array", "items": _REVEALED, "maxItems": 2},
        "decided": {**_DECIDED, "nullable": True},
        "captured": {**_CAPTURED, "nullable": True},
    },
)

_SEAT: JSON = {
    "properties": {
        "die": _nullable(_FACE, "the face its die shows (O6); null before the first roll"),
        "score": {"type": "integer", "minimum": 0, "description": "its captured cards (O11)"},
        "captured": _cards("its captured pile (O11, O39)"),
        "hand": _nullable(
            _cards(
                "its hand; null where the caller may not see a card (O41)",
                {**CARD, "nullable": True},
                HAND_SIZE,
            ),
            "null while the caller knows none of its cards (O40-O41)",
        ),
        "hand_size": {"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
        "shown": _cards("its cards shown at a showdown or oink, still in it (O40)", most=HAND_SIZE),
        "evaluation": {**_EVALUATION, "nullable": True},
    },
    "required": ["die", "score", "captured", "hand", "hand_size", "shown", "evaluation"],
}

VIEW_SCHEMA: JSON = {
    "properties": {
        "deal": {"type": "integer", "minimum": 0, "description": "from 1; 0 before the first"},
        "turn": {"type": "integer", "minimum": 0, "description": "the deal's turn (O15)"},
        "start_seat": _nullable(_SEAT_NUMBER, "the deal's start player (O9, O12)"),
        "to_act": _nullable(_SEAT_NUMBER, "the seat the match waits for"),
        "knocker": _nullable(_SEAT_NUMBER, "the seat that knocked this deal (O20)"),
        "joker": _nullable(_JOKER, "the sum of both dice (O7)"),
        "deck_count": {"type": "integer", "minimum": 0, "description": "cards in the deck"},
        "discards": _cards("this deal's discards, face up (O39)"),
        "discard_count": {"type": "integer", "minimum": 0, "description": "the whole pile"},
        "target": {"type": "integer", "description": "the score that wins (O10)"},
        "moves": {"type": "array", "items": _MOVE, "description": "this deal's public moves"},
        "history": {"type": "array", "items": _DEAL, "description": "the finished deals"},
        "winner": _nullable(_SEAT_NUMBER, "the winner once the match is over (O10)"),
        "deck_commitment": {"type": "string", "pattern": _HEX, "description": "sha256(seed)"},
        "seeded": {"type": "boolean", "description": "created with a chosen seed"},
        "seed": _nullable(
            {"type": "string", "pattern": _HEX}, "the seed, once revealed (docs/fairness.md)"
        ),
        "turn_timeout_seconds": _nullable({"type": "integer", "minimum": 1}, "null for none"),
    },
    "required": [
        "deal",
        "turn",
        "start_seat",
        "to_act",
        "knocker",
        "joker",
        "deck_count",
        "discards",
        "discard_count",
        "target",
        "moves",
        "history",
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
        "cards": _cards("change and accept: the cards a change may name, the caller's hand"),
        "min": {"type": "integer", "description": "change: fewest cards (O17)"},
        "max": {"type": "integer", "description": "change: most cards, at most the deck (O17)"},
        "prep": {
            "type": "array",
            "items": {"type": "string", "enum": list(PREPS)},
            "description": "accept: the preparations open now (O22)",
        },
    },
    "required": [],
}
