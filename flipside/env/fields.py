"""A seat's JSON view read like its view dataclass: ``view.seats[0].cards``.

The encoders and action spaces read a seat's view dataclass (``Game.view``) by attribute:
its fields carry the names its JSON uses, and an attribute read costs less than anything
built from it (a dict of a seat's fields cost about a microsecond, as much as the reads).
`JsonView` lets them read the JSON the API serves the same way, so that both can be shown
to encode alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class JsonView:
    """The JSON object `body`, its fields read as attributes (nested objects wrapped too)."""

    __slots__ = ("_body",)

    def __init__(self, body: Mapping[str, Any]) -> None:
        self._body = body

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrapped(self._body[name])
        except KeyError:
            raise AttributeError(name) from None


def _wrapped(value: Any) -> Any:
    if isinstance(value, Mapping):
        return JsonView(value)
    if isinstance(value, list):  # a tuple, as in the dataclass: encoders key caches by it
        return tuple(_wrapped(item) for item in value)
    return value
