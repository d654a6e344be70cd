"""`evolve(state, event) -> state`: one event applied, purely, so the events rebuild any
match. Evolvers trust their events and never check them against the state (the decider
did), so a record whose secrets are hidden or moved still folds."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from typing import Any

from flipside.engine.frozen import replace

from . import events as ev
from .evaluator import CATEGORIES
from .state import GoldChoice, Match, Results, Reward, SeatState

Changes = dict[str, Any]


def _seat(state: Match, index: int, **changes: Any) -> tuple[SeatState, ...]:
    seats = list(state.seats)
    seats[index] = replace(seats[index], **changes)
    return tuple(seats)


def _cards(cards: Iterable[str | None] | None) -> tuple[str, ...]:
    return tuple(card for card in cards or () if card is not None)


def _match_created(state: Match, event: ev.MatchCreated) -> Changes:
    silver = event.params.initial_silver
    return {
        "match_id": event.match_id,
        "params": event.params,
        "seats": tuple(SeatState(spec, silver=silver) for spec in event.seats),
        "seed": bytes.fromhex(event.seed or ""),
        "seeded": event.seeded,
        "deck_commitment": event.deck_commitment,
        "turn_timeout_seconds": event.turn_timeout_seconds,
    }


_NEW_SET_SEAT: Changes = {
    "hand": (),
    "augmented": None,
    "exchanges": 0,
    "discards": (),
    "done": False,
    "named": None,
    "gold_decided": False,
}


def _set_started(state: Match, event: ev.SetStarted) -> Changes:
    return {
        "set_no": event.set_no,
        "phase": "deal",
        "juggernaut": event.juggernaut,
        "turn_order": event.turn_order,
        "turn": 0,
        "seats": tuple(replace(seat, **_NEW_SET_SEAT) for seat in state.seats),
        "deck": (),
        "pile": (),
        "snapshots": (),
        "exchanges_in_turn": 0,
        "spent_in_turn": 0,
    }


def _deck_shuffled(state: Match, event: ev.DeckShuffled) -> Changes:
    return {"deck": _cards(event.cards)}


def _cards_dealt(state: Match, event: ev.CardsDealt) -> Changes:
    seats = tuple(
        replace(seat, hand=_cards(hand))
        for seat, hand in zip(state.seats, event.hands, strict=True)
    )
    dealt = sum(len(hand) for hand in event.hands)
    return {"seats": seats, "deck": state.deck[dealt:], "phase": "augment"}


def _next_turn(state: Match, lap_over: str) -> Changes:
    turn = state.turn + 1
    if turn < len(state.turn_order):
        return {"turn": turn}
    return {"turn": 0, "phase": lap_over}


def _hand_augmented(state: Match, event: ev.HandAugmented) -> Changes:
    holder = state.seats[event.seat]
    seats = _seat(
        state,
        event.seat,
        silver=event.silver,
        hand=holder.hand + _cards(event.drawn),
        augmented=event.count,
    )
    return {"seats": seats, "deck": state.deck[event.count :], **_next_turn(state, "exchange")}


def _reveal_requested(state: Match, event: ev.RevealRequested) -> Changes:
    return {
        "seats": _seat(state, event.juggernaut, silver=event.silver),
        "phase": "reveal",
        "target": event.target,
        "spent_in_turn": state.spent_in_turn + event.cost,
    }


def _reveal_refused(state: Match, event: ev.RevealRefused) -> Changes:
    seats = _seat(state, event.target, silver=event.silver, named="refused")
    return {"seats": seats, "phase": "exchange", "target": None}


def _hand_revealed(state: Match, event: ev.HandRevealed) -> Changes:
    snapshot = (event.target, _cards(event.cards))
    return {
        "seats": _seat(state, event.target, named="allowed"),
        "phase": "exchange",
        "target": None,
        "snapshots": (*state.snapshots, snapshot),
    }


def _discards_reshuffled(state: Match, event: ev.DiscardsReshuffled) -> Changes:
    return {
        "deck": state.deck + _cards(event.cards),
        "pile": (),
        "reshuffles": state.reshuffles + 1,
    }


def _cards_exchanged(state: Match, event: ev.CardsExchanged) -> Changes:
    holder = state.seats[event.seat]
    discarded = _cards(event.discarded)
    seats = _seat(
        state,
        event.seat,
        silver=event.silver,
        hand=_cards(event.hand),
        discards=holder.discards + discarded,
        exchanges=holder.exchanges + 1,
    )
    return {
        "seats": seats,
        "deck": state.deck[event.count :],
        "pile": state.pile + discarded,
        "exchanges_in_turn": event.number,
        "spent_in_turn": state.spent_in_turn + event.cost,
    }


def _exchange_turn_ended(state: Match, event: ev.ExchangeTurnEnded) -> Changes:
    changes = {"seats": _seat(state, event.seat, done=True), "exchanges_in_turn": 0}
    return changes | {"spent_in_turn": 0} | _next_turn(state, "results")


def _nothing(state: Match, event: ev.Event) -> Changes:
    return {}


def _hands_shown(state: Match, event: ev.HandsShown) -> Changes:
    seats = tuple(
        replace(seat, hand=hand) for seat, hand in zip(state.seats, event.hands, strict=True)
    )
    results = Results(
        event.set_no,
        event.hands,
        event.strengths,
        tuple(CATEGORIES[value] for value in event.strengths),
        event.fives,
        event.jokers,
        gold=(None,) * len(state.seats),
    )
    return {"seats": seats, "results": results}


def _result(state: Match, **changes: Any) -> Changes:
    assert state.results is not None
    return {"results": replace(state.results, **changes)}


def _set_ranked(state: Match, event: ev.SetRanked) -> Changes:
    return _result(
        state,
        hand_ranking=event.hand_ranking,
        final_ranking=event.final_ranking,
        demoted=event.demoted,
        beat_juggernaut=event.beat_juggernaut,
    )


def _silver_confiscated(state: Match, event: ev.SilverConfiscated) -> Changes:
    holder = state.seats[event.seat]
    seats = _seat(state, event.seat, silver=holder.silver - event.amount)
    confiscated = (event.seat, event.amount)
    return {"seats": seats, "phase": "gold", **_result(state, confiscated=confiscated)}


def _gold_chosen(state: Match, seat: int, choice: GoldChoice) -> Changes:
    assert state.results is not None
    gold = list(state.results.gold)
    gold[seat] = choice
    return _result(state, gold=tuple(gold))


def _gold_exchanged(state: Match, event: ev.GoldExchanged) -> Changes:
    seats = _seat(state, event.seat, silver=event.silver, gold=event.gold, gold_decided=True)
    return {"seats": seats, **_gold_chosen(state, event.seat, "exchanged")}


def _gold_exchange_declined(state: Match, event: ev.GoldExchangeDeclined) -> Changes:
    seats = _seat(state, event.seat, gold_decided=True)
    return {"seats": seats, **_gold_chosen(state, event.seat, "declined")}


def _reward_paid(state: Match, event: ev.RewardPaid) -> Changes:
    assert state.results is not None
    reward = Reward(
        event.seat,
        event.place,
        event.base,
        event.defeat_bonus,
        event.hand_bonus,
        event.total,
        event.silver,
    )
    seats = _seat(state, event.seat, silver=event.silver)
    rewards = (*state.results.rewards, reward)
    return {"seats": seats, "phase": "rewards", **_result(state, rewards=rewards)}


def _juggernaut_crowned(state: Match, event: ev.JuggernautCrowned) -> Changes:
    return {"juggernaut": event.seat, **_result(state, crowned=event.seat)}


def _match_ended(state: Match, event: ev.MatchEnded) -> Changes:
    return {"phase": "over", "winner": event.winner, "places": event.places}


def _seed_revealed(state: Match, event: ev.SeedRevealed) -> Changes:
    return {"seed_revealed": True}


_EVOLVERS: dict[type[ev.Event], Callable[[Match, Any], Changes]] = {
    ev.MatchCreated: _match_created,
    ev.SetStarted: _set_started,
    ev.DeckShuffled: _deck_shuffled,
    ev.CardsDealt: _cards_dealt,
    ev.HandAugmented: _hand_augmented,
    ev.RevealRequested: _reveal_requested,
    ev.RevealRefused: _reveal_refused,
    ev.HandRevealed: _hand_revealed,
    ev.DiscardsReshuffled: _discards_reshuffled,
    ev.CardsExchanged: _cards_exchanged,
    ev.ExchangeTurnEnded: _exchange_turn_ended,
    ev.TurnTimedOut: _nothing,
    ev.HandsShown: _hands_shown,
    ev.SetRanked: _set_ranked,
    ev.SilverConfiscated: _silver_confiscated,
    ev.GoldExchanged: _gold_exchanged,
    ev.GoldExchangeDeclined: _gold_exchange_declined,
    ev.RewardPaid: _reward_paid,
    ev.JuggernautCrowned: _juggernaut_crowned,
    ev.SetEnded: _nothing,
    ev.MatchEnded: _match_ended,
    ev.SeedRevealed: _seed_revealed,
}

# The people choosing at the gold exchange choose side by side (J34): one's choice starts no
# new wait for the others.
_WITHIN_A_WAIT = (ev.GoldExchanged, ev.GoldExchangeDeclined, ev.TurnTimedOut)


def evolve(state: Match, event: ev.Event) -> Match:
    """The state after `event`; the version counts every event applied."""
    changes = _EVOLVERS[type(event)](state, event)
    version = changes["version"] = state.version + 1
    if type(event) not in _WITHIN_A_WAIT:
        changes["turn_started"] = version
    return replace(state, **changes)


def replay(events: Iterable[ev.Event]) -> Match:
    """Rebuild a match from its events."""
    return reduce(evolve, events, Match())
