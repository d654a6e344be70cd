"""Random matches of any registered game, played through the `Game` interface alone.

A `Plan` says who sits at the table and how the match is driven; `play` creates the match
and plays it to its end, keeping every decision (the state before, the command, its events,
the state after) for the checks to inspect.

A move is a random legal one: an awaited seat chosen uniformly, one of its
`Game.legal_actions` chosen uniformly, and a body built from that description's parameters
(`random_body`). The interface has no generic way to make a concrete random move, so
`random_body` understands the parameter forms a game spells out in full; where it cannot
read a description, and for a share of the moves (so every level's policy plays too), the
game's own computer players move (`Game.policies` + `Game.next_command`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, reject, settings
from hypothesis import strategies as st

from flipside.engine.chance import SEED_BYTES
from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON, Option
from flipside.engine.registry import AnyGame, games
from flipside.engine.seats import SeatSpec

MATCH_ID = "contract"
# No game may need more decisions than this to finish a match, however its seats play:
# Flipside's longest take a few hundred; Hold'em's default 1000 hands at ten seats where
# nobody acts take about 9000 timeouts.
MAX_DECISIONS = 20_000
TIMEOUT_MAX = 86_400  # a day: the longest turn timeout a match may have
ARRAY_MAX_ENTRIES = 4  # entries of a random array option
ARRAY_NEAR_MINIMUM = 20  # how far above its minimum an entry's number is drawn, often

# The budgets: FAST keeps `pytest tests/contract` within seconds per game; SOAK (tests
# marked ``soak``, deselected by default) plays many more matches. A failing match is
# reported as found: shrinking would replay long matches hundreds of times.
_FOUND = (Phase.explicit, Phase.reuse, Phase.generate)
FAST = settings(
    max_examples=12, deadline=None, phases=_FOUND, suppress_health_check=[HealthCheck.too_slow]
)
SOAK = settings(
    max_examples=1_000, deadline=None, phases=_FOUND, suppress_health_check=list(HealthCheck)
)

every_game = pytest.mark.parametrize("game", games(), ids=lambda game: game.id)


@dataclass(frozen=True, slots=True)
class Plan:
    seats: tuple[SeatSpec, ...]
    seed: bytes
    options: Mapping[str, Any]
    turn_timeout_seconds: int | None
    moves: int  # seeds the random choice of every move
    policy_share: float  # how often a computer seat's own policy moves instead


@dataclass(frozen=True, slots=True)
class Decision:
    """One command the match accepted: the state before and after, and the events."""

    before: Any
    command: Any
    events: list[Any]
    after: Any
    seat: int | None  # who sent `body`
    body: JSON | None  # the action as sent; None for the creation and for policies' moves


@dataclass(frozen=True, slots=True)
class Played:
    game: AnyGame
    plan: Plan
    decisions: list[Decision]

    @property
    def events(self) -> list[Any]:
        return [event for decision in self.decisions for event in decision.events]

    @property
    def final(self) -> Any:
        return self.decisions[-1].after

    def running(self) -> list[Decision]:
        """The decisions after which the match still waits for a move."""
        return [d for d in self.decisions if self.game.progress(d.after).outcome is None]


# --- plans --------------------------------------------------------------------------------


def _option_values(option: Option) -> list[Any]:
    """The values of a scalar `option` other than its default: every other choice; for a
    number, the minimum (the maximum can make a match as long as the option allows: a
    million hands of Hold'em)."""
    if option.kind == "boolean":
        values: Sequence[Any] = (False, True)
    elif option.choices:
        values = option.choices
    else:
        values = () if option.minimum is None else (option.minimum,)
    return [value for value in values if value != option.default]


def _field_values(field: Option) -> st.SearchStrategy[Any]:
    """Any value of one field of an array's entries, within its bounds; a number is often
    near its minimum, so that an entry (a blind schedule's hand) takes effect within a
    short match."""
    if field.kind == "boolean":
        return st.booleans()
    if field.choices:
        return st.sampled_from(field.choices)
    if field.kind == "string":
        return st.text(max_size=8)
    low, high = field.minimum, field.maximum
    if low is None:
        return st.integers(None, high)
    near = low + ARRAY_NEAR_MINIMUM
    return st.integers(low, near if high is None else min(high, near)) | st.integers(low, high)


def _entries(option: Option) -> st.SearchStrategy[list[dict[str, Any]]]:
    """Arrays of random entries of `option` other than its default (the empty array among
    them when it is not the default), each field within its bounds, whatever the game's
    rules say of the entries together (`_accepted`)."""
    fields = {field.name: _field_values(field) for field in option.items or ()}
    entry = st.fixed_dictionaries(fields)
    default = list(option.default)
    return st.lists(entry, max_size=ARRAY_MAX_ENTRIES).filter(lambda entries: entries != default)


def _options(specs: Sequence[Option]) -> st.SearchStrategy[dict[str, Any]]:
    """All options at their defaults, or all but one, set to one of its other values (an
    array to random entries): each extreme is tried alone, because extremes together can
    make a match that never ends (Juggernaut with no silver, no rewards and no set limit)."""
    defaults = {option.name: option.default for option in specs}
    scalars = [o for o in specs if o.kind != "array"]
    changed = [{**defaults, o.name: value} for o in scalars for value in _option_values(o)]
    arrays = [_entries(o).map(_setting(defaults, o.name)) for o in specs if o.kind == "array"]
    return st.one_of(st.sampled_from([defaults, *changed]), *arrays)


def _setting(defaults: Mapping[str, Any], name: str) -> Callable[[Any], dict[str, Any]]:
    """The options `defaults` with `name` set to a value to come."""
    return lambda value: {**defaults, name: value}


def _accepted(game: AnyGame, options: Mapping[str, Any]) -> bool:
    """Whether `game` takes `options` whatever the table: options drawn apart from their
    rules (a blind schedule's hands in any order) are drawn again rather than wasted."""
    try:
        game.options(options)
    except RuleViolation as refusal:
        if refusal.code != "invalid_options":
            raise
        return False
    return True


def plans(game: AnyGame, *, people: bool = False) -> st.SearchStrategy[Plan]:
    """Matches of `game` across its seat counts: every seat a computer at a random level,
    or (`people`) every seat a person, with a turn timeout."""
    counts = st.sampled_from(game.seats)
    if people:
        seats = counts.map(lambda n: tuple(SeatSpec("human", f"Person {i}") for i in range(n)))
        timeouts: st.SearchStrategy[int | None] = st.integers(1, TIMEOUT_MAX)
    else:
        levels = st.sampled_from(game.levels).map(lambda level: SeatSpec("npc", level=level))
        seats = counts.flatmap(lambda n: st.tuples(*[levels] * n))
        timeouts = st.none() | st.integers(1, TIMEOUT_MAX)
    options = _options(game.option_specs).filter(lambda chosen: _accepted(game, chosen))
    return st.builds(
        Plan,
        seats=seats,
        seed=st.binary(min_size=SEED_BYTES, max_size=SEED_BYTES),
        options=options,
        turn_timeout_seconds=timeouts,
        moves=st.integers(0, 2**32 - 1),
        policy_share=st.sampled_from((0.0, 0.1)),
    )


# --- moves --------------------------------------------------------------------------------


def _subset(parameters: Mapping[str, Any], rng: random.Random) -> list[Any]:
    """``{cards, min, max}``: any min..max of the cards (Flipside's exchange)."""
    count = rng.randint(parameters["min"], parameters["max"])
    return rng.sample(list(parameters["cards"]), count)


def _arrangement(parameters: Mapping[str, Any], rng: random.Random) -> list[Any]:
    """``{cards, count}``: `count` of the cards in any order, each written either way
    (Flipside's orientation: an oriented card is its two ranks up rank first, so the string
    reversed is the card turned over)."""
    cards = rng.sample(list(parameters["cards"]), parameters["count"])
    return [card[::-1] if rng.random() < 0.5 else card for card in cards]


def _amount(parameters: Mapping[str, Any], rng: random.Random) -> int:
    """``{min, max}``: a number from min to max (Hold'em's bet and raise)."""
    return rng.randint(parameters["min"], parameters["max"])


_FORMS: dict[frozenset[str], Callable[[Mapping[str, Any], random.Random], Any]] = {
    frozenset({"cards", "min", "max"}): _subset,
    frozenset({"cards", "count"}): _arrangement,
    frozenset({"min", "max"}): _amount,
}


def random_body(game: AnyGame, action: Mapping[str, Any], rng: random.Random) -> JSON | None:
    """A random action body for a legal action description, or None when its parameters
    are not in a form this function can read (then the game's own players move)."""
    parameters = {name: value for name, value in action.items() if name != "kind"}
    kind = next(k for k in game.action_kinds if k.kind == action["kind"])
    if not kind.required:
        return {"kind": kind.kind}  # a move that is its kind alone (a fold, a pass)
    form = _FORMS.get(frozenset(parameters))
    if form is None or len(kind.required) != 1:
        return None
    return {"kind": kind.kind, kind.required[0]: form(parameters, rng)}


def legal_body(game: AnyGame, state: Any, seat: int, rng: random.Random) -> JSON | None:
    """A random legal body for `seat`, an awaited seat, if one can be built."""
    actions = game.legal_actions(state, seat)
    assert actions, f"seat {seat} is awaited but has no legal action"
    return random_body(game, rng.choice(actions), rng)


def _computer_move(game: AnyGame, state: Any) -> Any:
    command = game.next_command(state, game.policies(state))
    assert command is not None, "every seat is a computer's, yet none of them moves"
    return command


# --- playing ------------------------------------------------------------------------------


def create(game: AnyGame, plan: Plan) -> Decision:
    """The match of `plan`, created; a plan whose options do not go together, or not with
    its table (a first dealer at a seat it does not have), is not an example."""
    try:
        command = game.create(
            MATCH_ID,
            plan.seats,
            plan.seed,
            seeded=True,
            options=game.options(plan.options),
            turn_timeout_seconds=plan.turn_timeout_seconds,
        )
        return decide(game, game.initial_state(), command)
    except RuleViolation as refusal:
        if refusal.code != "invalid_options":
            raise
        reject()


def decide(
    game: AnyGame, state: Any, command: Any, seat: int | None = None, body: JSON | None = None
) -> Decision:
    events, after = game.execute(state, command)
    return Decision(state, command, events, after, seat, body)


def random_move(game: AnyGame, state: Any, rng: random.Random, policy_share: float) -> Decision:
    """A uniformly random legal move of a uniformly random awaited seat (see the module)."""
    awaiting = game.progress(state).awaiting
    assert awaiting, "the match is running but waits for no seat"
    seat = rng.choice(awaiting)
    body = legal_body(game, state, seat, rng)
    if body is None or rng.random() < policy_share:
        return decide(game, state, _computer_move(game, state))
    return decide(game, state, game.parse_action(seat, body), seat, body)


def play(game: AnyGame, plan: Plan) -> Played:
    """The match of `plan`, played with random legal moves to its end."""
    rng = random.Random(plan.moves)
    decisions = [create(game, plan)]
    while game.progress(decisions[-1].after).outcome is None:
        assert len(decisions) <= MAX_DECISIONS, f"no end after {MAX_DECISIONS} decisions"
        decisions.append(random_move(game, decisions[-1].after, rng, plan.policy_share))
    return Played(game, plan, decisions)


def viewers(game: AnyGame, state: Any) -> Sequence[int | None]:
    """Every seat of the match and the spectator (None)."""
    return [*range(len(game.progress(state).seats)), None]
