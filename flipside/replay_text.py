"""A match told round by round, for `flipside replay` (people) and its ``--json`` (machines).

Every event is first passed through `views.redact` for the chosen viewer, the one place
that decides what a seat may see: a seat's replay shows another seat's drawn cards and
orientation only when the showdown reveals them. An operator's replay (no seat) sees all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from flipside.games.flipside.events import (
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
    from_data,
    to_data,
)
from flipside.games.flipside.hands import describe
from flipside.games.flipside.views import Viewer, redact
from flipside.export import HIDDEN
from flipside.store.model import StoredEvent


@dataclass(frozen=True, slots=True)
class Step:
    """One event of the replay as the viewer sees it, and its lines of text."""

    version: int
    round: int  # 0 before the first round starts
    event: Event
    lines: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "round": self.round,
            "type": type(self.event).__name__,
            "data": to_data(self.event),
            "text": list(self.lines),
        }


def replay_steps(
    events: Sequence[StoredEvent], viewer: Viewer = None, round_no: int | None = None
) -> list[Step]:
    """The steps of a match for `viewer` (None: an operator, who sees everything)."""
    domain = [from_data(event.type, event.data) for event in events]
    created = domain[0]
    assert isinstance(created, MatchCreated)
    names = [_seat_name(index, spec.name, spec.level) for index, spec in enumerate(created.seats)]
    steps, current = [], 0
    for stored, event in zip(events, domain, strict=True):
        if isinstance(event, RoundStarted):
            current = event.round
        seen = redact(event, viewer, omniscient=viewer is None)
        if round_no is None or current == round_no:
            steps.append(Step(stored.version, current, seen, tuple(_lines(seen, names))))
    return steps


def _seat_name(index: int, name: str | None, level: str | None) -> str:
    return f"s{index} ({name or level})"


def _cards(cards: Sequence[str | None]) -> str:
    return " ".join(card or HIDDEN for card in cards) or "-"


def _lines(event: Event, names: Sequence[str]) -> list[str]:
    return _TELLERS[type(event)](event, names)


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
    ShowdownRevealed: _showdown,
    LifeChanged: _life,
    SeatEliminated: _eliminated,
    RoundEnded: _round_ended,
    MatchEnded: _ended,
    SeedRevealed: _seed,
}
