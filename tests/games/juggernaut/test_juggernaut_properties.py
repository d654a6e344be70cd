"""Properties of whole random matches: coins are never negative, every coin that moves has
an event that moves it (J2-J3), no view shows a hand it may not (J42), the audit's own
checks pass, and the csv rows add up."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from flipside.engine.chance import SEED_BYTES
from flipside.engine.codec import encode
from flipside.engine.read_models import EventRecord
from flipside.engine.seats import SeatSpec
from flipside.games.juggernaut import GAME
from flipside.games.juggernaut import events as ev
from flipside.games.juggernaut.audit import audit_checks
from flipside.games.juggernaut.cards import INDEX
from flipside.games.juggernaut.evolve import evolve
from flipside.games.juggernaut.read_models import set_facts

from .random_play import PEOPLE, decisions

OPTIONS = st.fixed_dictionaries(
    {
        "initialSilver": st.sampled_from([0, 10, 40, 99]),
        "reward1": st.sampled_from([0, 15, 99]),
        "reward4": st.sampled_from([0, 5]),
        "winGold": st.sampled_from([1, 3]),
        "goldExchangeSilver": st.sampled_from([1, 10, 99]),
        "maxSets": st.sampled_from([1, 4, 10]),
    }
)
SEATINGS = st.sampled_from(
    [PEOPLE, (PEOPLE[0], *[SeatSpec("npc", level=level) for level in ("easy", "normal", "hard")])]
)
MATCHES = st.tuples(st.binary(min_size=SEED_BYTES, max_size=SEED_BYTES), OPTIONS,
                    st.integers(0, 2**32), SEATINGS)  # fmt: skip


def _moved(state: Any, event: ev.Event) -> tuple[list[int], list[int]]:
    """The coins after `event` by the amounts it states alone."""
    silver = [seat.silver for seat in state.seats]
    gold = [seat.gold for seat in state.seats]
    match event:
        case ev.HandAugmented(seat=seat, cost=cost) | ev.CardsExchanged(seat=seat, cost=cost):
            silver[seat] -= cost
        case (
            ev.RevealRequested(juggernaut=seat, cost=cost)
            | ev.RevealRefused(target=seat, cost=cost)
        ):
            silver[seat] -= cost
        case ev.SilverConfiscated(seat=seat, amount=amount):
            silver[seat] -= amount
        case ev.GoldExchanged(seat=seat, cost=cost):
            silver[seat] -= cost
            gold[seat] += 1
        case ev.RewardPaid(seat=seat, total=total):
            silver[seat] += total
    return silver, gold


@settings(max_examples=40, deadline=None)
@given(match=MATCHES)
def test_coins_never_go_negative_and_move_only_with_an_event(match) -> None:
    seed, options, moves, seats = match
    for before, events, _ in decisions(seed, options, moves, seats):
        state = before
        for event in events:
            expected = _moved(state, event) if state.seats else None
            state = evolve(state, event)
            silver = [seat.silver for seat in state.seats]
            gold = [seat.gold for seat in state.seats]
            assert min(silver + gold) >= 0, event
            if expected is not None:
                assert (silver, gold) == expected, event


def _card_strings(value: Any) -> set[str]:
    text = json.dumps(value)
    return {card for card in INDEX if f'"{card}"' in text}


@settings(max_examples=25, deadline=None)
@given(match=MATCHES)
def test_no_view_shows_a_hand_it_may_not(match) -> None:
    """A seat's view names no card but its own hand and discards, the hands shown to it as
    Juggernaut, and the hands shown at a set's results (J42)."""
    seed, options, moves, seats = match
    for _, _, state in decisions(seed, options, moves, seats):
        if state.phase == "over":
            continue
        for viewer in (0, 1, 2, 3, None):
            body = GAME.view_json(GAME.view(state, viewer))
            allowed = _card_strings(body["results"]) if body["results"] else set()
            for index, seat in enumerate(body["seats"]):
                if index != viewer:
                    assert seat["cards"] is None and seat["discards"] is None
            if viewer is not None:
                mine = state.seats[viewer]
                allowed |= set(mine.hand) | set(mine.discards)
                if viewer == state.juggernaut:
                    allowed |= {card for _, hand in state.snapshots for card in hand}
            else:
                assert body["snapshots"] == []
            assert _card_strings(body) <= allowed, viewer
            assert body["seed"] is None


@settings(max_examples=25, deadline=None)
@given(match=MATCHES)
def test_the_audit_checks_pass_and_the_set_rows_add_up(match) -> None:
    seed, options, moves, seats = match
    events = [event for _, more, _ in decisions(seed, options, moves, seats) for event in more]
    assert audit_checks(list(enumerate(events, start=1)), seed) == []
    rows = set_facts([EventRecord(*encode(GAME, event)[:2]) for event in events])
    for row in rows:
        spent = sum(
            row[name]
            for name in (
                "augment_cost",
                "exchange_cost",
                "reveal_cost",
                "refusal_cost",
                "confiscated",
                "gold_cost",
            )
        )
        assert row["silver_after"] == row["silver_before"] - spent + row["reward"], row
        assert row["reward"] == row["base_reward"] + row["defeat_bonus"] + row["hand_bonus"]
