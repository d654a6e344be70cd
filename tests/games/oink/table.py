"""Tables for the rules tests of docs/rules/oink.md.

The worked examples name their cards and dice. Chance comes only from the seed (O44), so a
test either searches for a seed that rolls the named faces (`seed_rolling`) or lays the
cards out as the record's own events would leave them (`opening`, `laid_out`), then plays
the named moves through the decider.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flipside.engine.seats import SeatSpec
from flipside.games.oink import GAME
from flipside.games.oink.cards import DECK
from flipside.games.oink.chance import die_face, start_faces
from flipside.games.oink.commands import Command
from flipside.games.oink.events import (
    CardsDealt,
    DealStarted,
    DeckShuffled,
    DieRolled,
    Event,
    MatchCreated,
    StartPlayerChosen,
)
from flipside.games.oink.rules import execute, replay
from flipside.games.oink.state import Match

ANN_AND_BO = (SeatSpec("human", "Ann"), SeatSpec("human", "Bo"))


def cards(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def full_deck(top: str) -> tuple[str, ...]:
    """`top` (cards from the top) followed by the other cards in canonical order (O5)."""
    first = cards(top)
    return first + tuple(card for card in DECK if card not in first)


def seed_rolling(start: Sequence[tuple[int, int]], rolls: Sequence[int] = ()) -> bytes:
    """The first seed ``bytes(28) + u32be(n)`` whose start rolls and later rolls show these
    faces (O9, O19)."""
    for number in range(1_000_000):
        seed = bytes(28) + number.to_bytes(4, "big")
        if all(start_faces(seed, i) == faces for i, faces in enumerate(start)) and all(
            die_face(seed, i) == face for i, face in enumerate(rolls)
        ):
            return seed
    raise AssertionError("no such seed")


def opening(
    seed: bytes,
    deck: Sequence[str],
    start_rolls: Sequence[tuple[int, int]],
    hands: tuple[str, str],
) -> Match:
    """A match as its creation would leave it, with this deck (top first) and start rolls:
    deal 1 dealt alternately from the start player (O8-O9, O13)."""
    events: list[Event] = [
        MatchCreated("m", ANN_AND_BO, "oink-1", 15, "c", True, seed.hex()),
        DeckShuffled(0, "initial", len(deck), tuple(deck)),
    ]
    dice: list[int | None] = [None, None]
    for faces in start_rolls:
        for seat, face in enumerate(faces):
            dice[seat] = face
            joker = None if None in dice else sum(dice)  # type: ignore[arg-type]
            events.append(DieRolled(seat, face, "start", joker))
    start = 0 if start_rolls[-1][0] > start_rolls[-1][1] else 1
    joker = sum(start_rolls[-1])
    dealt = (cards(hands[0]), cards(hands[1]))
    events += [
        StartPlayerChosen(start, len(start_rolls)),
        DealStarted(1, start, joker),
        CardsDealt(1, dealt, len(deck) - 10),
    ]
    return replay(events)


def laid_out(
    state: Match,
    *,
    hands: tuple[str, str],
    captured: tuple[str, str] = ("", ""),
    deck: str = "",
    discards: str = "",
    dice: tuple[int, int] = (1, 1),
    **changes: object,
) -> Match:
    """`state` with the cards and dice laid out as given (a position no test needs to play
    up to); the other fields as `changes` say."""
    seats = tuple(
        replace(seat, hand=cards(hand), held=len(cards(hand)), captured=cards(pile), die=die)
        for seat, hand, pile, die in zip(state.seats, hands, captured, dice, strict=True)
    )
    return replace(state, seats=seats, deck=cards(deck), discards=cards(discards), **changes)


def played(levels: tuple[str, str], seed: bytes) -> list[Event]:
    """Every event of a whole match between computer players of these levels."""
    seats = tuple(SeatSpec("npc", level=level) for level in levels)
    create = GAME.create("m", seats, seed, seeded=True, options={}, turn_timeout_seconds=None)
    events, state = GAME.execute(GAME.initial_state(), create)
    policies = GAME.policies(state)
    while (command := GAME.next_command(state, policies)) is not None:
        more, state = GAME.execute(state, command)
        events += more
    return events


def fresh(seed: bytes = bytes(32)) -> Match:
    return replay([MatchCreated("m", ANN_AND_BO, "oink-1", 15, "c", True, seed.hex())])


def play(state: Match, *commands: Command) -> tuple[list[Event], Match]:
    """Each command through the decider in turn: every event and the state at the end."""
    events: list[Event] = []
    for command in commands:
        more, state = execute(state, command)
        events += more
    return events, state


def random_body(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal body for one of `legal_actions`' descriptions."""
    kind = action["kind"]
    if kind == "change":
        return {"kind": kind, "cards": rng.sample(action["cards"], rng.randint(1, action["max"]))}
    if kind == "accept":
        prep = rng.choice(action["prep"])
        body = {"kind": kind, "prep": prep}
        if prep == "change":
            body["cards"] = rng.sample(action["cards"], rng.randint(1, action["max"]))
        return body
    return {"kind": kind}
