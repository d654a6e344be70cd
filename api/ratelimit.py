"""The per-token rate limit ("Limits"): a token bucket per bearer token, or per
client address for a request without one; beyond it, 429 ``rate_limited`` with
``Retry-After``.

A bucket holds up to `burst` requests and refills at `rate` per second
(``FLIPSIDE_RATE_LIMIT``, `flipside.config.Settings.rate_limit`). Buckets are keyed by the
token's sha256, so no token is kept, and they live in the process: each gunicorn worker
counts on its own, so a client spread over N workers may reach N times the rate. That is
enough to stop one client from flooding a worker; a limit shared by several machines
belongs in front of them (the load balancer). Behind a proxy every spectator shares the
proxy's address, and so its bucket.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable

from flask import Flask, request

from flipside.config import RateLimit

from .auth import presented_token, token_hash
from .problems import Problem

# Enough for every client of a busy worker; beyond it the least recently seen bucket is
# dropped, which only forgives its debt (a stream of made-up tokens cannot grow memory).
MAX_BUCKETS = 100_000


class RateLimiter:
    """Token buckets by key, safe to share between a worker's threads."""

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
        """0 if a request of `key` may go now (it takes a token), else the seconds until one
        may."""
        with self._lock:
            now = self._clock()
            tokens, counted = self._buckets.pop(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - counted) * self.rate)
            if tokens >= 1:
                tokens, wait = tokens - 1, 0.0
            else:
                wait = (1 - tokens) / self.rate
            self._buckets[key] = (tokens, now)  # re-inserted: the most recently seen
            if len(self._buckets) > self._max_buckets:
                del self._buckets[next(iter(self._buckets))]  # dicts keep insertion order
        return wait


def client_key() -> str:
    """The bucket of this request: its bearer token's hash, else the client's address."""
    try:
        token = presented_token()
    except Problem:  # a malformed Authorization header: authentication will answer 401
        token = None
    return f"token:{token_hash(token)}" if token else f"address:{request.remote_addr}"


def install(app: Flask, limit: RateLimit | None) -> None:
    """Check every request against `limit` before it does any work (None: no limit)."""
    if limit is None:
        return
    limiter = RateLimiter(limit)

    def check() -> None:
        wait = limiter.wait(client_key())
        if wait:
            raise Problem(
                "rate_limited",
                f"more than {limiter.rate:g} requests per second (burst {limiter.burst:g}) "
                "from this token or address; try again after Retry-After seconds",
                headers={"Retry-After": str(math.ceil(wait))},
            )

    app.before_request(check)
