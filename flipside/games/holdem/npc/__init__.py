"""Hold'em's computer players (H47): policies that decide from a `MatchView` only."""

from .levels import TEST_DRIVERS
from .policy import Policy

__all__ = ["TEST_DRIVERS", "Policy"]
