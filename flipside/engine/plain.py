"""Frozen dataclasses to JSON-ready values, fast: views and events are built per move."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

_LEAVES = (str, int, float, type(None))


@functools.cache
def _cached_field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


def field_names(cls: type) -> tuple[str, ...]:
    """The names of dataclass `cls`'s fields, looked up once per class.

    The cache sits behind a plain function because mypy, checking a call of a cached
    function, takes a class for unhashable (it reads its instances' ``__hash__``).
    """
    return _cached_field_names(cls)


def plain(value: Any) -> Any:
    """Leaves as they are, tuples as lists, dataclasses as dicts (by field, recursively).

    Built by hand rather than with `dataclasses.asdict`, which deep-copies every value.

    >>> @dataclasses.dataclass
    ... class Seat:
    ...     seat: int
    ...     cards: tuple[str | None, ...]
    >>> plain((Seat(0, ("AK", None)),))
    [{'seat': 0, 'cards': ['AK', None]}]
    """
    if isinstance(value, _LEAVES):
        return value
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return {name: plain(getattr(value, name)) for name in field_names(type(value))}
