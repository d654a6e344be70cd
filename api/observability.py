"""One canonical log line and the Prometheus metrics of every request.

Each request gets an id (the client's ``X-Request-ID`` if it is a sane token, else a new
one), echoed in the response. Endpoints `annotate` the request with what they learn (match,
seat, command); when the response is ready one JSON line says who did what and how it went.
Headers are never logged, so neither are tokens.

Under gunicorn with several workers, ``PROMETHEUS_MULTIPROC_DIR`` makes each worker write
its samples to files that `/metrics` adds up (`flipside serve` sets it). The projections'
lag is not a sample of any worker: it is read from the database when `/metrics` is scraped.
"""

from __future__ import annotations

import collections
import os
import re
import time
import uuid
from typing import TYPE_CHECKING, Any

import structlog
from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from flipside.logging import get_logger
from flipside.projections.postgres import PROJECTIONS
from flipside.projections.queries import checkpoints
from flipside.store import StoreUnavailable

if TYPE_CHECKING:
    from .dependencies import Dependencies

log = get_logger("flipside.request")

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")

REQUESTS = Counter(
    "flipside_http_requests", "HTTP requests answered", ["method", "route", "status"]
)
LATENCY = Histogram(
    "flipside_http_request_duration_seconds",
    "Time to answer an HTTP request (for a stream: to start it)",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0),
)
EVENTS_APPENDED = Counter("flipside_events_appended", "Events appended to the store", ["type"])


def annotate(**fields: Any) -> None:
    """Add fields to this request's canonical line (and to anything logged after)."""
    g.log_fields.update(fields)
    structlog.contextvars.bind_contextvars(**fields)


def count_appended(types: list[str]) -> None:
    # A move appends a dozen events of a few types: one look-up of a label per type.
    for event_type, appended in collections.Counter(types).items():
        EVENTS_APPENDED.labels(event_type).inc(appended)


def _start() -> None:
    incoming = request.headers.get("X-Request-ID", "")
    g.request_id = incoming if _REQUEST_ID.match(incoming) else uuid.uuid4().hex
    g.started = time.perf_counter()
    g.log_fields = {}
    if request.view_args and "match_id" in request.view_args:
        g.log_fields["match_id"] = request.view_args["match_id"]
    g.outcome = "ok"
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(request_id=g.request_id)


def _finish(response: Response) -> Response:
    duration = time.perf_counter() - g.started
    route = request.url_rule.rule if request.url_rule else "unmatched"
    REQUESTS.labels(request.method, route, str(response.status_code)).inc()
    LATENCY.labels(request.method, route).observe(duration)
    response.headers["X-Request-ID"] = g.request_id
    log.info(
        "request",
        method=request.method,
        path=request.path,
        route=route,
        status=response.status_code,
        outcome=g.outcome,
        duration_ms=round(duration * 1000, 2),
        **g.log_fields,
    )
    structlog.contextvars.clear_contextvars()
    return response


def install(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_finish)


LAG_COUNTED_UP_TO = 10_000  # "at least this many"; `flipside projections status` counts all


def projection_lag(dependencies: Dependencies) -> dict[str, int]:
    """Each read model's lag: the stored events it has not folded yet, up to
    `LAG_COUNTED_UP_TO` (none without a database). Anyone may ask (/readyz, /metrics), and a
    count costs the database a step per event counted: a runner stopped for a day would make
    every probe count a day of events."""
    if dependencies.read_models is None:
        return {}
    found = checkpoints(dependencies.read_models, list(PROJECTIONS), LAG_COUNTED_UP_TO)
    return {row["projection"]: row["lag"] for row in found}


class _ProjectionLag(Collector):
    def __init__(self, dependencies: Dependencies) -> None:
        self.dependencies = dependencies

    def collect(self) -> Any:
        try:
            lag = projection_lag(self.dependencies)
        except StoreUnavailable:  # the other metrics matter most during an outage
            return
        gauge = GaugeMetricFamily(
            "flipside_projection_lag_events",
            "Stored events a read model has not folded yet",
            labels=["projection"],
        )
        for name, events in lag.items():
            gauge.add_metric([name], events)
        yield gauge


def exposition(dependencies: Dependencies) -> tuple[bytes, str]:
    """The metrics as Prometheus text: this process's, or every worker's under gunicorn,
    and the projections' lag."""
    samples: Collector = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        samples = CollectorRegistry()
        multiprocess.MultiProcessCollector(samples)
    registry = CollectorRegistry()
    registry.register(samples)
    registry.register(_ProjectionLag(dependencies))
    return generate_latest(registry), CONTENT_TYPE_LATEST
