"""Ranks, the 78-card deck and card notation (RULES R1-R3).

A card is a pair of distinct ranks. As an *identity* it is written high rank first (``AK``);
as an *oriented* card the first character is the up rank and the second the down rank, so
``2T`` is the card ``T2`` with its 2 pointing up. Both are plain two-character strings, which
keeps events, views and JSON free of conversion code.

>>> len(DECK)
78
>>> parse_card("ta")
'AT'
>>> parse_oriented("2t")
'2T'
>>> card_of("2T")
'T2'
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TypeAlias

RANKS = "23456789TJQKA"  # R1: low to high
RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}

Card: TypeAlias = str
"""A card's identity: two distinct ranks, higher first (R3)."""

OrientedCard: TypeAlias = str
"""A card as placed: up rank first, down rank second (R3)."""


def _canonical(high: str, low: str) -> Card:
    return high + low if RANK_INDEX[high] > RANK_INDEX[low] else low + high


# R2: one card per unordered pair of distinct ranks; ordered high rank first, then low rank,
# both descending. This order is the starting order of every shuffle (shuffle.py).
DECK: tuple[Card, ...] = tuple(
    sorted(
        (_canonical(a, b) for a, b in combinations(RANKS, 2)),
        key=lambda card: (-RANK_INDEX[card[0]], -RANK_INDEX[card[1]]),
    )
)
DECK_SET = frozenset(DECK)

IDENTITY: dict[OrientedCard, Card] = {
    up + down: _canonical(up, down) for up in RANKS for down in RANKS if up != down
}
"""Every oriented card as written in output (upper case, R3) and its identity: one lookup
where `parse_oriented` and `card_of` would take two calls, for checks on the hot path."""


class CardError(ValueError):
    """A card, or a list of cards, that the notation of R3 does not allow."""


def _ranks_of(text: object) -> tuple[str, str]:
    if not isinstance(text, str):
        raise CardError(f"a card is a two-character string, not {type(text).__name__}")
    if len(text) != 2:
        raise CardError(f"{text!r} is not a card: a card is exactly two rank characters")
    first, second = text[0].upper(), text[1].upper()  # "ß".upper() is "SS"
    for rank in (first, second):
        if rank not in RANK_INDEX:
            raise CardError(f"{text!r}: {rank!r} is not a rank (ranks are {RANKS})")
    if first == second:
        raise CardError(f"{text!r}: a card never shows the same rank twice (R2)")
    return first, second


def parse_card(text: object) -> Card:
    """A card identity from either order, any case (R3)."""
    first, second = _ranks_of(text)
    return _canonical(first, second)


def parse_oriented(text: object) -> OrientedCard:
    """An oriented card, up rank first (R3); only the case is normalised."""
    first, second = _ranks_of(text)
    return first + second


def card_of(oriented: OrientedCard) -> Card:
    """The identity of an oriented card."""
    return _canonical(oriented[0], oriented[1])


def flip(oriented: OrientedCard) -> OrientedCard:
    """The same card turned 180 degrees."""
    return oriented[1] + oriented[0]


def _no_duplicates(cards: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"card {card} is named twice")
        seen.add(card)


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Distinct card identities, in the order given."""
    cards = tuple(parse_card(text) for text in texts)
    _no_duplicates(cards)
    return cards


def parse_oriented_cards(texts: Iterable[object]) -> tuple[OrientedCard, ...]:
    """Distinct oriented cards (two orientations of one card count as the same card)."""
    cards = tuple(parse_oriented(text) for text in texts)
    _no_duplicates(card_of(card) for card in cards)
    return cards
