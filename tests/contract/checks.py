"""What every match must satisfy, whatever the game: the checks behind the tests, shared by
the quick runs and the soak. Each fails with an assertion that says where.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from flipside.engine import codec
from flipside.engine.errors import RuleViolation
from flipside.engine.game import JSON, Outcome
from flipside.engine.registry import AnyGame, split_type

from .matches import MATCH_ID, MAX_DECISIONS, Plan, Played, create, decide

CODE = re.compile(r"[a-z][a-z0-9_]*")  # a refusal's code: stable, so an identifier


def check_progress(played: Played) -> None:
    """What `progress` says agrees with the match: the stream version counts the events,
    the seats are the ones created, a running match waits for someone and every awaited
    seat has a legal move (others may have some: moves made ahead of one's turn), and a
    finished match waits for nobody and nobody has a move."""
    game, plan = played.game, played.plan
    kinds = {kind.kind for kind in game.action_kinds}
    version = round_ = 0
    for number, decision in enumerate(played.decisions):
        progress = game.progress(decision.after)
        where = f"decision {number}"
        assert decision.events, f"{where}: an accepted command appended nothing"
        assert progress.version == version + len(decision.events), where
        assert progress.round >= round_, f"{where}: the round went back"
        version, round_ = progress.version, progress.round
        assert progress.match_id == MATCH_ID and progress.seats == plan.seats, where
        assert progress.turn_timeout_seconds == plan.turn_timeout_seconds, where
        assert progress.deck_commitment, f"{where}: no deck commitment"
        running = progress.outcome is None
        assert running or number == len(played.decisions) - 1, f"{where}: played on after the end"
        assert bool(progress.awaiting) == running, f"{where}: awaiting {progress.awaiting}"
        for seat in range(len(plan.seats)):
            legal = game.legal_actions(decision.after, seat)
            assert {action["kind"] for action in legal} <= kinds, f"{where}: {legal}"
            if seat in progress.awaiting or not running:
                assert bool(legal) == running, f"{where}, seat {seat}: {legal}"


def check_outcome(outcome: Outcome | None, seats: int) -> None:
    """Every seat has a place 1..n, ties share a place and the next one is skipped, and the
    winner alone has place 1."""
    assert outcome is not None, "the match is over without an outcome"
    places = outcome.places
    assert len(places) == seats, f"{seats} seats, places {places}"
    assert all(isinstance(place, int) and 1 <= place <= seats for place in places), places
    for place in places:
        assert sum(other < place for other in places) == place - 1, f"not a ranking: {places}"
    assert places.count(1) == 1 and outcome.winner is not None, places
    assert places[outcome.winner] == 1, f"winner {outcome.winner}, places {places}"


@dataclass(frozen=True, slots=True)
class Stored:
    """An event as a store keeps it (`codec.StoredRecord`)."""

    type: str
    schema_version: int
    data: JSON


def stored(game: AnyGame, event: Any) -> Stored:
    """`event` encoded and passed through JSON text, as a store and an export do."""
    type_, data, schema_version = codec.encode(game, event)
    assert split_type(type_) == (game.id, game.encode(event).name), type_
    text = json.dumps(data, allow_nan=False)
    return Stored(type_, schema_version, json.loads(text))


def check_replay(played: Played) -> None:
    """Folding each decision's events gives the state `execute` returned, and so does
    folding them encoded, stored as JSON and decoded; from scratch, the final state."""
    game = played.game
    for number, decision in enumerate(played.decisions):
        records = [stored(game, event) for event in decision.events]
        assert codec.fold(game, records, decision.before) == decision.after, number
        evolved = decision.before
        for event in decision.events:
            evolved = game.evolve(evolved, event)
        assert evolved == decision.after, f"decision {number}: evolve disagrees with execute"
    records = [stored(game, event) for event in played.events]
    assert codec.fold(game, records) == played.final


def check_commands_behind(played: Played) -> None:
    """The audit's premise: the first event of a decision that names a command behind it
    gives a command that, on the state before, decides the same events."""
    game = played.game
    for number, decision in enumerate(played.decisions):
        commands = (game.command_behind(event) for event in decision.events)
        command = next((c for c in commands if c is not None), None)
        assert command is not None, f"decision {number}: no event names its command"
        events, after = game.execute(decision.before, command)
        assert events == decision.events and after == decision.after, f"decision {number}"


def refused(game: AnyGame, state: Any, command: Any) -> str:
    """`command` is refused with a `RuleViolation` whose code is an identifier, the same
    code every time, and the state is left as it was; returns the code."""
    before = pickle.dumps(state)  # a snapshot, several times cheaper than a deep copy
    codes = []
    for _ in range(2):
        with pytest.raises(RuleViolation) as refusal:
            game.execute(state, command)
        codes.append(refusal.value.code)
    assert pickle.dumps(state) == before, "a refused command changed the state"
    code = codes[0]
    assert isinstance(code, str) and CODE.fullmatch(code), f"code {code!r}"
    assert codes[1] == code, f"refused as {codes[0]!r}, then as {codes[1]!r}"
    return code


def refused_action(game: AnyGame, state: Any, seat: int, body: JSON) -> str:
    """The action `body` from `seat` is refused, when parsed or when executed."""
    try:
        command = game.parse_action(seat, body)
    except RuleViolation as refusal:
        assert CODE.fullmatch(refusal.code), f"code {refusal.code!r}"
        return refusal.code
    return refused(game, state, command)


def check_timeouts(game: AnyGame, plan: Plan, turns: int | None = None) -> None:
    """A match of people (`plan`, with a turn timeout) where nobody ever acts: at each turn
    the default move is refused before the limit and accepted from it; the match ends
    within `MAX_DECISIONS` turns with a consistent outcome. Given `turns`, only the first
    `turns` are played, and the outcome checked if the match ended by then."""
    limit = plan.turn_timeout_seconds
    assert limit is not None
    rng = random.Random(plan.moves)
    state = create(game, plan).after
    for _ in range(turns or MAX_DECISIONS):
        progress = game.progress(state)
        if progress.outcome is not None:
            break
        seat = rng.choice(progress.awaiting)
        refused(game, state, game.default_command(state, seat, rng.randrange(limit)))
        waited = rng.randint(limit, 2 * limit)
        state = decide(game, state, game.default_command(state, seat, waited)).after
    else:
        assert turns is not None, f"no end after {MAX_DECISIONS} timeouts"
        return
    check_outcome(game.progress(state).outcome, len(plan.seats))
