"""The 108-card deck (J8): two standard decks and four jokers, and the cards' notation.

A face is a rank and a suit, ``Ah``, ``Td``, ``2c``; a joker is ``JK``. The two copies of a
face, and the four jokers, are the same card: a hand is a multiset, written as a tuple of
names. Input ignores case (``ah``, ``jk``); output is always upper-case rank, lower-case
suit.

>>> len(DECK), DECK[0], DECK[51], DECK[52], DECK[-1]
(108, '2c', 'As', '2c', 'JK')
>>> parse_card("tD"), parse_card("jk")
('Td', 'JK')
>>> sorted_cards(("JK", "As", "2c", "Td"))
('2c', 'Td', 'As', 'JK')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

Card = str

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKER: Card = "JK"
FACES: tuple[Card, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
DECK: tuple[Card, ...] = FACES + FACES + (JOKER,) * 4  # canonical order (J8)
INDEX: dict[Card, int] = {card: index for index, card in enumerate(FACES)} | {JOKER: 52}
"""A card's place in canonical order, copies aside: 4 x (rank - 2) + suit, the joker last."""


class CardError(ValueError):
    """Text that is not a card of this deck."""


def parse_card(text: object) -> Card:
    """The card `text` names, in either case."""
    if isinstance(text, str) and len(text) == 2:
        card = JOKER if text.upper() == JOKER else text[0].upper() + text[1].lower()
        if card in INDEX:
            return card
    raise CardError(f"not a card: {text!r} (a rank 2-9 T J Q K A and a suit c d h s, or JK)")


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    return tuple(parse_card(text) for text in texts)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """`cards` in canonical order (J8): how one exchange's discards reach the pile (J26a)."""
    return tuple(sorted(cards, key=INDEX.__getitem__))


def rank_of(card: Card) -> int:
    """0 for a 2 … 12 for an ace; 13 for a joker (above every rank)."""
    return INDEX[card] // 4


def without(hand: Iterable[Card], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """`hand` less one copy of each of `cards`, in the hand's order; None if it lacks one.

    >>> without(("Ah", "Ah", "2c"), ("Ah",)), without(("Ah",), ("Ah", "Ah"))
    (('Ah', '2c'), None)
    """
    wanted = Counter(cards)
    kept = []
    for card in hand:
        if wanted[card]:
            wanted[card] -= 1
        else:
            kept.append(card)
    return None if +wanted else tuple(kept)
