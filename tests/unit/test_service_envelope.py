"""The view every game shares (`flipside.engine.envelope`) and the turn deadline the service
gives it: the envelope's fields, the game's fields beside them, and when a turn runs out."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from flipside.engine.envelope import envelope
from flipside.engine.game import Outcome, Progress
from flipside.engine.seats import SeatSpec
from flipside.games.flipside import GAME
from flipside.service import MatchService
from flipside.store import InMemoryEventStore
from tests.flipside_moves import exchange, state_of

SEED = bytes(range(32))
PERSON = SeatSpec("human", name="ana")
NPC = SeatSpec("npc", level="easy")
ENVELOPE = [
    "match_id",
    "game",
    "rules_version",
    "version",
    "viewer",
    "status",
    "phase",
    "awaiting",
    "deadline",
    "seats",
    "outcome",
]


@pytest.fixture
def service() -> MatchService:
    return MatchService(InMemoryEventStore())


def test_a_running_match_has_the_envelope_then_every_field_of_the_game(
    service: MatchService,
) -> None:
    match = service.create([PERSON, NPC, NPC], seed=SEED).match
    assert match is not None
    body = envelope(match.game, match.state, 0)
    assert list(body)[: len(ENVELOPE)] == ENVELOPE
    progress = match.progress
    assert body["game"] == "flipside" and body["rules_version"] == GAME.rules_version
    assert (body["match_id"], body["version"]) == (progress.match_id, progress.version)
    assert (body["viewer"], body["status"], body["outcome"]) == (0, "active", None)
    assert body["awaiting"] == [0] == [body["to_act"]]
    assert body["deadline"] is None  # no turn timeout
    own = GAME.view_json(GAME.view(match.state, 0))
    assert {name: body[name] for name in own if name != "seats"} == {
        name: value for name, value in own.items() if name != "seats"
    }
    for seat, own_seat in zip(body["seats"], own["seats"], strict=True):
        assert list(seat)[:4] == ["seat", "type", "name", "level"]
        assert {name: seat[name] for name in own_seat} == own_seat
    assert body["seats"][0]["type"] == "human" and body["seats"][1]["level"] == "easy"


def test_a_finished_match_says_its_places_and_winner(service: MatchService) -> None:
    match = service.create([NPC, NPC, NPC], seed=SEED).match
    assert match is not None
    body = envelope(match.game, match.state, None)
    assert body["status"] == "finished" and body["awaiting"] == []
    assert body["outcome"]["winner"] == body["winner"] is not None
    assert body["outcome"]["places"] == [seat["place"] or 1 for seat in body["seats"]]
    assert sorted(body["outcome"]["places"])[0] == 1


def _stub_game(view: dict[str, Any]) -> Any:
    """A game whose view names some of the envelope's fields too."""
    progress = Progress(
        match_id="m",
        version=3,
        phase="play",
        round=1,
        seats=(PERSON, NPC),
        awaiting=(1,),
        turn_started=3,
        turn_timeout_seconds=None,
        outcome=Outcome((2, 1), 1, (0, 3)),
        seed=SEED,
        deck_commitment="",
    )
    return SimpleNamespace(
        id="stub",
        rules_version="stub-1",
        progress=lambda state: progress,
        view=lambda state, viewer, omniscient=False: view,
        view_json=lambda view: view,
    )


def test_the_envelope_keeps_its_own_values_and_merges_the_seats_of_the_game() -> None:
    view = {"status": "bogus", "score": 7, "seats": [{"seat": 9, "chips": 5}, {"chips": 0}]}
    body = envelope(_stub_game(view), None, 1, deadline=datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    assert body["status"] == "finished" and body["score"] == 7
    assert body["outcome"] == {"places": [2, 1], "winner": 1}
    assert body["deadline"] == "2030-01-02T03:04:05+00:00"
    assert body["seats"] == [
        {"seat": 0, "type": "human", "name": "ana", "level": None, "chips": 5},
        {"seat": 1, "type": "npc", "name": None, "level": "easy", "chips": 0},
    ]


def _timed_match(service: MatchService) -> str:
    created = service.create([PERSON, NPC, NPC], seed=SEED, turn_timeout_seconds=30).match
    assert created is not None
    return created.progress.match_id


def test_the_deadline_is_the_turns_start_plus_the_timeout(service: MatchService) -> None:
    match = service.load(_timed_match(service))
    progress = match.progress
    started = service.store.read_stream(progress.match_id)[progress.turn_started - 1]
    assert started.recorded_at is not None
    assert service.turn_deadline(match) == started.recorded_at + timedelta(seconds=30)


def test_a_turn_begun_by_the_append_being_answered_starts_now(service: MatchService) -> None:
    """The response to a move is built before its append: the new turn's start is not
    stored yet, and the deadline it shows is within moments of the stored one."""
    match_id = _timed_match(service)

    def respond(match: Any) -> dict[str, Any]:
        return {"deadline": service.turn_deadline(match)}

    before = service.turn_deadline(service.load(match_id))
    answered = exchange(service, match_id, 0, (), respond=respond)
    assert answered.response is not None and state_of(service, match_id).awaiting_orientation
    stored = service.turn_deadline(service.load(match_id))
    assert before is not None and stored is not None
    assert before < answered.response["deadline"] <= stored < before + timedelta(seconds=1)


def test_no_deadline_without_a_timeout_or_once_over(service: MatchService) -> None:
    untimed = service.create([PERSON, NPC, NPC], seed=SEED).match
    over = service.create([NPC, NPC, NPC], seed=SEED, turn_timeout_seconds=30).match
    assert untimed is not None and over is not None
    assert service.turn_deadline(untimed) is None and service.turn_deadline(over) is None
