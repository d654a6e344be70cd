"""Hand categories with wild jokers (J9-J14): the best category of five of 5 to 10 cards.

`strength` answers from counts alone, without trying subsets or joker faces: with j jokers a
hand reaches

- n of a kind when its most frequent rank has at least n - j cards;
- a full house / two pair when its two most frequent ranks lack at most j cards of 3 + 2 /
  2 + 2;
- a flush when a suit holds at least 5 - j cards (two copies of a face count twice, J12);
- a straight (flush) when a run of five ranks (in one suit) lacks at most j of them; the ace
  stands both below the 2 and above the king (J12);

and its category is the highest reached (J11). The tests check it against a brute force over
every five-card subset and every joker face.

`best_five` finds the five cards J31 shows, with the faces their jokers stand for.

>>> strength(("Ks", "Kh", "9d", "4c", "2h", "JK", "JK")), CATEGORIES[7]
(7, 'four_of_a_kind')
>>> best_five(("Qs", "Qd", "Qc", "JK", "4d", "9s"))
Five(cards=('Qs', 'Qd', 'Qc', 'JK', '4d'), jokers=('Qs',))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import FACES, JOKER, RANKS, SUITS, Card

CATEGORIES = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_straight_flush",
    "five_of_a_kind",
)
"""Category names by strength (J11): ``CATEGORIES[strength]``."""

(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, STRAIGHT_FLUSH,
 ROYAL, FIVE) = range(11)  # fmt: skip

HAND_BONUS = {FOUR: 1, STRAIGHT_FLUSH: 2, ROYAL: 4, FIVE: 8}  # J38

# Ranks as bits 1..13 (2 … A), and the ace again as bit 0 for A-2-3-4-5 (J12).
_RUNS = tuple(0b11111 << low for low in range(10))  # A-5, 2-6, …, T-A
_ROYAL_RUN = _RUNS[-1]
_FACE_BITS = {face: (RANKS.index(face[0]), SUITS.index(face[1])) for face in FACES}


def _run_bits(mask: int) -> int:
    """A mask of ranks (bit r for rank r, 0 = 2 … 12 = A) as run bits."""
    return (mask << 1) | (mask >> 12)


_MISSING_IN_RUN = tuple(
    min((run & ~_run_bits(mask)).bit_count() for run in _RUNS) for mask in range(1 << 13)
)
"""For every set of ranks: the fewest cards any run of five lacks."""
_MISSING_IN_ROYAL = tuple((_ROYAL_RUN & ~_run_bits(mask)).bit_count() for mask in range(1 << 13))


def strength(cards: Sequence[Card]) -> int:
    """The strength (J11) of the best five of `cards` (5 to 10 cards, jokers wild)."""
    jokers = 0
    counts = [0] * 13
    suit_counts = [0, 0, 0, 0]
    suit_masks = [0, 0, 0, 0]
    for card in cards:
        if card == JOKER:
            jokers += 1
            continue
        rank, suit = _FACE_BITS[card]
        counts[rank] += 1
        suit_counts[suit] += 1
        suit_masks[suit] |= 1 << rank
    counts.sort()
    first, second = counts[12], counts[11]
    if first + jokers >= 5:
        return FIVE
    clubs, diamonds, hearts, spades = suit_masks
    royal = _MISSING_IN_ROYAL
    if min(royal[clubs], royal[diamonds], royal[hearts], royal[spades]) <= jokers:
        return ROYAL
    run = _MISSING_IN_RUN
    if min(run[clubs], run[diamonds], run[hearts], run[spades]) <= jokers:
        return STRAIGHT_FLUSH
    if first + jokers >= 4:
        return FOUR
    if max(0, 3 - first) + max(0, 2 - second) <= jokers:
        return FULL_HOUSE
    if max(suit_counts) + jokers >= 5:
        return FLUSH
    if run[clubs | diamonds | hearts | spades] <= jokers:
        return STRAIGHT
    if first + jokers >= 3:
        return THREE
    if max(0, 2 - first) + max(0, 2 - second) <= jokers:
        return TWO_PAIR
    return ONE_PAIR if first + jokers >= 2 else HIGH_CARD


# --- the five shown (J31) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Five:
    """Five cards that reach a hand's category, and the face each of their jokers stands
    for, in the order the jokers appear."""

    cards: tuple[Card, ...]
    jokers: tuple[Card, ...]


def best_five(hand: Sequence[Card]) -> Five:
    """Five of `hand` reaching its category with as few jokers as possible (J31), the first
    such five in the hand's order, with its jokers' faces.

    >>> best_five(("Ac", "2d", "3h", "4s", "JK"))
    Five(cards=('Ac', '2d', '3h', '4s', 'JK'), jokers=('5s',))
    """
    goal = strength(hand)
    fives = (tuple(hand[i] for i in chosen) for chosen in combinations(range(len(hand)), 5))
    reaching = [five for five in fives if strength(five) == goal]
    five = min(reaching, key=lambda cards: cards.count(JOKER))
    return Five(five, _joker_faces(five, goal))


def _joker_faces(five: tuple[Card, ...], goal: int) -> tuple[Card, ...]:
    """Faces for the jokers of `five` that make it `goal` (its own category, J14)."""
    faces = [card for card in five if card != JOKER]
    wanted = len(five) - len(faces)
    if not wanted:
        return ()
    if goal in (ROYAL, STRAIGHT_FLUSH, FLUSH, STRAIGHT):
        return _run_or_suit_faces(faces, wanted, goal)
    by_count = sorted(
        {face[0] for face in faces},
        key=lambda rank: (-_rank_count(faces, rank), -RANKS.index(rank)),
    )
    needs = {FIVE: (5,), FOUR: (4,), FULL_HOUSE: (3, 2), THREE: (3,), TWO_PAIR: (2, 2)}
    ranks: list[str] = []
    for rank, size in zip(by_count, needs.get(goal, (2,)), strict=False):
        ranks += [rank] * (size - _rank_count(faces, rank))
    return tuple(rank + "s" for rank in ranks[:wanted])


def _rank_count(faces: list[Card], rank: str) -> int:
    return sum(face[0] == rank for face in faces)


def _run_or_suit_faces(faces: list[Card], wanted: int, goal: int) -> tuple[Card, ...]:
    """The missing cards of the highest run (in the faces' suit for a straight flush), or
    the highest ranks of the suit for a flush."""
    suit = faces[0][1] if goal != STRAIGHT else "s"
    if goal == FLUSH:
        return tuple(rank + suit for rank in reversed(RANKS))[:wanted]
    mask = 0
    for face in faces:
        mask |= 1 << RANKS.index(face[0])
    held = _run_bits(mask)
    runs = (_ROYAL_RUN,) if goal == ROYAL else reversed(_RUNS)
    run = next(run for run in runs if (run & ~held).bit_count() <= wanted)
    missing = [bit for bit in range(14) if run >> bit & 1 and not held >> bit & 1]
    return tuple(RANKS[(bit - 1) % 13] + suit for bit in missing)
