"""Flipside's lines of `flipside replay`: each event told in a line or a few, for people.

The events arrive already redacted for the reader (`views.redact`): a card the reader may
not see is None here and shown as ``??``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .events import (
    CardsDealt,
    CardsExchanged,
    DeckShuffled,
    Event,
    LifeChanged,
    MatchCreated,
    MatchEnded,
    OrientationChosen,
    RoundEnded,
    RoundStarted,
    SeatEliminated,
    SeedRevealed,
    ShowdownRevealed,
    TurnTimedOut,
)
from .hand_history import HIDDEN
from .hands import describe


def replay_lines(events: Sequence[Event]) -> list[tuple[str, ...]]:
    """The lines of each event of a match, which begins with its `MatchCreated`."""
    created = events[0]
    assert isinstance(created, MatchCreated)
    names = [_seat_name(index, spec.name, spec.level) for index, spec in enumerate(created.seats)]
    return [tuple(_TELLERS[type(event)](event, names)) for event in events]


def _seat_name(index: int, name: str | None, level: str | None) -> str:
    return f"s{index} ({name or level})"


def _cards(cards: Sequence[str | None]) -> str:
    return " ".join(card or HIDDEN for card in cards) or "-"


def _created(event: MatchCreated, names: Sequence[str]) -> list[str]:
    seeded = ", seeded" if event.seeded else ""
    return [
        f"match {event.match_id} ({event.rules_version}{seeded}): {', '.join(names)}",
        f"deck commitment sha256(seed) = {event.deck_commitment}",
    ]


def _shuffled(event: DeckShuffled, _: Sequence[str]) -> list[str]:
    what = "the deck" if event.reason == "initial" else "the used pile, under the deck"
    return [f"shuffle {event.shuffle_no}: {event.count} cards of {what}"]


def _round(event: RoundStarted, names: Sequence[str]) -> list[str]:
    order = " ".join(f"s{seat}" for seat in event.turn_order)
    return [f"== round {event.round}: {names[event.start_seat]} starts; order {order}"]


def _dealt(event: CardsDealt, names: Sequence[str]) -> list[str]:
    hands = enumerate(event.hands)
    return [f"deal   {names[seat]}: {_cards(hand)}" for seat, hand in hands if hand]


def _exchanged(event: CardsExchanged, names: Sequence[str]) -> list[str]:
    if not event.discarded:
        return [f"change {names[event.seat]}: stands pat"]
    return [
        f"change {names[event.seat]}: discards {_cards(event.discarded)}, "
        f"draws {_cards(event.drawn)}"
    ]


def _oriented(event: OrientationChosen, names: Sequence[str]) -> list[str]:
    if event.cards is None:
        return [f"place  {names[event.seat]}: cards placed face down"]
    return [f"place  {names[event.seat]}: {_cards(event.cards)} (up rank first)"]


def _timed_out(event: TurnTimedOut, names: Sequence[str]) -> list[str]:
    return [f"timeout {names[event.seat]}: no {event.phase} in {event.waited_seconds}s"]


def _showdown(event: ShowdownRevealed, names: Sequence[str]) -> list[str]:
    at = 0 if event.side == "up" else 1
    lines = [f"{event.side} side, strongest first:"]
    for place, seat in enumerate(event.ranking, start=1):
        ranks = " ".join(card[at] for card in event.placed[seat] or ())
        value = event.values[seat]
        name = describe(value) if value is not None else ""
        lines.append(f"  {place}. {names[seat]}: {ranks}  {name}")
    return lines


def _life(event: LifeChanged, names: Sequence[str]) -> list[str]:
    reason = event.reason.replace("_", " ")
    return [f"life   {names[event.seat]}: {event.delta:+d} ({reason}) -> {event.life}"]


def _eliminated(event: SeatEliminated, names: Sequence[str]) -> list[str]:
    return [f"out    {names[event.seat]} on the {event.side} side, place {event.place}"]


def _round_ended(event: RoundEnded, names: Sequence[str]) -> list[str]:
    lives = ", ".join(f"s{seat} {life}" for seat, life in enumerate(event.lives))
    return [f"end of round {event.round}: lives {lives}"]


def _ended(event: MatchEnded, names: Sequence[str]) -> list[str]:
    return [f"winner {names[event.winner]} after round {event.round}"]


def _seed(event: SeedRevealed, _: Sequence[str]) -> list[str]:
    return [f"seed revealed: {event.seed}"]


_TELLERS: dict[type[Event], Callable[[Any, Sequence[str]], list[str]]] = {
    MatchCreated: _created,
    DeckShuffled: _shuffled,
    RoundStarted: _round,
    CardsDealt: _dealt,
    CardsExchanged: _exchanged,
    OrientationChosen: _oriented,
    TurnTimedOut: _timed_out,
    ShowdownRevealed: _showdown,
    LifeChanged: _life,
    SeatEliminated: _eliminated,
    RoundEnded: _round_ended,
    MatchEnded: _ended,
    SeedRevealed: _seed,
}
