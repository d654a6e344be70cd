"""A Python client of the Flipside HTTP API, for bots (docs/client.md).

`Client` creates matches and hands out `Seat`s; a `Seat` reads its view and legal actions,
waits for its turn, moves, and follows the match's events live. Failures are the typed
errors below, each with the server's stable ``code``.
"""

from .client import Client, CreatedMatch, Retry, Seat
from .errors import (
    BadRequest,
    FlipsideError,
    Forbidden,
    Invalid,
    NotFound,
    NotNow,
    RateLimited,
    ServerError,
    StaleVersion,
    Unauthorized,
)

__all__ = [
    "BadRequest",
    "Client",
    "CreatedMatch",
    "FlipsideError",
    "Forbidden",
    "Invalid",
    "NotFound",
    "NotNow",
    "RateLimited",
    "Retry",
    "Seat",
    "ServerError",
    "StaleVersion",
    "Unauthorized",
]
