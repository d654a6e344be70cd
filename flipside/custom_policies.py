"""Your own computer players: a policy named ``module:attr`` seated among the built-in levels.

A game's policy interface is the `Policy` protocol its ``flipside.games.<game>.npc`` package
exports (docs/policies.md): one method per kind of decision, each given the seat's view and a
reproducible random stream. The attribute is a policy, or a class whose no-argument
constructor makes one. A seated policy is guarded: an exception it raises, and an illegal
move it returns, stop the run with the seat and the move (`PolicyError`).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flipside.engine.registry import AnyGame


class PolicyError(ValueError):
    """A policy that cannot be seated, or that failed while playing: one line for people."""


@dataclass(frozen=True, slots=True)
class SeatedPolicy:
    """A ``--policy SEAT=module:attr``: the seat, the name it goes by, and the policy."""

    seat: int
    name: str  # "module:attr", its "level" in the summaries
    policy: Any


def parse_spec(spec: str) -> tuple[int, str]:
    """``"2=bots.mine:Cautious"`` -> ``(2, "bots.mine:Cautious")``."""
    seat, equals, name = spec.partition("=")
    module, colon, attr = name.partition(":")
    if not equals or not colon or not module or not attr or not seat.strip().isdigit():
        raise PolicyError(f"policy {spec!r} is not SEAT=module:attr (e.g. 1=mybots:Greedy)")
    return int(seat), name


def decisions(game: AnyGame) -> tuple[str, ...]:
    """The methods of `game`'s `Policy` protocol: what a policy of that game must answer."""
    protocol = importlib.import_module(f"flipside.games.{game.id}.npc").Policy
    return tuple(
        name
        for name, member in vars(protocol).items()
        if inspect.isfunction(member) and not name.startswith("_")
    )


def load(game: AnyGame, spec: str, seats: int) -> SeatedPolicy:
    """The policy `spec` names, checked against `game`'s `Policy` and a table of `seats`.

    The current directory is searched first for the module, as ``python -m`` would.
    """
    seat, name = parse_spec(spec)
    if seat >= seats:
        raise PolicyError(f"policy seat {seat} is out of range: the table has seats 0-{seats - 1}")
    module_name, _, attr = name.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise PolicyError(f"policy {name}: no module {error.name!r}") from None
    found = getattr(module, attr, None)
    if found is None:
        raise PolicyError(f"policy {name}: module {module_name!r} has no attribute {attr!r}")
    policy = found() if inspect.isclass(found) else found
    needed = decisions(game)
    missing = [method for method in needed if not callable(getattr(policy, method, None))]
    if missing:
        raise PolicyError(
            f"policy {name} lacks {', '.join(missing)}: the {game.id} Policy has "
            f"{', '.join(needed)} (docs/policies.md)"
        )
    return SeatedPolicy(seat, name, _Guarded(policy, seat, name, needed))


class _Guarded:
    """A policy whose decisions say which seat and policy failed when they raise."""

    def __init__(self, policy: Any, seat: int, name: str, methods: tuple[str, ...]) -> None:
        self._policy, self._seat, self._name, self._methods = policy, seat, name, methods

    def __getattr__(self, method: str) -> Any:
        decide = getattr(self._policy, method)
        if method not in self._methods:
            return decide
        return self._guard(method, decide)

    def _guard(self, method: str, decide: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> Any:
            try:
                return decide(*args)
            except Exception as error:
                raise PolicyError(
                    f"seat {self._seat} ({self._name}): {method} raised "
                    f"{type(error).__name__}: {error}"
                ) from error

        return guarded
