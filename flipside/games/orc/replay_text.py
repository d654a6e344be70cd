"""Orc Poker's lines of `flipside replay`: each event told in a line or a few, for people.

The events arrive already redacted for the reader (`views.redact`): a card the reader may not
see is None here and shown as ``??``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import events as ev

HIDDEN = "??"


def replay_lines(events: Sequence[ev.Event]) -> list[tuple[str, ...]]:
    """The lines of each event of a match, which begins with its `MatchCreated`."""
    created = events[0]
    assert isinstance(created, ev.MatchCreated)
    names = [f"s{index} ({spec.name or spec.level})" for index, spec in enumerate(created.seats)]
    return [tuple(_TELLERS[type(event)](event, names)) for event in events]


def _cards(cards: Sequence[int | None] | None) -> str:
    if cards is None:
        return HIDDEN
    return " ".join(HIDDEN if card is None else str(card) for card in cards) or "-"


def _created(event: ev.MatchCreated, names: Sequence[str]) -> list[str]:
    options = ", escalating fee" if event.escalating_fee else ""
    seeded = ", seeded" if event.seeded else ""
    return [
        f"match {event.match_id} ({event.rules_version}{seeded}): {', '.join(names)}",
        f"{event.rounds} rounds, {event.start_chips} chips each{options}",
        f"deck commitment sha256(seed) = {event.deck_commitment}",
    ]


def _round(event: ev.RoundStarted, names: Sequence[str]) -> list[str]:
    return [f"== round {event.round}: fee {event.fee}, pot carried in {event.pot}"]


def _paid(event: ev.ChipsPaid, names: Sequence[str]) -> list[str]:
    short = f", {event.shortfall} short" if event.shortfall else ""
    reason = event.reason.replace("_", " ")
    return [
        f"pay    {names[event.seat]}: {event.paid} ({reason}{short}) -> {event.chips}; "
        f"pot {event.pot}"
    ]


def _shuffled(event: ev.DeckShuffled, names: Sequence[str]) -> list[str]:
    what = "the deck" if event.purpose == "round" else f"phase {event.phase}'s action deck"
    return [f"shuffle {what}: {event.count} cards"]


def _dealt(event: ev.CardsDealt, names: Sequence[str]) -> list[str]:
    lines = [f"deal   {names[seat]}: {_cards(hand)}" for seat, hand in enumerate(event.hands)]
    return [*lines, f"round deck: {event.round_deck} cards"]


def _sealed(event: ev.SealedChoiceMade, names: Sequence[str]) -> list[str]:
    card = HIDDEN if event.number is None else str(event.number)
    return [f"{event.kind:7.7} {names[event.seat]}: lays {card} face down"]


def _opened(event: ev.OpeningRevealed, names: Sequence[str]) -> list[str]:
    shown = ", ".join(f"{names[seat]} {number}" for seat, number in enumerate(event.numbers))
    tied = f"; tied: {' '.join(f's{seat}' for seat in event.tied)}" if event.tied else ""
    return [f"openings: {shown}{tied}"]


def _tiebroken(event: ev.TieBreakRevealed, names: Sequence[str]) -> list[str]:
    lines = []
    for seat, number, stacked, sequence in zip(
        event.seats, event.numbers, event.stacked, event.sequences, strict=True
    ):
        laid = "nothing" if number is None else f"{number}" + (" (stacked)" if stacked else "")
        lines.append(f"tie-break {event.step} {names[seat]}: {laid} -> {_cards(sequence)}")
    return lines


def _refilled(event: ev.HandRefilled, names: Sequence[str]) -> list[str]:
    return [f"refill {names[event.seat]}: {_cards(event.numbers)}; round deck {event.round_deck}"]


def _started(event: ev.StartPlayerChosen, names: Sequence[str]) -> list[str]:
    by = event.by.replace("_", " ")
    return [f"start  {names[event.seat]} for phase {event.phase} ({by})"]


def _phase(event: ev.ActionPhaseStarted, names: Sequence[str]) -> list[str]:
    order = " ".join(f"s{seat}" for seat in event.turn_order)
    return [f"-- phase {event.phase}: order {order}; {len(event.contributors)} contributions"]


def _drawn(event: ev.CardDrawn, names: Sequence[str]) -> list[str]:
    bust = ": bust" if event.busted else ""
    return [f"draw   {names[event.seat]}: {event.number}{bust}"]


def _gave_up(event: ev.GaveUp, names: Sequence[str]) -> list[str]:
    return [f"give up {names[event.seat]} (cost {event.cost})"]


def _passed(event: ev.TurnPassed, names: Sequence[str]) -> list[str]:
    return [f"pass   {names[event.seat]}: the action deck is empty"]


def _out(event: ev.PlayerOut, names: Sequence[str]) -> list[str]:
    return [f"out    {names[event.seat]} ({event.reason.replace('_', ' ')}): row face down"]


def _discarded(event: ev.ActionCardsDiscarded, names: Sequence[str]) -> list[str]:
    return [f"discard {event.count} undrawn: {_cards(event.numbers)}"]


def _awarded(event: ev.PotAwarded, names: Sequence[str]) -> list[str]:
    who = ", ".join(names[seat] for seat in event.seats)
    kept = f"; {event.remainder} stays in the pot" if event.remainder else ""
    return [f"pot    {event.amount} to each of {who} ({event.reason.replace('_', ' ')}){kept}"]


def _timed_out(event: ev.TurnTimedOut, names: Sequence[str]) -> list[str]:
    return [f"timeout {names[event.seat]}: no {event.phase} move in {event.waited_seconds}s"]


def _round_ended(event: ev.RoundEnded, names: Sequence[str]) -> list[str]:
    chips = ", ".join(f"s{seat} {count}" for seat, count in enumerate(event.chips))
    last = "; a payment fell short: last round" if event.shortfall else ""
    return [f"end of round {event.round}: chips {chips}; pot {event.pot}{last}"]


def _ended(event: ev.MatchEnded, names: Sequence[str]) -> list[str]:
    winners = ", ".join(names[seat] for seat in event.winners)
    return [f"winner(s) {winners} after round {event.round} ({event.reason})"]


def _seed(event: ev.SeedRevealed, names: Sequence[str]) -> list[str]:
    return [f"seed revealed: {event.seed}"]


_TELLERS: dict[type[ev.Event], Callable[[Any, Sequence[str]], list[str]]] = {
    ev.MatchCreated: _created,
    ev.RoundStarted: _round,
    ev.ChipsPaid: _paid,
    ev.DeckShuffled: _shuffled,
    ev.CardsDealt: _dealt,
    ev.SealedChoiceMade: _sealed,
    ev.OpeningRevealed: _opened,
    ev.TieBreakRevealed: _tiebroken,
    ev.HandRefilled: _refilled,
    ev.StartPlayerChosen: _started,
    ev.ActionPhaseStarted: _phase,
    ev.CardDrawn: _drawn,
    ev.GaveUp: _gave_up,
    ev.TurnPassed: _passed,
    ev.PlayerOut: _out,
    ev.ActionCardsDiscarded: _discarded,
    ev.PotAwarded: _awarded,
    ev.TurnTimedOut: _timed_out,
    ev.RoundEnded: _round_ended,
    ev.MatchEnded: _ended,
    ev.SeedRevealed: _seed,
}
