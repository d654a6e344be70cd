"""One decision being made: the engine's `Decision` over Juggernaut's match and events."""

from __future__ import annotations

from typing import TypeAlias

from flipside.engine.decision import Decision as EngineDecision

from .events import Event
from .state import Match

Decision: TypeAlias = EngineDecision[Match, Event]
