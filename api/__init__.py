"""The HTTP API: `create_app` builds the Flask app.

``create_app()`` reads `flipside.config.Settings` from the environment and connects to
PostgreSQL (the embedded server when none is configured). Tests pass a mapping of Flask
config instead; ``FLIPSIDE_DEPENDENCIES`` (an `api.dependencies.Dependencies`) replaces the
database, e.g. ``Dependencies.in_memory()``.

Run it with ``flipside serve`` or ``gunicorn -c ops/gunicorn.conf.py``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Flask, request

from flipside import __version__
from flipside.config import Settings
from flipside.logging import configure as configure_logging

from . import actions, games, matches, observability, operations, ratelimit, records, summaries
from .dependencies import Dependencies
from .problems import MAX_BODY_BYTES, Problem, ProblemApi
from .records import StreamTiming
from .web import web

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
    "FLIPSIDE_STREAM_TIMING": StreamTiming(),
    "API_TITLE": "Flipside",
    "API_VERSION": __version__,
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": operations.DOCS_ASSETS,
    "API_SPEC_OPTIONS": {
        "info": {
            "description": "Card games played over HTTP: Flipside, the two-sided 78-card "
            "poker, first (GET /v1/games lists them). Errors are RFC 9457 problem details "
            "with a stable `code`.\n\n"
            f"Limits: a request body is at most {MAX_BODY_BYTES // 1024} KiB (413 "
            "`payload_too_large`). Each bearer "
            "token, or each client address for requests without one, may send "
            "`FLIPSIDE_RATE_LIMIT` requests per second (default 100, bursts of 200), counted "
            "by each server process on its own (a client spread over N processes may reach "
            "N times the rate); beyond it 429 `rate_limited` with `Retry-After`."
        },
        "components": {
            "securitySchemes": {
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's token from POST /v1/matches, or the admin token",
                }
            }
        },
        "security": [{}, {"seatToken": []}],
    },
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    settings = app.config.get("FLIPSIDE_SETTINGS") or Settings.from_env()
    configure_logging(settings.log_format)
    dependencies = app.config.get("FLIPSIDE_DEPENDENCIES") or Dependencies.connect(settings)
    app.extensions["flipside"] = dependencies
    observability.install(app)
    ratelimit.install(app, settings.rate_limit)
    app.before_request(_no_nul_in_url)
    app.before_request(_json_bodies_only)
    api = ProblemApi(app)
    actions.document(api.spec)
    for blueprint in (games.blp, matches.blp, records.blp, summaries.blp, operations.blp):
        api.register_blueprint(blueprint)
    app.register_blueprint(operations.docs_assets)
    app.register_blueprint(web)  # the browser client at /; not part of the OpenAPI
    return app


def _no_nul_in_url() -> None:
    """422 for a NUL character in the path or the query: PostgreSQL text cannot hold one, so
    it names nothing, and a query with it would fail (a 500) rather than find nothing."""
    if "\x00" in request.path or any("\x00" in value for value in request.args.values()):
        raise Problem("validation_error", "a URL may not contain NUL characters")


def _json_bodies_only() -> None:
    """415 for a POST that is not JSON (webargs would read it as an empty body); a body that
    is not valid JSON is webargs' 400, answered as ``malformed_json``, and so is one that
    nests deeper than `MAX_NESTING`."""
    if request.method != "POST" or request.routing_exception is not None:
        return  # an unknown route or method is a 404 or 405, whatever the body
    if not request.is_json:
        raise Problem("unsupported_media_type", "send the body as application/json")
    _shallow_json_only(request.get_data(cache=True))


# json.loads recurses once per level of nesting: a 64 KiB body of brackets nests 32,768 deep
# and raised RecursionError, a 500. No request of this API nests deeper than 3 levels. Only a
# body with more brackets than MAX_NESTING can nest deeper, so only such a body is parsed
# here first (legal ones have fewer than 10); any other goes straight to webargs.
MAX_NESTING = 32


def _shallow_json_only(body: bytes) -> None:
    if body.count(b"[") + body.count(b"{") <= MAX_NESTING:
        return
    try:
        too_deep = _nesting(json.loads(body)) > MAX_NESTING
    except RecursionError:
        too_deep = True
    except ValueError:
        return  # not JSON: webargs answers malformed_json
    if too_deep:
        raise Problem("malformed_json", f"the body nests deeper than {MAX_NESTING} levels")


def _nesting(value: object) -> int:
    """How deep lists and objects nest in `value`, counted without recursion."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return deepest
