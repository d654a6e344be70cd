"""What every game's decider checks alike: a new match, a turn timeout, and a move's
``can_*`` from its ``verify_*`` (pokerkit's naming: ``verify_*`` raises `RuleViolation`
with the reason, ``can_*`` says whether the move is allowed).

>>> verify_timed_out(1, (1,), 30, 31)
>>> verify_timed_out(1, (1,), 30, 12)
Traceback (most recent call last):
...
flipside.engine.errors.RuleViolation: seat 1 has 18s left
>>> allowed(verify_timed_out, 1, (0,), 30, 31)
False
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from .chance import SEED_BYTES
from .errors import RuleViolation
from .seats import SeatSpec, verify_seats

TIMEOUT_MAX = 86_400  # a day: the longest turn timeout a match may have


def allowed(verify: Callable[..., None], *args: object) -> bool:
    """Whether ``verify(*args)`` passes: a move's ``can_*`` from its ``verify_*``."""
    try:
        verify(*args)
    except RuleViolation:
        return False
    return True


def verify_new_match(
    version: int,
    seats: Sequence[SeatSpec],
    allowed_seats: range,
    levels: Sequence[str],
    seed: bytes,
    turn_timeout_seconds: int | None,
) -> None:
    """A match is created once (`version` 0), with seats the game allows, a seed of
    `SEED_BYTES` and a turn timeout of 1 second to `TIMEOUT_MAX`, if any."""
    if version:
        raise RuleViolation("match_exists", "this match has already been created")
    verify_seats(seats, allowed_seats, levels)
    if len(seed) != SEED_BYTES:
        raise RuleViolation("invalid_seed", f"a seed is {SEED_BYTES} bytes")
    if turn_timeout_seconds is not None and not 1 <= turn_timeout_seconds <= TIMEOUT_MAX:
        raise RuleViolation("validation_error", f"turn_timeout_seconds is 1 to {TIMEOUT_MAX}")


def verify_timed_out(
    seat: int, awaited: Collection[int | None], limit: int | None, waited_seconds: int
) -> None:
    """A seat may be timed out only while the match waits for it (`awaited`; None: a turn
    nobody has), in a match with a turn timeout (`limit`), once it has waited that long."""
    if seat not in awaited:
        raise RuleViolation("not_your_turn", f"the match is not waiting for seat {seat}")
    if limit is None:
        raise RuleViolation("no_turn_timeout", "this match has no turn timeout")
    if waited_seconds < limit:
        raise RuleViolation("not_timed_out", f"seat {seat} has {limit - waited_seconds}s left")
