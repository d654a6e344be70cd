"""The anchor file (flipside/records/anchor.py): its lines, its seal and signature, and what
an anchored head says about the stream now."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flipside.cli.anchor import write_atomically

from flipside.records.anchor import (
    AnchorError,
    AnchorWriter,
    Current,
    Head,
    anchor_findings,
    read_anchor,
)
from flipside.store import Position

HEADS = [Head("m1", 101, "1" * 64), Head("m2", 7, "2" * 64), Head("m3", 55, "3" * 64)]
KEY = b"kept by the operator"


def write(path: Path, key: bytes | None = None, heads: list[Head] = HEADS) -> AnchorWriter:
    writer = AnchorWriter(key)
    path.write_bytes(b"".join(writer.lines(Position(900, 163), heads, "2026-11-30T12:00:00")))
    return writer


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_an_anchor_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    writer = write(path)
    anchor = read_anchor(path, None)
    assert (anchor.created_at, anchor.position, anchor.streams) == (
        "2026-11-30T12:00:00",
        Position(900, 163),
        3,
    )
    assert anchor.signature == "unsigned"
    assert list(anchor.heads()) == HEADS
    assert (writer.streams, writer.events) == (3, 163)
    assert writer.sha256 == hashlib.sha256(b"".join(lines(path)[:-1])).hexdigest()


def test_every_line_is_canonical_json_and_the_seal_is_last(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path)
    header, *heads, seal = [json.loads(line) for line in lines(path)]
    assert header["anchor"] == "flipside" and header["format"] == 1
    assert heads[0] == {"stream_id": "m1", "version": 101, "hash": "1" * 64}
    assert set(seal) == {"sha256"}
    assert lines(path)[1] == b'{"hash":"' + b"1" * 64 + b'","stream_id":"m1","version":101}\n'


def test_an_empty_store_has_an_anchor_too(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path, heads=[])
    assert read_anchor(path, None).streams == 0


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        (lambda ls: [ls[0], ls[1].replace(b"101", b"100"), *ls[2:]], "altered"),
        (lambda ls: [ls[0], *ls[2:]], "altered"),  # a stream left out
        (lambda ls: ls[:-1], "not sealed"),  # the seal cut off
        (lambda ls: ls[:1], "not sealed"),
        (lambda ls: [*ls[:-1], ls[-1][:-5]], "not sealed"),  # cut inside the seal
        (lambda ls: [*ls[:2], b"{not json\n", *ls[3:]], "line 3: not JSON"),
        (lambda ls: [b'{"anchor":"other"}\n', *ls[1:]], "not a flipside anchor"),
        (lambda ls: [], "line 1: not JSON"),  # an empty file
    ],
    ids=["changed", "removed", "seal cut", "header only", "cut seal", "garbage", "not", "empty"],
)
def test_a_damaged_or_altered_anchor_is_refused(
    tmp_path: Path, edit: Callable[[list[bytes]], list[bytes]], error: str
) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path)
    path.write_bytes(b"".join(edit(lines(path))))
    with pytest.raises(AnchorError, match=error):
        read_anchor(path, None)


def test_a_forger_who_recomputes_the_sha256_is_caught_by_the_signature(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path, KEY)
    header, first, *rest = lines(path)
    forged_body = header + first.replace(b"1" * 64, b"f" * 64) + b"".join(rest[:-1])
    seal = json.loads(rest[-1])
    seal["sha256"] = hashlib.sha256(forged_body).hexdigest()
    path.write_bytes(forged_body + json.dumps(seal).encode() + b"\n")
    assert read_anchor(path, None).signature == "unchecked"  # sha256 alone
    with pytest.raises(AnchorError, match="signature does not match"):
        read_anchor(path, KEY)


def test_a_signed_anchor_is_checked_with_its_key_only(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path, KEY)
    assert read_anchor(path, KEY).signature == "checked"
    with pytest.raises(AnchorError, match="signature does not match"):
        read_anchor(path, b"another key")


def test_a_key_refuses_an_unsigned_anchor(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path)
    with pytest.raises(AnchorError, match="not signed"):
        read_anchor(path, KEY)


def test_a_file_changed_after_it_was_checked_fails_when_read_again(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    write(path)
    anchor = read_anchor(path, None)
    path.write_bytes(path.read_bytes().replace(b"2" * 64, b"e" * 64))
    with pytest.raises(AnchorError, match="altered"):
        list(anchor.heads())


def test_findings_name_each_stream_deleted_truncated_or_rewritten() -> None:
    current = {
        "m2": Current(6, None),  # cut back one event
        "m3": Current(60, "9" * 64),  # grew, but event 55 is not the anchored one
    }
    found = anchor_findings(HEADS, current)  # m1: gone
    assert [(f.match_id, f.version, f.check) for f in found] == [
        ("m1", None, "deleted"),
        ("m2", 7, "truncated"),
        ("m3", 55, "rewritten"),
    ]
    assert str(found[1]) == "m2 event 7 [truncated] the stream ends at version 6, anchored at 7"


def test_a_stream_unchanged_or_grown_since_is_no_finding() -> None:
    current = {
        "m1": Current(101, "1" * 64),
        "m2": Current(30, "2" * 64),
        "m3": Current(55, "3" * 64),
    }
    assert anchor_findings(HEADS, current) == []


def test_a_failed_write_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "anchor.jsonl"
    path.write_bytes(b"the last anchor\n")

    def failing() -> Iterator[bytes]:
        yield b"half of a new one\n"
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, failing())
    assert path.read_bytes() == b"the last anchor\n"
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind
    write_atomically(path, [b"a new one\n"])
    assert path.read_bytes() == b"a new one\n"
