"""Hold'em's lines of `flipside replay`: each event told in a line or a few, for people.

The events arrive already redacted for the reader (`views.redact`): a card the reader may
not see is None here and shown as ``??``; a redacted auto-bet of another seat is not told.
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
    names = [f"s{seat} ({spec.name or spec.level})" for seat, spec in enumerate(created.seats)]
    return [tuple(_TELLERS[type(event)](event, names)) for event in events]


def _cards(cards: Sequence[str | None] | None) -> str:
    return " ".join(card or HIDDEN for card in cards) if cards else HIDDEN


def _created(e: ev.MatchCreated, names: Sequence[str]) -> list[str]:
    c = e.config
    seeded = ", seeded" if e.seeded else ""
    return [
        f"match {e.match_id} ({e.rules_version}{seeded}): {', '.join(names)}",
        f"blinds {c.small_blind}/{c.big_blind}, stacks {', '.join(map(str, c.starting_stacks))}",
        f"deck commitment sha256(seed) = {e.deck_commitment}",
    ]


def _button(e: ev.ButtonDrawn, names: Sequence[str]) -> list[str]:
    return [f"button draw: {' '.join(e.cards)} -> {names[e.button]}"]


def _hand(e: ev.HandStarted, names: Sequence[str]) -> list[str]:
    return [
        f"== hand {e.hand}: button {names[e.button]}, blinds {e.small_blind}/{e.big_blind}",
        "stacks " + ", ".join(f"s{seat} {stack}" for seat, stack in enumerate(e.stacks)),
    ]


def _shuffled(e: ev.DeckShuffled, _: Sequence[str]) -> list[str]:
    return [f"deck: {_cards(e.order)}"] if e.order else ["deck shuffled"]


def _blind(e: ev.BlindPosted, names: Sequence[str]) -> list[str]:
    all_in = " (all-in)" if e.all_in else ""
    return [f"{names[e.seat]} posts the {e.blind} blind {e.amount}{all_in}"]


def _dealt(e: ev.HoleCardsDealt, names: Sequence[str]) -> list[str]:
    return [f"deal   {names[e.seat]}: {_cards(e.cards)}"]


def _action(e: ev.ActionTaken, names: Sequence[str]) -> list[str]:
    amount = f" to {e.to}" if e.kind in ("bet", "raise") else f" {e.added}" if e.added else ""
    notes = [note for note, on in (("all-in", e.all_in), ("incomplete", e.full is False)) if on]
    if e.auto:
        notes.append("auto-bet")
    note = f" ({', '.join(notes)})" if notes else ""
    return [f"{e.street:7} {names[e.seat]} {e.kind}s{amount}{note}"]


def _auto_set(e: ev.AutoActionSet, names: Sequence[str]) -> list[str]:
    if e.seat is None:
        return []
    to = f" to {e.to}" if e.to is not None else ""
    return [f"auto   {names[e.seat]} sets {e.kind}{to}"]


def _auto_cancelled(e: ev.AutoActionCancelled, names: Sequence[str]) -> list[str]:
    if e.seat is None:
        return []
    return [f"auto   {names[e.seat]}'s auto-bet cancelled ({e.reason})"]


def _timed_out(e: ev.TurnTimedOut, names: Sequence[str]) -> list[str]:
    return [f"timeout {names[e.seat]} after {e.waited_seconds}s"]


def _returned(e: ev.UncalledBetReturned, names: Sequence[str]) -> list[str]:
    return [f"uncalled {e.amount} back to {names[e.seat]}"]


def _round_ended(e: ev.BettingRoundEnded, _: Sequence[str]) -> list[str]:
    pots = "; ".join(
        f"{pot.amount} ({' '.join(f's{seat}' for seat in pot.eligible)})" for pot in e.pots
    )
    return [f"end of the {e.street}: pots {pots}"]


def _burned(e: ev.CardBurned, _: Sequence[str]) -> list[str]:
    return [f"burn   {e.card or HIDDEN}"]


def _board(e: ev.BoardDealt, _: Sequence[str]) -> list[str]:
    return [f"{e.street:7} {' '.join(e.cards)}"]


def _showdown(e: ev.ShowdownStarted, names: Sequence[str]) -> list[str]:
    return ["showdown, in order: " + ", ".join(names[seat] for seat in e.order)]


def _shown(e: ev.HoleCardsShown, names: Sequence[str]) -> list[str]:
    best = " ".join(e.best_five)
    return [f"show   {names[e.seat]}: {_cards(e.cards)} -> {best} ({e.category.replace('_', ' ')})"]


def _mucked(e: ev.HandMucked, names: Sequence[str]) -> list[str]:
    return [f"muck   {names[e.seat]}"]


def _awarded(e: ev.PotAwarded, names: Sequence[str]) -> list[str]:
    pot = "main pot" if e.pot == 0 else f"side pot {e.pot}"
    shares = ", ".join(f"{names[s]} {a}" for s, a in zip(e.winners, e.shares, strict=True))
    return [f"{pot} {e.amount}: {shares}" + (" (uncontested)" if e.uncontested else "")]


def _hand_ended(e: ev.HandEnded, _: Sequence[str]) -> list[str]:
    return ["end of hand: " + ", ".join(f"s{seat} {stack}" for seat, stack in enumerate(e.stacks))]


def _eliminated(e: ev.SeatEliminated, names: Sequence[str]) -> list[str]:
    return [f"out    {names[e.seat]}, place {e.place}"]


def _ended(e: ev.MatchEnded, names: Sequence[str]) -> list[str]:
    return [f"winner {names[e.winner]} after hand {e.hand} ({e.reason.replace('_', ' ')})"]


def _seed(e: ev.SeedRevealed, _: Sequence[str]) -> list[str]:
    return [f"seed revealed: {e.seed}"]


_TELLERS: dict[type[ev.Event], Callable[[Any, Sequence[str]], list[str]]] = {
    ev.MatchCreated: _created,
    ev.ButtonDrawn: _button,
    ev.HandStarted: _hand,
    ev.DeckShuffled: _shuffled,
    ev.BlindPosted: _blind,
    ev.HoleCardsDealt: _dealt,
    ev.ActionTaken: _action,
    ev.AutoActionSet: _auto_set,
    ev.AutoActionCancelled: _auto_cancelled,
    ev.TurnTimedOut: _timed_out,
    ev.UncalledBetReturned: _returned,
    ev.BettingRoundEnded: _round_ended,
    ev.CardBurned: _burned,
    ev.BoardDealt: _board,
    ev.ShowdownStarted: _showdown,
    ev.HoleCardsShown: _shown,
    ev.HandMucked: _mucked,
    ev.PotAwarded: _awarded,
    ev.HandEnded: _hand_ended,
    ev.SeatEliminated: _eliminated,
    ev.MatchEnded: _ended,
    ev.SeedRevealed: _seed,
}
