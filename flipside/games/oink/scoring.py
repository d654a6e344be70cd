"""What a deal's winner captures (docs/rules/oink.md, O30-O37), by card and by count.

`showdown_capture` and `oink_capture` name the physical cards for the decider;
`showdown_points` and `oink_points` count them from `hands.Rating`s for the computer players.
Both follow the same three exceptions: a no-pair winner takes its whole hand (O30), a
no-pair loser gives nothing (O32), a royal or straight flush takes the other hand whole
(O33-O34).

>>> from .hands import evaluate
>>> two_pair = evaluate(("9c", "9d", "4b", "4c", "Kg"), 2)
>>> pair = evaluate(("12f", "12g", "5c", "3a", "8d"), 2)
>>> own, received = showdown_capture(two_pair, pair)  # O47: 4 + 3
>>> len(own), len(received)
(4, 3)
"""

from __future__ import annotations

from .cards import Card
from .hands import NO_PAIR, ROYAL, STRAIGHT_FLUSH, Evaluation, Rating

_TAKES_ALL = (STRAIGHT_FLUSH, ROYAL)  # O33
Capture = tuple[tuple[Card, ...], tuple[Card, ...]]  # (own, received)


def takes_all(hand: Evaluation) -> bool:
    """O33-O34: a royal straight or straight flush takes the other hand whole."""
    return hand.value in _TAKES_ALL


def _own(hand: Evaluation) -> tuple[Card, ...]:
    """O30: the role cards, or the whole hand for a no pair."""
    return hand.cards if hand.value == NO_PAIR else hand.role_cards


def showdown_capture(winner: Evaluation, loser: Evaluation) -> Capture:
    """O30-O33: after an accepted showdown."""
    if loser.value == NO_PAIR:  # O32
        return _own(winner), ()
    received = loser.cards if takes_all(winner) else loser.others  # O33, O31
    return _own(winner), received


def oink_capture(knocker: Evaluation, oinker: Evaluation | None) -> Capture:
    """O30, O34: after an oink; `oinker` is evaluated only when the knocker takes all."""
    if oinker is None or oinker.value == NO_PAIR:
        return _own(knocker), ()
    return _own(knocker), oinker.cards


def showdown_points(winner: Rating, loser: Rating) -> int:
    """The points of `showdown_capture`, from ratings."""
    own = 5 if winner.category == NO_PAIR else winner.role_count
    if loser.category == NO_PAIR:
        return own
    return own + (5 if winner.category in _TAKES_ALL else 5 - loser.role_count)


def oink_points(knocker: Rating, oinker: Rating) -> int:
    """The points of `oink_capture`, from ratings."""
    own = 5 if knocker.category == NO_PAIR else knocker.role_count
    if knocker.category in _TAKES_ALL and oinker.category != NO_PAIR:
        return own + 5
    return own
