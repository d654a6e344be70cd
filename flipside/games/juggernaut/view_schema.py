"""The shape of what Juggernaut sends a viewer: its view's fields, its seats' and its legal
actions', as OpenAPI 3.0 schema objects (JSON Schema, with ``nullable`` for null).

The engine's envelope (match id, version, viewer, status, phase, awaiting, who sits where,
the outcome) comes first in every view and is described by the API; these are the fields
`Juggernaut.view_json` adds beside it. What the viewer may not see is null (J42), until the
match is over.
"""

from __future__ import annotations

from flipside.engine.game import JSON

from .evaluator import CATEGORIES
from .prices import METHODS

CARD: JSON = {
    "type": "string",
    "pattern": "^([2-9TJQKA][cdhs]|JK)$",
    "description": "a card: rank and suit, or JK for a joker (J8)",
}
_SEAT_NUMBER: JSON = {"type": "integer", "minimum": 0, "maximum": 3}
_COUNT: JSON = {"type": "integer", "minimum": 0}
_HEX = "^[0-9a-f]{64}$"  # 32 bytes, as lower-case hex
_STRENGTH: JSON = {"type": "integer", "minimum": 0, "maximum": 10, "description": "J11"}
_CATEGORY: JSON = {"type": "string", "enum": list(CATEGORIES), "description": "J11"}


def _cards(description: str) -> JSON:
    return {"type": "array", "items": CARD, "description": description}


def _seats(description: str) -> JSON:
    return {"type": "array", "items": _SEAT_NUMBER, "description": description}


def _nullable(schema: JSON, description: str) -> JSON:
    return {**schema, "nullable": True, "description": description}


def _per_seat(schema: JSON, description: str) -> JSON:
    return {
        "type": "array",
        "items": schema,
        "minItems": 4,
        "maxItems": 4,
        "description": description,
    }


def _object(properties: JSON, description: str) -> JSON:
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


_PARAMS = _object(
    {
        "initialSilver": {"type": "integer", "minimum": 0, "maximum": 99},
        "reward1": {"type": "integer", "minimum": 0, "maximum": 99},
        "reward2": {"type": "integer", "minimum": 0, "maximum": 99},
        "reward3": {"type": "integer", "minimum": 0, "maximum": 99},
        "reward4": {"type": "integer", "minimum": 0, "maximum": 99},
        "winGold": {"type": "integer", "minimum": 1, "maximum": 99},
        "goldExchangeSilver": {"type": "integer", "minimum": 1, "maximum": 99},
        "maxSets": _nullable({"type": "integer", "minimum": 1}, "J40a; null for none"),
    },
    "the match's parameters (J5, J40a)",
)

_SNAPSHOT = _object(
    {"seat": _SEAT_NUMBER, "cards": _cards("its whole hand then"), "category": _CATEGORY},
    "a citizen's hand as shown to the viewer, the Juggernaut (J29)",
)

_REWARD = _object(
    {
        "seat": _SEAT_NUMBER,
        "place": {"type": "integer", "minimum": 1, "maximum": 4},
        "base": _COUNT,
        "defeat_bonus": {"type": "integer", "minimum": 0, "maximum": 1},
        "hand_bonus": {"type": "integer", "enum": [0, 1, 2, 4, 8]},
        "total": _COUNT,
        "silver": _COUNT,
    },
    "a seat's reward: base, defeat bonus and hand bonus (J36-J38), and its silver after",
)

_RESULTS = _object(
    {
        "set_no": {"type": "integer", "minimum": 1},
        "hands": _per_seat(_cards("its hand"), "every hand, face up (J31)"),
        "strengths": _per_seat(_STRENGTH, "each hand's strength"),
        "categories": _per_seat(_CATEGORY, "each hand's category"),
        "fives": _per_seat(_cards("five reaching it"), "each hand's five (J31)"),
        "jokers": _per_seat(_cards("in order"), "the faces the jokers among them stand for"),
        "hand_ranking": _seats("by strength, ties by turn order (J15); empty until ranked"),
        "final_ranking": _seats("by final place after demotion (J32)"),
        "demoted": _nullable(_SEAT_NUMBER, "the beaten Juggernaut (J32)"),
        "beat_juggernaut": _seats("the citizens stronger than the Juggernaut (J37)"),
        "confiscated": _nullable(
            {"type": "array", "items": _COUNT, "minItems": 2, "maxItems": 2},
            "[the 4th, the silver it lost] (J33)",
        ),
        "gold": _per_seat(
            {"type": "string", "enum": ["exchanged", "declined", None], "nullable": True},
            "each seat's gold exchange (J34)",
        ),
        "rewards": {"type": "array", "items": _REWARD, "description": "in final place order"},
        "crowned": _nullable(_SEAT_NUMBER, "the next Juggernaut (J39)"),
    },
    "the latest set's results, step by step (J30); until the next set's",
)

_SEAT: JSON = {
    "properties": {
        "silver": {**_COUNT, "description": "public (J42)"},
        "gold": {**_COUNT, "description": "public (J42)"},
        "gold_ready": {"type": "boolean", "description": "holds at least G silver (J35, J43)"},
        "card_count": {**_COUNT, "description": "public (J19)"},
        "cards": _nullable(_cards("its hand"), "null to the others until the hands are shown"),
        "category": _nullable(_CATEGORY, "of its hand, where seen"),
        "augmented": _nullable({"type": "integer", "minimum": 0, "maximum": 5}, "k (J20)"),
        "exchanges": {**_COUNT, "description": "made this set (J21)"},
        "done": {"type": "boolean", "description": "its exchange turn is over (J21a)"},
        "named": {
            "type": "string",
            "enum": ["allowed", "refused", None],
            "nullable": True,
            "description": "as a reveal's target this set (J27-J29)",
        },
        "discards": _nullable(_cards("this set's"), "to their owner only (J26)"),
    },
    "required": [
        "silver",
        "gold",
        "gold_ready",
        "card_count",
        "cards",
        "category",
        "augmented",
        "exchanges",
        "done",
        "named",
        "discards",
    ],
}

VIEW_SCHEMA: JSON = {
    "properties": {
        "set_no": {**_COUNT, "description": "from 1 (J17)"},
        "params": _PARAMS,
        "juggernaut": _nullable(_SEAT_NUMBER, "none in set 1 (J18)"),
        "turn_order": _seats("this set's, the Juggernaut first (J18)"),
        "to_act": _nullable(_SEAT_NUMBER, "the seat to augment or exchange"),
        "target": _nullable(_SEAT_NUMBER, "the citizen asked to allow a reveal (J28)"),
        "deck_count": _COUNT,
        "pile_count": {**_COUNT, "description": "this set's discards (J26a)"},
        "snapshots": {"type": "array", "items": _SNAPSHOT, "description": "J29"},
        "results": _nullable(_RESULTS, "none before the first set's results"),
        "winner": _nullable(_SEAT_NUMBER, "once over (J40)"),
        "places": _nullable(
            {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 4}},
            "once over, per seat (J40, J40a)",
        ),
        "deck_commitment": {"type": "string", "pattern": _HEX, "description": "sha256(seed)"},
        "seeded": {"type": "boolean", "description": "created with a chosen seed"},
        "seed": _nullable({"type": "string", "pattern": _HEX}, "the seed, once revealed"),
        "turn_timeout_seconds": _nullable({"type": "integer", "minimum": 1}, "null for none"),
    },
    "required": [
        "set_no",
        "params",
        "juggernaut",
        "turn_order",
        "to_act",
        "target",
        "deck_count",
        "pile_count",
        "snapshots",
        "results",
        "winner",
        "places",
        "deck_commitment",
        "seeded",
        "seed",
        "turn_timeout_seconds",
    ],
    "seat": _SEAT,
}

_PRICE = _object(
    {
        "picked": {"type": "integer", "minimum": 0, "maximum": 10},
        "replaced": {"type": "integer", "minimum": 1, "maximum": 10},
        "cost": {"type": "integer", "minimum": 1},
    },
    "picking this many cards: how many are replaced, and the price (J22-J25)",
)

ACTION_SCHEMA: JSON = {
    "properties": {
        "count": {"type": "integer", "minimum": 0, "maximum": 5, "description": "augment: k"},
        "cost": {**_COUNT, "description": "augment, reveal, refuse, exchange_gold: silver"},
        "method": {"type": "string", "enum": list(METHODS), "description": "exchange"},
        "cards": _cards("exchange: the cards to pick from (none for all)"),
        "costs": {"type": "array", "items": _PRICE, "description": "exchange: what it costs"},
        "target": {**_SEAT_NUMBER, "description": "reveal: a citizen not named yet (J27)"},
    },
    "required": [],
}
