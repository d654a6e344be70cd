"""The known-answer vectors of docs/fairness.md, checked twice.

Every ```json block of the document is one vector group (``id``, ``kind``, ``seed``,
``cases``). Each group is checked against the code (`flipside.engine.chance` and Flipside's
deck shuffle) and against `Reference`, a re-implementation written from the document alone
with `hmac` and `struct`: if both agree with the vectors, the document is enough to
re-derive a match.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import struct
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from flipside.engine.chance import choose, commitment, policy_random, roll, shuffle, uniform, words
from flipside.games.flipside.cards import DECK
from flipside.games.flipside.shuffle import shuffle as deck_shuffle

DOC = Path(__file__).resolve().parents[2] / "docs" / "fairness.md"
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```$", re.DOTALL | re.MULTILINE)
KINDS = {"deck-order", "commitment", "words", "uniform", "deck-shuffle", "choose", "shuffle"}
KINDS |= {"roll", "policy"}
REQUIRED = {
    f"{kind}-{seed}"
    for kind in ("commitment", "words", "uniform", "deck-shuffle", "choose", "shuffle", "roll")
    for seed in ("zero", "counting")
} | {"deck-order"}
SEEDS = {"zero": bytes(32), "counting": bytes(range(32))}


def vector_groups() -> list[dict[str, Any]]:
    return [json.loads(block) for block in JSON_BLOCK.findall(DOC.read_text(encoding="utf-8"))]


GROUPS = vector_groups()


class Reference:
    """The chance source as docs/fairness.md describes it, sharing no code with flipside."""

    @staticmethod
    def words(seed: bytes, label: str, counter: int) -> Iterator[int]:
        block = 0
        while True:
            msg = label.encode() + b"\x00" + struct.pack(">II", counter, block)
            yield from struct.unpack(">8I", hmac.new(seed, msg, hashlib.sha256).digest())
            block += 1

    @staticmethod
    def uniform(stream: Iterator[int], n: int) -> int:
        limit = 2**32 - 2**32 % n
        while (word := next(stream)) >= limit:
            pass
        return word % n

    @classmethod
    def shuffle(cls, seed: bytes, label: str, counter: int, items: Sequence[Any]) -> list[Any]:
        order, stream = list(items), cls.words(seed, label, counter)
        for i in range(len(order) - 1, 0, -1):
            j = cls.uniform(stream, i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    @staticmethod
    def deck_order() -> list[str]:
        ranks = "AKQJT98765432"  # high rank descending, then low rank descending
        return [high + low for at, high in enumerate(ranks) for low in ranks[at + 1 :]]

    @classmethod
    def deck_shuffle(cls, seed: bytes, counter: int, cards: Sequence[str]) -> list[str]:
        position = {card: index for index, card in enumerate(cls.deck_order())}
        return cls.shuffle(seed, "deck", counter, sorted(cards, key=position.__getitem__))

    @classmethod
    def roll(cls, seed: bytes, label: str, counter: int, count: int, sides: int) -> list[int]:
        stream = cls.words(seed, label, counter)
        return [cls.uniform(stream, sides) + 1 for _ in range(count)]

    @classmethod
    def choose(cls, seed: bytes, label: str, options: Sequence[Any]) -> Any:
        return options[cls.uniform(cls.words(seed, label, 0), len(options))]

    @staticmethod
    def policy_key(seed: bytes, label: str) -> bytes:
        return hmac.new(seed, b"policy\x00" + label.encode(), hashlib.sha256).digest()


class Counting:
    """An iterator that counts the words taken from it."""

    def __init__(self, stream: Iterator[int]) -> None:
        self.stream, self.taken = stream, 0

    def __iter__(self) -> Counting:
        return self

    def __next__(self) -> int:
        self.taken += 1
        return next(self.stream)


def first(stream: Iterator[int], count: int) -> list[int]:
    return [next(stream) for _ in range(count)]


def check_case(kind: str, seed: bytes, case: dict[str, Any]) -> None:
    if kind == "commitment":
        assert commitment(seed) == case["expect"]
        assert hashlib.sha256(seed).hexdigest() == case["expect"]
    elif kind == "words":
        label, counter = case["label"], case["counter"]
        msg = label.encode() + b"\x00" + struct.pack(">II", counter, 0)
        assert hmac.new(seed, msg, hashlib.sha256).hexdigest() == case["hmac_block0"]
        assert first(words(seed, label, counter), 8) == case["expect"]
        assert first(Reference.words(seed, label, counter), 8) == case["expect"]
    elif kind == "uniform":
        for stream, draw in (
            (Counting(words(seed, case["label"], case["counter"])), uniform),
            (Counting(Reference.words(seed, case["label"], case["counter"])), Reference.uniform),
        ):
            assert [draw(stream, n) for n in case["n"]] == case["expect"]
            assert stream.taken == case["words_consumed"]
    elif kind == "deck-shuffle":
        cards = DECK if case["cards"] == "DECK" else tuple(case["cards"])
        prefix = case["expect_prefix"]
        assert list(deck_shuffle(seed, case["counter"], cards)[: len(prefix)]) == prefix
        assert Reference.deck_shuffle(seed, case["counter"], cards)[: len(prefix)] == prefix
    elif kind == "choose":
        options = tuple(case["options"])
        assert choose(seed, case["label"], options) == case["expect"]
        assert Reference.choose(seed, case["label"], options) == case["expect"]
    elif kind == "shuffle":
        args = (seed, case["label"], case["counter"], case["items"])
        assert list(shuffle(*args)) == case["expect"]
        assert Reference.shuffle(*args) == case["expect"]
    elif kind == "roll":
        dice = (case["label"], case["counter"], case["count"], case["sides"])
        assert list(roll(seed, *dice)) == case["expect"]
        assert Reference.roll(seed, *dice) == case["expect"]
    elif kind == "policy":
        key = Reference.policy_key(seed, case["label"])
        assert key.hex() == case["expect_key"]
        expected_random = case["python_first_random"]
        assert random.Random(int.from_bytes(key, "big")).random() == expected_random
        assert policy_random(seed, case["label"]).random() == expected_random
    else:
        raise AssertionError(f"unknown vector kind {kind!r}")


def test_the_document_holds_every_vector_group_once() -> None:
    ids = [group.get("id") for group in GROUPS]
    assert len(ids) == len(set(ids)), "vector ids must be unique"
    assert set(ids) >= REQUIRED
    for group in GROUPS:
        assert group.get("kind") in KINDS, group.get("id")
        if group["kind"] != "deck-order":
            assert group["cases"], group["id"]
            assert bytes.fromhex(group["seed"]) in SEEDS.values(), group["id"]


def test_the_deck_order_vector() -> None:
    (group,) = [group for group in GROUPS if group["kind"] == "deck-order"]
    assert group["expect"] == list(DECK) == Reference.deck_order()


@pytest.mark.parametrize(
    "group",
    [group for group in GROUPS if group["kind"] != "deck-order"],
    ids=lambda group: group["id"],
)
def test_vector_group(group: dict[str, Any]) -> None:
    seed = bytes.fromhex(group["seed"])
    assert len(seed) == 32
    for case in group["cases"]:
        check_case(group["kind"], seed, case)
