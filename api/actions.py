"""Moves over HTTP, as each game defines them: a body's shape checked against its kind's
parameters, and those parameters documented in the OpenAPI document.

A game describes each kind of move as an `ActionKind`: its parameters are the properties of
a JSON Schema object. Here the API checks a body's shape only (the kind is the game's,
required parameters are present, no others, each of its JSON type, array items too) and
answers 422 ``validation_error`` or ``unknown_action``; the values (which cards, how many)
are the game's to judge, so a bad card is ``invalid_cards`` whatever the reason.

Each kind is documented as a component schema named by game and kind
(``FlipsideExchangeAction``), all of them together as the body of ``POST .../actions``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from apispec import APISpec
from flask import request

from flipside.engine.game import JSON, ActionKind
from flipside.engine.registry import AnyGame, games

from .bodies import request_json
from .problems import Problem

_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
    "null": type(None),
}


def json_body() -> Any:
    """The request's body as JSON; 400 ``malformed_json`` if it is not JSON."""
    body = request_json()
    if body is None and not request.get_data(cache=True):
        raise Problem("malformed_json", "the request body is not valid JSON") from None
    return body


def action_of(game: AnyGame, body: Any, kind: str | None = None) -> JSON:
    """`body` as the move ``{"kind": ..., <parameters>}`` of `game`, its shape checked.

    `kind` comes from the path of a per-kind alias; its body holds the parameters only.
    """
    if not isinstance(body, dict):
        raise _invalid({"_schema": ["the body must be a JSON object"]})
    parameters = dict(body)
    if kind is None:
        kind = parameters.pop("kind", None)
        if not isinstance(kind, str):
            raise _invalid({"kind": ["Missing data for required field."]})
    mistakes = _mistakes(parameters, kind_named(game, kind))
    if mistakes:
        raise _invalid(mistakes)
    return {"kind": kind, **parameters}


def kind_named(game: AnyGame, kind: str) -> ActionKind:
    """`game`'s kind of move `kind`; 422 ``unknown_action`` if it has none."""
    for action_kind in game.action_kinds:
        if action_kind.kind == kind:
            return action_kind
    known = ", ".join(action_kind.kind for action_kind in game.action_kinds)
    raise Problem("unknown_action", f"{game.id} has no action {kind!r}; it has {known}")


def _invalid(errors: dict[str, list[str]]) -> Problem:
    return Problem(
        "validation_error", "the request does not match the schema", errors={"json": errors}
    )


def _mistakes(parameters: Mapping[str, Any], kind: ActionKind) -> dict[str, list[str]]:
    mistakes = {name: ["Unknown field."] for name in parameters if name not in kind.properties}
    for name in kind.required:
        if name not in parameters:
            mistakes[name] = ["Missing data for required field."]
    for name, value in parameters.items():
        if name in kind.properties and (wrong := _type_mistake(value, kind.properties[name])):
            mistakes[name] = [wrong]
    return mistakes


def _type_mistake(value: Any, schema: Mapping[str, Any]) -> str | None:
    """Why `value` is not of the JSON type `schema` names (array items too), or None."""
    expected = schema.get("type")
    if expected is None:
        return None
    if not _is(value, expected):
        return f"Not a valid {expected}."
    if expected == "array" and "items" in schema:
        for index, item in enumerate(value):
            if wrong := _type_mistake(item, schema["items"]):
                return f"item {index}: {wrong}"
    return None


def _is(value: Any, expected: str) -> bool:
    if isinstance(value, bool):  # Python's bool is an int; JSON's true is not a number
        return expected == "boolean"
    return isinstance(value, _TYPES[expected])


# --- the OpenAPI document ---------------------------------------------------------------------


def parameters_schema(kind: ActionKind) -> JSON:
    """The JSON Schema of a move's parameters (the body of its per-kind alias)."""
    schema: JSON = {
        "type": "object",
        "description": kind.description,
        "properties": dict(kind.properties),
        "additionalProperties": False,
    }
    if kind.required:  # OpenAPI 3.0 wants a non-empty list, or none
        schema["required"] = list(kind.required)
    return schema


def action_schema(kind: ActionKind) -> JSON:
    """The JSON Schema of a move's body for ``POST .../actions``: its kind and parameters."""
    schema = parameters_schema(kind)
    schema["properties"] = {"kind": {"type": "string", "enum": [kind.kind]}, **schema["properties"]}
    schema["required"] = ["kind", *kind.required]
    return schema


def schema_name(game: AnyGame, kind: ActionKind) -> str:
    """``FlipsideExchangeAction`` for Flipside's exchange."""
    words = re.split(r"[^0-9A-Za-z]+", f"{game.id} {kind.kind}")
    return "".join(word[:1].upper() + word[1:] for word in words) + "Action"


def _ref(game: AnyGame, kind: ActionKind) -> str:
    return f"#/components/schemas/{schema_name(game, kind)}"


def document(spec: APISpec) -> None:
    """Add every game's kinds of move to the document's component schemas."""
    for game in games():
        for kind in game.action_kinds:
            spec.components.schema(schema_name(game, kind), action_schema(kind))


def any_action_body() -> JSON:
    """The request body of ``POST .../actions``: any game's kind of move. The match's game
    decides which kinds it takes, and two games may share a kind's name (each its own
    parameters), so the alternatives are ``anyOf``, with no discriminator on ``kind``."""
    schema = {
        "anyOf": [{"$ref": _ref(game, kind)} for game in games() for kind in game.action_kinds]
    }
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def alias_body(kind: ActionKind) -> JSON:
    """The request body of a per-kind alias: the kind's parameters only."""
    return {"required": True, "content": {"application/json": {"schema": parameters_schema(kind)}}}
