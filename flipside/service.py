"""The match service: load -> decide -> append, with computer seats moving in the same append.

Entry points (the HTTP API, the command line) translate requests into calls here. A call
reads the match's events, folds them into state, lets the decider judge the command, lets
every computer seat whose turn it becomes play, and appends all resulting events in one
transaction. A version conflict means another request appended first: re-read and decide
again, a bounded number of times. An idempotency key makes a retried request return the
stored response and append nothing.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flipside.games.flipside.commands import ChooseOrientation, Command, CreateMatch, Exchange, TimeOut
from flipside.games.flipside.events import Event, SeatSpec, from_data, to_data
from flipside.games.flipside.rules import RuleViolation, evolve, execute, initial_state
from flipside.games.flipside.shuffle import SEED_BYTES
from flipside.games.flipside.state import Match
from flipside.games.flipside.npc.driver import npc_policies, play_until_blocked
from flipside.games.flipside.npc.policy import Policy
from flipside.store import ConcurrencyError, EventStore, IdempotencyRecord, NewEvent, StoredEvent

MAX_ATTEMPTS = 8
STATE_CACHE_SIZE = 10_000  # matches whose latest state a process keeps (~20 KB each)
Respond = Callable[[Match], dict[str, Any]]
PoliciesFor = Callable[[Match], Mapping[int, Policy]]


class ServiceError(Exception):
    """A request the service cannot carry out; ``code`` is stable."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UnknownMatch(ServiceError):
    code = "unknown_match"


class StaleVersion(ServiceError):
    """The client's ``If-Match`` version is not the match's current version."""

    code = "stale_version"

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the match is at version {current}, not {expected}")
        self.current = current


class Conflict(ServiceError):
    """Concurrent requests kept winning the race; the client may retry."""

    code = "conflict"


class IdempotencyMismatch(ServiceError):
    """An idempotency key reused for a different request."""

    code = "idempotency_mismatch"


@dataclass(frozen=True, slots=True)
class Idempotency:
    """A client's idempotency key, scoped (e.g. to a seat), with the request's fingerprint."""

    scope: str
    key: str
    fingerprint: str

    @staticmethod
    def fingerprint_of(request: object) -> str:
        return hashlib.sha256(json.dumps(request, sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: the state after it, the events it appended, the response."""

    state: Match | None  # None when an idempotent retry answered from the stored response
    appended: Sequence[StoredEvent]
    response: dict[str, Any] | None
    replayed: bool = False


def to_new_event(event: Event) -> NewEvent:
    return NewEvent(type(event).__name__, to_data(event), event.SCHEMA_VERSION)


def to_domain_event(stored: StoredEvent) -> Event:
    return from_data(stored.type, stored.data)


class _RecentStates:
    """The latest state seen of the most recently used matches, for one process's threads.

    States are immutable and always re-checked against the store (a stale one only costs a
    re-read), so the cache needs no invalidation, only a bound on its size.
    """

    def __init__(self, capacity: int = STATE_CACHE_SIZE) -> None:
        self.capacity = capacity
        self._states: OrderedDict[str, Match] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match_id: str) -> Match | None:
        with self._lock:
            state = self._states.get(match_id)
            if state is not None:
                self._states.move_to_end(match_id)
        return state

    def put(self, match_id: str, state: Match) -> None:
        with self._lock:
            self._states[match_id] = state
            self._states.move_to_end(match_id)
            while len(self._states) > self.capacity:
                self._states.popitem(last=False)


class MatchService:
    def __init__(
        self,
        store: EventStore,
        *,
        policies_for: PoliciesFor = npc_policies,
        max_attempts: int = MAX_ATTEMPTS,
    ) -> None:
        self.store = store
        self.policies_for = policies_for
        self.max_attempts = max_attempts
        self._states = _RecentStates()  # the latest state seen per match

    # --- reading ---------------------------------------------------------------------------

    def load(self, match_id: str) -> Match:
        """The match as its stored events say now."""
        cached = self._states.get(match_id) or initial_state()
        state = cached
        for stored in self.store.read_stream(match_id, after_version=cached.version):
            state = evolve(state, to_domain_event(stored))
        if state.version == 0:
            raise UnknownMatch(f"no match {match_id!r}")
        if state is not cached:
            self._states.put(match_id, state)
        return state

    def events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        events = self.store.read_stream(match_id, after_version=after_version)
        if not events and after_version == 0:
            raise UnknownMatch(f"no match {match_id!r}")
        return events

    # --- commands --------------------------------------------------------------------------

    def create(
        self,
        seats: Sequence[SeatSpec],
        *,
        seed: bytes | None = None,
        turn_timeout_seconds: int | None = None,
        match_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
    ) -> Outcome:
        """Create a match; computer seats play until a person must act (or to the end)."""
        match_id = match_id or str(uuid.uuid4())
        command = CreateMatch(
            match_id=match_id,
            seats=tuple(seats),
            seed=seed if seed is not None else secrets.token_bytes(SEED_BYTES),
            seeded=seed is not None,
            turn_timeout_seconds=turn_timeout_seconds,
        )
        return self._handle(match_id, command, None, metadata, idempotency, respond, new=True)

    def exchange(
        self,
        match_id: str,
        seat: int,
        discard: Sequence[str],
        *,
        expected_version: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
    ) -> Outcome:
        command = Exchange(seat, tuple(discard))
        return self._handle(match_id, command, expected_version, metadata, idempotency, respond)

    def choose_orientation(
        self,
        match_id: str,
        seat: int,
        cards: Sequence[str],
        *,
        expected_version: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
    ) -> Outcome:
        command = ChooseOrientation(seat, tuple(cards))
        return self._handle(match_id, command, expected_version, metadata, idempotency, respond)

    def expire_turns(self, match_id: str, now: datetime | None = None) -> list[Outcome]:
        """Play the default move for every person whose turn has run out (issue: abandoned
        seats). Safe to call from any request or runner: each expiry is appended at the
        version it was judged at, so it happens exactly once whoever notices first.
        """
        now = now or datetime.now(UTC)
        state = self.load(match_id)
        turn = (state.round, state.phase)  # a turn that starts from here starts after `now`
        outcomes: list[Outcome] = []
        while (outcome := self._expire_one(match_id, now, turn)) is not None:
            outcomes.append(outcome)
        return outcomes

    def _expire_one(self, match_id: str, now: datetime, turn: tuple[int, str]) -> Outcome | None:
        state = self.load(match_id)
        if state.turn_timeout_seconds is None or (state.round, state.phase) != turn:
            return None
        waiting = [
            seat
            for seat in (state.seat_to_exchange, *state.awaiting_orientation)
            if seat is not None and state.seats[seat].spec.kind == "human"
        ]
        if not waiting:
            return None
        waited = int((now - self._turn_started(match_id, state.version)).total_seconds())
        if waited < state.turn_timeout_seconds:
            return None
        command = TimeOut(waiting[0], waited)
        metadata = {"actor": "turn_timeout"}
        try:
            return self._handle(match_id, command, state.version, metadata, None, None)
        except (StaleVersion, RuleViolation):
            return None  # the seat acted, or another request expired it first

    def _turn_started(self, match_id: str, version: int) -> datetime:
        """When the wait began: the last event that was not a placement (R11 is simultaneous,
        so every seat's orientation clock starts when the exchange lap ends)."""
        # A round's placements are at most two events per seat (a timeout and its default).
        tail = self.store.read_stream(match_id, after_version=max(0, version - 12))
        for stored in reversed(tail):
            if stored.type not in ("OrientationChosen", "TurnTimedOut"):
                assert stored.recorded_at is not None
                return stored.recorded_at
        raise AssertionError("a round always starts with a deal")

    # --- the loop --------------------------------------------------------------------------

    def _handle(
        self,
        match_id: str,
        command: Command,
        expected_version: int | None,
        metadata: Mapping[str, Any] | None,
        idempotency: Idempotency | None,
        respond: Respond | None,
        *,
        new: bool = False,
    ) -> Outcome:
        # The first attempt trusts the state this process last stored or read (its worker
        # usually serves the match's requests): a stale one fails the append, or the rules,
        # and every later attempt reads the stored events first. This saves a read per move.
        remembered = None if new else self._states.get(match_id)
        for _ in range(self.max_attempts):
            if (replay := self._replay(idempotency)) is not None:
                return replay
            state = remembered or (initial_state() if new else self.load(match_id))
            try:
                if expected_version is not None and state.version != expected_version:
                    raise StaleVersion(expected_version, state.version)
                events, after = execute(state, command)
            except (StaleVersion, RuleViolation):
                if remembered is not None:
                    remembered = None  # judged on a remembered state: judge the stored one
                    continue
                # A twin of this request (the same key, sent at once) may have appended
                # between the look-up above and the load: its answer is this one's too.
                if (replay := self._replay(idempotency)) is not None:
                    return replay
                raise
            more, after = play_until_blocked(after, self.policies_for(after))
            response = respond(after) if respond else None
            record = None
            if idempotency is not None:
                record = IdempotencyRecord(
                    idempotency.scope, idempotency.key, idempotency.fingerprint, response or {}
                )
            try:
                appended = self.store.append(
                    match_id,
                    state.version,
                    [to_new_event(event) for event in events + more],
                    dict(metadata or {}, command=type(command).__name__),
                    record,
                )
            except ConcurrencyError:
                remembered = None
                continue
            self._states.put(match_id, after)
            return Outcome(after, appended, response)
        raise Conflict("the match changed under this request too often; try again")

    def _replay(self, idempotency: Idempotency | None) -> Outcome | None:
        """The stored answer to an earlier request with this idempotency key, if any."""
        if idempotency is None:
            return None
        found = self.store.lookup_idempotency(idempotency.scope, idempotency.key)
        if found is None:
            return None
        fingerprint, response = found
        if fingerprint != idempotency.fingerprint:
            raise IdempotencyMismatch("this Idempotency-Key was used for a different request")
        return Outcome(None, (), response, replayed=True)
