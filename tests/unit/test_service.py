"""The match service over the in-memory store: create, moves, computer seats, retries."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from flipside.engine import codec
from flipside.engine.errors import RuleViolation
from flipside.games.flipside import GAME
from flipside.games.flipside.events import SeatSpec
from flipside.service import (
    Conflict,
    Idempotency,
    IdempotencyMismatch,
    MatchService,
    StaleVersion,
    UnknownMatch,
)
from flipside.store import ConcurrencyError, InMemoryEventStore
from tests.flipside_moves import exchange, orient, state_of

SEED = bytes(range(32))
PERSON = SeatSpec("human", name="ana")
NPC = SeatSpec("npc", level="easy")


@pytest.fixture
def service() -> MatchService:
    return MatchService(InMemoryEventStore())


def _replayed(service: MatchService, match_id: str):
    return codec.fold(GAME, service.events(match_id))


def test_computer_seats_play_a_whole_match_in_the_create_call(service: MatchService) -> None:
    outcome = service.create([NPC, NPC, NPC], seed=SEED)
    assert outcome.match is not None and outcome.match.state.phase == "over"
    stored = service.events(outcome.match.state.match_id)
    assert [event.version for event in stored] == list(range(1, len(stored) + 1))
    assert _replayed(service, outcome.match.state.match_id) == outcome.match.state


def test_a_person_is_waited_for_and_computers_move_after_them(service: MatchService) -> None:
    outcome = service.create([PERSON, NPC, NPC, NPC], seed=SEED)
    match_id = outcome.match.state.match_id
    while (state := state_of(service, match_id)).phase != "over":
        if state.seat_to_exchange == 0:
            exchange(service, match_id, 0, state.seats[0].hand[:2])
        else:
            assert state.awaiting_orientation == (0,)  # R11: computers placed theirs already
            orient(service, match_id, 0, state.seats[0].hand)
    assert _replayed(service, match_id) == state_of(service, match_id)


def test_a_seeded_match_is_reproducible() -> None:
    first = MatchService(InMemoryEventStore()).create([NPC] * 4, seed=SEED, match_id="m")
    second = MatchService(InMemoryEventStore()).create([NPC] * 4, seed=SEED, match_id="m")
    assert first.match.state == second.match.state
    assert first.match is not None and first.match.state.seeded


def test_unknown_match(service: MatchService) -> None:
    with pytest.raises(UnknownMatch):
        state_of(service, "nope")
    with pytest.raises(UnknownMatch):
        exchange(service, "nope", 0, [])


def test_an_illegal_command_appends_nothing(service: MatchService) -> None:
    match_id = service.create([PERSON, NPC, NPC], seed=SEED).match.state.match_id
    version = state_of(service, match_id).version
    state = state_of(service, match_id)
    with pytest.raises(RuleViolation) as caught:
        orient(service, match_id, 0, state.seats[0].hand)
    assert caught.value.code in {"wrong_phase", "not_your_turn"}
    assert service.store.stream_version(match_id) == version


def test_stale_if_match_version_is_refused(service: MatchService) -> None:
    match_id = service.create([PERSON, NPC, NPC], seed=SEED).match.state.match_id
    state = state_of(service, match_id)
    with pytest.raises(StaleVersion) as caught:
        exchange(service, match_id, 0, (), expected_version=state.version - 1)
    assert caught.value.current == state.version


def test_an_idempotent_retry_returns_the_stored_response(service: MatchService) -> None:
    match_id = service.create([PERSON] * 3, seed=SEED).match.state.match_id
    seat = state_of(service, match_id).seat_to_exchange
    key = Idempotency("m", "k1", Idempotency.fingerprint_of({"discard": []}))
    first = exchange(
        service, match_id, seat, (), idempotency=key, respond=lambda s: {"v": s.progress.version}
    )
    version = service.store.stream_version(match_id)
    again = exchange(service, match_id, seat, (), idempotency=key, respond=lambda s: {"v": 0})
    assert again.replayed and again.response == first.response == {"v": version}
    assert service.store.stream_version(match_id) == version
    other = Idempotency("m", "k1", Idempotency.fingerprint_of({"discard": ["AK"]}))
    with pytest.raises(IdempotencyMismatch):
        exchange(service, match_id, seat, ("AK",), idempotency=other)


class _RacingStore(InMemoryEventStore):
    """Loses the first `losses` appends, as if another request had appended first."""

    def __init__(self, losses: int) -> None:
        super().__init__()
        self.losses = losses

    def append(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self.losses:
            self.losses -= 1
            raise ConcurrencyError("lost the race")
        return super().append(*args, **kwargs)


def test_a_lost_race_is_retried() -> None:
    service = MatchService(_RacingStore(losses=3))
    assert service.create([NPC] * 3, seed=SEED).match is not None


def test_endless_races_end_in_conflict() -> None:
    service = MatchService(_RacingStore(losses=100), max_attempts=4)
    with pytest.raises(Conflict):
        service.create([NPC] * 3, seed=SEED)


def test_a_create_stores_its_seat_credentials_in_its_append(service: MatchService) -> None:
    hashes = {0: "a" * 64}
    created = service.create([PERSON, NPC, NPC], seed=SEED, credentials=hashes)
    assert created.match is not None
    assert service.store.token_hashes(created.match.progress.match_id) == hashes


def test_a_create_that_never_appends_stores_no_credentials() -> None:
    service = MatchService(InMemoryEventStore(), max_attempts=3)
    service.create([NPC] * 3, seed=SEED, match_id="taken")  # a match already has the id
    with pytest.raises(Conflict):
        service.create([PERSON, NPC, NPC], match_id="taken", credentials={0: "a" * 64})
    assert service.store.token_hashes("taken") == {}


def _timed_service(timeout: int) -> tuple[MatchService, str]:
    service = MatchService(InMemoryEventStore())
    outcome = service.create([PERSON, NPC, NPC], seed=SEED, turn_timeout_seconds=timeout)
    return service, outcome.match.state.match_id


def test_an_abandoned_seat_gets_the_default_moves_once() -> None:
    service, match_id = _timed_service(30)
    started = service.events(match_id)[-1].recorded_at
    assert service.expire_turns(match_id, now=started) == []  # no time has passed
    later = started + timedelta(seconds=31)
    state = state_of(service, match_id)
    hand = state.seats[0].hand
    [outcome] = service.expire_turns(match_id, now=later)
    kinds = [event.type for event in outcome.appended]
    assert kinds[:2] == ["flipside.TurnTimedOut", "flipside.CardsExchanged"]
    assert outcome.appended[0].data["waited_seconds"] >= 30
    assert outcome.appended[1].data["discarded"] == []  # keep all cards
    assert state_of(service, match_id).seats[0].hand == hand


def test_racing_noticers_expire_a_turn_exactly_once() -> None:
    service, match_id = _timed_service(30)
    later = service.events(match_id)[-1].recorded_at + timedelta(seconds=31)
    noticers = [MatchService(service.store) for _ in range(8)]  # e.g. requests and a runner
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda noticer: noticer.expire_turns(match_id, now=later), noticers))
    expiries = [e for e in service.events(match_id) if e.type == "flipside.TurnTimedOut"]
    first_turn = [e for e in expiries if (e.data["round"], e.data["phase"]) == (1, "exchange")]
    assert len(first_turn) == 1


def test_an_abandoned_orientation_places_the_cards_as_they_lie() -> None:
    service, match_id = _timed_service(5)
    state = state_of(service, match_id)
    exchange(service, match_id, 0, ())
    state = state_of(service, match_id)
    assert state.awaiting_orientation == (0,)
    hand = state.seats[0].hand
    last = service.events(match_id)[-1].recorded_at
    [outcome] = service.expire_turns(match_id, now=last + timedelta(seconds=6))
    placed = next(e for e in outcome.appended if e.type == "flipside.OrientationChosen")
    assert tuple(placed.data["cards"]) == hand
    assert _replayed(service, match_id) == state_of(service, match_id)


def test_matches_without_a_timeout_never_expire(service: MatchService) -> None:
    match_id = service.create([PERSON, NPC, NPC], seed=SEED).match.state.match_id
    far = service.events(match_id)[-1].recorded_at + timedelta(days=9)
    assert service.expire_turns(match_id, now=far) == []


def test_a_process_keeps_the_states_of_recent_matches_only() -> None:
    service = MatchService(InMemoryEventStore())
    service._matches.budget = 2
    ids = [service.create([NPC] * 3, seed=SEED).match.state.match_id for _ in range(3)]
    assert service._matches.get(ids[0]) is None  # the oldest was let go...
    assert state_of(service, ids[0]).phase == "over"  # ...and is read again from the store
    assert service._matches.get(ids[0]) is not None
