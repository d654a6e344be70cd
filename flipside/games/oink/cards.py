"""The 49-card deck, its notation and canonical order (docs/rules/oink.md, O2-O5).

A card is a plain string, rank then symbol (``"9c"``, ``"10e"``, ``"Kg"``), so events,
views and JSON need no conversion. Code on the hot path (the evaluator, the computer
players) works on a card's *index* in `DECK`, the canonical order every shuffle starts from.

>>> len(DECK), DECK[0], DECK[27], DECK[48]
(49, 'Aa', '7g', 'Kg')
>>> parse_card("10E"), parse_card("aa"), parse_card("kG")
('10e', 'Aa', 'Kg')
>>> VALUE["Aa"], STRENGTH["Aa"], VALUE["Kg"], STRENGTH["12f"]
(1, 14, 13, 12)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

Card: TypeAlias = str

SYMBOLS = "abcdefg"  # O3: symbol number s is SYMBOLS[s - 1]
ACE, KING = 1, 13
RANK_NAMES = {value: str(value) for value in range(2, 13)} | {ACE: "A", KING: "K"}  # O2
_VALUE_OF_NAME = {name: value for value, name in RANK_NAMES.items()}
HAND_SIZE = 5


def strength_of(value: int) -> int:
    """O2: the A is the strongest card (14); every other rank's strength is its value."""
    return 14 if value == ACE else value


def _card(value: int, symbol: int) -> Card:
    return RANK_NAMES[value] + SYMBOLS[symbol - 1]


# O4: symbol s carries the values s..s+6; O5: ordered by value, then by symbol.
DECK: tuple[Card, ...] = tuple(
    _card(value, symbol)
    for value in range(ACE, KING + 1)
    for symbol in range(1, len(SYMBOLS) + 1)
    if symbol <= value <= symbol + 6
)
DECK_SET = frozenset(DECK)
INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
VALUE: dict[Card, int] = {card: _VALUE_OF_NAME[card[:-1]] for card in DECK}
SYMBOL: dict[Card, int] = {card: SYMBOLS.index(card[-1]) + 1 for card in DECK}
STRENGTH: dict[Card, int] = {card: strength_of(VALUE[card]) for card in DECK}


class CardError(ValueError):
    """A card, or a list of cards, that the notation of O5 does not allow."""


def parse_card(text: object) -> Card:
    """A card of the deck from its notation, in either case (O5)."""
    if not isinstance(text, str):
        raise CardError(f"a card is a string such as '9c', not {type(text).__name__}")
    lowered = text.lower()
    rank, symbol = lowered[:-1].upper(), lowered[-1:]
    if rank not in _VALUE_OF_NAME or symbol not in SYMBOLS or not symbol:
        raise CardError(
            f"{text!r} is not a card: a rank (A, 2-12, K) then a symbol (a-g), e.g. '10e'"
        )
    card = rank + symbol
    if card not in DECK_SET:
        raise CardError(f"there is no {card} in the deck: symbol {symbol} has other ranks (O4)")
    return card


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Distinct cards, in the order given."""
    cards = tuple(parse_card(text) for text in texts)
    if len(set(cards)) != len(cards):
        raise CardError("a card is named twice")
    return cards


def in_deck_order(cards: Iterable[Card]) -> list[Card]:
    """`cards` in the canonical order of O5 (the order a shuffle starts from)."""
    return sorted(cards, key=INDEX.__getitem__)
