"""Moves for computer seats: whose turn it is, what their policy says, as commands.

The driver is the only code that holds both the full state and a policy, and it hands the
policy nothing but that seat's `MatchView` and a random stream keyed by the match's seed
(an HMAC, so the stream does not reveal the seed). It also keeps the two rules that make
matches between computer players end ("Computer players"): a computer knocks at the latest
on its 20th turn of a deal, and oinks to a knock after three drawn deals in a row. Without
the second, two hands that draw at every joker number and that a player would not change
(two runs of the same values, say) are knocked, accepted and drawn for ever: a draw keeps
both hands (O36) and deals nothing (O13), while an oink always scores (O21, O30).
"""

from __future__ import annotations

from collections.abc import Mapping

from flipside.engine.chance import policy_random
from flipside.games.oink.commands import Accept, Change, Command, Knock, Oink, Pass, Roll
from flipside.games.oink.state import Match
from flipside.games.oink.views import MatchView, view

from .levels import policy_for
from .policy import Policy

LAST_TURN = 20  # a computer's turns in a deal before it must knock
DRAWS_MAX = 3  # drawn deals in a row after which a computer oinks to a knock


def npc_policies(state: Match) -> dict[int, Policy]:
    """The policy of every computer seat of a match, by seat."""
    return {
        index: policy_for(seat.spec.level or "easy")
        for index, seat in enumerate(state.seats)
        if seat.spec.kind == "npc"
    }


def own_turns(match: MatchView) -> int:
    """How many turns of this deal the viewer has begun, the current one included."""
    first = match.turn + 1 if match.viewer == match.start_seat else match.turn
    return first // 2


def drawn_in_a_row(match: MatchView) -> int:
    """How many of the latest finished deals in a row nobody scored in (O27c, O15)."""
    count = 0
    for deal in reversed(match.history):
        if deal.captured is not None:
            break
        count += 1
    return count


def next_command(state: Match, policies: Mapping[int, Policy]) -> Command | None:
    """The move of the awaited seat if it is in `policies`, else None."""
    seat = state.to_act
    if seat is None or seat not in policies or state.phase not in ("action", "call", "answer"):
        return None
    policy, seen = policies[seat], view(state, seat)
    rng = policy_random(state.seed, f"{seat}:{state.version}")
    if state.phase == "action":
        cards = policy.action(seen, rng)
        return Change(seat, cards) if cards else Roll(seat)
    if state.phase == "call":
        knock = own_turns(seen) >= LAST_TURN or policy.call(seen, rng)
        return Knock(seat) if knock else Pass(seat)
    if drawn_in_a_row(seen) >= DRAWS_MAX:
        return Oink(seat)
    answer = policy.answer(seen, rng)
    return Accept(seat, answer.prep, answer.cards) if answer.accept else Oink(seat)
