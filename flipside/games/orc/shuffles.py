"""Orc Poker's chance: the engine's seeded source under the labels of docs/rules/orc.md,
"Chance". Each draw's items are put in a canonical order first, so a result depends only on
the seed, the label, the counter and the set of items.

>>> seed = bytes(32)
>>> order = round_deck(seed, 1)
>>> sorted(order) == list(DECK) and order != DECK and order == round_deck(seed, 1)
True
>>> sorted(action_deck(seed, 1, 2, (9, 3, 9))) == [3, 9, 9]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from flipside.engine.chance import SEED_BYTES, choose, commitment, shuffle

from .cards import DECK
from .state import PHASES

__all__ = [
    "SEED_BYTES",
    "action_deck",
    "commitment",
    "round_deck",
    "shared_win",
    "start_lot",
]

DECK_LABEL = "deck"
ACTION_LABEL = "action-deck"
SHARED_WIN_LABEL = "shared-win"


def round_deck(seed: bytes, round_no: int) -> tuple[int, ...]:
    """K9: the round's 55 cards, top first."""
    return shuffle(seed, DECK_LABEL, round_no, DECK)


def action_counter(round_no: int, phase: int) -> int:
    """The counter of a phase's action shuffle: one per phase of the match, from 0."""
    return PHASES * (round_no - 1) + (phase - 1)


def action_deck(
    seed: bytes, round_no: int, phase: int, contributions: Iterable[int]
) -> tuple[int, ...]:
    """K17: the phase's contributions shuffled, top first."""
    return shuffle(seed, ACTION_LABEL, action_counter(round_no, phase), sorted(contributions))


def start_lot(seed: bytes, round_no: int, tied: Sequence[int]) -> int:
    """K13: the start player drawn among the tied seats with empty hands."""
    return choose(seed, f"start-lot-{round_no}", sorted(tied))


def shared_win(seed: bytes, winners: Sequence[int]) -> int:
    """The winner the engine's outcome names when several share the victory (K30)."""
    return choose(seed, SHARED_WIN_LABEL, sorted(winners))
