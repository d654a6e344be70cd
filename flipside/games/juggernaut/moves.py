"""Moves over the wire: what a seat may do now, with its costs, and a body as a command.

`legal_actions` reads the seat's `MatchView` only, so it tells nobody more than the view.

>>> parse_action(2, {"kind": "exchange", "method": "keep", "cards": ["ah", "Jh"]})
Exchange(seat=2, method='keep', cards=('Ah', 'Jh'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON

from .cards import CardError, parse_cards
from .commands import AnswerReveal, Augment, Command, Done, Exchange, ExchangeGold, Reveal
from .prices import MAX_AUGMENT, augment_cost, exchange_cost, picks, replaced
from .state import REFUSAL_COST, REVEAL_COST
from .views import MatchView


def legal_actions(view: MatchView) -> list[JSON]:
    """Every move the viewer may make now, each with what it costs (J20-J28, J34)."""
    if view.viewer is None or view.status == "finished" or view.viewer not in view.awaiting:
        return []
    me = view.me
    if view.phase == "augment":
        return [
            {"kind": "augment", "count": count, "cost": augment_cost(count)}
            for count in range(MAX_AUGMENT + 1)
            if augment_cost(count) <= me.silver
        ]
    if view.phase == "exchange":
        return [*_exchanges(view), *_reveals(view), {"kind": "done"}]
    if view.phase == "reveal":
        refuse = [{"kind": "refuse", "cost": REFUSAL_COST}] if me.silver >= REFUSAL_COST else []
        return [{"kind": "allow"}, *refuse]
    price = view.params.gold_exchange_silver
    return [{"kind": "exchange_gold", "cost": price}, {"kind": "decline_gold"}]


def _exchanges(view: MatchView) -> list[JSON]:
    """Per method: the cards to pick from and the price of every affordable pick (J25)."""
    hand, silver = list(view.hand), view.me.silver
    found = []
    for method in ("individual", "keep", "all"):
        options = [
            {
                "picked": picked,
                "replaced": replaced(method, picked, len(hand)),
                "cost": exchange_cost(method, picked),
            }
            for picked in picks(method, len(hand))
            if exchange_cost(method, picked) <= silver
        ]
        if options:
            found.append(
                {"kind": "exchange", "method": method, "cards": hand if method != "all" else []}
                | {"costs": options}
            )
    return found


def _reveals(view: MatchView) -> list[JSON]:
    if view.viewer != view.juggernaut or view.me.silver < REVEAL_COST:
        return []
    return [
        {"kind": "reveal", "target": seat.seat, "cost": REVEAL_COST}
        for seat in view.seats
        if seat.seat != view.viewer and seat.named is None
    ]


def parse_action(seat: int, body: Mapping[str, Any]) -> Command:
    """The command for ``{"kind": ..., ...}`` from `seat`; `RuleViolation` if malformed."""
    kind = body.get("kind")
    if kind == "augment":
        return Augment(seat, _integer(body, "count"))
    if kind == "exchange":
        return Exchange(seat, _text(body, "method"), _cards(body))
    if kind == "reveal":
        return Reveal(seat, _integer(body, "target"))
    simple = _SIMPLE.get(kind) if isinstance(kind, str) else None
    if simple is None:
        raise RuleViolation("unknown_action", f"Juggernaut has no action {kind!r}")
    return simple(seat)


_SIMPLE: dict[str, Callable[[int], Command]] = {
    "done": Done,
    "allow": lambda seat: AnswerReveal(seat, refuse=False),
    "refuse": lambda seat: AnswerReveal(seat, refuse=True),
    "exchange_gold": lambda seat: ExchangeGold(seat, accept=True),
    "decline_gold": lambda seat: ExchangeGold(seat, accept=False),
}


def _integer(body: Mapping[str, Any], name: str) -> int:
    value = body.get(name)
    if type(value) is not int:
        raise RuleViolation("validation_error", f"{name!r} must be a whole number")
    return value


def _text(body: Mapping[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str):
        raise RuleViolation("validation_error", f"{name!r} must be a string")
    return value


def _cards(body: Mapping[str, Any]) -> tuple[str, ...]:
    value = body.get("cards", [])
    if not isinstance(value, list):
        raise RuleViolation("validation_error", "'cards' must be a list of cards")
    try:
        return parse_cards(value)
    except CardError as error:
        raise RuleViolation("invalid_cards", str(error)) from None
