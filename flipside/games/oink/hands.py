"""Hand evaluation with a joker rank (docs/rules/oink.md, O24-O29).

The strongest hand the jokers can make follows O28's closed form. It depends only on the
ranks of the cards that are not jokers (N), how many jokers there are (j) and whether N is
all one symbol, so each such *shape* is worked out once and cached: there are a few
thousand. A hand's `key` is one int that orders hands as O27 does (category, then the role
cards' strengths, then fewer jokers); equal keys draw.

Two entry points: `evaluate` for the decider and the views (role cards by name), and
`rate` for the computer players' sampling (card indices in, a `Rating` of three ints out).

>>> evaluate(("9c", "9e", "7b", "4d", "2a"), 7).category  # O45
'three_of_a_kind'
>>> evaluate(("9c", "9e", "7b", "4d", "2a"), 7).role_cards
('9c', '9e', '7b')
>>> evaluate(("3c", "4c", "8c", "9c", "7a"), 7).strength  # O45: the joker plays an A
(14, 9, 8, 4, 3)
>>> low = evaluate(("Aa", "2b", "3c", "4d", "5e"), 7)
>>> low.key > evaluate(("9c", "10d", "11e", "12f", "Kg"), 7).key  # O46: A-5 is the best run
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .cards import ACE, DECK, KING, STRENGTH, SYMBOL, VALUE, Card, strength_of

CATEGORIES = (  # O25, weakest first: a category's value is its index + 1
    "no_pair",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "full_house",
    "straight",
    "four_of_a_kind",
    "flush",
    "five_of_a_kind",
    "straight_flush",
    "royal_straight",
)
VALUE_OF = {name: index + 1 for index, name in enumerate(CATEGORIES)}
NO_PAIR, ONE_PAIR, TWO_PAIR, THREE, FULL_HOUSE, STRAIGHT = range(1, 7)
FOUR, FLUSH, FIVE, STRAIGHT_FLUSH, ROYAL = range(7, 12)
ROYAL_VALUES = frozenset({10, 11, 12, KING, ACE})  # O25
ALL = frozenset(range(ACE, KING + 1))  # role values of the five-card categories
_DIGIT = 15  # strengths run 2..14: one base-15 digit each


class Shape(NamedTuple):
    """The strongest hand of a shape: its category value, the role cards' strengths
    (strongest first, jokers as what they stand for) and the values of N's role cards."""

    category: int
    strength: tuple[int, ...]
    role_values: frozenset[int]


def _window(values: Sequence[int]) -> int | None:
    """O26: the start of the run window N's distinct values fit, preferring A-5 (it holds
    the A, O27a), else the highest; None if they fit none."""
    if max(values) <= 5:
        return ACE
    start = min(min(values), 9)
    return start if start > ACE and start + 4 >= max(values) else None


def _run(start: int) -> tuple[int, ...]:
    return tuple(sorted((strength_of(v) for v in range(start, start + 5)), reverse=True))


def _descending(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted((strength_of(v) for v in values), reverse=True))


@cache
def shape(values: tuple[int, ...], jokers: int, suited: bool) -> Shape:
    """O28 for N's `values` (sorted), `jokers` and whether N is all one symbol."""
    counts = {v: values.count(v) for v in values}
    distinct = len(counts) == len(values)
    if distinct and ROYAL_VALUES.issuperset(values):  # O28.1, also j = 5
        return Shape(ROYAL, _descending(sorted(ROYAL_VALUES)), ALL)
    window = _window(values) if distinct else None
    if suited and window is not None:  # O28.2
        return Shape(STRAIGHT_FLUSH, _run(window), ALL)
    if len(counts) == 1:  # O28.3
        return Shape(FIVE, (strength_of(values[0]),) * 5, ALL)
    if suited:  # O28.4: every joker plays an A
        return Shape(FLUSH, _descending(values + (ACE,) * jokers), ALL)
    return _by_counts(counts, jokers, window)


def _strongest_reaching(counts: dict[int, int], jokers: int, size: int) -> int | None:
    reaching = [v for v, count in counts.items() if count + jokers >= size]
    return max(reaching, key=strength_of) if reaching else None


def _by_counts(counts: dict[int, int], jokers: int, window: int | None) -> Shape:
    """O28.5-O28.11: the categories made of equal ranks, and the straight."""
    four = _strongest_reaching(counts, jokers, 4)
    if four is not None:
        return Shape(FOUR, (strength_of(four),) * 4, frozenset({four}))
    if window is not None:
        return Shape(STRAIGHT, _run(window), ALL)
    sizes = sorted(counts.values())
    if (jokers, sizes) in ((0, [2, 3]), (1, [2, 2])):  # the joker joins the stronger pair
        top = max((v for v, count in counts.items() if count >= 2), key=strength_of)
        full = [v for v, count in counts.items() for _ in range(count)] + [top] * jokers
        return Shape(FULL_HOUSE, _descending(full), ALL)
    three = _strongest_reaching(counts, jokers, 3)
    if three is not None:
        return Shape(THREE, (strength_of(three),) * 3, frozenset({three}))
    if jokers == 0 and sizes == [1, 2, 2]:
        pairs = [v for v, count in counts.items() if count == 2]
        return Shape(TWO_PAIR, _descending(pairs * 2), frozenset(pairs))
    pair = _strongest_reaching(counts, jokers, 2)
    if pair is not None:
        return Shape(ONE_PAIR, (strength_of(pair),) * 2, frozenset({pair}))
    return Shape(NO_PAIR, (), frozenset())


def key_of(category: int, strength: Sequence[int], jokers: int) -> int:
    """One int ordering hands as O27 does: category, role strengths, then fewer jokers."""
    digits = 0
    for position in range(5):
        digits = digits * _DIGIT + (strength[position] if position < len(strength) else 0)
    return (category * _DIGIT**5 + digits) * 8 + (7 - jokers)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A hand at a joker number: its category, role cards (O29: the jokers among them),
    the role cards' strengths as compared (O27a), its jokers and its comparison key."""

    cards: tuple[Card, ...]
    joker: int | None
    category: str
    role_cards: tuple[Card, ...]
    strength: tuple[int, ...]
    jokers: int
    key: int

    @property
    def value(self) -> int:
        return VALUE_OF[self.category]

    @property
    def others(self) -> tuple[Card, ...]:
        """The cards that are not role cards (O31: what a loser gives)."""
        return tuple(card for card in self.cards if card not in self.role_cards)


def evaluate(cards: Sequence[Card], joker: int | None) -> Evaluation:
    """The five `cards` at joker number `joker` (None: no card is a joker) (O24-O29)."""
    jokers = [card for card in cards if VALUE[card] == joker]
    plain = [card for card in cards if VALUE[card] != joker]
    suited = len({SYMBOL[card] for card in plain}) <= 1
    found = shape(tuple(sorted(VALUE[card] for card in plain)), len(jokers), suited)
    role = tuple(card for card in cards if VALUE[card] == joker or VALUE[card] in found.role_values)
    return Evaluation(
        tuple(cards),
        joker,
        CATEGORIES[found.category - 1],
        role,
        found.strength,
        len(jokers),
        key_of(found.category, found.strength, len(jokers)),
    )


def strongest_first(cards: Sequence[Card]) -> tuple[Card, ...]:
    """`cards` by strength, strongest first (for display)."""
    return tuple(sorted(cards, key=lambda card: (-STRENGTH[card], SYMBOL[card])))


# --- ratings: the same evaluation on card indices, for sampling ------------------------------


class Rating(NamedTuple):
    key: int
    role_count: int  # role cards (O30); the rest go to a winner (O31)
    category: int
    role_values: frozenset[int]  # the values of its role cards that are not jokers


_VALUE_AT = tuple(VALUE[card] for card in DECK)
_COUNT_KEY_AT = tuple(1 << 3 * (VALUE[card] - 1) for card in DECK)  # 3 bits per rank
_SYMBOL_BIT_AT = tuple(1 << SYMBOL[card] for card in DECK)
_RATINGS: dict[int, Rating] = {}


def _rating_of(packed: int) -> Rating:
    count_key, jokers, suited = packed >> 4, (packed >> 1) & 7, bool(packed & 1)
    values = tuple(v for v in range(ACE, KING + 1) for _ in range((count_key >> 3 * (v - 1)) & 7))
    found = shape(values, jokers, suited)
    role = jokers + sum(1 for v in values if v in found.role_values)
    key = key_of(found.category, found.strength, jokers)
    rating = Rating(key, role, found.category, found.role_values)
    _RATINGS[packed] = rating
    return rating


def rate(hand: Sequence[int], joker: int) -> Rating:
    """`evaluate` for card indices (`cards.INDEX`), as a `Rating`: about a microsecond."""
    count_key = symbols = jokers = 0
    for card in hand:
        if _VALUE_AT[card] == joker:
            jokers += 1
        else:
            count_key += _COUNT_KEY_AT[card]
            symbols |= _SYMBOL_BIT_AT[card]
    packed = count_key << 4 | jokers << 1 | (symbols & (symbols - 1) == 0)
    rating = _RATINGS.get(packed)
    return rating if rating is not None else _rating_of(packed)


def role_of(hand: Sequence[int], joker: int) -> tuple[int, ...]:
    """The role cards of `hand` (card indices) at `joker`, as `evaluate` names them (O29)."""
    values = rate(hand, joker).role_values
    return tuple(card for card in hand if _VALUE_AT[card] == joker or _VALUE_AT[card] in values)
