"""Typed errors from the server's problem+json answers (RFC 9457, with a stable `code`).

Each HTTP status the API uses has its class, so a bot catches what it can act on
(``except StaleVersion``: read again and decide again) and reads the stable ``code`` for the
rest (``error.code == "not_your_turn"``). The codes are listed in the server's OpenAPI
document under ``components.schemas.Problem.properties.code``.
"""

from __future__ import annotations

from typing import Any

import httpx

PROBLEM_JSON = "application/problem+json"


class FlipsideError(Exception):
    """A request the server refused or could not answer; `code` is stable."""

    status: int = 0

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        problem: dict[str, Any],
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.problem = problem  # the whole problem document, e.g. its validation `errors`
        self.retry_after = retry_after  # seconds, when the server said (429, 503)


class BadRequest(FlipsideError):
    """400: malformed JSON or a header the server cannot read."""


class Unauthorized(FlipsideError):
    """401: no token where one is needed, or one not valid for this match."""


class Forbidden(FlipsideError):
    """403: a seat that is not the caller's, or what only the administrator may do."""


class NotFound(FlipsideError):
    """404: no such match, game or player."""


class NotNow(FlipsideError):
    """409: the match's state does not allow the move now (e.g. ``not_your_turn``), or
    concurrent requests kept winning the race (``conflict``)."""


class StaleVersion(FlipsideError):
    """412: ``If-Match`` named another version than the match's; see `current_version`."""

    @property
    def current_version(self) -> int | None:
        version = self.problem.get("current_version")
        return version if isinstance(version, int) else None


class Invalid(FlipsideError):
    """422: a request that can never be right: a bad field, seat, option, card or kind."""


class RateLimited(FlipsideError):
    """429: too many requests, or too many waits at once; retry after `retry_after`."""


class ServerError(FlipsideError):
    """5xx: the server failed, or its database is unavailable (503, worth a retry)."""


_BY_STATUS: dict[int, type[FlipsideError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: NotNow,
    412: StaleVersion,
    422: Invalid,
    429: RateLimited,
}


def _seconds(header: str | None) -> float | None:
    """A ``Retry-After`` header in seconds (the only form this server sends), else None."""
    try:
        return max(float(header), 0.0) if header is not None else None
    except ValueError:
        return None


def error_from(response: httpx.Response) -> FlipsideError:
    """The typed error of a failed response; the problem document if the server sent one."""
    problem: dict[str, Any] = {}
    if response.headers.get("content-type", "").startswith(PROBLEM_JSON):
        try:
            problem = dict(response.json())
        except ValueError:
            problem = {}
    status = response.status_code
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else FlipsideError)
    code = str(problem.get("code") or f"http_{status}")
    detail = str(problem.get("detail") or response.reason_phrase)
    return kind(status, code, detail, problem, _seconds(response.headers.get("Retry-After")))
