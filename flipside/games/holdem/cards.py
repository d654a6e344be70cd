"""The 52-card deck (H1-H3): notation, parsing and the canonical order.

A card is written rank then suit, ``Ah``, ``Td``, ``2c`` (H2); events, views and records
carry that text. The canonical index ``4 * (rank - 2) + suit`` (``c d h s`` = 0..3) is both
the unshuffled deck order that every shuffle permutes and the order of the button draw (H8).

>>> parse_card("10H"), parse_card("as"), DECK[0], DECK[51]
('Th', 'As', '2c', 'As')
>>> INDEX["2d"], INDEX["As"]
(1, 51)
"""

from __future__ import annotations

from collections.abc import Iterable

Card = str

RANKS = "23456789TJQKA"  # low to high (H1)
SUITS = "cdhs"  # bridge order, lowest first (H2)
DECK: tuple[Card, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)  # H2 order
INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}


class CardError(ValueError):
    """Text that does not name a card."""


def parse_card(text: object) -> Card:
    """A card from case-insensitive text, ``10`` accepted for ``T`` (H2)."""
    if not isinstance(text, str):
        raise CardError(f"a card is a string such as 'Ah', not {text!r}")
    rank, suit = text[:-1].upper(), text[-1:].lower()
    if rank == "10":
        rank = "T"
    card = rank + suit
    if card not in INDEX:
        raise CardError(f"{text!r} is not a card: rank 2-9, T, J, Q, K or A, then c, d, h or s")
    return card


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Several cards, each by `parse_card`, none named twice.

    >>> parse_cards(["ah", "Kd"])
    ('Ah', 'Kd')
    """
    cards = tuple(parse_card(text) for text in texts)
    if len(set(cards)) != len(cards):
        raise CardError("a card is named twice")
    return cards


def split_cards(text: str) -> tuple[Card, ...]:
    """Cards written together or apart, as in ``"AcKd"`` or ``"Ac Kd"`` (PHH and the rules).

    >>> split_cards("AcKd 7h")
    ('Ac', 'Kd', '7h')
    """
    joined = text.replace(" ", "")
    return parse_cards(joined[i : i + 2] for i in range(0, len(joined), 2))


def rank_of(card: Card) -> int:
    """The rank, 2 (deuce) to 14 (ace)."""
    return RANKS.index(card[0]) + 2
