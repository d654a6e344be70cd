"""Shared helpers for the unit tests: rigged matches built from events, random legal play.

A *rigged* match is built by replaying hand-written events (`rules.replay`), so a test can
choose the deck order, every hand, every life and who is already eliminated, then drive the
real decider from there. A *random* match is played through `rules.execute` with legal
moves drawn from a seeded `random.Random`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from flipside.games.flipside.cards import DECK, card_of
from flipside.games.flipside.commands import ChooseOrientation, Command, CreateMatch, Exchange
from flipside.games.flipside.events import (
    RULES_VERSION,
    CardsDealt,
    DeckShuffled,
    Event,
    LifeChanged,
    MatchCreated,
    RoundStarted,
    SeatEliminated,
    SeatSpec,
)
from flipside.games.flipside.rules import evolve, execute, initial_state, replay
from flipside.games.flipside.shuffle import commitment
from flipside.games.flipside.state import Match

SEED = bytes(range(32))


def seats(count: int) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec("npc", level="easy") for _ in range(count))


def create(seed: bytes = SEED, count: int = 3) -> tuple[list[Event], Match]:
    return execute(initial_state(), CreateMatch("match", seats(count), seed, seeded=True))


def rigged(
    oriented: Sequence[Sequence[str] | None],
    *,
    start: int = 0,
    lives: Sequence[int] | None = None,
    seed: bytes = SEED,
) -> Match:
    """A match in round 1's exchange phase whose seats hold the cards of `oriented`.

    `oriented[s]` is seat s's five cards, written up rank first as the test means to place
    them, or None for a seat already eliminated. The rest of the deck follows in `DECK` order.
    """
    count = len(oriented)
    hands = [tuple(card_of(card) for card in cards) if cards else () for cards in oriented]
    chosen = [card for hand in hands for card in hand]
    assert len(set(chosen)) == len(chosen), "a rigged hand names a card twice"
    active = [s for s in range(count) if oriented[s] is not None]
    assert start in active
    at = active.index(start)
    order = tuple(active[at:] + active[:at])
    dealt_order = [hands[order[p % len(order)]][p // len(order)] for p in range(5 * len(order))]
    deck = tuple(dealt_order) + tuple(card for card in DECK if card not in set(chosen))
    events: list[Event] = [
        MatchCreated("rigged", seats(count), RULES_VERSION, commitment(seed), True, seed.hex()),
        DeckShuffled(0, "initial", len(deck), deck),
    ]
    lives = list(lives) if lives is not None else [4] * count
    out = 0
    for seat in range(count):
        if oriented[seat] is None:  # already out: the worst places, in seat order
            events.append(LifeChanged(0, seat, "down", -4, "setup", 0, -4))
            events.append(SeatEliminated(0, seat, "down", count - out))
            out += 1
        elif lives[seat] != 4:
            change = lives[seat] - 4
            events.append(LifeChanged(0, seat, "up", change, "setup", lives[seat], change))
    events.append(RoundStarted(1, start, order))
    events.append(CardsDealt(1, tuple(hands)))
    return replay(events)


def exchange_nothing(state: Match) -> tuple[list[Event], Match]:
    """Every seat of the exchange lap keeps its cards."""
    events: list[Event] = []
    while state.seat_to_exchange is not None:
        more, state = execute(state, Exchange(state.seat_to_exchange, ()))
        events += more
    return events, state


def place(state: Match, oriented: Sequence[Sequence[str] | None]) -> tuple[list[Event], Match]:
    """Every seat still to place its cards places `oriented[seat]`, in turn order."""
    events: list[Event] = []
    for seat in state.awaiting_orientation:
        cards = oriented[seat]
        assert cards is not None
        more, state = execute(state, ChooseOrientation(seat, tuple(cards)))
        events += more
    return events, state


def play_round(oriented: Sequence[Sequence[str] | None], **kwargs: object) -> list[Event]:
    """Rig a round, keep every card, place as written: the events of the exchange onwards."""
    state = rigged(oriented, **kwargs)  # type: ignore[arg-type]
    first, state = exchange_nothing(state)
    second, _ = place(state, oriented)
    return first + second


# --- random legal play -----------------------------------------------------------------------


@dataclass
class Step:
    """One decision: the command, the state before it, its events and the state after."""

    command: Command
    before: Match
    events: list[Event]
    after: Match


def random_command(state: Match, rng: random.Random) -> Command:
    """A legal move for the seat to act, chosen at random."""
    seat = state.seat_to_exchange
    if seat is not None:
        hand = state.seats[seat].hand
        return Exchange(seat, tuple(rng.sample(hand, rng.randint(0, 5))))
    waiting = state.awaiting_orientation
    seat = waiting[rng.randrange(len(waiting))]  # sealed choices come in any order (R11)
    cards = [card if rng.random() < 0.5 else card[::-1] for card in state.seats[seat].hand]
    rng.shuffle(cards)
    return ChooseOrientation(seat, tuple(cards))


def random_match(seed: bytes, count: int, rng: random.Random) -> tuple[list[Event], list[Step]]:
    """A whole match of random legal moves: every event, and every decision after creation."""
    events, state = create(seed, count)
    steps: list[Step] = []
    while state.phase != "over":
        command = random_command(state, rng)
        more, after = execute(state, command)
        steps.append(Step(command, state, more, after))
        events += more
        state = after
    return events, steps


def states_along(events: Sequence[Event]) -> Iterator[tuple[Event, Match]]:
    """Each event with the state right after it."""
    state = initial_state()
    for event in events:
        state = evolve(state, event)
        yield event, state


def strings_in(value: object) -> Iterator[str]:
    """Every string inside a dataclass, tuple, list or dict, recursively."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, bytes):
        yield value.hex()
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from strings_in(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
