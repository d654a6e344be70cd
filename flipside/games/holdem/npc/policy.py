"""The interface every computer player implements (H47, H47b)."""

from __future__ import annotations

import random
from typing import Protocol

from ..commands import Act
from ..views import MatchView


class Policy(Protocol):
    """Decides one seat's moves from that seat's view and a reproducible random stream."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        """An allowed betting action on the seat's turn (H16-H25)."""
        ...

    def show(self, view: MatchView, rng: random.Random) -> bool:
        """Show (True) or muck when the showdown asks the seat (H33)."""
        ...
