"""structlog set up once per process: JSON lines when not on a terminal.

Everything bound with `structlog.contextvars` (a request id, a match id, a seat) is merged
into every line logged while it is bound, so a request's canonical line and anything logged
during the request carry the same ids.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

import structlog

from .config import LogFormat


def configure(log_format: LogFormat = "auto", stream: TextIO | None = None) -> None:
    """Route structlog to `stream` (stderr by default) as JSON lines or console lines."""
    stream = stream or sys.stderr
    json_lines = log_format == "json" or (log_format == "auto" and not stream.isatty())
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer(sort_keys=False)
        if json_lines
        else structlog.dev.ConsoleRenderer(colors=stream.isatty())
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO),
        logger_factory=structlog.PrintLoggerFactory(stream),
        cache_logger_on_first_use=False,  # so that configure() applies to existing loggers
    )


def get_logger(name: str) -> structlog.typing.FilteringBoundLogger:
    return structlog.get_logger(name)
