"""A set's results (J30-J40): show and rank, demotion, confiscation, the gold exchange, the
rewards, the next Juggernaut and the end of the match, or the next set."""

from __future__ import annotations

from .dealing import start_set
from .decision import Decision
from .evaluator import HAND_BONUS, best_five, strength
from .events import (
    GoldExchanged,
    HandsShown,
    JuggernautCrowned,
    MatchEnded,
    RewardPaid,
    SeedRevealed,
    SetEnded,
    SetRanked,
    SilverConfiscated,
)
from .state import Match, Results


def show_and_rank(decision: Decision) -> None:
    """After the last exchange turn: J31-J34, then the rest unless people must choose gold."""
    state = decision.state
    hands = tuple(seat.hand for seat in state.seats)
    strengths = tuple(strength(hand) for hand in hands)
    fives = tuple(best_five(hand) for hand in hands)
    decision.emit(
        HandsShown(
            state.set_no,
            hands,
            strengths,
            tuple(five.cards for five in fives),
            tuple(five.jokers for five in fives),
        )
    )
    decision.emit(_ranked(state, strengths))
    fourth = _results(decision.state).final_ranking[-1]
    decision.emit(SilverConfiscated(state.set_no, fourth, state.seats[fourth].silver))  # J33
    for seat in state.turn_order:  # J34: the computer seats exchange first, in turn order
        holder = decision.state.seats[seat]
        if holder.spec.kind == "npc" and holder.silver >= state.params.gold_exchange_silver:
            exchange_gold(decision, seat)
    if not decision.state.gold_awaited:
        finish_set(decision)


def _results(state: Match) -> Results:
    assert state.results is not None, "the hands are shown first"
    return state.results


def _ranked(state: Match, strengths: tuple[int, ...]) -> SetRanked:
    # sorted() is stable and the turn order is its input: equal strengths keep it (J15).
    ranking = tuple(sorted(state.turn_order, key=lambda seat: -strengths[seat]))
    juggernaut = state.juggernaut
    if juggernaut is None:
        return SetRanked(state.set_no, ranking, ranking, None, ())
    beaten = tuple(seat for seat in ranking if strengths[seat] > strengths[juggernaut])  # J37
    if not beaten:
        return SetRanked(state.set_no, ranking, ranking, None, ())
    final = (*(seat for seat in ranking if seat != juggernaut), juggernaut)  # J32
    return SetRanked(state.set_no, ranking, final, juggernaut, beaten)


def exchange_gold(decision: Decision, seat: int) -> None:
    """`seat` pays G silver for one gold (J34)."""
    state = decision.state
    holder, price = state.seats[seat], state.params.gold_exchange_silver
    decision.emit(GoldExchanged(state.set_no, seat, price, holder.silver - price, holder.gold + 1))


def finish_set(decision: Decision) -> None:
    """J36-J40: rewards, the next Juggernaut, the end of the set, of the match or the next."""
    state = decision.state
    ranked = shown = _results(state)
    for place, seat in enumerate(ranked.final_ranking, start=1):
        base = state.params.rewards[place - 1]
        defeat = int(seat in ranked.beat_juggernaut)
        bonus = HAND_BONUS.get(shown.strengths[seat], 0)
        balance = decision.state.seats[seat].silver + base + defeat + bonus
        total = base + defeat + bonus
        decision.emit(RewardPaid(state.set_no, seat, place, base, defeat, bonus, total, balance))
    champion = ranked.final_ranking[0]
    decision.emit(JuggernautCrowned(state.set_no, champion, champion == state.juggernaut))
    state = decision.state
    silver = tuple(seat.silver for seat in state.seats)
    gold = tuple(seat.gold for seat in state.seats)
    decision.emit(SetEnded(state.set_no, silver, gold))
    winners = [seat for seat in ranked.final_ranking if gold[seat] >= state.params.win_gold]
    if winners:
        _end(decision, ranked.final_ranking, winners[0], "win_gold")  # J40
    elif state.set_no == state.params.max_sets:
        _end(decision, ranked.final_ranking, None, "max_sets")  # J40a
    else:
        start_set(decision)


def _end(decision: Decision, final: tuple[int, ...], winner: int | None, reason: str) -> None:
    """The places: the winner first, then more gold, more silver, better final place."""
    state = decision.state
    order = sorted(
        final,
        key=lambda seat: (
            seat != winner,
            -state.seats[seat].gold,
            -state.seats[seat].silver,
            final.index(seat),
        ),
    )
    places = tuple(order.index(seat) + 1 for seat in range(len(state.seats)))
    decision.emit(MatchEnded(state.set_no, order[0], places, reason))  # type: ignore[arg-type]
    decision.emit(SeedRevealed(state.seed.hex()))
