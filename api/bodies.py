"""A request's JSON body, read whole and parsed safely: every failure a 400 or 413 problem.

Bodies are capped at what the largest valid request needs (`api.body_limit`), a few KiB, so
a body parsed here and again by webargs costs microseconds.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from flask import current_app, request

from .problems import Problem

# json.loads recurses once per level of nesting: a body of brackets nested thousands deep
# raised RecursionError, a 500. No request of this API nests deeper than 3 levels.
MAX_NESTING = 32


def request_json() -> Any:
    """The request's body as JSON; 400 ``malformed_json`` if it is not JSON, nests deeper
    than `MAX_NESTING` or holds an integer too long for Python to convert (a ValueError deep
    inside json, a 500 before); None for an empty body (webargs answers it)."""
    body = _whole_body()
    if not body:
        return None
    too_deep = Problem("malformed_json", f"the body nests deeper than {MAX_NESTING} levels")
    try:
        value = json.loads(body)
    except RecursionError:
        raise too_deep from None
    except ValueError:  # not JSON, not UTF-8, or an integer of over 4,300 digits
        raise Problem(
            "malformed_json",
            "the request body is not valid JSON (or holds an integer of over "
            f"{sys.get_int_max_str_digits()} digits)",
        ) from None
    if _nesting(value) > MAX_NESTING:
        raise too_deep
    return value


def _whole_body() -> bytes:
    """The body; 413 for a chunked one longer than the limit. Werkzeug stops reading such a
    body at the limit without a word, and the cut body was answered as malformed JSON."""
    body = request.get_data(cache=True)
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    chunked = request.content_length is None
    if chunked and len(body) >= limit and request.environ["wsgi.input"].read(1):
        raise Problem("payload_too_large", f"the body is over {limit // 1024} KiB")
    return body


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
