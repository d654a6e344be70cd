"""The rate limit ("Limits"): a token bucket per client; beyond it, 429 ``rate_limited`` with
``Retry-After``.

A client is its bearer token once the token has been proven valid, and its address before
that: a made-up token is a new key on every request, so a token is trusted with a bucket of
its own only after a request authenticated with it (`vouch`); until then its requests count
against the address, and so do requests with a token that fails. Creating a match is limited
like any request, and a match of computer players only, which plays to its end inside the
request, also by a far smaller bucket of its own (`ALL_COMPUTER_LIMIT`).

A bucket holds up to `burst` requests and refills at `rate` per second
(``FLIPSIDE_RATE_LIMIT``, `flipside.config.Settings.rate_limit`). With PostgreSQL the buckets
live in its ``rate_buckets`` table (migration 0006), refilled and taken from in one upsert on
the database's clock, so the limit holds across every gunicorn worker and machine serving the
database; a lock or a counter per process cannot. Should the table be unreachable, each
process counts on its own until it is back (a limit that fails open, as the database's
outage is already answered by 503s). Behind a proxy every spectator shares the proxy's
address, and so its bucket.

A round trip to the table for every request cost as much server time as the request's own
statement, so a process takes a key's tokens a few at a time (a lease: `lease_size`, a tenth
of a second's refill at most) and spends them without asking again. Leased tokens are gone
from the shared bucket, so the rate still holds across processes; a burst may pass the
bucket's by the tokens processes still hold (under a lease each), and a client whose
requests go to several processes may be refused up to a lease earlier.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import psycopg
from flask import Flask, Response, current_app, g, request

from flipside.config import RateLimit
from flipside.logging import get_logger
from flipside.recent import Recent
from flipside.store import StoreUnavailable

from .auth import presented_token, token_hash
from .problems import Problem, rate_limited

# Enough for every client of a busy worker; beyond it the least recently seen bucket is
# dropped, which only forgives its debt (a stream of made-up tokens cannot grow memory).
MAX_BUCKETS = 100_000
# An all-computer match plays to its end inside its create request, and a move plays the
# computer seats after it (to the end of a match whose people are out): its options make that
# anything from a tenth of a second to many seconds (ten Hold'em players with deep stacks,
# 4.7 s). So an address's computer play has a bucket: a token at the door of each
# all-computer create, then a token per `COMPUTER_SECONDS_PER_TOKEN` of the CPU a create or a
# move spent deciding (the computer seats' turns with the mover's own) beyond what the door
# paid, charged after it, into debt: the address's next creates and moves wait it out. One
# token a second after a burst of 30 keeps an address to half a core over time.
ALL_COMPUTER_LIMIT: RateLimit = (1.0, 30.0)
COMPUTER_SECONDS_PER_TOKEN = 0.5
# The debt comes after the play, so a burst of all-computer creates sent at once would all
# pass the door first: a process plays at most this many of them at a time.
ALL_COMPUTER_AT_ONCE = 2
# Plays shorter than this are not charged (a move with its computer replies takes a few
# milliseconds): the request limit bounds them, and charging costs a statement.
CHARGED_FROM_SECONDS = 0.05
# Shared buckets idle this long are full again, the same as absent: deleted now and then.
PRUNE_AFTER_SECONDS = 300
PRUNE_EVERY = 1000  # statements of a process on the table
# After the shared table failed to answer, this process's own buckets only for this long: an
# outage must not make every request (``/healthz`` too) wait for a connection first.
UNREACHABLE_PAUSE_SECONDS = 1.0
# A lease is at most this long's refill: 10 tokens at the default 100 per second.
LEASE_SECONDS = 0.1

log = get_logger(__name__)


class Limiter(Protocol):
    rate: float
    burst: float

    def wait(self, key: str) -> float:
        """0 if a request of `key` may go now (it takes a token), else the seconds until one
        may."""

    def wait_if_known(self, key: str) -> float | None:
        """`wait` for a key that has a bucket; None, taking nothing, for one that has not."""

    def know(self, key: str) -> None:
        """Give `key` a full bucket of its own, if it has none."""

    def charge(self, key: str, tokens: float) -> float:
        """Take `tokens` more from `key`'s bucket, into debt if it holds fewer (what a
        request turned out to cost); the seconds until the bucket is out of debt."""


class RateLimiter:
    """Token buckets by key in this process, safe to share between a worker's threads."""

    def __init__(
        self,
        limit: RateLimit,
        clock: Callable[[], float] = time.monotonic,
        max_buckets: int = MAX_BUCKETS,
    ) -> None:
        self.rate, self.burst = limit
        self._clock = clock
        self._max_buckets = max_buckets
        self._buckets: dict[str, tuple[float, float]] = {}  # key: (tokens, when counted)
        self._lock = threading.Lock()

    def wait(self, key: str) -> float:
        with self._lock:
            return self._take(key, self._buckets.pop(key, (self.burst, self._clock())))

    def wait_if_known(self, key: str) -> float | None:
        with self._lock:
            bucket = self._buckets.pop(key, None)
            return None if bucket is None else self._take(key, bucket)

    def know(self, key: str) -> None:
        with self._lock:
            if key not in self._buckets:
                self._keep(key, (self.burst, self._clock()))

    def charge(self, key: str, tokens: float) -> float:
        with self._lock:
            now = self._clock()
            left = self._refilled(self._buckets.pop(key, (self.burst, now)), now) - tokens
            self._keep(key, (left, now))
        return max(0.0, -left / self.rate)

    def _refilled(self, bucket: tuple[float, float], now: float) -> float:
        tokens, counted = bucket
        return min(self.burst, tokens + (now - counted) * self.rate)

    def _take(self, key: str, bucket: tuple[float, float]) -> float:
        now = self._clock()
        tokens = self._refilled(bucket, now)
        if tokens >= 1:
            tokens, wait = tokens - 1, 0.0
        else:
            wait = (1 - tokens) / self.rate
        self._keep(key, (tokens, now))  # re-inserted: the most recently seen
        return wait

    def _keep(self, key: str, bucket: tuple[float, float]) -> None:
        self._buckets[key] = bucket
        if len(self._buckets) > self._max_buckets:
            del self._buckets[next(iter(self._buckets))]  # dicts keep insertion order


Connect = Callable[[], AbstractContextManager[psycopg.Connection[Any]]]

# The refilled tokens of bucket `b` at the statement's time (one clock for every process).
_REFILLED = (
    "least(%(burst)s, b.tokens + extract(epoch FROM statement_timestamp() - b.counted) * %(rate)s)"
)
# Take %(take)s tokens if the bucket has as many, else none: `granted` says which, so the
# caller knows exactly what it holds.
_TAKE = (
    f"tokens = CASE WHEN {_REFILLED} >= %(take)s THEN {_REFILLED} - %(take)s ELSE {_REFILLED} END,"
    f" granted = {_REFILLED} >= %(take)s, counted = statement_timestamp()"
)
_WAIT = (
    "INSERT INTO rate_buckets AS b (key, tokens, counted, granted)"
    " VALUES (%(key)s, %(burst)s - %(take)s, statement_timestamp(), true)"
    f" ON CONFLICT (key) DO UPDATE SET {_TAKE} RETURNING tokens, granted"
)
_WAIT_IF_KNOWN = (
    f"UPDATE rate_buckets AS b SET {_TAKE} WHERE key = %(key)s RETURNING tokens, granted"
)
# A new bucket, less the lease its key spends next; a row only if it was new.
_KNOW = (
    "INSERT INTO rate_buckets (key, tokens, counted, granted)"
    " VALUES (%(key)s, %(burst)s - %(take)s, statement_timestamp(), true)"
    " ON CONFLICT (key) DO NOTHING RETURNING tokens, granted"
)
# Take %(take)s tokens whatever the bucket holds.
_CHARGE = (
    "INSERT INTO rate_buckets AS b (key, tokens, counted, granted)"
    " VALUES (%(key)s, %(burst)s - %(take)s, statement_timestamp(), true)"
    f" ON CONFLICT (key) DO UPDATE SET tokens = {_REFILLED} - %(take)s,"
    " counted = statement_timestamp() RETURNING tokens"
)
_PRUNE = (
    "DELETE FROM rate_buckets"
    " WHERE counted < statement_timestamp() - make_interval(secs => %(idle)s)"
)


def lease_size(limit: RateLimit) -> int:
    """How many tokens a process takes from a shared bucket at once: a tenth of a second's
    refill, at most half the burst, at least one (one is no lease: the bucket is asked at
    every request)."""
    rate, burst = limit
    return max(1, min(int(rate * LEASE_SECONDS), int(burst / 2)))


class _Leases:
    """Tokens this process took from shared buckets and has not spent yet, by key; beyond
    `max_keys` the least recently leased key's are dropped (never more than were paid for)."""

    def __init__(self, max_keys: int = MAX_BUCKETS) -> None:
        self._max_keys = max_keys
        self._held: dict[str, int] = {}
        self._lock = threading.Lock()

    def spend(self, key: str) -> bool:
        """Spend one leased token of `key`, if one is held."""
        with self._lock:
            tokens = self._held.pop(key, 0)
            if tokens > 1:
                self._held[key] = tokens - 1
            return tokens > 0

    def hold(self, key: str, tokens: int) -> None:
        if tokens < 1:
            return
        with self._lock:
            self._held[key] = self._held.pop(key, 0) + tokens
            if len(self._held) > self._max_keys:
                del self._held[next(iter(self._held))]  # dicts keep insertion order


class SharedRateLimiter:
    """Token buckets in PostgreSQL's ``rate_buckets``, shared by every server process, taken
    a lease at a time; this process's own buckets while the table cannot be reached."""

    def __init__(
        self, limit: RateLimit, connect: Connect, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst = limit
        self._connect = connect
        self._clock = clock
        self._lease = lease_size(limit)
        self._leases = _Leases()
        self._fallback = RateLimiter(limit, clock)
        self._requests = itertools.count(1)
        self._unreachable_until = -math.inf

    def wait(self, key: str) -> float:
        if self._leases.spend(key):
            return 0.0
        found = self._taken(_WAIT, key)
        return self._fallback.wait(key) if found is _UNREACHABLE else self._wait_of(key, found)

    def wait_if_known(self, key: str) -> float | None:
        if self._leases.spend(key):
            return 0.0
        found = self._taken(_WAIT_IF_KNOWN, key)
        if found is _UNREACHABLE:
            return self._fallback.wait_if_known(key)
        return None if found is None else self._wait_of(key, found)

    def know(self, key: str) -> None:
        found = self._run(_KNOW, key, self._lease)
        if found is _UNREACHABLE:
            self._fallback.know(key)
        elif found is not None:
            self._leases.hold(key, self._lease)

    def charge(self, key: str, tokens: float) -> float:
        found = self._run(_CHARGE, key, tokens)
        if found is _UNREACHABLE:
            return self._fallback.charge(key, tokens)
        return max(0.0, -found[0] / self.rate)

    def _taken(self, statement: str, key: str) -> Any:
        """Take a lease of `key`'s tokens, or one token when the bucket holds less than a
        lease: (tokens left, granted, how many were taken)."""
        found = self._run(statement, key, self._lease)
        if found is None or found is _UNREACHABLE:
            return found
        if found[1] or self._lease == 1:
            return (*found, self._lease)
        found = self._run(statement, key, 1)
        return found if found is None or found is _UNREACHABLE else (*found, 1)

    def _wait_of(self, key: str, row: Any) -> float:
        tokens, granted, taken = row
        if not granted:
            return (1 - tokens) / self.rate
        self._leases.hold(key, taken - 1)  # one is this request's
        return 0.0

    def _run(self, statement: str, key: str, take: float) -> Any:
        if self._clock() < self._unreachable_until:
            return _UNREACHABLE
        parameters = {"key": key, "rate": self.rate, "burst": self.burst, "take": take}
        try:
            with self._connect() as conn:
                if next(self._requests) % PRUNE_EVERY == 0:
                    conn.execute(_PRUNE, {"idle": PRUNE_AFTER_SECONDS})
                return conn.execute(statement, parameters).fetchone()
        except (StoreUnavailable, psycopg.OperationalError) as error:
            self._unreachable_until = self._clock() + UNREACHABLE_PAUSE_SECONDS
            log.warning("rate_limit_table_unreachable", error=str(error)[:200])
            return _UNREACHABLE


_UNREACHABLE = object()


class _Debts:
    """Until when each key's bucket is in debt, as this process last charged it (another
    process learns of a debt when it charges the key itself); the latest `max_keys` only."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, max_keys: int = MAX_BUCKETS
    ) -> None:
        self._clock = clock
        self._until = Recent[str, float](max_keys)

    def owe(self, key: str, seconds: float) -> None:
        self._until.put(key, self._clock() + seconds)

    def wait(self, key: str) -> float:
        """The seconds `key` is still in debt (0: none)."""
        until = self._until.get(key)
        return 0.0 if until is None else max(0.0, until - self._clock())


@dataclass(frozen=True)
class Limits:
    requests: Limiter
    all_computer: Limiter  # computer play by address: see `ALL_COMPUTER_LIMIT`
    debts: _Debts = field(default_factory=_Debts)
    # Slots for the all-computer creates this process plays at once (`ALL_COMPUTER_AT_ONCE`).
    playing: threading.Semaphore = field(
        default_factory=lambda: threading.Semaphore(ALL_COMPUTER_AT_ONCE)
    )


def _limits() -> Limits | None:
    limits: Limits | None = current_app.extensions.get("flipside_limits")
    return limits


def _refuse(limiter: Limiter, wait: float, what: str) -> Problem:
    return rate_limited(
        f"more than {limiter.rate:g} {what} per second (burst {limiter.burst:g}) from this "
        "token or address",
        wait,
    )


def _token_key() -> str | None:
    try:
        token = presented_token()
    except Problem:  # a malformed Authorization header: authentication will answer 401
        return None
    return f"token:{token_hash(token)}" if token else None


def _address_key() -> str:
    return f"address:{request.remote_addr}"


def _check(limits: Limits) -> None:
    """Take a token from the bucket of the request's proven token, else of its address."""
    token = _token_key()
    wait = limits.requests.wait_if_known(token) if token else None
    g.rate_key = token
    if wait is None:  # no token, or one not proven yet: the address pays
        g.rate_key = _address_key()
        wait = limits.requests.wait(g.rate_key)
    if wait:
        raise _refuse(limits.requests, wait, "requests")


def _vouch(limits: Limits, response: Response) -> Response:
    """A token that authenticated a request charged to the address gets its own bucket."""
    proven = g.get("authenticated_token")
    if proven is not None and g.get("rate_key", "").startswith("address:"):
        limits.requests.know(f"token:{proven}")
    return response


@contextmanager
def computer_play(all_computer: bool) -> Iterator[None]:
    """Around a create (`all_computer`: of computer players only) or a move: 429 first while
    the address owes its computer-play bucket, or for an all-computer create beyond its
    share of them; then the request's play is charged (`ALL_COMPUTER_LIMIT`)."""
    limits = _limits()
    if limits is None:
        yield
        return
    # By address even with a proven token: tokens are had for the asking (a create of a
    # person's match), so a bucket per token would be no bound at all.
    key = f"computer:{_address_key()}"
    owed = limits.debts.wait(key)
    if owed:
        raise rate_limited(
            "the computer players of this address's matches have played beyond its share "
            f"({limits.all_computer.rate * COMPUTER_SECONDS_PER_TOKEN:g} s of play a second)",
            owed,
        )
    if all_computer:
        _all_computer_slot(limits, key)
    started = time.thread_time()
    try:
        yield
    finally:
        if all_computer:
            limits.playing.release()
        # An all-computer create's token at the door paid for its first stretch of play.
        played = time.thread_time() - started - (COMPUTER_SECONDS_PER_TOKEN if all_computer else 0)
        if played >= CHARGED_FROM_SECONDS:
            owed = limits.all_computer.charge(key, played / COMPUTER_SECONDS_PER_TOKEN)
            limits.debts.owe(key, owed)


def _all_computer_slot(limits: Limits, key: str) -> None:
    """One of the process's slots for an all-computer create, and the address's token for
    it (a slot first: a create refused for want of one must not cost a token)."""
    if not limits.playing.acquire(blocking=False):
        raise rate_limited(
            f"this server process plays {ALL_COMPUTER_AT_ONCE} matches of computer players "
            "only at a time",
            1,
        )
    if wait := limits.all_computer.wait(key):
        limits.playing.release()
        raise _refuse(limits.all_computer, wait, "matches of computer players only")


def _limiter(limit: RateLimit, connect: Connect | None) -> Limiter:
    return RateLimiter(limit) if connect is None else SharedRateLimiter(limit, connect)


def install(app: Flask, limit: RateLimit | None, connect: Connect | None = None) -> None:
    """Check every request against `limit` before it does any work (None: no limit); with
    `connect`, in buckets every server process shares."""
    if limit is None:
        return
    limits = Limits(_limiter(limit, connect), _limiter(ALL_COMPUTER_LIMIT, connect))
    app.extensions["flipside_limits"] = limits
    app.before_request(lambda: _check(limits))
    app.after_request(lambda response: _vouch(limits, response))
