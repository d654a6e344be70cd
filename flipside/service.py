"""The match service: load -> decide -> append, with computer seats moving in the same append.

Entry points (the HTTP API, the command line) translate requests into calls here. A call
reads the match's events, folds them into state, lets the decider judge the command, lets
every computer seat whose turn it becomes play, and appends all resulting events in one
transaction, together with the request's idempotency record and a new match's seat
credentials. A version conflict means another request appended first: re-read and decide
again, a bounded number of times. An idempotency key makes a retried request return the
stored response and append nothing.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from flipside.engine import codec
from flipside.engine.chance import SEED_BYTES
from flipside.engine.driver import play_until_blocked
from flipside.engine.errors import RuleViolation
from flipside.engine.game import Progress
from flipside.engine.registry import DEFAULT_GAME, AnyGame, game_named, game_of_type
from flipside.engine.seats import SeatSpec
from flipside.recent import Recent
from flipside.store import ConcurrencyError, EventStore, IdempotencyRecord, NewEvent, StoredEvent

MAX_ATTEMPTS = 8
STATE_CACHE_SIZE = 10_000  # matches whose latest state a process keeps (~20 KB each)
Respond = Callable[["Loaded"], dict[str, Any]]
PoliciesFor = Callable[[Any], Mapping[int, Any]]  # a game's state -> a policy per seat


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
class Loaded:
    """A match as its stored events say: its game and the game's state (opaque here)."""

    game: AnyGame
    state: Any

    @property
    def progress(self) -> Progress:
        return self.game.progress(self.state)


@dataclass(frozen=True, slots=True)
class Handled:
    """What a command did: the match after it, the events it appended, the response."""

    match: Loaded | None  # None when an idempotent retry answered from the stored response
    appended: Sequence[StoredEvent]
    response: dict[str, Any] | None
    replayed: bool = False


class MatchService:
    """One path for every game and every move: load, decide, computer seats move, append."""

    def __init__(
        self,
        store: EventStore,
        *,
        npc_context: Any = None,
        policies_for: PoliciesFor | None = None,
        max_attempts: int = MAX_ATTEMPTS,
    ) -> None:
        self.store = store
        self.npc_context = npc_context  # offered to every game's computer players
        self.policies_for = policies_for  # overrides the games' own computer players
        self.max_attempts = max_attempts
        # The latest state seen per match. States are immutable and always re-checked
        # against the store (a stale one only costs a re-read): no invalidation, a bound.
        self._matches = Recent[str, Loaded](STATE_CACHE_SIZE)

    # --- reading ---------------------------------------------------------------------------

    def load(self, match_id: str) -> Loaded:
        """The match as its stored events say now."""
        cached = self._matches.get(match_id)
        after = cached.game.progress(cached.state).version if cached else 0
        records = self.store.read_stream(match_id, after_version=after)
        if cached is None:
            if not records:
                raise UnknownMatch(f"no match {match_id!r}")
            cached = Loaded(game_of_type(records[0].type), None)
        if not records:
            return cached
        match = Loaded(cached.game, codec.fold(cached.game, records, cached.state))
        self._matches.put(match_id, match)
        return match

    def game_of(self, match_id: str) -> AnyGame:
        """The match's game. It never changes, so a match this process remembers answers
        without a read; `UnknownMatch` if there is no such match."""
        remembered = self._matches.get(match_id)
        return remembered.game if remembered is not None else self.load(match_id).game

    def events(self, match_id: str, after_version: int = 0) -> list[StoredEvent]:
        events = self.store.read_stream(match_id, after_version=after_version)
        if not events and after_version == 0:
            raise UnknownMatch(f"no match {match_id!r}")
        return events

    def history(
        self, match_id: str, after_version: int = 0
    ) -> tuple[Loaded, list[tuple[StoredEvent, Any]]]:
        """The match now and its (stored, decoded) events after `after_version`."""
        records = self.events(match_id)
        game = game_of_type(records[0].type)
        state = game.initial_state()
        later = []
        for record in records:
            event = codec.decode(game, record, state)
            state = game.evolve(state, event)
            if record.version > after_version:
                later.append((record, event))
        return Loaded(game, state), later

    # --- commands --------------------------------------------------------------------------

    def create(
        self,
        seats: Sequence[SeatSpec],
        *,
        game: str = DEFAULT_GAME,
        options: Mapping[str, Any] | None = None,
        seed: bytes | None = None,
        turn_timeout_seconds: int | None = None,
        match_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
        credentials: Mapping[int, str] | None = None,
    ) -> Handled:
        """Create a match; computer seats play until a person must act (or to the end).

        `credentials` (seat -> token hash) are stored in the transaction of the first append.
        """
        the_game = game_named(game)
        match_id = match_id or str(uuid.uuid4())
        command = the_game.create(
            match_id,
            seats,
            seed if seed is not None else secrets.token_bytes(SEED_BYTES),
            seeded=seed is not None,
            options=the_game.options(options or {}),
            turn_timeout_seconds=turn_timeout_seconds,
        )
        new = Loaded(the_game, the_game.initial_state())
        return self.handle(
            match_id,
            command,
            None,
            metadata,
            idempotency,
            respond,
            new=new,
            credentials=credentials,
        )

    def act(
        self,
        match_id: str,
        seat: int,
        action: Mapping[str, Any],
        *,
        expected_version: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
    ) -> Handled:
        """`seat` makes the move ``{"kind": ..., ...}`` of the match's game, judged after
        any turn that has run out by now is expired: a move is never judged against a state
        the clock has already ended, whether or not a reader noticed the timeout first. The
        expiries' events are returned with the move's (first)."""
        command = self.game_of(match_id).parse_action(seat, action)
        expired = self.expire_turns(match_id) if self._may_time_out(match_id) else []
        handled = self.handle(match_id, command, expected_version, metadata, idempotency, respond)
        earlier = [event for one in expired for event in one.appended]
        return replace(handled, appended=[*earlier, *handled.appended]) if earlier else handled

    def _may_time_out(self, match_id: str) -> bool:
        """Whether a turn of the match may run out: its timeout is fixed at creation, so a
        state this process remembers answers without a read."""
        progress = (self._matches.get(match_id) or self.load(match_id)).progress
        return progress.turn_timeout_seconds is not None and progress.outcome is None

    def expire_turns(self, match_id: str, now: datetime | None = None) -> list[Handled]:
        """Play the default move for every person whose turn has run out. Safe to call from
        any request or runner: each expiry is appended at the version it was judged at, so
        it happens exactly once whoever notices first.
        """
        now = now or datetime.now(UTC)
        turn = self.load(match_id).progress.turn_started  # a later turn starts after `now`
        handled: list[Handled] = []
        while (one := self._expire_one(match_id, now, turn)) is not None:
            handled.append(one)
        return handled

    def _expire_one(self, match_id: str, now: datetime, turn: int) -> Handled | None:
        match = self.load(match_id)
        progress = match.progress
        limit = progress.turn_timeout_seconds
        if limit is None or progress.outcome is not None or progress.turn_started != turn:
            return None
        people = [seat for seat in progress.awaiting if progress.seats[seat].kind == "human"]
        if not people:
            return None
        waited = int((now - self._recorded_at(match_id, turn)).total_seconds())
        if waited < limit:
            return None
        command = match.game.default_command(match.state, people[0], waited)
        metadata = {"actor": "turn_timeout"}
        try:
            return self.handle(match_id, command, progress.version, metadata, None, None)
        except (StaleVersion, RuleViolation):
            return None  # the seat acted, or another request expired it first

    def turn_deadline(self, match: Loaded) -> datetime | None:
        """When the awaited seats' turn runs out: its start plus the match's turn timeout;
        None without a timeout, once over, or with nobody awaited.

        A turn begun by events not stored yet (a response built just before its append)
        starts now: the database's clock for that append differs by milliseconds.
        """
        progress = match.progress
        limit = progress.turn_timeout_seconds
        if limit is None or progress.outcome is not None or not progress.awaiting:
            return None
        started = self._stored_at(progress.match_id, progress.turn_started) or datetime.now(UTC)
        return started + timedelta(seconds=limit)

    def _recorded_at(self, match_id: str, version: int) -> datetime:
        """When the event at `version` was stored: the start of the turn it began."""
        recorded = self._stored_at(match_id, version)
        assert recorded is not None
        return recorded

    def _stored_at(self, match_id: str, version: int) -> datetime | None:
        """When the event at `version` was stored; None if it is not stored (yet)."""
        found = self.store.read_stream(match_id, after_version=version - 1)[:1]
        return found[0].recorded_at if found else None

    # --- the loop --------------------------------------------------------------------------

    def handle(
        self,
        match_id: str,
        command: Any,
        expected_version: int | None = None,
        metadata: Mapping[str, Any] | None = None,
        idempotency: Idempotency | None = None,
        respond: Respond | None = None,
        *,
        new: Loaded | None = None,
        credentials: Mapping[int, str] | None = None,
    ) -> Handled:
        """Decide `command` on the match, let computer seats move, append all in one
        transaction; re-read and decide again when another request appended first.

        `new` is the empty match a create starts from; `credentials` go with its append."""
        # The first attempt trusts the state this process last stored or read (its worker
        # usually serves the match's requests): a stale one fails the append, or the rules,
        # and every later attempt reads the stored events first. This saves a read per move.
        remembered = new or self._matches.get(match_id)
        for _ in range(self.max_attempts):
            if (replay := self._replay(idempotency)) is not None:
                return replay
            match = remembered or self.load(match_id)
            game = match.game
            version = game.progress(match.state).version
            try:
                if expected_version is not None and version != expected_version:
                    raise StaleVersion(expected_version, version)
                events, after = game.execute(match.state, command)
            except (StaleVersion, RuleViolation):
                if remembered is not None and new is None:
                    remembered = None  # judged on a remembered state: judge the stored one
                    continue
                # A twin of this request (the same key, sent at once) may have appended
                # between the look-up above and the load: its answer is this one's too.
                if (replay := self._replay(idempotency)) is not None:
                    return replay
                raise
            more, after = play_until_blocked(game, after, self._policies(game, after))
            loaded = Loaded(game, after)
            response = respond(loaded) if respond else None
            record = None
            if idempotency is not None:
                record = IdempotencyRecord(
                    idempotency.scope, idempotency.key, idempotency.fingerprint, response or {}
                )
            try:
                appended = self.store.append(
                    match_id,
                    version,
                    [NewEvent(*codec.encode(game, event)) for event in events + more],
                    dict(metadata or {}, command=type(command).__name__),
                    record,
                    credentials,
                )
            except ConcurrencyError:
                remembered = new  # a twin created it, or another move came first: re-read
                continue
            self._matches.put(match_id, loaded)
            return Handled(loaded, appended, response)
        raise Conflict("the match changed under this request too often; try again")

    def _policies(self, game: AnyGame, state: Any) -> Mapping[int, Any]:
        if self.policies_for is not None:
            return self.policies_for(state)
        return game.policies(state, self.npc_context)

    def _replay(self, idempotency: Idempotency | None) -> Handled | None:
        """The stored answer to an earlier request with this idempotency key, if any."""
        if idempotency is None:
            return None
        found = self.store.lookup_idempotency(idempotency.scope, idempotency.key)
        if found is None:
            return None
        fingerprint, response = found
        if fingerprint != idempotency.fingerprint:
            raise IdempotencyMismatch("this Idempotency-Key was used for a different request")
        return Handled(None, (), response, replayed=True)
