"""Anchors: every stream's chain head, written down to be kept outside the database
(docs/records.md, "Anchors").

The hash chain shows that a stream was not changed *inside* itself, but whoever may write
the `events` table can delete a whole stream, cut its end off, or rewrite it and recompute
every hash: what is left is a valid chain. An anchor is the (version, hash) of every
stream's head at one moment; a head hash commits to every event up to it, so a stream
deleted, truncated or rewritten since no longer has the anchored hash at the anchored version.

An anchor file is JSON Lines, each line `canonical_text` (sorted keys, no spaces) and
``\\n``-terminated, in this order:

- the header: ``{"anchor": "flipside", "format": 1, "created_at": ..., "position":
  {"txid": ..., "global_position": ...}}``, the store's last event (`read_all` order);
- one line per stream, in stream id order: ``{"stream_id": ..., "version": ..., "hash": ...}``;
- the seal: ``{"sha256": ..., "hmac_sha256": ...}``, the SHA-256 (and, when a key was
  given, the HMAC-SHA256) of every byte before it. ``hmac_sha256`` is absent without a key.

It is written and read a line at a time: memory stays flat however many streams there are.

>>> lines = list(AnchorWriter(None).lines(Position(7, 42), [Head("m1", 3, "ab" * 32)], "2026"))
>>> lines[0].decode().strip()
'{"anchor":"flipside","created_at":"2026","format":1,"position":{"global_position":42,"txid":7}}'
>>> lines[1] == b'{"hash":"' + b"ab" * 32 + b'","stream_id":"m1","version":3}\\n'
True
>>> lines[2].startswith(b'{"sha256":')
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeGuard

from flipside.engine.records import RecordError
from flipside.store import Position
from flipside.store.chain import canonical_text

from .audit import Finding

FORMAT = 1
_KIND = "flipside"
_HEX_DIGEST = frozenset("0123456789abcdef")


class AnchorError(RecordError):
    """An anchor file that is not one, or no longer the one that was written."""


class Head(NamedTuple):
    """A stream's last event: its version and hash."""

    stream_id: str
    version: int
    hash: str


class Current(NamedTuple):
    """What the store holds now of an anchored stream: its last version (0: no events), and
    the hash of the event at the anchored version (None: there is none)."""

    version: int
    hash_at_anchored: str | None


class AnchorWriter:
    """Writes an anchor line by line; afterwards `streams`, `events` and `sha256` say what
    it wrote (for the operator to note down beside the file)."""

    def __init__(self, key: bytes | None) -> None:
        self._key = key
        self.streams = self.events = 0
        self.sha256 = ""

    def lines(self, position: Position, heads: Iterable[Head], created_at: str) -> Iterator[bytes]:
        """The anchor's lines, each ending in a newline; the seal last."""
        seal = _Seal(self._key)
        header = {
            "anchor": _KIND,
            "format": FORMAT,
            "created_at": created_at,
            "position": {"txid": position.txid, "global_position": position.global_position},
        }
        yield seal.add(header)
        for head in heads:
            self.streams += 1
            self.events += head.version
            yield seal.add(head._asdict())
        self.sha256 = seal.sha256.hexdigest()
        yield _line(seal.digests())


Signature = Literal["checked", "unchecked", "unsigned"]
"""Whether the anchor's HMAC was checked with the key, is there but no key was given, or
is not there."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """A checked anchor file: its header, its size, and what became of its signature."""

    path: Path
    created_at: str
    position: Position
    streams: int
    signature: Signature
    key: bytes | None

    def heads(self) -> Iterator[Head]:
        """The anchored heads, read again from the file; `AnchorError` at the end if the
        file no longer matches its seal (it changed since `read_anchor`)."""
        for record in _records(self.path, self.key):
            if isinstance(record, Head):
                yield record


def read_anchor(path: Path, key: bytes | None) -> Anchor:
    """The anchor in `path`, once every line is read and its seal checked.

    Raises `AnchorError` for a file that is not an anchor, was cut short, or whose content
    does not match its SHA-256 (or, given `key`, its HMAC; a signed anchor needs the key).
    """
    header: dict[str, Any] = {}
    streams = 0
    signature: Signature = "unsigned"
    for record in _records(path, key):
        if isinstance(record, Head):
            streams += 1
        elif isinstance(record, str):
            signature = record
        else:
            header = record
    position = Position(header["position"]["txid"], header["position"]["global_position"])
    return Anchor(path, header["created_at"], position, streams, signature, key)


def anchor_findings(anchored: Iterable[Head], current: Mapping[str, Current]) -> list[Finding]:
    """One finding per anchored stream that was deleted, truncated or rewritten since.

    A stream that only grew since is fine: its event at the anchored version still has the
    anchored hash (which commits to every event before it, as the chain audit checks).
    """
    found = []
    for head in anchored:
        now = current.get(head.stream_id, Current(0, None))
        if now.version == 0:
            message = f"no events now; anchored at version {head.version}, hash {head.hash[:16]}..."
            found.append(Finding(head.stream_id, None, "deleted", message))
        elif now.version < head.version:
            message = f"the stream ends at version {now.version}, anchored at {head.version}"
            found.append(Finding(head.stream_id, head.version, "truncated", message))
        elif now.hash_at_anchored != head.hash:
            stored = f"hash {now.hash_at_anchored[:16]}..." if now.hash_at_anchored else "missing"
            message = (
                f"{stored}, anchored {head.hash[:16]}...: this event or one before it was changed"
            )
            found.append(Finding(head.stream_id, head.version, "rewritten", message))
    return found


class _Seal:
    """The running SHA-256 (and HMAC) over the lines written so far."""

    def __init__(self, key: bytes | None) -> None:
        self.sha256 = hashlib.sha256()
        self.hmac = hmac.new(key, digestmod=hashlib.sha256) if key is not None else None

    def add(self, value: Mapping[str, Any]) -> bytes:
        return self.add_line(_line(value))

    def add_line(self, line: bytes) -> bytes:
        self.sha256.update(line)
        if self.hmac is not None:
            self.hmac.update(line)
        return line

    def digests(self) -> dict[str, str]:
        found = {"sha256": self.sha256.hexdigest()}
        if self.hmac is not None:
            found["hmac_sha256"] = self.hmac.hexdigest()
        return found


def _line(value: Mapping[str, Any]) -> bytes:
    return (canonical_text(value) + "\n").encode()


def _records(path: Path, key: bytes | None) -> Iterator[dict[str, Any] | Head | Signature]:
    """The header (a dict), every head, then what became of the signature, each line
    checked as it is read; `AnchorError` for the first thing wrong, the seal last."""
    seal = _Seal(key)
    with path.open("rb") as file:
        header = file.readline()
        yield _header(path, header)
        seal.add_line(header)
        pending: bytes | None = None  # the line before: a head, unless it is the last
        for number, line in enumerate(file, start=2):
            if pending is not None:
                yield _head(path, number - 1, pending)
                seal.add_line(pending)
            pending = line
    if pending is None:
        raise AnchorError(f"{path}: not sealed (the anchor ends after its header)")
    yield _checked_seal(path, pending, seal)


def _header(path: Path, line: bytes) -> dict[str, Any]:
    header = _json(path, 1, line)
    if header.get("anchor") != _KIND:
        raise AnchorError(f"{path}: not a flipside anchor")
    if header.get("format") != FORMAT:
        raise AnchorError(f"{path}: anchor format {header.get('format')!r}, expected {FORMAT}")
    position = header.get("position")
    if not (
        isinstance(header.get("created_at"), str)
        and isinstance(position, dict)
        and all(type(position.get(key)) is int for key in ("txid", "global_position"))
    ):
        raise AnchorError(f"{path}: line 1: a malformed anchor header")
    return header


def _head(path: Path, number: int, line: bytes) -> Head:
    value = _json(path, number, line)
    stream_id, version, hash_ = value.get("stream_id"), value.get("version"), value.get("hash")
    if not (
        isinstance(stream_id, str)
        and type(version) is int
        and version >= 1
        and _is_digest(hash_)
        and len(value) == 3
    ):
        raise AnchorError(f"{path}: line {number}: not a stream head")
    return Head(stream_id, version, hash_)


def _checked_seal(path: Path, line: bytes, seal: _Seal) -> Signature:
    """What became of the signature; `AnchorError` if the file does not match its seal."""
    value = _json(path, 0, line) if line.endswith(b"\n") else {}
    if not _is_digest(value.get("sha256")):
        raise AnchorError(f"{path}: not sealed (the anchor was cut short)")
    if not hmac.compare_digest(value["sha256"], seal.sha256.hexdigest()):
        raise AnchorError(f"{path}: the anchor was altered: its content does not match its sha256")
    signature = value.get("hmac_sha256")
    if signature is None:
        if seal.hmac is not None:
            raise AnchorError(f"{path}: the anchor is not signed, but a key was given")
        return "unsigned"
    if seal.hmac is None:
        return "unchecked"
    if not hmac.compare_digest(str(signature), seal.hmac.hexdigest()):
        raise AnchorError(
            f"{path}: the anchor's signature does not match (altered, or another key)"
        )
    return "checked"


def _json(path: Path, number: int, line: bytes) -> dict[str, Any]:
    where = f"line {number}" if number else "the seal"
    try:
        value = json.loads(line)
    except ValueError:
        raise AnchorError(f"{path}: {where}: not JSON") from None
    if not isinstance(value, dict):
        raise AnchorError(f"{path}: {where}: not a JSON object")
    return value


def _is_digest(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX_DIGEST
