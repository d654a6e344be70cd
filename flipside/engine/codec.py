"""Events to and from their stored form, for any game: qualified type names, upcasting.

A stored record is anything with the stored ``type``, ``schema_version`` and ``data`` (the
store's `StoredEvent`, an exported line); the engine does not depend on the store.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from .registry import AnyGame, qualified, split_type


class StoredRecord(Protocol):
    @property
    def type(self) -> str: ...

    @property
    def schema_version(self) -> int: ...

    @property
    def data(self) -> Mapping[str, Any]: ...


def encode(game: AnyGame, event: Any) -> tuple[str, dict[str, Any], int]:
    """(stored type, data, schema version) of one of `game`'s events."""
    encoded = game.encode(event)
    return qualified(game.id, encoded.name), encoded.data, encoded.schema_version


def decode(game: AnyGame, record: StoredRecord, state: Any) -> Any:
    """The event of `record`, upcast to its current schema; `state` is the match before it.

    Raises ``ValueError`` for another game's record or an unknown type.
    """
    return game.decode(event_name(game, record.type), record.schema_version, record.data, state)


def event_name(game: AnyGame, stored_type: str) -> str:
    """The name of `game`'s event stored as `stored_type`; ``ValueError`` for another game's."""
    game_id, name = split_type(stored_type)
    if game_id != game.id:
        raise ValueError(f"a {game_id} record in a {game.id} match: {stored_type!r}")
    return name


def fold(game: AnyGame, records: Iterable[StoredRecord], state: Any = None) -> Any:
    """The state after applying `records` to `state` (the initial state if None)."""
    if state is None:
        state = game.initial_state()
    for record in records:
        state = game.evolve(state, decode(game, record, state))
    return state
