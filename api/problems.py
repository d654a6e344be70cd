"""RFC 9457 problem details: every failure is ``application/problem+json`` with a stable `code`.

`Problem` is the one exception the endpoints raise; the errors of the layers below (rule
violations, service errors, an unavailable database) and every HTTP error of Flask and
webargs (404, 405, 413, 415, malformed JSON, validation) are turned into the same shape by
`ProblemApi`, which also documents that shape as every operation's error response.
"""

from __future__ import annotations

import http
import math
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from apispec import BasePlugin
from flask import Response, g, json, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from flipside.engine.errors import RuleViolation
from flipside.engine.registry import UnknownGame, games
from flipside.logging import get_logger
from flipside.service import ServiceError, StaleVersion
from flipside.store import StoreUnavailable

from .body_limit import MAX_BODY_BYTES

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER_SECONDS = 1
# A body refused as too large is still read, up to this much, before the answer: a server
# that closes a socket with unread data resets it, and the client may lose the 413.
DRAIN_LIMIT_BYTES = 4 * 1024 * 1024

# The HTTP status of every stable code the API or the layers below it can answer with.
_API_STATUSES: dict[str, int] = {
    "bad_request": 400,
    "malformed_json": 400,
    "invalid_header": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "seed_requires_admin": 403,
    "name_registered": 403,  # a seat under a registered name, without its player token
    "not_found": 404,
    "unknown_match": 404,
    "unknown_player": 404,
    "unknown_game": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    "conflict": 409,
    "name_taken": 409,
    "stale_version": 412,
    "payload_too_large": 413,
    "uri_too_long": 414,
    "unsupported_media_type": 415,
    "expectation_failed": 417,
    "validation_error": 422,
    "invalid_seats": 422,  # the engine checks every game's seats
    "invalid_options": 422,
    "unknown_action": 422,
    "idempotency_mismatch": 422,
    "request_timeout": 408,  # a body that did not arrive in time (api.body_deadline)
    "precondition_required": 428,
    "header_too_large": 431,  # gunicorn's own answers (api.server_errors)
    "rate_limited": 429,
    "internal_error": 500,
    "not_implemented": 501,
    "service_unavailable": 503,
}
# A game's refusals: "invalid" is a request that can never be right (422); "not_now" one the
# match's present state does not allow (409). A seat the caller is not is 403, as ever.
_REFUSAL_STATUS = {"invalid": 422, "not_now": 409}
_SEAT_STATUSES = {"unknown_seat": 403}


def _statuses() -> dict[str, int]:
    statuses = {
        code: _REFUSAL_STATUS[refusal]
        for game in games()
        for code, refusal in game.refusals.items()
    }
    return statuses | _SEAT_STATUSES | _API_STATUSES


STATUS_BY_CODE: dict[str, int] = _statuses()

# Werkzeug's errors by status, for the failures Flask raises before an endpoint runs.
_CODE_BY_STATUS = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    408: "request_timeout",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    500: "internal_error",
    501: "not_implemented",
}

log = get_logger(__name__)


class Problem(HTTPException):
    """An HTTP failure with a stable `code`; the status follows from the code."""

    def __init__(
        self,
        code: str,
        detail: str,
        *,
        errors: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.code = STATUS_BY_CODE[code]  # werkzeug's name for the status
        super().__init__(detail)
        self.problem_code = code
        self.detail = detail
        self.errors, self.errors_omitted = bounded(errors)
        self.extra_headers = headers or {}


def rate_limited(why: str, wait: float) -> Problem:
    """429 ``rate_limited``: `why`, and to try again after `wait` seconds (at least one)."""
    return Problem(
        "rate_limited",
        f"{why}; try again after Retry-After seconds",
        headers={"Retry-After": str(max(1, math.ceil(wait)))},
    )


# A body with a mistake in every element had every one listed: a 50 KiB body answered with a
# megabyte. The first few are enough to fix a request; the rest are counted.
MAX_LISTED_ERRORS = 5


def bounded(errors: Any) -> tuple[Any, int]:
    """`errors` (messages by location and field, nested) with its first `MAX_LISTED_ERRORS`
    fields' first messages only, and how many fields and messages were left out."""
    if not isinstance(errors, dict):
        return errors, 0
    kept: dict[Any, Any] = {}
    omitted = 0
    for index, (path, messages) in enumerate(_fields(errors)):
        if index >= MAX_LISTED_ERRORS:
            omitted += len(messages) if isinstance(messages, list) else 1
            continue
        if isinstance(messages, list) and len(messages) > MAX_LISTED_ERRORS:
            omitted += len(messages) - MAX_LISTED_ERRORS
            messages = messages[:MAX_LISTED_ERRORS]
        _place(kept, path, messages)
    return kept, omitted


def _fields(errors: dict[Any, Any]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The (path, messages) of every field in nested `errors`, in order, without recursion
    (a body may nest as deep as `MAX_NESTING`)."""
    pending: list[tuple[tuple[Any, ...], Any]] = [((), errors)]
    while pending:
        path, node = pending.pop()
        if isinstance(node, dict):
            pending.extend(reversed([((*path, key), value) for key, value in node.items()]))
        else:
            yield path, node


def _place(tree: dict[Any, Any], path: tuple[Any, ...], messages: Any) -> None:
    for key in path[:-1]:
        tree = tree.setdefault(key, {})
    tree[path[-1]] = messages


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, with Flipside's stable `code`."""

    type = ma.fields.String(required=True, metadata={"description": "urn:flipside:problem:<code>"})
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True)
    code = ma.fields.String(
        required=True,
        metadata={"description": "stable machine-readable code", "enum": sorted(STATUS_BY_CODE)},
    )
    instance = ma.fields.String(required=True, metadata={"description": "the request path"})
    request_id = ma.fields.String()
    errors = ma.fields.Raw(metadata={"description": "validation messages by location and field"})
    current_version = ma.fields.Integer(metadata={"description": "with stale_version"})
    errors_omitted = ma.fields.Integer(
        metadata={
            "description": f"how many messages beyond the first {MAX_LISTED_ERRORS} fields' "
            "`errors` leaves out"
        }
    )


def problem_response(problem: Problem) -> Response:
    """The problem+json response of `problem`; `outcome` feeds the canonical log line."""
    status = STATUS_BY_CODE[problem.problem_code]
    body: dict[str, Any] = {
        "type": f"urn:flipside:problem:{problem.problem_code}",
        "title": http.HTTPStatus(status).phrase,
        "status": status,
        "detail": problem.detail,
        "code": problem.problem_code,
        "instance": request.path,
    }
    if g.get("request_id"):
        body["request_id"] = g.request_id
    if problem.errors is not None:
        body["errors"] = problem.errors
    if problem.errors_omitted:
        body["errors_omitted"] = problem.errors_omitted
    if isinstance(problem.__cause__, StaleVersion):
        body["current_version"] = problem.__cause__.current
    g.outcome = problem.problem_code
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    response.headers.update(problem.extra_headers)
    return response


def _drain_body() -> None:
    stream, left = request.environ["wsgi.input"], DRAIN_LIMIT_BYTES
    while left > 0 and (chunk := stream.read(min(left, 65536))):
        left -= len(chunk)


def from_http_exception(error: HTTPException) -> Problem:
    """The problem for an error raised by Flask, werkzeug or webargs."""
    if isinstance(error, Problem):
        return error
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if status == 400 and messages and "json" in messages:
        return Problem("malformed_json", "the request body is not valid JSON")
    code = _CODE_BY_STATUS.get(status, "bad_request" if status < 500 else "internal_error")
    detail = error.description or http.HTTPStatus(status).phrase
    headers = dict(data.get("headers") or {})
    allowed = getattr(error, "valid_methods", None)  # werkzeug's MethodNotAllowed has them
    if status == 405 and allowed:
        headers["Allow"] = ", ".join(sorted(allowed))
    if code == "validation_error":
        detail = "the request does not match the schema"
    return Problem(code, detail, errors=messages, headers=headers)


def from_error(error: Exception) -> Problem:
    """The problem for an error of the layers below the API."""
    if isinstance(error, RuleViolation | ServiceError):
        problem = Problem(error.code, error.message)
    elif isinstance(error, UnknownGame):
        problem = Problem(error.code, str(error))
    elif isinstance(error, StoreUnavailable):
        problem = Problem(
            "service_unavailable",
            "the database is unavailable; try again shortly",
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    else:
        raise TypeError(f"no problem for {type(error).__name__}") from error
    problem.__cause__ = error
    return problem


# The limits every client can run into, documented on each operation they apply to (not
# only as its default response), with what a client needs to act on them.
_LIMIT_RESPONSES: dict[int, dict[str, Any]] = {
    413: {"description": f"payload_too_large: the body is over {MAX_BODY_BYTES // 1024} KiB"},
    429: {
        "description": "rate_limited: more requests than the rate limit allows for this "
        "bearer token (for this address without one); retry after Retry-After seconds",
        "headers": {
            "Retry-After": {
                "description": "seconds to wait before the next request",
                "required": True,
                "schema": {"type": "integer", "minimum": 1},
            }
        },
    },
}


class LimitsPlugin(BasePlugin):
    """Adds 429 to every operation and 413 to every POST (the operations with a body)."""

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            statuses = (413, 429) if method == "post" else (429,)
            responses = operation.setdefault("responses", {})
            for status in statuses:
                responses.setdefault(str(status), http.HTTPStatus(status).name)


class ProblemApi(Api):
    """flask-smorest's `Api`, answering and documenting every error as problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, **options: Any) -> None:
        options["extra_plugins"] = [*options.get("extra_plugins", ()), LimitsPlugin()]
        super()._init_spec(**options)

    def _register_error_handlers(self) -> None:
        app = self._app
        app.register_error_handler(HTTPException, self.handle_http_exception)
        for error_type in (RuleViolation, ServiceError, UnknownGame, StoreUnavailable):
            app.register_error_handler(error_type, self._handle_error)
        app.register_error_handler(Exception, self._handle_unexpected)

    def handle_http_exception(self, error: HTTPException) -> Response:
        if error.code == 413:
            _drain_body()
        return problem_response(from_http_exception(error))

    def _handle_error(self, error: Exception) -> Response:
        if isinstance(error, StoreUnavailable):
            log.warning("database_unavailable", error=str(error))
        return problem_response(from_error(error))

    def _handle_unexpected(self, error: Exception) -> Response:
        log.exception("unhandled_error")
        return problem_response(Problem("internal_error", "an unexpected error occurred"))

    def _register_responses(self) -> None:
        """flask-smorest's default responses, with problem+json as their media type."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {
                "description": status.phrase,
                **_LIMIT_RESPONSES.get(status, {}),
            }
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        default: dict[str, Any] = {"description": "Any failure, as RFC 9457 problem details"}
        default["schema"] = self.ERROR_SCHEMA
        prepare_response(default, self.spec, PROBLEM_JSON)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)
