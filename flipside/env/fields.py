"""A game's view dataclass read like its JSON: ``view["seats"][0]["cards"]``.

The encoders and action spaces read a seat's view by the names its JSON uses. Building the
JSON (``Game.view_json``) costs more than the decider's own step, so the environment hands
them the view dataclass itself as a dict of its fields, filled by one C-level read of the
plain ones, so that the encoders' many reads are dict lookups. The fields declared as views
(or tuples of them: seats, but also long histories an encoder may never read) and the
properties (e.g. ``hand_size``) are read the first time they are asked for, nested views
wrapped the same way.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

_DATACLASS = "__dataclass_fields__"  # what `dataclasses.is_dataclass` looks for


class Fields(dict[str, Any]):
    """The fields of the dataclass `value`, by name (properties too, when asked for).

    Read it by name (``view["seats"]``, ``"seats" in view``, ``view.get("seats")``):
    iterating and ``len`` see only the names read so far.
    """

    __slots__ = ("_value",)

    def __init__(self, value: Any) -> None:
        layout = _layout(type(value))
        super().__init__(zip(layout.names, layout.read(value), strict=True))
        self._value = value

    def __missing__(self, name: str) -> Any:
        try:
            found = _wrapped(getattr(self._value, name))
        except AttributeError:
            raise KeyError(name) from None
        self[name] = found
        return found

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __contains__(self, name: object) -> bool:
        if dict.__contains__(self, name):
            return True
        if not isinstance(name, str):
            return False
        try:
            self[name]  # read on first asking
        except KeyError:
            return False
        return True


def _wrapped(value: Any) -> Any:
    if hasattr(type(value), _DATACLASS):
        return Fields(value)
    if type(value) is tuple and value and hasattr(type(value[0]), _DATACLASS):
        return [Fields(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class _Layout:
    names: tuple[str, ...]  # the plain fields: those whose declared type names no dataclass
    read: Callable[[Any], tuple[Any, ...]]  # their values, in `names` order


_LAYOUTS: dict[type, _Layout] = {}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _layout(kind: type) -> _Layout:
    if kind not in _LAYOUTS:
        scope = vars(sys.modules[kind.__module__])
        names = tuple(field.name for field in fields(kind) if not _names_a_view(field.type, scope))
        _LAYOUTS[kind] = _Layout(names, _reader(names))
    return _LAYOUTS[kind]


def _reader(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """One call reading the attributes `names` as a tuple (`attrgetter` of one name gives
    the bare value)."""
    if not names:
        return lambda value: ()
    getter = attrgetter(*names)
    return getter if len(names) > 1 else lambda value: (getter(value),)


def _names_a_view(declared: Any, scope: dict[str, Any]) -> bool:
    """Whether a field's declared type (text, under postponed annotations) names a
    dataclass of the view's module, e.g. ``tuple[SeatInView, ...]`` or ``HandView | None``."""
    if not isinstance(declared, str):
        declared = getattr(declared, "__name__", str(declared))
    return any(hasattr(scope.get(name), _DATACLASS) for name in _NAME.findall(declared))
