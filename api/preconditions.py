"""The request headers of a command: ``If-Match: "<version>"`` and ``Idempotency-Key``.

They are documented once here; moves take both (`COMMAND_HEADERS`), a create only the key.
"""

from __future__ import annotations

import re
from typing import Any

from flask import request

from flipside.service import Idempotency

from .problems import Problem

_ETAG = re.compile(r'^(?:W/)?"([0-9]{1,10})"$|^([0-9]{1,10})$')
_KEY = re.compile(r"^[\x21-\x7e]{1,255}$")  # visible ASCII

IF_MATCH_HEADER: dict[str, Any] = {
    "in": "header",
    "name": "If-Match",
    "required": False,
    "schema": {"type": "string", "example": '"12"'},
    "description": 'Act only if the match is at this version ("<version>", the ETag); '
    "412 stale_version otherwise.",
}
IDEMPOTENCY_HEADER: dict[str, Any] = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
    "description": "A retry with the same key and body gets the stored response and "
    "appends nothing; the same key with another body is 422 idempotency_mismatch.",
}
COMMAND_HEADERS = [IF_MATCH_HEADER, IDEMPOTENCY_HEADER]


def expected_version() -> int | None:
    """The version the client's ``If-Match`` names, or None (absent or ``*``)."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    found = _ETAG.match(header.strip())
    if found is None:
        raise Problem("invalid_header", 'If-Match must be "<version>", e.g. "12"')
    return int(found.group(1) or found.group(2))


def idempotency(scope: str, command: str, body: Any) -> Idempotency | None:
    """The request's idempotency key within `scope`, fingerprinted by command and body."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _KEY.match(key):
        raise Problem("invalid_header", "Idempotency-Key is 1-255 visible ASCII characters")
    return Idempotency(scope, key, Idempotency.fingerprint_of({"command": command, "body": body}))


def etag(version: int) -> str:
    return f'"{version}"'
