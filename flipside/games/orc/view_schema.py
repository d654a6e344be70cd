"""The shape of what Orc Poker sends a viewer: its view's fields, its seats' and its legal
actions', as OpenAPI 3.0 schema objects (JSON Schema, with ``nullable`` for null).

The engine's envelope (match id, version, viewer, status, phase, awaiting, who sits where,
the outcome) comes first in every view and is described by the API; these are the fields
`views.view_json` adds beside it. A card is its number (K2); what the viewer may not see is
null (K33), until the match is over (K35).
"""

from __future__ import annotations

from flipside.engine.game import JSON

NUMBER: JSON = {"type": "integer", "minimum": 1, "maximum": 10, "description": "a card (K2)"}
_SEAT_NUMBER: JSON = {"type": "integer", "minimum": 0}
_COUNT: JSON = {"type": "integer", "minimum": 0}
_HEX = "^[0-9a-f]{64}$"  # 32 bytes, as lower-case hex


def _numbers(description: str) -> JSON:
    return {"type": "array", "items": NUMBER, "description": description}


def _seats(description: str) -> JSON:
    return {"type": "array", "items": _SEAT_NUMBER, "description": description}


def _nullable(schema: JSON, description: str) -> JSON:
    return {**schema, "nullable": True, "description": description}


def _one_of(description: str, *values: str) -> JSON:
    """A word of `values`, or null."""
    return {"type": "string", "enum": [*values, None], "nullable": True, "description": description}


_TURN: JSON = {
    "type": "object",
    "description": "a turn the seat played (K18), as everyone saw it",
    "properties": {
        "row": _numbers("its row before the turn"),
        "cost": {"type": "integer", "minimum": 1, "maximum": 10, "description": "K21 then"},
        "drew": {"type": "boolean", "description": "drew (K19), else gave up (K21)"},
    },
    "required": ["row", "cost", "drew"],
    "additionalProperties": False,
}

_SEAT: JSON = {
    "properties": {
        "chips": {**_COUNT, "description": "K3, K8"},
        "in_round": {"type": "boolean", "description": "not out of this round (K20-K23)"},
        "out": _one_of("why it left the round (its row is face down)", "bust", "give_up"),
        "row": _numbers("the visible cards in the order laid (K14), face down ones too (K34)"),
        "stacked": _numbers("tie-break cards laid on their twins (K12.3)"),
        "hand": {
            "type": "array",
            "items": {**NUMBER, "nullable": True},
            "description": "smallest first; null where the caller may not see a card (K33)",
        },
        "hand_size": {**_COUNT, "description": "public (K32)"},
        "chosen": {"type": "boolean", "description": "has laid the sealed card awaited (K32)"},
        "sealed": _nullable(NUMBER, "that card, to its owner only (K33)"),
        "contribution": _nullable(NUMBER, "this phase's contribution, to its owner (K33)"),
        "turns": {"type": "array", "items": _TURN, "description": "its turns this match"},
    },
    "required": [
        "chips",
        "in_round",
        "out",
        "row",
        "stacked",
        "hand",
        "hand_size",
        "chosen",
        "sealed",
        "contribution",
        "turns",
    ],
}

VIEW_SCHEMA: JSON = {
    "properties": {
        "round": {**_COUNT, "description": "from 1 (K5)"},
        "rounds": {"type": "integer", "enum": [7, 10], "description": "the match's length (K5)"},
        "fee": {**_COUNT, "description": "this round's entry fee (K7, K31)"},
        "escalating_fee": {"type": "boolean", "description": "K31"},
        "start_chips": {"type": "integer", "enum": [30, 50], "description": "K3"},
        "pot": {**_COUNT, "description": "the pot, carried remainder included (K26)"},
        "shortfall": {"type": "boolean", "description": "a payment fell short: the last round"},
        "openings": _numbers("the revealed opening cards, per seat (K10)"),
        "tied": _seats("the seats in the tie-break (K12)"),
        "tiebreak_step": {**_COUNT, "description": "the tie-break's step, from 1"},
        "action_phase": {"type": "integer", "minimum": 0, "maximum": 5, "description": "K16"},
        "start_seat": _nullable(_SEAT_NUMBER, "the start player (K11, K27)"),
        "turn_order": _seats("this phase's seats, the start player first (K18)"),
        "to_move": _nullable(_SEAT_NUMBER, "the seat to draw or give up (K18)"),
        "sealing": _one_of("the sealed choice asked for", "opening", "tiebreak", "contribution"),
        "round_deck_size": {**_COUNT, "description": "K9, K15"},
        "action_deck_size": {**_COUNT, "description": "undrawn action-deck cards (K17)"},
        "contributed": {**_COUNT, "description": "the cards this phase's action deck began with"},
        "drawn": _numbers("this phase's draws, in order (K19)"),
        "discarded": {**_COUNT, "description": "this round's face-down discards (K25)"},
        "give_up_cost": _nullable(
            {"type": "integer", "minimum": 1, "maximum": 10}, "on a turn: the cost (K21)"
        ),
        "round_deck": _nullable(_numbers("top first"), "to an administrator, or once over"),
        "action_deck": _nullable(_numbers("top first"), "to an administrator, or once over"),
        "winners": _seats("once over: every seat with the most chips (K30)"),
        "places": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1},
            "description": "once over: by chips, equal chips sharing a place (K30)",
        },
        "deck_commitment": {"type": "string", "pattern": _HEX, "description": "sha256(seed)"},
        "seeded": {"type": "boolean", "description": "created with a chosen seed"},
        "seed": _nullable({"type": "string", "pattern": _HEX}, "the seed, once revealed (K35)"),
        "turn_timeout_seconds": _nullable({"type": "integer", "minimum": 1}, "null for none"),
    },
    "required": [
        "round",
        "rounds",
        "fee",
        "escalating_fee",
        "start_chips",
        "pot",
        "shortfall",
        "openings",
        "tied",
        "tiebreak_step",
        "action_phase",
        "start_seat",
        "turn_order",
        "to_move",
        "sealing",
        "round_deck_size",
        "action_deck_size",
        "contributed",
        "drawn",
        "discarded",
        "give_up_cost",
        "round_deck",
        "action_deck",
        "winners",
        "places",
        "deck_commitment",
        "seeded",
        "seed",
        "turn_timeout_seconds",
    ],
    "seat": _SEAT,
}

ACTION_SCHEMA: JSON = {
    "properties": {
        "numbers": _numbers("opening, tiebreak, contribute: the numbers you may lay (K36)"),
        "bust_numbers": _numbers("draw: the numbers in your row, which would bust you (K20)"),
        "action_deck": {**_COUNT, "description": "draw: the undrawn action-deck cards"},
        "cost": {"type": "integer", "minimum": 1, "maximum": 10, "description": "give_up: K21"},
    },
    "required": [],
}
