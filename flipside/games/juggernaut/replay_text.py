"""Juggernaut's lines of `flipside replay`: each event told in a line or a few, for people.

The events arrive already redacted for the reader (`views.redact`): a card the reader may
not see is None here and shown as ``??``; a list hidden whole is told by its size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import events as ev
from .evaluator import CATEGORIES
from .params import as_options

HIDDEN = "??"
Names = Sequence[str]


def replay_lines(events: Sequence[ev.Event]) -> list[tuple[str, ...]]:
    """The lines of each event of a match, which begins with its `MatchCreated`."""
    created = events[0]
    assert isinstance(created, ev.MatchCreated)
    names = [f"s{index} ({spec.name or spec.level})" for index, spec in enumerate(created.seats)]
    return [tuple(_TELLERS[type(event)](event, names)) for event in events]


def _cards(cards: Sequence[str | None] | None) -> str:
    return " ".join(card or HIDDEN for card in cards or ()) or "-"


def _created(event: ev.MatchCreated, names: Names) -> list[str]:
    seeded = ", seeded" if event.seeded else ""
    chosen = ", ".join(f"{name}={value}" for name, value in as_options(event.params).items())
    return [
        f"match {event.match_id} ({event.rules_version}{seeded}): {', '.join(names)}",
        f"parameters: {chosen}",
        f"deck commitment sha256(seed) = {event.deck_commitment}",
    ]


def _coins(silver: Sequence[int], gold: Sequence[int]) -> str:
    pairs = enumerate(zip(silver, gold, strict=True))
    return ", ".join(f"s{seat} {coins[0]}s/{coins[1]}g" for seat, coins in pairs)


def _set_started(event: ev.SetStarted, names: Names) -> list[str]:
    order = " ".join(f"s{seat}" for seat in event.turn_order)
    juggernaut = event.juggernaut
    champion = "no Juggernaut" if juggernaut is None else f"Juggernaut s{juggernaut}"
    coins = _coins(event.silver, event.gold)
    return [f"set {event.set_no}: {champion}, turn order {order}; {coins}"]


def _deck_shuffled(event: ev.DeckShuffled, _: Names) -> list[str]:
    return [f"  deck shuffled ({event.count} cards): {_cards(event.cards)}"]


def _dealt(event: ev.CardsDealt, names: Names) -> list[str]:
    return [f"  {names[seat]} dealt {_cards(hand)}" for seat, hand in enumerate(event.hands)]


def _augmented(event: ev.HandAugmented, names: Names) -> list[str]:
    return [
        f"  {names[event.seat]} augments +{event.count} for {event.cost} "
        f"(silver {event.silver}): {_cards(event.drawn)}"
    ]


def _reveal_requested(event: ev.RevealRequested, names: Names) -> list[str]:
    return [
        f"  {names[event.juggernaut]} reveals {names[event.target]} for {event.cost} "
        f"(silver {event.silver})"
    ]


def _reveal_refused(event: ev.RevealRefused, names: Names) -> list[str]:
    return [f"  {names[event.target]} refuses for {event.cost} (silver {event.silver})"]


def _revealed(event: ev.HandRevealed, names: Names) -> list[str]:
    how = "has no silver to refuse" if event.automatic else "allows"
    return [
        f"  {names[event.target]} {how}: shown to {names[event.juggernaut]}: {_cards(event.cards)}"
    ]


def _reshuffled(event: ev.DiscardsReshuffled, _: Names) -> list[str]:
    return [
        f"  {event.count} discards shuffled under the deck ({event.deck_count} cards): "
        f"{_cards(event.cards)}"
    ]


def _exchanged(event: ev.CardsExchanged, names: Names) -> list[str]:
    return [
        f"  {names[event.seat]} exchange {event.number}: {event.method}, {event.count} cards "
        f"for {event.cost} (silver {event.silver}): discards {_cards(event.discarded)}, "
        f"draws {_cards(event.drawn)}"
    ]


def _turn_ended(event: ev.ExchangeTurnEnded, names: Names) -> list[str]:
    return [
        f"  {names[event.seat]} done: {event.exchanges} exchange(s), {event.spent} silver spent"
    ]


def _timed_out(event: ev.TurnTimedOut, names: Names) -> list[str]:
    return [f"  {names[event.seat]} timed out in the {event.phase} phase"]


def _shown(event: ev.HandsShown, names: Names) -> list[str]:
    lines = []
    for seat, hand in enumerate(event.hands):
        jokers = f" (jokers as {' '.join(event.jokers[seat])})" if event.jokers[seat] else ""
        lines.append(
            f"  {names[seat]} shows {_cards(hand)}: {CATEGORIES[event.strengths[seat]]} "
            f"({event.strengths[seat]}) with {_cards(event.fives[seat])}{jokers}"
        )
    return lines


def _ranked(event: ev.SetRanked, names: Names) -> list[str]:
    ranking = " ".join(f"s{seat}" for seat in event.hand_ranking)
    final = " ".join(f"s{seat}" for seat in event.final_ranking)
    lines = [f"  hand ranking {ranking}; final places {final}"]
    if event.demoted is not None:
        beaten = " ".join(f"s{seat}" for seat in event.beat_juggernaut)
        lines.append(f"  the Juggernaut {names[event.demoted]} is demoted, beaten by {beaten}")
    return lines


def _confiscated(event: ev.SilverConfiscated, names: Names) -> list[str]:
    return [f"  {names[event.seat]} loses its {event.amount} silver"]


def _gold(event: ev.GoldExchanged, names: Names) -> list[str]:
    return [
        f"  {names[event.seat]} pays {event.cost} silver for gold "
        f"(silver {event.silver}, gold {event.gold})"
    ]


def _declined(event: ev.GoldExchangeDeclined, names: Names) -> list[str]:
    return [f"  {names[event.seat]} keeps its silver"]


def _reward(event: ev.RewardPaid, names: Names) -> list[str]:
    return [
        f"  {names[event.seat]} place {event.place}: {event.base} + {event.defeat_bonus} "
        f"defeat + {event.hand_bonus} hand = {event.total} (silver {event.silver})"
    ]


def _crowned(event: ev.JuggernautCrowned, names: Names) -> list[str]:
    how = "keeps the title" if event.kept else "is the new Juggernaut"
    return [f"  {names[event.seat]} {how}"]


def _set_ended(event: ev.SetEnded, _: Names) -> list[str]:
    return [f"set {event.set_no} ends: {_coins(event.silver, event.gold)}"]


def _ended(event: ev.MatchEnded, names: Names) -> list[str]:
    places = ", ".join(f"s{seat} {place}" for seat, place in enumerate(event.places))
    return [f"{names[event.winner]} wins after set {event.set_no} ({event.reason}); {places}"]


def _seed(event: ev.SeedRevealed, _: Names) -> list[str]:
    return [f"seed revealed: {event.seed}"]


_TELLERS: dict[type[ev.Event], Callable[[Any, Names], list[str]]] = {
    ev.MatchCreated: _created,
    ev.SetStarted: _set_started,
    ev.DeckShuffled: _deck_shuffled,
    ev.CardsDealt: _dealt,
    ev.HandAugmented: _augmented,
    ev.RevealRequested: _reveal_requested,
    ev.RevealRefused: _reveal_refused,
    ev.HandRevealed: _revealed,
    ev.DiscardsReshuffled: _reshuffled,
    ev.CardsExchanged: _exchanged,
    ev.ExchangeTurnEnded: _turn_ended,
    ev.TurnTimedOut: _timed_out,
    ev.HandsShown: _shown,
    ev.SetRanked: _ranked,
    ev.SilverConfiscated: _confiscated,
    ev.GoldExchanged: _gold,
    ev.GoldExchangeDeclined: _declined,
    ev.RewardPaid: _reward,
    ev.JuggernautCrowned: _crowned,
    ev.SetEnded: _set_ended,
    ev.MatchEnded: _ended,
    ev.SeedRevealed: _seed,
}
