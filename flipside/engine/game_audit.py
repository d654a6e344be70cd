"""The skeleton of a game's own audit checks (`GameRecords.audit_checks`), beyond the
engine's (``flipside/records/audit.py``).

A game follows its record with a `Checker` of its own (the deck, the hands, the coins as
the record's events leave them, folded there rather than by the rules they audit) and
notes each `Failure`. `Checker.run` feeds it every event; one too malformed to follow (a
hand for no seat, a missing field) fails ``decode`` and ends the checks.

>>> class Counting(Checker):
...     def apply(self, version, event):
...         if int(event) != version:
...             self.fail(version, "count", f"{event} at {version}")
>>> failures = Counting(bytes(32)).run([(1, "1"), (2, "3"), (3, "x"), (4, "5")])
>>> [(failure.version, failure.check) for failure in failures]
[(2, 'count'), (3, 'decode')]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

from .records import Failure, Versioned


class SeedEvent(Protocol):
    """An event that publishes a match's seed (hex), whose sha256 its commitment is."""

    @property
    def seed(self) -> str: ...


class Checker(ABC):
    """One match's checks, given the seed every chance of the match derives from."""

    def __init__(self, seed: bytes) -> None:
        self.seed = seed
        self.failures: list[Failure] = []

    @abstractmethod
    def apply(self, version: int, event: Any) -> None:
        """Check the event at `version` and follow it; `fail` for what is wrong."""

    def fail(self, version: int, check: str, message: str) -> None:
        self.failures.append(Failure(version, check, message))

    def run(self, events: Versioned) -> list[Failure]:
        """The failures of `events`, in order; never raises for a malformed record."""
        for version, event in events:
            try:
                self.apply(version, event)
            except (LookupError, TypeError, ValueError, AttributeError) as error:
                self.fail(version, "decode", f"malformed {type(event).__name__}: {error!r}")
                break
        return self.failures


def revealed_seed(events: Versioned, seed_event: type[SeedEvent]) -> tuple[int, str] | None:
    """(version, hex) of the record's `seed_event` (the event that publishes the seed in
    its ``seed`` field, a match's last once it is over), if it is recorded."""
    return next(
        ((version, event.seed) for version, event in events if isinstance(event, seed_event)),
        None,
    )
