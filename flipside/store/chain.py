"""The per-stream hash chain (docs/records.md, "Hash chain"): pure functions, no database.

Each stored event carries ``hash = sha256(bytes.fromhex(prev_hash) + canonical_json(envelope))``
where the envelope is the event's identity and content; the first event of a stream chains
from `GENESIS_HASH`. Any edit, deletion inside the stream or reordering changes a hash, so
`verify_chain` finds it. The store, the audit and the import all use this one module. The
canonical texts a store keeps beside data and metadata (docs/records.md, "Stored canonical
text") are held to them by `check_chain`, which the audit runs.

The envelope holds the event's metadata too; it does not hold what the database assigns
at commit (`global_position`, `txid`, `recorded_at`). A stream deleted whole, cut off at
its end, or rewritten with every hash recomputed is still a valid chain: only an anchor of
its head kept elsewhere shows that (`flipside.records.anchor`).

>>> h1 = event_hash(GENESIS_HASH, stream_id="s", version=1,
...                 event_id="00000000-0000-0000-0000-000000000001", type="T",
...                 schema_version=1, data={"b": 1, "a": "é"}, metadata={})
>>> len(h1), canonical_json({"b": 1, "a": "é"}).decode()
(64, '{"a":"é","b":1}')
"""

from __future__ import annotations

import hashlib
from _json import make_encoder
from collections.abc import Callable, Iterable, Mapping
from json.encoder import encode_basestring
from typing import Any, NamedTuple, Protocol

GENESIS_HASH = "0" * 64


class ChainedEvent(Protocol):
    """What the chain needs from an event; `StoredEvent` has it."""

    @property
    def stream_id(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def event_id(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def schema_version(self) -> int: ...
    @property
    def data(self) -> Mapping[str, Any]: ...
    @property
    def metadata(self) -> Mapping[str, Any]: ...
    @property
    def prev_hash(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def data_text(self) -> str | None: ...
    @property
    def metadata_text(self) -> str | None: ...


def sorted_compact_encoder(string: Callable[[str], str]) -> Callable[[Any], str]:
    """The text of `json.dumps(value, sort_keys=True, separators=(",", ":"))` with `string`
    encoding the strings, from one C encoder made once: `json.dumps` and
    `JSONEncoder.encode` make a new one on every call, each costing as much as encoding a
    small event (audits, exports and simulation digests encode every event). No circular
    check: the values are JSON data."""
    encode = make_encoder(None, _no_default, string, None, ":", ",", True, False, True)
    return lambda value: "".join(encode(value, 0))


def _no_default(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_ENCODE = sorted_compact_encoder(encode_basestring)


def canonical_text(value: Any) -> str:
    """One text per JSON value: sorted keys, no spaces, non-ASCII kept (language-neutral)."""
    return _ENCODE(value)


def canonical_json(value: Any) -> bytes:
    """`canonical_text` as UTF-8 bytes: what the hash covers."""
    return canonical_text(value).encode()


def event_hash(
    prev_hash: str,
    *,
    stream_id: str,
    version: int,
    event_id: str,
    type: str,
    schema_version: int,
    data: Mapping[str, Any],
    metadata: Mapping[str, Any],
) -> str:
    """The hex sha256 chaining this event to the hash of the one before it."""
    envelope = {
        "stream_id": stream_id,
        "version": version,
        "event_id": event_id,
        "type": type,
        "schema_version": schema_version,
        "data": data,
        "metadata": metadata,
    }
    return hashlib.sha256(bytes.fromhex(prev_hash) + canonical_json(envelope)).hexdigest()


def event_hash_from_json(
    prev_hash: str,
    *,
    stream_id: str,
    version: int,
    event_id: str,
    type: str,
    schema_version: int,
    data_json: str,
    metadata_json: str,
) -> str:
    """`event_hash`, given the `canonical_text` of data and metadata already computed.

    The envelope's canonical JSON is spliced together (its keys in sorted order) instead of
    encoding the data a second time; the store's append uses this on its hot path.
    """
    return _spliced_hash(
        prev_hash,
        canonical_string(stream_id),
        version,
        canonical_string(event_id),
        canonical_string(type),
        schema_version,
        data_json,
        metadata_json,
    )


def _spliced_hash(
    prev_hash: str,
    stream_json: str,
    version: int,
    event_json: str,
    type_json: str,
    schema_version: int,
    data_json: str,
    metadata_json: str,
) -> str:
    """`event_hash_from_json`, given the `canonical_string` of the strings as well."""
    envelope = (
        f'{{"data":{data_json},"event_id":{event_json},'
        f'"metadata":{metadata_json},"schema_version":{canonical_integer(schema_version)},'
        f'"stream_id":{stream_json},"type":{type_json},'
        f'"version":{canonical_integer(version)}}}'
    )
    return hashlib.sha256(bytes.fromhex(prev_hash) + envelope.encode()).hexdigest()


def canonical_string(value: str) -> str:
    """`canonical_text` of a string: the C string encoder it uses, minus its dispatch on the
    value's type (for texts spliced together, as `event_hash_from_json` does)."""
    return encode_basestring(value) if type(value) is str else canonical_text(value)


def canonical_integer(value: int) -> str:
    """`canonical_text` of an integer, as `canonical_string` is of a string."""
    return str(value) if type(value) is int else canonical_text(value)


def recompute_hash(event: ChainedEvent) -> str:
    """The hash `event` should carry, given its own `prev_hash`."""
    return _hash_of(event, canonical_text(event.data), canonical_text(event.metadata), {})


def _hash_of(
    event: ChainedEvent, data_json: str, metadata_json: str, strings: dict[str, str]
) -> str:
    """`recompute_hash`, given the canonical texts of data and metadata, and `strings`: the
    `canonical_string` of stream ids and types encoded so far (a stream repeats them)."""
    stream_id, type_ = event.stream_id, event.type
    return _spliced_hash(
        event.prev_hash,
        strings.get(stream_id) or strings.setdefault(stream_id, canonical_string(stream_id)),
        event.version,
        canonical_string(event.event_id),
        strings.get(type_) or strings.setdefault(type_, canonical_string(type_)),
        event.schema_version,
        data_json,
        metadata_json,
    )


class ChainCheck(NamedTuple):
    """What `check_chain` found in a whole stream: the first version where the chain breaks
    (`verify_chain`), and the first event whose stored canonical text is not the canonical
    JSON of its data or metadata (None: none)."""

    broken: int | None
    miswritten: int | None


def check_chain(events: Iterable[ChainedEvent]) -> ChainCheck:
    """The hash chain of a whole stream (in order, from version 1), and its stored texts.

    A break is a missing or out-of-order version, a `prev_hash` that is not the previous
    event's hash, or a `hash` that does not match the event's content. The hashes are
    recomputed from `data` and `metadata` as read, never from the stored texts, and each text
    stored must equal the canonical JSON they are hashed over: so the content, the hash and
    the text an export copies (docs/records.md, "Stored canonical text") are held to one
    another, whichever of them was edited. Texts are checked after a break too.
    """
    expected_prev, expected_version = GENESIS_HASH, 1
    broken = miswritten = None
    metadata: Mapping[str, Any] | None = None
    metadata_json = ""
    strings: dict[str, str] = {}
    for event in events:
        data_json = canonical_text(event.data)
        if event.metadata is not metadata:  # the events of an append share theirs
            metadata, metadata_json = event.metadata, canonical_text(event.metadata)
        if miswritten is None and not _texts_agree(event, data_json, metadata_json):
            miswritten = event.version
        if broken is not None:
            continue
        if event.version != expected_version:
            broken = expected_version
        elif event.prev_hash != expected_prev or event.hash != _hash_of(
            event, data_json, metadata_json, strings
        ):
            broken = event.version
        expected_prev, expected_version = event.hash, expected_version + 1
    return ChainCheck(broken, miswritten)


def _texts_agree(event: ChainedEvent, data_json: str, metadata_json: str) -> bool:
    """Whether the texts stored with `event` (None: not stored) are the canonical ones."""
    data_text, metadata_text = event.data_text, event.metadata_text
    return (data_text is None or data_text == data_json) and (
        metadata_text is None or metadata_text == metadata_json
    )


def verify_chain(events: Iterable[ChainedEvent]) -> int | None:
    """The first version where a whole stream (in order, from version 1) breaks, or None
    (`check_chain`)."""
    return check_chain(events).broken
