"""The test drivers of H47b: `passive` (always call) and `random`. Not levels offered to
people; they measure the levels (H47a) and drive random legal play in tests."""

from __future__ import annotations

import random

from ..commands import Act
from ..views import Legal, MatchView


def _by_kind(view: MatchView) -> dict[str, Legal]:
    return {choice.kind: choice for choice in view.legal}


class Passive:
    """Checks if it may, else calls; shows at every showdown."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        seat = view.viewer
        assert seat is not None
        choices = _by_kind(view)
        if "check" in choices:
            return Act(seat, "check")
        if "call" in choices:
            return Act(seat, "call")
        return Act(seat, "fold")  # unreachable: facing a bet a call is always allowed (H18)

    def show(self, view: MatchView, rng: random.Random) -> bool:
        return True


class RandomPlayer:
    """A kind uniformly among those allowed, never folding when it may check; a bet or raise
    amount uniform over the allowed integers; shows at every showdown."""

    def act(self, view: MatchView, rng: random.Random) -> Act:
        seat = view.viewer
        assert seat is not None
        choices = _by_kind(view)
        if "check" in choices:
            del choices["fold"]
        kind = rng.choice(sorted(choices))
        choice = choices[kind]
        if kind in ("bet", "raise"):
            assert choice.min is not None and choice.max is not None
            return Act(seat, kind, rng.randint(choice.min, choice.max))  # type: ignore[arg-type]
        return Act(seat, kind)  # type: ignore[arg-type]

    def show(self, view: MatchView, rng: random.Random) -> bool:
        return True
