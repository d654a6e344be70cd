"""Tables for the rules tests of docs/rules/juggernaut.md.

The worked examples name their cards. A test lays a set out as the record's own events
would leave it — the coins carried from earlier sets, the turn order, a deck with the named
cards on top, the deal — and then plays the named moves through the decider.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut.cards import DECK
from flipside.games.juggernaut.commands import Command
from flipside.games.juggernaut.events import (
    CardsDealt,
    DeckShuffled,
    Event,
    MatchCreated,
    SetStarted,
)
from flipside.games.juggernaut.evolve import evolve
from flipside.games.juggernaut.params import Params
from flipside.games.juggernaut.rules import execute
from flipside.games.juggernaut.state import Match

PEOPLE = tuple(SeatSpec("human", f"P{seat}") for seat in range(4))
SEED = bytes(range(32))
DEFAULTS = Params()


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.replace("|", " ").split())


def full_deck(top: Sequence[str]) -> tuple[str, ...]:
    """`top` (cards from the top) followed by the rest of the 108 in canonical order (J8)."""
    rest = Counter(DECK)
    rest.subtract(top)
    assert min(rest.values()) >= 0, "more copies than the deck has"
    tail = []
    for card in DECK:
        if rest[card]:
            rest[card] -= 1
            tail.append(card)
    return (*top, *tail)


def laid_out(
    *,
    silver: Sequence[int],
    gold: Sequence[int] = (0, 0, 0, 0),
    juggernaut: int | None,
    order: Sequence[int],
    top: Sequence[str],
    set_no: int = 2,
    seats: Sequence[SeatSpec] = PEOPLE,
    params: Params = DEFAULTS,
) -> Match:
    """Set `set_no` after its deal: these coins, this turn order, this deck (J17-J19)."""
    state = evolve(
        Match(), MatchCreated("m", tuple(seats), "juggernaut-1", params, "c", True, SEED.hex())
    )
    coins = zip(state.seats, silver, gold, strict=True)
    state = replace(
        state,
        seats=tuple(replace(seat, silver=s, gold=g) for seat, s, g in coins),
        set_no=set_no - 1,
        juggernaut=juggernaut,
    )
    deck = full_deck(top)
    hands: list[list[str]] = [[] for _ in range(4)]
    for position, card in enumerate(deck[:20]):
        hands[order[position % 4]].append(card)
    events: list[Event] = [
        SetStarted(set_no, juggernaut, tuple(order), tuple(silver), tuple(gold)),
        DeckShuffled(set_no, len(deck), deck),
        CardsDealt(set_no, tuple(tuple(hand) for hand in hands)),
    ]
    for event in events:
        state = evolve(state, event)
    return state


def play(state: Match, commands: Iterable[Command]) -> tuple[list[Event], Match]:
    """Every command through the decider, in turn; the events and the state after them."""
    events: list[Event] = []
    for command in commands:
        more, state = execute(state, command)
        events += more
    return events, state


def of_type(events: Iterable[Event], kind: type[Event]) -> list[Event]:
    return [event for event in events if isinstance(event, kind)]
