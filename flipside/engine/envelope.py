"""The view every game's match shares: the envelope, with the game's own fields beside it.

A client that knows no game can still follow any match from the envelope alone: which game
and rules, whose move the match awaits and until when, who sits where, and how it ended.
The game's `view_json` adds what only it knows (cards, chips, scores); its ``seats`` entries
are merged into the envelope's, seat by seat. Where both name a field, the envelope's value
is kept: it is the engine's, and the same for every game.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .game import JSON, Progress, Viewer
from .registry import AnyGame


def envelope(
    game: AnyGame,
    state: Any,
    viewer: Viewer,
    *,
    omniscient: bool = False,
    deadline: datetime | None = None,
    seen: Any = None,
) -> JSON:
    """The match as `viewer` may see it: the envelope and the game's fields.

    `deadline` is when the awaited seats' turn runs out (the service knows when it began).
    `seen` is the viewer's view (``Game.view``) when the caller has built it already.
    """
    progress = game.progress(state)
    if seen is None:
        seen = game.view(state, viewer, omniscient=omniscient)
    own = game.view_json(seen)
    frame = _frame(game, progress, viewer, deadline)
    own_seats = own.get("seats") or []
    frame["seats"] = [
        _beside(seat, own_seats[index] if index < len(own_seats) else {})
        for index, seat in enumerate(frame["seats"])
    ]
    return _beside(frame, own)


def _beside(first: JSON, extra: JSON) -> JSON:
    """`first` with the fields of `extra` it does not have, after its own."""
    return {**first, **{name: value for name, value in extra.items() if name not in first}}


def _frame(game: AnyGame, progress: Progress, viewer: Viewer, deadline: datetime | None) -> JSON:
    outcome = progress.outcome
    return {
        "match_id": progress.match_id,
        "game": game.id,
        "rules_version": game.rules_version,
        "version": progress.version,
        "viewer": viewer,
        "status": progress.status,
        "phase": progress.phase,
        "awaiting": list(progress.awaiting),
        "deadline": deadline.astimezone(UTC).isoformat() if deadline is not None else None,
        "seats": [
            {"seat": index, "type": spec.kind, "name": spec.name, "level": spec.level}
            for index, spec in enumerate(progress.seats)
        ],
        "outcome": (
            None if outcome is None else {"places": list(outcome.places), "winner": outcome.winner}
        ),
    }
