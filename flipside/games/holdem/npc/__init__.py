"""Hold'em's computer players (H47): policies that decide from a `MatchView` only."""

from .policy import Policy

__all__ = ["Policy"]
