"""Moves over the wire: the legal choices with their costs, bodies parsed into commands or
refused with a stable code, and the view's JSON (hidden hands as null)."""

from __future__ import annotations

import pytest

from flipside.engine.errors import RuleViolation
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut.commands import (
    AnswerReveal,
    Augment,
    Done,
    Exchange,
    ExchangeGold,
    Reveal,
)
from flipside.games.juggernaut.rules import execute

from .table import laid_out, play


def test_augmentation_lists_the_affordable_counts_with_their_costs() -> None:
    state = laid_out(silver=(5, 10, 10, 10), juggernaut=None, order=(0, 1, 2, 3), top=())
    assert GAME.legal_actions(state, 0) == [
        {"kind": "augment", "count": 0, "cost": 0},
        {"kind": "augment", "count": 1, "cost": 1},
        {"kind": "augment", "count": 2, "cost": 2},
        {"kind": "augment", "count": 3, "cost": 4},
    ]
    assert GAME.legal_actions(state, 1) == []


def test_an_exchange_turn_lists_each_method_its_prices_reveals_and_done() -> None:
    state = laid_out(silver=(4, 10, 0, 10), juggernaut=0, order=(0, 1, 2, 3), top=())
    _, state = play(state, [Augment(seat, 0) for seat in range(4)])
    actions = GAME.legal_actions(state, 0)
    hand = list(state.seats[0].hand)
    individual, keep, every, *reveals, done = actions
    assert individual == {
        "kind": "exchange",
        "method": "individual",
        "cards": hand,
        "costs": [
            {"picked": 1, "replaced": 1, "cost": 1},
            {"picked": 2, "replaced": 2, "cost": 2},
            {"picked": 3, "replaced": 3, "cost": 4},
        ],
    }
    assert keep["costs"][-1] == {"picked": 3, "replaced": 2, "cost": 4}
    assert every == {
        "kind": "exchange",
        "method": "all",
        "cards": [],
        "costs": [{"picked": 0, "replaced": 5, "cost": 1}],
    }
    assert reveals == [{"kind": "reveal", "target": seat, "cost": 1} for seat in (1, 2, 3)]
    assert done == {"kind": "done"}
    _, pending = execute(state, Reveal(0, 1))
    assert GAME.legal_actions(pending, 1) == [{"kind": "allow"}, {"kind": "refuse", "cost": 1}]
    assert GAME.legal_actions(pending, 0) == []


BODIES = [
    ({"kind": "augment", "count": 2}, Augment(3, 2)),
    ({"kind": "exchange", "method": "all"}, Exchange(3, "all", ())),
    ({"kind": "exchange", "method": "individual", "cards": ["ah", "JK"]},
     Exchange(3, "individual", ("Ah", "JK"))),
    ({"kind": "reveal", "target": 1}, Reveal(3, 1)),
    ({"kind": "done"}, Done(3)),
    ({"kind": "allow"}, AnswerReveal(3, refuse=False)),
    ({"kind": "refuse"}, AnswerReveal(3, refuse=True)),
    ({"kind": "exchange_gold"}, ExchangeGold(3, accept=True)),
    ({"kind": "decline_gold"}, ExchangeGold(3, accept=False)),
]  # fmt: skip


@pytest.mark.parametrize(("body", "command"), BODIES)
def test_bodies_become_commands(body: dict, command: object) -> None:
    assert GAME.parse_action(3, body) == command


MALFORMED = [
    ({"kind": "fold"}, "unknown_action"),
    ({}, "unknown_action"),
    ({"kind": ["done"]}, "unknown_action"),
    ({"kind": "augment"}, "validation_error"),
    ({"kind": "augment", "count": "2"}, "validation_error"),
    ({"kind": "augment", "count": True}, "validation_error"),
    ({"kind": "exchange"}, "validation_error"),
    ({"kind": "exchange", "method": "all", "cards": "Ah"}, "validation_error"),
    ({"kind": "exchange", "method": "keep", "cards": ["Xx"]}, "invalid_cards"),
    ({"kind": "exchange", "method": "keep", "cards": [None]}, "invalid_cards"),
    ({"kind": "reveal", "target": "1"}, "validation_error"),
]


@pytest.mark.parametrize(("body", "code"), MALFORMED)
def test_malformed_bodies_are_refused(body: dict, code: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        GAME.parse_action(0, body)
    assert refusal.value.code == code


def test_the_view_shows_coins_the_juggernaut_counts_and_hidden_hands_as_null() -> None:
    state = laid_out(silver=(9, 10, 11, 12), gold=(0, 1, 2, 0), juggernaut=2,
                     order=(2, 3, 0, 1), top=())  # fmt: skip
    body = GAME.view_json(GAME.view(state, 0))
    assert body["juggernaut"] == 2 and body["turn_order"] == [2, 3, 0, 1]
    assert [seat["silver"] for seat in body["seats"]] == [9, 10, 11, 12]
    assert [seat["gold"] for seat in body["seats"]] == [0, 1, 2, 0]
    assert [seat["card_count"] for seat in body["seats"]] == [5, 5, 5, 5]
    assert [seat["gold_ready"] for seat in body["seats"]] == [False, True, True, True]
    assert len(body["seats"][0]["cards"]) == 5 and body["seats"][0]["category"]
    assert all(seat["cards"] is None for seat in body["seats"][1:])
    assert body["to_act"] == 2 and body["awaiting"] == [2]
    assert body["params"]["goldExchangeSilver"] == 10
