"""Frozen slots dataclasses built without the cost of their ``__init__``, for the games' views,
built on every computer move and every step of a learner's environment.

A frozen dataclass's ``__init__`` sets each field through a Python-level call of
``object.__setattr__``, about a fifth of a microsecond a field, and a view has 15 to 40
fields. `builder` makes a constructor that sets them as plain attributes of a mutable twin
of the class instead (the same slots over the same base, so each store is the interpreter's
own slot store) and then makes the instance one of the class by setting its ``__class__``,
as `flipside.games.flipside.draft` freezes a match: about five times cheaper. The result is
the same instance, every field set in field order, as frozen as any other. It takes every
value, positionally; there are no defaults and no ``__post_init__``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> point = builder(Point)
>>> point(1, 2) == Point(1, 2), type(point(1, 2)) is Point
(True, True)
>>> point(1)
Traceback (most recent call last):
...
TypeError: Point() missing 1 required positional argument: 'y'

`replacer` is `dataclasses.replace` made the same way: a copy of every field, then the
changes. A game's state has 30 to 50 fields and every event the game applies replaces it,
which through `dataclasses.replace` (a frozen ``__init__`` again) was half of some games'
decider time.

>>> moved = replacer(Point)
>>> moved(Point(1, 2), y=5) == Point(1, 5), type(moved(Point(1, 2))) is Point
(True, True)
>>> moved(Point(1, 2), z=3)
Traceback (most recent call last):
...
TypeError: Point has no field(s) ['z']

`replace` is a drop-in for `dataclasses.replace` of such instances, with the `replacer` of
each class made on its first use:

>>> replace(Point(1, 2), x=0)
Point(x=0, y=2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

_T = TypeVar("_T")
_PREFIX = "_frozen_"  # the generated constructor's own names: no field may begin so


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A positional constructor of the frozen slots dataclass `cls` (every field, in order)."""
    names = _field_names(cls)
    stores = [f"{_PREFIX}made.{name} = {name}" for name in names]
    # as `dataclasses` makes an ``__init__``: one store per field
    return _generated(cls, cls.__name__, ", ".join(names), stores, {})


def replacer(cls: type[_T]) -> Callable[..., _T]:
    """``replace(instance, **changes)``: `dataclasses.replace` of an instance of the frozen
    slots dataclass `cls`, built as `builder` builds one. ``TypeError`` for a change to a
    field `cls` has not. A class whose ``__init__`` does more than set its fields (a
    ``__post_init__``, a field it does not take) is refused: that would be skipped."""
    names = _field_names(cls)
    if hasattr(cls, "__post_init__") or not all(field.init for field in fields(cls)):  # type: ignore[arg-type]
        raise ValueError(f"{cls.__name__}: its __init__ does more than set its fields")

    def unknown(changes: dict[str, Any]) -> None:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(set(changes) - set(names))}")

    lines = [
        f"if not {_PREFIX}names.issuperset({_PREFIX}changes):",
        f"    {_PREFIX}unknown({_PREFIX}changes)",
        *(f"{_PREFIX}made.{name} = {_PREFIX}instance.{name}" for name in names),
        f"for {_PREFIX}name, {_PREFIX}value in {_PREFIX}changes.items():",
        f"    {_PREFIX}set({_PREFIX}made, {_PREFIX}name, {_PREFIX}value)",
    ]
    scope = {
        f"{_PREFIX}names": frozenset(names),
        f"{_PREFIX}unknown": unknown,
        f"{_PREFIX}set": object.__setattr__,  # the twin's: a plain slot store
    }
    params = f"{_PREFIX}instance, /, **{_PREFIX}changes"
    return _generated(cls, f"replace_{cls.__name__}", params, lines, scope)


def _field_names(cls: type) -> list[str]:
    names = [field.name for field in fields(cls)]
    if any(name.startswith(_PREFIX) for name in names):
        raise ValueError(f"{cls.__name__}: a field's name begins with {_PREFIX}")
    return names


def _generated(
    cls: type[_T], name: str, params: str, lines: list[str], scope: dict[str, Any]
) -> Callable[..., _T]:
    """The function `name`(`params`) that makes an instance of `cls`'s mutable twin, runs
    `lines` on it (``_frozen_made``; `scope` holds their names) and makes it one of `cls`."""
    body = "".join(f"    {line}\n" for line in lines)
    source = (
        f"def {name}({params}):\n"
        f"    {_PREFIX}made = {_PREFIX}new({_PREFIX}twin)\n"
        f"{body}"
        f"    {_PREFIX}made.__class__ = {_PREFIX}cls\n"
        f"    return {_PREFIX}made\n"
    )
    names = {
        **scope,
        f"{_PREFIX}new": object.__new__,
        f"{_PREFIX}twin": _mutable_twin(cls),
        f"{_PREFIX}cls": cls,
    }
    exec(source, names)
    made: Callable[..., _T] = names[name]
    return made


_REPLACERS: dict[type, Callable[..., Any]] = {}  # by class, each made on its first use


def replace(instance: _T, /, **changes: Any) -> _T:
    """`dataclasses.replace` of an instance of a frozen slots dataclass (`replacer`)."""
    cls = type(instance)
    replaced = _REPLACERS.get(cls) or _REPLACERS.setdefault(cls, replacer(cls))
    made: _T = replaced(instance, **changes)
    return made


def _mutable_twin(cls: type) -> type:
    """A class with `cls`'s own slots over its base, whose attributes are set as any plain
    object's (the frozen base's ``__setattr__`` and ``__delattr__`` put back to object's:
    Python stores a slot at once only when both are), so an instance of it may become one
    of `cls` (``__class__`` may change between classes of the same layout)."""
    if "__slots__" not in cls.__dict__ or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise ValueError(f"{cls.__name__} is not a frozen slots dataclass")
    return type(
        f"{cls.__name__}Twin",
        cls.__bases__,
        {
            "__slots__": cls.__dict__["__slots__"],
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
        },
    )
