"""Deterministic, auditable shuffles (docs/records.md, "Hash chain"), re-derived independently."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from flipside.engine.chance import choose, commitment, policy_random, uniform, words
from flipside.games.flipside.cards import DECK
from flipside.games.flipside.shuffle import shuffle

# --- the documented algorithm, followed by hand (hmac and hashlib only) ----------------------


def _reference_deck() -> list[str]:
    """R2's 78 cards in the documented starting order: high rank, then low rank, descending."""
    ranks = "AKQJT98765432"
    return [high + low for i, high in enumerate(ranks) for low in ranks[i + 1 :]]


def _reference_words(seed: bytes, label: str, counter: int):
    block = 0
    while True:
        message = (
            label.encode("ascii") + b"\x00" + counter.to_bytes(4, "big") + block.to_bytes(4, "big")
        )
        digest = hmac.new(seed, message, "sha256").digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")
        block += 1


def _reference_uniform(stream, n: int) -> int:
    while True:
        word = next(stream)
        if word < 2**32 - (2**32 % n):
            return word % n


def _reference_shuffle(seed: bytes, counter: int, cards) -> list[str]:
    start = _reference_deck()
    items = [card for card in start if card in set(cards)]
    stream = _reference_words(seed, "deck", counter)
    for i in range(len(items) - 1, 0, -1):
        j = _reference_uniform(stream, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


KNOWN_FIRST_TEN = ("52", "A3", "72", "85", "Q7", "93", "A8", "J8", "T6", "T2")


def test_reference_deck_is_the_deck_order():
    assert tuple(_reference_deck()) == DECK


def test_known_answer_first_ten_cards_for_the_zero_seed():
    order = shuffle(bytes(32), 0, DECK)
    assert tuple(_reference_shuffle(bytes(32), 0, DECK)[:10]) == KNOWN_FIRST_TEN
    assert order[:10] == KNOWN_FIRST_TEN


@settings(max_examples=40, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 2**32 - 1))
def test_shuffle_matches_the_documented_algorithm(seed, counter):
    assert list(shuffle(seed, counter, DECK)) == _reference_shuffle(seed, counter, DECK)


@settings(max_examples=40, deadline=None)
@given(
    st.binary(min_size=32, max_size=32),
    st.integers(0, 50),
    st.lists(st.sampled_from(DECK), min_size=0, max_size=78, unique=True),
)
def test_r14_used_pile_shuffle_depends_only_on_the_set_of_cards(seed, counter, cards):
    order = shuffle(seed, counter, cards)
    assert sorted(order) == sorted(cards)  # a permutation
    assert shuffle(seed, counter, list(reversed(cards))) == order
    assert list(order) == _reference_shuffle(seed, counter, cards)


def test_words_match_hmac_sha256_blocks():
    seed = bytes(range(32))
    stream = words(seed, "deck", 7)
    got = [next(stream) for _ in range(20)]  # crosses into the third block
    assert got == [w for w, _ in zip(_reference_words(seed, "deck", 7), range(20), strict=False)]


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.integers(0, 20))
def test_shuffle_is_deterministic_and_a_permutation(seed, counter):
    order = shuffle(seed, counter, DECK)
    assert order == shuffle(seed, counter, DECK)
    assert sorted(order) == sorted(DECK)
    assert len(set(order)) == 78


def test_different_counters_and_seeds_give_different_orders():
    zero = bytes(32)
    assert shuffle(zero, 0, DECK) != shuffle(zero, 1, DECK)
    assert shuffle(zero, 0, DECK) != shuffle(b"\x01" + bytes(31), 0, DECK)


def test_shuffle_of_nothing_and_of_one_card():
    assert shuffle(bytes(32), 0, []) == ()
    assert shuffle(bytes(32), 0, ["AK"]) == ("AK",)


# --- rejection sampling ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "limit"),
    [
        (1, 2**32),
        (2, 2**32),
        (3, 2**32 - 1),  # 2**32 mod 3 == 1
        (5, 2**32 - 1),
        (6, 2**32 - 4),
        (78, 2**32 - 2**32 % 78),
    ],
)
def test_uniform_rejects_exactly_the_words_at_or_above_the_limit(n, limit):
    assert limit % n == 0
    if limit < 2**32:
        # the lowest rejected word is skipped, the next accepted one answers
        assert uniform(iter([limit, 2**32 - 1, limit - 1]), n) == (limit - 1) % n
    assert uniform(iter([limit - 1]), n) == (limit - 1) % n
    assert uniform(iter([0]), n) == 0


def test_uniform_answers_word_mod_n_below_the_limit():
    assert uniform(iter([17]), 5) == 2
    assert uniform(iter([2**32 - 5]), 3) == (2**32 - 5) % 3


def test_uniform_raises_on_a_finite_stream_that_runs_out():
    with pytest.raises(AssertionError):
        uniform(iter([2**32 - 1]), 3)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=5), st.integers(1, 78))
def test_uniform_agrees_with_the_reference_and_stays_in_range(stream_words, n):
    limit = 2**32 - 2**32 % n
    assume(any(word < limit for word in stream_words))
    got = uniform(iter(stream_words), n)
    assert 0 <= got < n
    assert got == _reference_uniform(iter(stream_words), n)


# --- commitment, choose, policy streams ------------------------------------------------------


def test_commitment_is_hex_sha256_of_the_seed():
    seed = bytes(range(32))
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert commitment(bytes(32)) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )


@pytest.mark.parametrize("options", [(0, 1, 2), (0, 1, 2, 3, 4), (1, 3, 4)])
def test_r7_choose_follows_the_labelled_stream(options):
    seed = bytes(32)
    expected = options[_reference_uniform(_reference_words(seed, "start-seat", 0), len(options))]
    assert choose(seed, "start-seat", options) == expected


def test_policy_random_is_reproducible_and_label_dependent():
    seed = bytes(range(32))
    a = policy_random(seed, "0:5")
    b = policy_random(seed, "0:5")
    c = policy_random(seed, "1:5")
    draws = [a.random() for _ in range(3)]
    assert draws == [b.random() for _ in range(3)]
    assert draws != [c.random() for _ in range(3)]
    assert isinstance(a, random.Random)
