"""Registered player names: each with the hash of its player's token (migration 0008).

A name is registered once, whatever its capitals: names are compared folded (`folded`),
so "Ana" taken means "ana" and "ANA" are too. The registry stores the name as registered,
which is the spelling a claiming seat takes, and the sha256 of the token, never the token.
In memory for the tests of the HTTP layer, in PostgreSQL's ``players`` table otherwise.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

import psycopg

from flipside.store.postgres import once_more_if_dead

Connect = Callable[[], AbstractContextManager[psycopg.Connection[Any]]]


@dataclass(frozen=True, slots=True)
class Player:
    name: str  # as registered
    token_hash: str


def folded(name: str) -> str:
    """The form two names share when they differ only in capitals or in how their letters
    are encoded (NFKC case folding).

    >>> folded("ANA") == folded("ana"), folded("Straße") == folded("STRASSE")
    (True, True)
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


class PlayerRegistry(Protocol):
    def register(self, player: Player) -> bool:
        """Register `player`; False, changing nothing, if its name is taken."""
        ...

    def find(self, names: Iterable[str]) -> dict[str, Player]:
        """The registered players among `names`, by their `folded` names."""
        ...


class InMemoryPlayers:
    """`PlayerRegistry` in this process: for tests without a database."""

    def __init__(self) -> None:
        self._players: dict[str, Player] = {}
        self._lock = threading.Lock()

    def register(self, player: Player) -> bool:
        with self._lock:
            return self._players.setdefault(folded(player.name), player) is player

    def find(self, names: Iterable[str]) -> dict[str, Player]:
        keys = set(map(folded, names))
        with self._lock:
            return {key: self._players[key] for key in keys if key in self._players}


_REGISTER = """
INSERT INTO players (folded, name, token_hash) VALUES (%s, %s, %s)
ON CONFLICT DO NOTHING RETURNING name
"""
_FIND = "SELECT folded, name, token_hash FROM players WHERE folded = ANY(%s)"


class PostgresPlayers:
    """`PlayerRegistry` in the ``players`` table, through the server's shared connections."""

    def __init__(self, connect: Connect) -> None:
        self._connect = connect

    def register(self, player: Player) -> bool:
        # Not retried on a dead connection: had the first insert committed, a second would
        # answer "taken" and the token shown to nobody would be the name's for good.
        with self._connect() as conn:
            row = conn.execute(_REGISTER, (folded(player.name), player.name, player.token_hash))
            return row.fetchone() is not None

    def find(self, names: Iterable[str]) -> dict[str, Player]:
        keys = sorted(set(map(folded, names)))
        if not keys:
            return {}
        rows = once_more_if_dead(
            self._connect, lambda conn: conn.execute(_FIND, (keys,)).fetchall()
        )
        return {key: Player(name, token_hash) for key, name, token_hash in rows}
