"""A game's frozen dataclass events to and from the JSON they are stored as, and up from the
older schema versions it once wrote (docs/records.md, "Events, versions and types").

An event's class name is its stored type and its fields are the data's keys, in field
order. Tuples stay tuples (JSON writes them as arrays; lists read back as tuples). A field
holding dataclasses (a match's seats, a game's parameters) says how it is written and read
with a `Nested`; every other field is stored as it is. An event stored at an older
``schema_version`` is brought up to its class's ``SCHEMA_VERSION`` by the game's upcasters,
one version at a time, given the match before the event (the context an old record lacks).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Dealt:
...     SCHEMA_VERSION = 1
...     seats: tuple[SeatSpec, ...]
...     hands: tuple[tuple[str, ...], ...]
>>> codec = EventCodec([Dealt], {Dealt: {"seats": SEATS}})
>>> event = Dealt((SeatSpec("npc", level="easy"),), (("AK", "QJ"),))
>>> codec.encode(event)
EncodedEvent(name='Dealt', data={'seats': ({'kind': 'npc', 'name': None, 'level': 'easy'},), \
'hands': (('AK', 'QJ'),)}, schema_version=1)
>>> codec.decode("Dealt", 1, {"seats": [{"kind": "npc", "level": "easy"}], "hands": [["AK"]]})
Dealt(seats=(SeatSpec(kind='npc', name=None, level='easy', registered=False),), \
hands=(('AK',),))
>>> codec.decode("Dealt", 2, {})
Traceback (most recent call last):
...
ValueError: Dealt has schema versions 1 to 1, not 2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .frozen import builder
from .game import EncodedEvent
from .plain import field_names
from .seats import SeatSpec, stored_seats

Data = Mapping[str, Any]
Upcaster = Callable[[Data, Any], Data]
"""One schema version's data to the next, given the match before the event."""


class Versioned(Protocol):
    """An event class's current schema version."""

    SCHEMA_VERSION: ClassVar[int]


E = TypeVar("E", bound=Versioned)


@dataclass(frozen=True, slots=True)
class Nested:
    """How a field holding dataclasses is written (`write`) and read back (`read`)."""

    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


SEATS = Nested(
    write=lambda seats: tuple(stored_seats(seats)),
    read=lambda stored: tuple(SeatSpec(**seat) for seat in stored),
)
"""A match's seats (`SeatSpec`), as every game's creation event holds them."""

_NOTHING: Mapping[Any, Any] = MappingProxyType({})


class EventCodec(Generic[E]):
    """The stored form of one game's events: `EventCodec(event classes, nested fields)`."""

    __slots__ = ("_fields", "_nested", "_wholes", "_writers", "types", "upcasters")

    def __init__(
        self,
        types: Iterable[type[E]],
        nested: Mapping[type[E], Mapping[str, Nested]] = _NOTHING,
        upcasters: Mapping[tuple[str, int], Upcaster] = _NOTHING,
    ) -> None:
        self.types: Mapping[str, type[E]] = MappingProxyType({cls.__name__: cls for cls in types})
        self.upcasters = upcasters  # by (event name, the version they read)
        self._fields = {cls: frozenset(field_names(cls)) for cls in self.types.values()}
        self._nested = nested
        self._wholes: dict[str, tuple[int, Callable[[Data], E | None]]] = {
            # by name: (how many fields, `_whole_reader`)
            name: (len(self._fields[cls]), _whole_reader(cls, nested.get(cls, _NOTHING)))
            for name, cls in self.types.items()
            if _positional(cls)
        }
        self._writers: dict[type, Callable[[Any], dict[str, Any]]] = {}  # `to_data`, by class

    def upcasting(self, upcasters: Mapping[tuple[str, int], Upcaster]) -> EventCodec[E]:
        """This codec, reading older versions with `upcasters`."""
        return EventCodec(self.types.values(), self._nested, upcasters)

    # --- writing ----------------------------------------------------------------------------
    def to_data(self, event: E) -> dict[str, Any]:
        """The event as a JSON-ready object.

        Built field by field rather than with `dataclasses.asdict`, which deep-copies every
        value and is the slowest part of writing an event; the values are immutable, so
        sharing them is safe.
        """
        cls = type(event)
        write = self._writers.get(cls) or self._writer_of(cls)
        return write(event)

    def _writer_of(self, cls: type) -> Callable[[Any], dict[str, Any]]:
        write = self._writers[cls] = _data_writer(cls, self._nested.get(cls, _NOTHING))
        return write

    def encode(self, event: E) -> EncodedEvent:
        return EncodedEvent(type(event).__name__, self.to_data(event), event.SCHEMA_VERSION)

    # --- reading ----------------------------------------------------------------------------
    def from_data(self, name: str, data: Data) -> E:
        """The event stored as `name` at its current schema version; ``ValueError`` for an
        unknown type or field, or data its class cannot be built from."""
        whole = self._wholes.get(name)
        if whole is not None and type(data) is dict and len(data) == whole[0]:
            # Audits and imports read every stored event: data holding every field, as
            # written, is read in one call made for its class (`_whole_reader`).
            try:
                event = whole[1](data)
            except (TypeError, KeyError, AttributeError) as error:
                raise ValueError(f"{name}: {error}") from None
            if event is not None:
                return event
        return self._from_some(name, self._class(name), data)

    def _from_some(self, name: str, cls: type[E], data: Data) -> E:
        """`from_data` of data that may leave out fields with defaults, or hold unknown ones."""
        fields = self._fields[cls]
        if not fields.issuperset(data):
            raise ValueError(f"{name} has no field(s) {sorted(set(data) - fields)}")
        values = {
            field: tuples(value) if isinstance(value, list) else value
            for field, value in data.items()
        }
        try:
            for field, codec in self._nested.get(cls, _NOTHING).items():
                values[field] = codec.read(data[field])
            return cls(**values)
        except (TypeError, KeyError, AttributeError) as error:
            raise ValueError(f"{name}: {error}") from None

    def upcast(self, name: str, schema_version: int, data: Data, state: Any) -> Data:
        """`data`, stored as `name` at `schema_version`, at the event's current version.

        `state` is the match before the event. ``ValueError`` for an unknown type, a version
        this code does not know (a newer one included), or data an upcaster cannot read.
        """
        current = self._class(name).SCHEMA_VERSION
        if not 1 <= schema_version <= current:
            raise ValueError(f"{name} has schema versions 1 to {current}, not {schema_version}")
        for version in range(schema_version, current):
            try:
                data = self.upcasters[name, version](data, state)
            except (LookupError, TypeError, ValueError) as error:
                raise ValueError(f"{name} version {version} cannot be upcast: {error!r}") from None
        return data

    def decode(self, name: str, schema_version: int, data: Data, state: Any = None) -> E:
        """The event stored as `name` at `schema_version`, at its current version."""
        cls = self.types.get(name)
        if cls is not None and schema_version == cls.SCHEMA_VERSION:  # nothing to upcast
            return self.from_data(name, data)
        return self.from_data(name, self.upcast(name, schema_version, data, state))

    def _class(self, name: str) -> type[E]:
        cls = self.types.get(name)
        if cls is None:
            raise ValueError(f"unknown event type {name!r}")
        return cls


def tuples(value: Any) -> Any:
    """`value` read back from JSON as an event holds it: every list a tuple, at any depth.

    >>> tuples([["AK", "QJ"], 3])
    (('AK', 'QJ'), 3)
    """
    if not isinstance(value, list):
        return value
    for item in value:
        if isinstance(item, list):
            # A list, not a generator: `tuple` of a generator costs a frame switch per item.
            return tuple([tuples(item) for item in value])
    return tuple(value)  # most lists hold no list (cards, seats): one copy, no call an item


def _positional(cls: type) -> bool:
    """Whether `cls` takes every field, in field order, as a positional argument."""
    return all(field.init and not field.kw_only for field in dataclass_fields(cls))


def _data_writer(cls: type, nested: Mapping[str, Nested]) -> Callable[[Any], dict[str, Any]]:
    """`EventCodec.to_data` of `cls`, made once: one dict display of its fields, rather than
    their names looked up and a call per field (a simulation's digest and every append write
    each event)."""
    scope: dict[str, Any] = {}
    items = []
    for index, name in enumerate(field_names(cls)):
        if name in nested:
            scope[f"_write_{index}"] = nested[name].write
            items.append(f"{name!r}: _write_{index}(event.{name})")
        else:
            items.append(f"{name!r}: event.{name}")
    exec(f"def write(event):\n    return {{{', '.join(items)}}}\n", scope)
    write: Callable[[Any], dict[str, Any]] = scope["write"]
    return write


def _buildable(cls: type) -> bool:
    """Whether `frozen.builder` makes the same instances of `cls` as its ``__init__``: a
    frozen slots dataclass whose ``__init__`` only stores its fields."""
    params = getattr(cls, "__dataclass_params__", None)
    return (
        params is not None
        and params.frozen
        and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
    )


def _whole_reader(cls: type, nested: Mapping[str, Nested]) -> Callable[[Data], Any]:
    """How `from_data` reads data holding every field of `cls` (None if one is missing),
    made once per class: the values are looked up and read in one generated function and
    passed by position (an audit reads every event: a call per field and keywords mapped
    to build were half its decoding), to `frozen.builder`'s constructor where it makes the
    same instances as the class's ``__init__``. `tuples` is called only for a list, the
    only value it changes."""
    build = builder(cls) if _buildable(cls) else cls
    scope: dict[str, Any] = {"_build": build, "_tuples": tuples, "_list": list}
    lookups, values = ["    try:\n", "        pass\n"], []  # `pass`: a class of no fields
    for index, field in enumerate(field_names(cls)):
        lookups.append(f"        _{index} = data[{field!r}]\n")
        if field in nested:
            scope[f"_read_{index}"] = nested[field].read
            values.append(f"_read_{index}(_{index})")
        else:
            values.append(f"_tuples(_{index}) if isinstance(_{index}, _list) else _{index}")
    source = (
        "def read(data):\n"
        f"{''.join(lookups)}"
        "    except KeyError:\n"
        "        return None\n"
        f"    return _build({', '.join(values)})\n"
    )
    exec(source, scope)  # as `frozen.builder` and `dataclasses` make their functions
    whole: Callable[[Data], Any] = scope["read"]
    return whole
