"""Cards leaving the deck: a set's shuffle and deal (J8, J18-J19) and the draws of
augmentations and exchanges, with the short deck's reshuffle (J20, J26a)."""

from __future__ import annotations

from flipside.engine.chance import choose, shuffle

from .cards import DECK, Card
from .decision import Decision
from .events import CardsDealt, DeckShuffled, DiscardsReshuffled, SetStarted
from .state import SEATS

HAND_SIZE = 5  # J19


def start_set(decision: Decision) -> None:
    """A new set: its turn order (J18), a fresh shuffle of the whole deck (J8), the deal."""
    state = decision.state
    set_no = state.set_no + 1
    first = state.juggernaut
    if first is None:
        first = choose(state.seed, "first-seat", range(SEATS))  # J18: set 1 by lot
    order = tuple((first + step) % SEATS for step in range(SEATS))
    silver = tuple(seat.silver for seat in state.seats)
    gold = tuple(seat.gold for seat in state.seats)
    decision.emit(SetStarted(set_no, state.juggernaut, order, silver, gold))
    decision.emit(DeckShuffled(set_no, len(DECK), shuffle(state.seed, "deck", set_no, DECK)))
    top = decision.state.deck[: HAND_SIZE * SEATS]
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for position, card in enumerate(top):  # J19: one card at a time, in turn order
        hands[order[position % SEATS]].append(card)
    decision.emit(CardsDealt(set_no, tuple(tuple(hand) for hand in hands)))


def draw(decision: Decision, count: int) -> tuple[Card, ...]:
    """The top `count` cards, after putting the shuffled discard pile under the deck if the
    deck alone is short (J26a); the caller has checked that the two hold enough."""
    state = decision.state
    if len(state.deck) < count:
        order = shuffle(state.seed, "discards", state.reshuffles, state.pile)
        deck_count = len(state.deck) + len(order)
        decision.emit(
            DiscardsReshuffled(state.set_no, state.reshuffles, len(order), deck_count, order)
        )
    return decision.state.deck[:count]
