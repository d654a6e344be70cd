"""What every decider checks alike (`flipside.engine.verify`) and the decision it builds
(`flipside.engine.decision`)."""

from __future__ import annotations

import pytest

from flipside.engine.chance import SEED_BYTES
from flipside.engine.decision import Decision
from flipside.engine.errors import RuleViolation
from flipside.engine.seats import SeatSpec
from flipside.engine.verify import TIMEOUT_MAX, allowed, verify_new_match, verify_timed_out

PEOPLE = [SeatSpec("human", name="Ana"), SeatSpec("npc", level="easy")]
SEED = bytes(SEED_BYTES)


def code_of(error: pytest.ExceptionInfo[RuleViolation]) -> str:
    return error.value.code


def test_a_new_match_with_allowed_seats_a_seed_and_a_timeout_in_range_passes() -> None:
    for timeout in (None, 1, TIMEOUT_MAX):
        verify_new_match(0, PEOPLE, range(2, 3), ("easy",), SEED, timeout)


@pytest.mark.parametrize(
    ("version", "seats", "seed", "timeout", "code"),
    [
        (3, PEOPLE, SEED, None, "match_exists"),
        (0, PEOPLE[:1], SEED, None, "invalid_seats"),
        (0, [SeatSpec("npc", level="hard"), *PEOPLE[1:]], SEED, None, "invalid_seats"),
        (0, PEOPLE, SEED[1:], None, "invalid_seed"),
        (0, PEOPLE, SEED, 0, "validation_error"),
        (0, PEOPLE, SEED, TIMEOUT_MAX + 1, "validation_error"),
    ],
)
def test_a_new_match_is_refused_with_a_stable_code(
    version: int, seats: list[SeatSpec], seed: bytes, timeout: int | None, code: str
) -> None:
    with pytest.raises(RuleViolation) as error:
        verify_new_match(version, seats, range(2, 3), ("easy",), seed, timeout)
    assert code_of(error) == code


@pytest.mark.parametrize(
    ("seat", "awaited", "limit", "waited", "code"),
    [
        (2, (0, 1), 30, 40, "not_your_turn"),
        (1, (0, 1), None, 40, "no_turn_timeout"),
        (1, (0, 1), 30, 29, "not_timed_out"),
    ],
)
def test_a_timeout_is_refused_unless_the_awaited_seat_waited_past_the_limit(
    seat: int, awaited: tuple[int, ...], limit: int | None, waited: int, code: str
) -> None:
    with pytest.raises(RuleViolation) as error:
        verify_timed_out(seat, awaited, limit, waited)
    assert code_of(error) == code
    assert not allowed(verify_timed_out, seat, awaited, limit, waited)
    assert allowed(verify_timed_out, 1, (0, 1), 30, 30)


def test_other_errors_are_not_a_refusal() -> None:
    def broken(value: int) -> None:
        raise KeyError(value)

    with pytest.raises(KeyError):
        allowed(broken, 1)


def test_a_decision_folds_each_event_as_it_is_emitted() -> None:
    seen: list[tuple[tuple[str, ...], str]] = []

    def evolve(state: tuple[str, ...], event: str) -> tuple[str, ...]:
        seen.append((state, event))
        return (*state, event)

    decision = Decision((), evolve)
    decision.emit("dealt")
    assert decision.state == ("dealt",)  # the next consequence reads the state so far
    decision.emit("shown")
    assert decision.events == ["dealt", "shown"]
    assert seen == [((), "dealt"), (("dealt",), "shown")]
