"""Hands as the Poker Hand History standard writes them (variant ``NT``, no-limit Texas
hold'em): one TOML table per hand, for a ``.phhs`` file of many.

Player ``p1`` is the first seat in the hand after the button and the last player the button
(heads-up, ``p1`` is the big blind), as PokerKit numbers them; blinds are given raw, in that
order. Burns are not written (readers burn their own). Cards the viewer may not see are
``????``. Our provenance is in fields starting with ``_``: the match, the hand, the seat of
each player, the button, the rules version, the seed's commitment and, once revealed, the
seed.

The actions follow PokerKit's order where it differs from ours (docs/rules/holdem.md,
"Reference implementation", differences 5 and 8): when betting ends early with a seat
all-in, the showdown comes before the rest of the board; a lone seat able to act checks
when nothing is owed; seats our showdown passes over show last.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card
from .events import (
    ActionTaken,
    BettingRoundEnded,
    BoardDealt,
    Event,
    HandEnded,
    HandMucked,
    HandStarted,
    HoleCardsDealt,
    HoleCardsShown,
    MatchCreated,
    SeedRevealed,
    ShowdownStarted,
)
from .rules import evolve, initial_state
from .state import Match

HIDDEN = "????"


@dataclass
class _Hand:
    """One hand's PHH fields, built as its events go by."""

    started: HandStarted
    players: tuple[int, ...]  # our seat of p1, p2, ...
    holes: dict[int, str] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    early: bool = False  # betting ended before the river with a showdown to come
    answered: bool = False  # the showdown's answers are written

    def p(self, seat: int) -> str:
        return f"p{self.players.index(seat) + 1}"


def _cards(cards: Sequence[Card | None] | None) -> str:
    if not cards or any(card is None for card in cards):
        return HIDDEN
    return "".join(cards)  # type: ignore[arg-type]


def _lone_check(state: Match, hand: _Hand) -> None:
    """Difference 8: PokerKit asks the one seat left able to act for a check."""
    if sum(state.in_hand) < 2:
        return
    for seat in range(state.seat_count):
        if state.able(seat) and state.acted[seat] is None and state.bets[seat] == state.level:
            hand.actions.append(f"{hand.p(seat)} cc")


def hands_of(events: Sequence[Event]) -> list[_Hand]:
    """Every finished hand of a match's (already redacted) events."""
    state = initial_state()
    hands: list[_Hand] = []
    hand: _Hand | None = None
    for index, event in enumerate(events):
        before, state = state, evolve(state, event)
        if isinstance(event, HandStarted):
            hand = _Hand(event, state.after_button(state.in_match))
        elif hand is None:
            continue
        elif isinstance(event, HoleCardsDealt):
            hand.holes[event.seat] = _cards(event.cards)
        elif isinstance(event, ActionTaken):
            hand.actions.append(_action(hand, event))
        elif isinstance(event, BettingRoundEnded):
            _lone_check(before, hand)
            hand.early = event.street != "river" and _showdown_follows(events[index + 1 :])
        elif isinstance(event, BoardDealt):
            if hand.early and not hand.answered:
                hand.actions += _answers(events[index:], hand)
            hand.actions.append(f"d db {''.join(event.cards)}")
        elif isinstance(event, HoleCardsShown | HandMucked) and not hand.answered:
            hand.actions.append(_answer(hand, event))
        elif isinstance(event, HandEnded):
            hand.actions += _passed_over(state, hand)
            hands.append(hand)
            hand = None
    return hands


def _showdown_follows(later: Sequence[Event]) -> bool:
    for event in later:
        if isinstance(event, ShowdownStarted):
            return True
        if isinstance(event, ActionTaken | HandStarted):
            return False
    return False


def _answers(later: Sequence[Event], hand: _Hand) -> list[str]:
    """Our show-or-muck answers of this hand, written before the run-out (difference 5)."""
    hand.answered = True
    answers = []
    for event in later:
        if isinstance(event, HoleCardsShown | HandMucked):
            answers.append(_answer(hand, event))
        elif isinstance(event, HandEnded):
            break
    return answers


def _answer(hand: _Hand, event: HoleCardsShown | HandMucked) -> str:
    if isinstance(event, HandMucked):
        return f"{hand.p(event.seat)} sm"
    return f"{hand.p(event.seat)} sm {''.join(event.cards)}"


def _passed_over(state: Match, hand: _Hand) -> list[str]:
    """Seats our showdown passed over (H33): PokerKit asks them too; they show what the
    reader may see of them."""
    if not state.showdown_order:
        return []
    return [
        f"{hand.p(seat)} sm {hand.holes.get(seat, HIDDEN)}"
        for seat in state.showdown_order
        if not state.answered[seat]
    ]


def _action(hand: _Hand, event: ActionTaken) -> str:
    who = hand.p(event.seat)
    if event.kind == "fold":
        return f"{who} f"
    if event.kind in ("check", "call"):
        return f"{who} cc"
    return f"{who} cbr {event.to}"


def _toml(value: object) -> str:
    """A TOML value: integers, booleans, strings and arrays of them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string


def phh_text(events: Sequence[Event]) -> str:
    """Every finished hand of a match as PHH tables, named ``"<match id>/<hand>"``."""
    created = events[0]
    assert isinstance(created, MatchCreated)
    seed = next((e.seed for e in events if isinstance(e, SeedRevealed)), None)
    tables = []
    for hand in hands_of(events):
        started = hand.started
        dealt = [f"d dh {hand.p(seat)} {hand.holes.get(seat, HIDDEN)}" for seat in hand.players]
        blinds = [0] * len(hand.players)
        blinds[0], blinds[1] = started.small_blind, started.big_blind
        fields: dict[str, object] = {
            "variant": "NT",
            "ante_trimming_status": False,
            "antes": [0] * len(hand.players),
            "blinds_or_straddles": blinds,
            "min_bet": started.big_blind,
            "starting_stacks": [started.stacks[seat] for seat in hand.players],
            "actions": dealt + hand.actions,
            "hand": started.hand,
            "players": [_name(created, seat) for seat in hand.players],
            "_match_id": created.match_id,
            "_hand": started.hand,
            "_seats": list(hand.players),
            "_button": started.button,
            "_rules_version": created.rules_version,
            "_deck_commitment": created.deck_commitment,
        }
        if seed is not None:
            fields["_seed"] = seed
        body = "".join(f"{name} = {_toml(value)}\n" for name, value in fields.items())
        tables.append(f'["{created.match_id}/{started.hand}"]\n{body}')
    return "\n".join(tables)


def _name(created: MatchCreated, seat: int) -> str:
    spec = created.seats[seat]
    return spec.name or (f"npc:{spec.level}" if spec.kind == "npc" else f"seat {seat}")
