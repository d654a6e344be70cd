"""The canonical JSON of the hash chain and the jsonl record (docs/records.md, "Hash chain"):
`store.chain` writes exactly what the document names, Python's `json` with sorted keys,
no spaces and non-ASCII kept, while encoding with an encoder it builds once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from flipside.store.chain import (
    GENESIS_HASH,
    canonical_integer,
    canonical_json,
    canonical_string,
    canonical_text,
    event_hash,
    recompute_hash,
)
from flipside.store.model import StoredEvent

AWKWARD: list[Any] = [
    {"b": 1, "a": "é", "A": [], "": {}},
    {"s": '"\\/\b\f\n\r\t\x00\x1f\x7f\u2028\U0001f0a1'},
    {"n": [0, -1, 10**30, 1.5, -0.0, 1e16, 1e-7, float("inf"), float("nan")]},
    {"t": (1, ("x", None)), "f": False, "T": True},
    "text",
    7,
    None,
    [],
]


def _documented(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("value", AWKWARD)
def test_canonical_text_is_the_documented_encoding(value: Any) -> None:
    assert canonical_text(value) == _documented(value)
    assert canonical_json(value) == _documented(value).encode()


@pytest.mark.parametrize("text", ["", "plain", 'q"uote', "back\\slash", "\x01", "é\u2028"])
def test_a_string_spliced_in_is_its_canonical_text(text: str) -> None:
    assert canonical_string(text) == _documented(text)


@pytest.mark.parametrize("number", [0, -3, 2**70, True])
def test_an_integer_spliced_in_is_its_canonical_text(number: int) -> None:
    assert canonical_integer(number) == _documented(number)


def test_a_value_json_cannot_hold_is_refused_every_time() -> None:
    for _ in range(2):  # the encoder is shared: a refusal leaves it usable
        with pytest.raises(TypeError, match="not JSON serializable"):
            canonical_text({"a": object()})
    assert canonical_text({"a": 1}) == '{"a":1}'


def test_a_recomputed_hash_is_the_documented_one() -> None:
    fields: dict[str, Any] = {
        "stream_id": "example",
        "version": 1,
        "event_id": "00000000-0000-0000-0000-000000000001",
        "type": "flipside.RoundStarted",
        "schema_version": 1,
        "data": {"round": 1, "start_seat": 2, "turn_order": [2, 0, 1]},
        "metadata": {"actor": "creator"},
    }
    documented = "ff4e9350789d807d9b43993ebf689d1d5f956e615f55e8e944a4818cd6c834a7"
    assert event_hash(GENESIS_HASH, **fields) == documented
    stored = StoredEvent(
        global_position=1, recorded_at=None, prev_hash=GENESIS_HASH, hash="", **fields
    )
    assert recompute_hash(stored) == documented
