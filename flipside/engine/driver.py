"""Computer seats move: the loop that lets every awaited computer seat play, for any game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .registry import AnyGame


def play_until_blocked(
    game: AnyGame, state: Any, policies: Mapping[int, Any]
) -> tuple[list[Any], Any]:
    """Play the seats in `policies` until another seat must act or the match is over."""
    events: list[Any] = []
    while (command := game.next_command(state, policies)) is not None:
        new_events, state = game.execute(state, command)
        events.extend(new_events)
    return events, state
