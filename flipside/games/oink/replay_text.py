"""Oink Poker's lines of `flipside replay`: each event told in a line or a few, for people.

The events arrive already redacted for the reader (`views.redact`): a card the reader may
not see is None here and shown as ``??``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .events import (
    Accepted,
    CardsCaptured,
    CardsChanged,
    CardsDealt,
    DealDecided,
    DealEnded,
    DealStarted,
    DeckShuffled,
    DieRolled,
    Event,
    HandRevealed,
    Knocked,
    MatchCreated,
    MatchEnded,
    Oinked,
    Passed,
    SeedRevealed,
    StartPlayerChosen,
    TurnTimedOut,
)

HIDDEN = "??"
Names = Sequence[str]


def replay_lines(events: Sequence[Event]) -> list[tuple[str, ...]]:
    """The lines of each event of a match, which begins with its `MatchCreated`."""
    created = events[0]
    assert isinstance(created, MatchCreated)
    names = [f"s{index} ({spec.name or spec.level})" for index, spec in enumerate(created.seats)]
    return [tuple(_TELLERS[type(event)](event, names)) for event in events]


def _cards(cards: Sequence[str | None]) -> str:
    return " ".join(card or HIDDEN for card in cards) or "-"


def _created(event: MatchCreated, names: Names) -> list[str]:
    seeded = ", seeded" if event.seeded else ""
    return [
        f"match {event.match_id} ({event.rules_version}{seeded}): {' vs '.join(names)}, "
        f"first to {event.target}",
        f"deck commitment sha256(seed) = {event.deck_commitment}",
    ]


def _shuffled(event: DeckShuffled, _: Names) -> list[str]:
    what = "the deck" if event.reason == "initial" else "the discard pile into the deck"
    return [f"shuffle {event.shuffle_no}: {event.count} cards of {what}"]


def _rolled(event: DieRolled, names: Names) -> list[str]:
    joker = f", joker {event.joker}" if event.joker is not None else ""
    return [f"roll   {names[event.seat]}: {event.face} ({event.reason}){joker}"]


def _start_player(event: StartPlayerChosen, names: Names) -> list[str]:
    return [f"{names[event.seat]} starts (after {event.attempts} roll(s) of both dice)"]


def _deal_started(event: DealStarted, names: Names) -> list[str]:
    return [f"== deal {event.deal}: {names[event.start_seat]} starts; joker {event.joker}"]


def _dealt(event: CardsDealt, names: Names) -> list[str]:
    lines = [f"deal   {names[seat]}: {_cards(cards)}" for seat, cards in enumerate(event.cards)]
    return [*lines, f"deck   {event.deck} cards left"]


def _changed(event: CardsChanged, names: Names) -> list[str]:
    return [
        f"change {names[event.seat]}: discards {_cards(event.discarded)}, draws "
        f"{_cards(event.drawn)} (deck {event.deck})"
    ]


def _knocked(event: Knocked, names: Names) -> list[str]:
    return [f"knock  {names[event.seat]} on turn {event.turn}"]


def _passed(event: Passed, names: Names) -> list[str]:
    return [f"pass   {names[event.seat]} on turn {event.turn}"]


def _oinked(event: Oinked, names: Names) -> list[str]:
    return [f"oink!  {names[event.seat]} refuses the showdown"]


def _accepted(event: Accepted, names: Names) -> list[str]:
    return [f"accept {names[event.seat]}, preparing with {event.prep}"]


def _timed_out(event: TurnTimedOut, names: Names) -> list[str]:
    return [f"timeout {names[event.seat]}: no {event.phase} move in {event.waited_seconds}s"]


def _revealed(event: HandRevealed, names: Names) -> list[str]:
    category = event.category.replace("_", " ")
    jokers = f", {event.jokers} joker(s)" if event.jokers else ""
    return [
        f"show   {names[event.seat]}: {_cards(event.cards)} at joker {event.joker}: "
        f"{category} ({_cards(event.role_cards)}){jokers}"
    ]


def _decided(event: DealDecided, names: Names) -> list[str]:
    if event.winner is None:
        return [f"draw   ({event.decided_by.replace('_', ' ')})"]
    return [f"wins   {names[event.winner]} (by {event.decided_by})"]


def _captured(event: CardsCaptured, names: Names) -> list[str]:
    return [
        f"takes  {names[event.seat]}: {_cards(event.own)} + {_cards(event.received)} = "
        f"{event.points} points, score {event.score}"
    ]


def _deal_ended(event: DealEnded, names: Names) -> list[str]:
    kept = ", ".join(f"s{seat} keeps {count}" for seat, count in enumerate(event.carried))
    return [f"end of deal {event.deal}: {kept}; {names[event.next_start_seat]} starts next"]


def _ended(event: MatchEnded, names: Names) -> list[str]:
    scores = "-".join(map(str, event.scores))
    return [f"winner {names[event.winner]} {scores} after deal {event.deal}"]


def _seed(event: SeedRevealed, _: Names) -> list[str]:
    return [f"seed revealed: {event.seed}"]


_TELLERS: dict[type[Event], Callable[[Any, Names], list[str]]] = {
    MatchCreated: _created,
    DeckShuffled: _shuffled,
    DieRolled: _rolled,
    StartPlayerChosen: _start_player,
    DealStarted: _deal_started,
    CardsDealt: _dealt,
    CardsChanged: _changed,
    Knocked: _knocked,
    Passed: _passed,
    Oinked: _oinked,
    Accepted: _accepted,
    TurnTimedOut: _timed_out,
    HandRevealed: _revealed,
    DealDecided: _decided,
    CardsCaptured: _captured,
    DealEnded: _deal_ended,
    MatchEnded: _ended,
    SeedRevealed: _seed,
}
