"""Who is calling: a seat (by its bearer token), a spectator (no token) or the administrator.

A seat token is ``secrets.token_urlsafe(32)``, shown once when the match is created and
stored only as its sha256. A token is valid only for the match and seat it was issued for;
hashes are compared with `hmac.compare_digest`, so timing says nothing about a near miss.
The admin token is compared the same way, as its hash: compare_digest's time still depends
on the lengths, and equal-length digests say nothing about the admin token's length. A
player's token (`api.players`) is issued and kept alike; it proves a registered name when a
match is created (`is_player`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from flask import g, request

from flipside.store.credentials import SeatCredentials

from .problems import Problem

_BEARER = "bearer "


@dataclass(frozen=True, slots=True)
class Caller:
    seat: int | None = None  # None: a spectator, or the administrator
    admin: bool = False

    @property
    def label(self) -> str:
        """For the canonical log line; never the token."""
        return (
            "admin" if self.admin else ("spectator" if self.seat is None else f"seat {self.seat}")
        )


def issue_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def presented_token() -> str | None:
    """The bearer token of the request, None without an Authorization header."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    token = header[len(_BEARER) :].strip() if header.lower().startswith(_BEARER) else ""
    if not token:
        raise _unauthorized("the Authorization header must be 'Bearer <token>'")
    return token


def _unauthorized(detail: str) -> Problem:
    return Problem("unauthorized", detail, headers={"WWW-Authenticate": 'Bearer realm="flipside"'})


def _is_admin_hash(presented: str, admin_token: str | None) -> bool:
    return bool(admin_token) and hmac.compare_digest(presented, token_hash(admin_token or ""))


def _proven(valid: bool) -> bool:
    """`valid`, noting a valid token for the rate limit: its own bucket, not the address's."""
    if valid:
        g.authenticated_token = token_hash(presented_token() or "")
    return valid


def is_admin(admin_token: str | None) -> bool:
    """Whether the request presents the admin token (for requests about no match yet)."""
    token = presented_token()
    return token is not None and _proven(_is_admin_hash(token_hash(token), admin_token))


def is_player(stored_hash: str) -> bool:
    """Whether the request presents the token whose hash is `stored_hash`: a registered
    player's (for a create, which is about no match yet)."""
    token = presented_token()
    return token is not None and _proven(hmac.compare_digest(token_hash(token), stored_hash))


def authenticate(match_id: str, credentials: SeatCredentials, admin_token: str | None) -> Caller:
    """The caller of a request about `match_id`; 401 for a token that is not valid for it."""
    token = presented_token()
    if token is None:
        return Caller()
    presented = token_hash(token)
    if _proven(_is_admin_hash(presented, admin_token)):
        return Caller(admin=True)
    for seat, stored in credentials.token_hashes(match_id).items():
        if _proven(hmac.compare_digest(presented, stored)):
            return Caller(seat=seat)
    raise _unauthorized("the token is not valid for this match")


def require_seat(caller: Caller) -> int:
    """The caller's seat, for a move; spectators and the administrator cannot move."""
    if caller.seat is not None:
        return caller.seat
    if caller.admin:
        raise Problem("forbidden", "the administrator watches; only a seat's token can move")
    raise _unauthorized("a move needs the seat's bearer token")
