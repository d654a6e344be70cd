"""Liveness, readiness, metrics, and the offline API docs' assets.

The docs page (flask-smorest's Swagger UI at ``/docs``) loads its script and stylesheet from
the ``swagger-ui-bundle`` package through `docs_asset`, so it works without a network.
"""

from __future__ import annotations

from typing import Any

import flask
import swagger_ui_bundle
from flask import Response, send_from_directory
from flask_smorest import Blueprint

from flipside import __version__

from .dependencies import deps
from .observability import exposition, projection_lag
from .schemas import StatusSchema, text_responses

blp = Blueprint("operations", __name__, description="Health and metrics for operators.")

DOCS_ASSETS = "/docs/assets/"


@blp.route("/healthz", methods=["GET"])
@blp.response(200, StatusSchema)
def healthz() -> Any:
    """Liveness: the process answers (the database is not consulted); its version."""
    return {"status": "ok", "version": __version__}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, StatusSchema)
@blp.alt_response(503, schema=StatusSchema, description="The database does not answer")
def readyz() -> Any:
    """Readiness: the database answers. Also how far each read model lags behind the events
    (lag does not make the server unready: only lists and statistics are behind)."""
    checks = deps().ping()
    if not all(checks.values()):
        return {"status": "unavailable", "checks": checks}, 503
    return {"status": "ready", "checks": checks, "projection_lag": projection_lag(deps())}


@blp.route("/metrics", methods=["GET"])
@blp.doc(responses=text_responses("Prometheus text exposition", "text/plain"))
def metrics() -> Response:
    """Requests by route and status, request latency, events appended, projection lag."""
    body, content_type = exposition(deps())
    return Response(body, content_type=content_type)


docs_assets = flask.Blueprint("docs_assets", __name__)  # not an API operation: no OpenAPI


@docs_assets.get(f"{DOCS_ASSETS}<path:filename>")
def docs_asset(filename: str) -> Response:
    return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86_400)
