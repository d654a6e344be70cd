"""A game's view dataclass read like its JSON: ``view["seats"][0]["cards"]``.

The encoders and action spaces read a seat's view by the names its JSON uses. Building the
JSON (``Game.view_json``) costs more than the decider's own step, so the environment hands
them the view dataclass itself behind this read-only mapping; nested views and tuples of
them are wrapped as they are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Any


class Fields(Mapping[str, Any]):
    """The fields of the dataclass `value`, by name (properties too, e.g. ``hand_size``)."""

    __slots__ = ("_value",)

    def __init__(self, value: Any) -> None:
        self._value = value

    def __getitem__(self, name: str) -> Any:
        try:
            return _wrapped(getattr(self._value, name))
        except AttributeError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return (field.name for field in fields(self._value))

    def __len__(self) -> int:
        return len(fields(self._value))


def _wrapped(value: Any) -> Any:
    # The class attribute is what `dataclasses.is_dataclass` checks, looked up directly: this
    # runs for every field an encoder reads.
    if hasattr(type(value), _DATACLASS):
        return Fields(value)
    if type(value) is tuple and value and hasattr(type(value[0]), _DATACLASS):
        return [Fields(item) for item in value]
    return value


_DATACLASS = "__dataclass_fields__"
