"""The interface every computer player implements."""

from __future__ import annotations

import random
from typing import Protocol

from flipside.games.juggernaut.commands import Command
from flipside.games.juggernaut.views import MatchView


class Policy(Protocol):
    def move(self, view: MatchView, rng: random.Random) -> Command:
        """The viewer's next move; the view's seat is awaited."""
        ...
