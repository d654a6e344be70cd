"""Flipside's moves through the game-agnostic service, for tests that play it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flipside.games.flipside.state import Match
from flipside.service import Handled, MatchService


def exchange(
    service: MatchService, match_id: str, seat: int, discard: Iterable[str], **options: Any
) -> Handled:
    body = {"kind": "exchange", "discard": list(discard)}
    return service.act(match_id, seat, body, **options)


def orient(
    service: MatchService, match_id: str, seat: int, cards: Iterable[str], **options: Any
) -> Handled:
    return service.act(match_id, seat, {"kind": "orientation", "cards": list(cards)}, **options)


def state_of(service: MatchService, match_id: str) -> Match:
    """The match's Flipside state now."""
    state: Match = service.load(match_id).state
    return state
