"""One match in process for a learner: created from a seed, moved by action numbers.

The table holds the game's full state and hands out nothing but what a seat may see: its
view (``Game.view_json``), the legal action numbers of `GameSpaces`, and at the end the
rewards. Both the PettingZoo environment and the Gymnasium wrapper play through it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from flipside.engine.driver import play_until_blocked
from flipside.engine.envelope import envelope
from flipside.engine.game import Progress
from flipside.engine.registry import AnyGame, game_named
from flipside.engine.seats import SeatSpec

from .features import Vector
from .spaces import spaces_of
from .spaces.base import JSON, Choices, GameSpaces


class IllegalAction(ValueError):
    """An action number the seat's mask does not allow now."""


def match_seed(seed: int) -> bytes:
    """The 32-byte match seed of a ``reset(seed=...)``."""
    return hashlib.sha256(f"flipside-env:{seed}".encode()).digest()


def place_rewards(places: Sequence[int]) -> list[float]:
    """From +1 for first place to -1 for last, evenly spaced: ``(n + 1 - 2 place) / (n - 1)``.
    Summed over the seats of a match without shared places it is zero."""
    seats = len(places)
    return [(seats + 1 - 2 * place) / (seats - 1) for place in places]


class Table:
    """A match of `game` between `seats`, from `seed`, played one action number at a time."""

    def __init__(
        self,
        game: str,
        seats: Sequence[SeatSpec],
        seed: bytes,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game: AnyGame = game_named(game)
        self.spaces: GameSpaces = spaces_of(game)
        self.options = {**self.spaces.options, **(options or {})}
        create = self.game.create(
            "env",
            seats,
            seed,
            seeded=True,
            options=self.game.options(self.options),
            turn_timeout_seconds=None,
        )
        _, self.state = self.game.execute(self.game.initial_state(), create)
        self.policies = self.game.policies(self.state)
        self._parse = self.spaces.command or self.game.parse_action
        self._action_count = self.spaces.actions  # a property: read twice a step
        # What the state shows, each built when first asked for and kept until the state
        # changes: a step reads the awaited seats, the mask and the legal actions more than
        # once, and each costs about as much as a decider step.
        self._progress: Progress | None = None
        self._views: dict[int, JSON] = {}  # by seat
        self._sights: dict[int, Any] = {}  # the game's view dataclass
        self._observations: dict[int, Vector] = {}
        self._legal: dict[int, list[JSON]] = {}
        self._choices: dict[int, Choices] = {}
        self._masks: dict[int, npt.NDArray[np.int8]] = {}
        self.play_computers()

    # --- what a seat may know ---------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        if self._progress is None:
            self._progress = self.game.progress(self.state)
        return self._progress

    @property
    def awaiting(self) -> tuple[int, ...]:
        return self.progress.awaiting

    @property
    def places(self) -> tuple[int, ...] | None:
        outcome = self.progress.outcome
        return None if outcome is None else outcome.places

    def view(self, seat: int) -> JSON:
        """The seat's view as the API serves it (envelope and the game's fields)."""
        if seat not in self._views:
            self._views[seat] = envelope(self.game, self.state, seat, seen=self.sight(seat))
        return self._views[seat]

    def sight(self, seat: int) -> Any:
        """The seat's view as the game builds it (``Game.view``), before any JSON: what the
        encoders and action spaces read."""
        sight = self._sights.get(seat)
        if sight is None:
            sight = self._sights[seat] = self.game.view(self.state, seat)
        return sight

    def observation(self, seat: int) -> Vector:
        """The seat's flat observation (`GameSpaces.encode` of its view): the same array until
        the state changes, so read-only (a caller that would write into it copies it)."""
        observation = self._observations.get(seat)
        if observation is None:
            observation = self._observations[seat] = self.spaces.encode(self.sight(seat))
            observation.setflags(write=False)
        return observation

    def legal_actions(self, seat: int) -> list[JSON]:
        """The seat's legal actions as the API lists them."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.game.legal_actions_seen(
                self.state, seat, self.sight(seat)
            )
        return legal

    def choices(self, seat: int) -> Choices:
        """The seat's legal action numbers now, each with its body (none when not awaited)."""
        choices = self._choices.get(seat)
        if choices is None:
            legal = self.legal_actions(seat) if seat in self.awaiting else []
            choices = self._choices[seat] = (
                self.spaces.choices(legal, self.sight(seat)) if legal else Choices()
            )
        return choices

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The seat's action mask now: 1 at its legal action numbers (read-only, as the
        observation)."""
        mask = self._masks.get(seat)
        if mask is None:
            mask = self._masks[seat] = self.choices(seat).mask(self._action_count)
        return mask

    def command(self, seat: int, action: int, choices: Choices | None = None) -> Any:
        """The game's command for `action`; `IllegalAction` if the mask does not allow it."""
        allowed = self.choices(seat) if choices is None else choices
        numbered = 0 <= action < self._action_count
        # The mask, once built, answers at once; `Choices` searches its runs.
        if not (numbered and (self.mask(seat)[action] if choices is None else action in allowed)):
            label = self.spaces.labels[action] if numbered else "?"
            raise IllegalAction(f"seat {seat} may not play action {action} ({label}) now")
        return self._parse(seat, allowed[action])

    # --- moving -------------------------------------------------------------------------------
    def execute(self, command: Any) -> None:
        _, self.state = self.game.execute(self.state, command)
        self._forget()

    def _forget(self) -> None:
        self._progress = None
        self._views.clear()
        self._sights.clear()
        self._observations.clear()
        self._legal.clear()
        self._choices.clear()
        self._masks.clear()

    def play(self, seat: int, action: int) -> None:
        """`seat` plays `action`, then every computer seat moves until a learner must."""
        self.execute(self.command(seat, action))
        self.play_computers()

    def play_computers(self) -> None:
        if self.policies:
            events, self.state = play_until_blocked(self.game, self.state, self.policies)
            if events:
                self._forget()
