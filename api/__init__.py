"""The HTTP API: `create_app` builds the Flask app.

``create_app()`` reads `flipside.config.Settings` from the environment and connects to
PostgreSQL (the embedded server when none is configured). Tests pass a mapping of Flask
config instead; ``FLIPSIDE_DEPENDENCIES`` (an `api.dependencies.Dependencies`) replaces the
database, e.g. ``Dependencies.in_memory()``.

Run it with ``flipside serve`` or ``gunicorn -c ops/gunicorn.conf.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask, request

from flipside import __version__
from flipside.config import Settings
from flipside.logging import configure as configure_logging

from . import (
    actions,
    games,
    matches,
    observability,
    operations,
    players,
    ratelimit,
    records,
    summaries,
)
from .bodies import request_json
from .body_limit import MAX_BODY_BYTES
from .dependencies import Dependencies
from .problems import Problem, ProblemApi
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
            "across every server process; a token counts as its own only once a request "
            "has proven it valid (until then, and for an invalid one, the address counts). "
            "A match of computer players only is also limited to "
            f"{ratelimit.ALL_COMPUTER_LIMIT[0]:g} per second (bursts of "
            f"{ratelimit.ALL_COMPUTER_LIMIT[1]:g}) per client address, and the computer "
            "play of a create or a move (a match of computer players is played to its end "
            "in its create) costs that bucket a match per "
            f"{ratelimit.COMPUTER_SECONDS_PER_TOKEN:g} s beyond the first, after the request: "
            "an address that owes is refused creates and moves until it is paid; a server "
            f"process plays {ratelimit.ALL_COMPUTER_AT_ONCE} such creates at a time. Beyond "
            "any, 429 `rate_limited` with `Retry-After`."
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
    ratelimit.install(app, settings.rate_limit, dependencies.shared_connection())
    app.before_request(_no_nul_in_url)
    app.before_request(_json_bodies_only)
    api = ProblemApi(app)
    actions.document(api.spec)
    blueprints = (games.blp, matches.blp, players.blp, records.blp, summaries.blp, operations.blp)
    for blueprint in blueprints:
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
    """415 for a POST that is not JSON (webargs would read it as an empty body); 400
    ``malformed_json`` for a body that is not JSON (`api.bodies`), read here for every POST
    but a move's: a move's body is read only once its token has been checked."""
    if request.method != "POST" or request.routing_exception is not None:
        return  # an unknown route or method is a 404 or 405, whatever the body
    if not request.is_json:
        raise Problem("unsupported_media_type", "send the body as application/json")
    if "match_id" not in (request.view_args or {}):
        request_json()
