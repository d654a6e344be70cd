"""A request and its twin (the same ``Idempotency-Key``, sent at once) get one answer.

Found by tests/e2e/test_survive_races.py: the twin looked its key up before the original's
append committed and loaded the match after it, so the rules (or its ``If-Match``) refused
it with a 409 or 412 instead of the original's answer. Here the twin's first look-up is
made to miss, deterministically.
"""

from __future__ import annotations

from typing import Any

import pytest

from flipside.games.flipside.events import SeatSpec
from flipside.service import Idempotency, MatchService
from flipside.store import InMemoryEventStore
from tests.flipside_moves import exchange, state_of

SEED = bytes(range(32))
PERSON = SeatSpec("human", name="ana")


class _LateKeyStore(InMemoryEventStore):
    """Misses the next idempotency look-up, as if the twin's append had not committed yet."""

    miss_next = False

    def lookup_idempotency(self, scope: str, key: str) -> tuple[str, dict[str, Any]] | None:
        if self.miss_next:
            self.miss_next = False
            return None
        return super().lookup_idempotency(scope, key)


@pytest.mark.parametrize("with_if_match", [False, True])
def test_the_twin_of_an_acknowledged_request_gets_its_answer(with_if_match: bool) -> None:
    store = _LateKeyStore()
    service = MatchService(store)
    match_id = service.create([PERSON] * 3, seed=SEED).match.state.match_id
    before = state_of(service, match_id)
    seat = before.seat_to_exchange
    key = Idempotency("m", "twin", Idempotency.fingerprint_of({"discard": []}))
    version = before.version if with_if_match else None

    def send() -> Any:
        return exchange(
            service,
            match_id,
            seat,
            (),
            expected_version=version,
            idempotency=key,
            respond=lambda match: {"version": match.progress.version},
        )

    original = send()
    store.miss_next = True
    twin = send()
    assert twin.replayed and twin.response == original.response
