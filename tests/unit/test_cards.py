"""Cards and notation (RULES R1-R3)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from flipside.games.flipside.cards import (
    DECK,
    DECK_SET,
    RANK_INDEX,
    RANKS,
    CardError,
    card_of,
    flip,
    parse_card,
    parse_cards,
    parse_oriented,
    parse_oriented_cards,
)


def test_r1_ranks_run_from_two_to_ace_with_t_for_ten():
    assert RANKS == "23456789TJQKA"
    assert [RANK_INDEX[rank] for rank in RANKS] == list(range(13))


def test_r2_the_deck_has_78_distinct_cards():
    assert len(DECK) == 78
    assert len(set(DECK)) == 78
    assert frozenset(DECK) == DECK_SET


def test_r2_one_card_for_every_unordered_pair_of_distinct_ranks():
    pairs = {frozenset(card) for card in DECK}
    assert pairs == {frozenset(pair) for pair in combinations(RANKS, 2)}


def test_r2_no_card_shows_the_same_rank_twice():
    assert all(card[0] != card[1] for card in DECK)


@pytest.mark.parametrize("rank", list(RANKS))
def test_r2_every_rank_is_on_exactly_12_cards(rank):
    assert sum(rank in card for card in DECK) == 12


def test_r2_rank_counts_over_the_whole_deck():
    assert Counter(rank for card in DECK for rank in card) == dict.fromkeys(RANKS, 12)


def test_r3_every_deck_card_is_written_high_rank_first():
    assert all(RANK_INDEX[card[0]] > RANK_INDEX[card[1]] for card in DECK)


def test_deck_order_is_high_rank_then_low_rank_descending():
    assert DECK[:3] == ("AK", "AQ", "AJ")
    assert DECK[-1] == "32"
    keys = [(-RANK_INDEX[c[0]], -RANK_INDEX[c[1]]) for c in DECK]
    assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AK", "AK"),
        ("KA", "AK"),
        ("ak", "AK"),
        ("kA", "AK"),
        ("T2", "T2"),
        ("2T", "T2"),
        ("2t", "T2"),
        ("ta", "AT"),
        ("32", "32"),
        ("23", "32"),
    ],
)
def test_r3_parse_card_accepts_either_order_and_any_case(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    ("text", "oriented"),
    [("2T", "2T"), ("2t", "2T"), ("T2", "T2"), ("ka", "KA"), ("Ak", "AK")],
)
def test_r3_parse_oriented_keeps_the_up_rank_first_and_upper_cases(text, oriented):
    assert parse_oriented(text) == oriented


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10", "'1' is not a rank"),
        ("X", "exactly two rank characters"),
        ("XK", "'X' is not a rank"),
        ("K1", "'1' is not a rank"),
        ("", "exactly two rank characters"),
        ("AKQ", "exactly two rank characters"),
        ("AA", "same rank twice"),
        ("tt", "same rank twice"),
        (" A", "' ' is not a rank"),
        ("ßA", "not a rank"),  # "ß".upper() is "SS": two characters that grow to three
        ("ŉ2", "not a rank"),
        (None, "not NoneType"),
        (12, "not int"),
        (b"AK", "not bytes"),
        (("A", "K"), "not tuple"),
    ],
)
@pytest.mark.parametrize("parse", [parse_card, parse_oriented])
def test_r3_parsers_reject_bad_cards_with_a_clear_message(parse, text, message):
    with pytest.raises(CardError, match=message.replace("(", r"\(")):
        parse(text)


def test_card_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_card("AA")


def test_parse_cards_keeps_order_and_canonicalises():
    assert parse_cards(["ka", "2T", "93"]) == ("AK", "T2", "93")
    assert parse_cards([]) == ()


@pytest.mark.parametrize("texts", [["AK", "AK"], ["AK", "ka"], ["T2", "QJ", "2t"]])
def test_parse_cards_rejects_a_card_named_twice(texts):
    with pytest.raises(CardError, match="named twice"):
        parse_cards(texts)


def test_parse_cards_rejects_a_bad_member():
    with pytest.raises(CardError, match="not a rank"):
        parse_cards(["AK", "1K"])


def test_parse_oriented_cards_treats_both_orientations_as_one_card():
    assert parse_oriented_cards(["2t", "AK"]) == ("2T", "AK")
    with pytest.raises(CardError, match="named twice"):
        parse_oriented_cards(["AK", "KA"])


@pytest.mark.parametrize("card", DECK)
def test_r3_card_of_and_flip_round_trip(card):
    up_low = card[1] + card[0]
    assert card_of(card) == card
    assert card_of(up_low) == card
    assert flip(card) == up_low
    assert flip(flip(card)) == card
    assert parse_card(up_low) == card
