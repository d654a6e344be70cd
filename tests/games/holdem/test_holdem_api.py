"""Hold'em over HTTP against a real server: the blind schedule as an array option (H7), and
whole matches of people and a computer played through the generic actions endpoint (bets
and raises with ``to``, the auto-bet set and cleared, show and muck), ``GET .../actions``
giving the legal kinds with their bounds; every response is checked against the OpenAPI
document, and no view shows another seat's hole cards before they are shown (H48)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.live_server import ApiClient, human_tokens

SCHEDULE = [{"from_hand": 3, "small_blind": 10, "big_blind": 20}]
PEOPLE = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]
MAX_MOVES = 3000


def test_the_blind_schedule_is_documented_as_an_array(api: ApiClient) -> None:
    game = api.get("/v1/games/holdem").json()
    (option,) = (option for option in game["options"] if option["name"] == "blind_schedule")
    assert option["kind"] == "array" and option["default"] == []
    assert [item["name"] for item in option["items"]] == list(SCHEDULE[0])


@pytest.mark.parametrize(
    "schedule",
    [
        [{"from_hand": 1, "small_blind": 10, "big_blind": 20}],
        [{"from_hand": 3, "small_blind": 10}],
        {"from_hand": 3, "small_blind": 10, "big_blind": 20},
    ],
)
def test_a_malformed_schedule_is_refused(api: ApiClient, schedule: object) -> None:
    body = {"seats": PEOPLE, "game": "holdem", "options": {"blind_schedule": schedule}}
    response = api.post("/v1/matches", json=body)
    assert response.status_code == 422 and response.json()["code"] == "invalid_options"


def random_body(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A body for one of the legal actions, amounts drawn between their bounds."""
    kind = action["kind"]
    if kind in ("bet", "raise"):
        return {"kind": kind, "to": rng.randint(action["min"], action["max"])}
    if kind == "set_auto":
        auto = rng.choice(action["actions"])
        body = {"kind": kind, "action": auto}
        return body | (
            {"to": rng.randint(action["min"], action["max"])} if auto == "bet_or_raise" else {}
        )
    return {"kind": kind}


def check_hidden(view: dict[str, Any]) -> None:
    """H48: only the caller's own hole cards, and those shown, are visible while it runs."""
    if view["status"] == "finished":
        return
    for seat in view["seats"]:
        if seat["seat"] != view["viewer"] and seat["shown"] is None:
            assert seat["cards"] in ([], [None, None]), seat
            assert seat["auto"] is None


def refuse_a_short_raise(api: ApiClient, match_id: str, token: str, raise_: dict[str, Any]) -> None:
    """A raise below the minimum is 409 ``invalid_amount`` and appends nothing (H20)."""
    before = api.version(match_id)
    body = {"kind": "raise", "to": raise_["min"] - 1}
    response = api.post(f"/v1/matches/{match_id}/actions", token=token, json=body)
    assert response.status_code == 409 and response.json()["code"] == "invalid_amount"
    assert api.version(match_id) == before


def move(api: ApiClient, match_id: str, token: str, rng: random.Random) -> bool:
    """The seat's random legal move, if it has one; whether it moved."""
    listed = api.get(f"/v1/matches/{match_id}/actions", token=token).json()
    check_hidden(api.get(f"/v1/matches/{match_id}", token=token).json())
    if not listed["actions"]:
        return False
    legal = {action["kind"]: action for action in listed["actions"]}
    if "raise" in legal and legal["raise"]["min"] > legal.get("call", {}).get("to", 0) + 1:
        refuse_a_short_raise(api, match_id, token, legal["raise"])
    body = random_body(rng.choice(listed["actions"]), rng)
    headers = {"If-Match": f'"{listed["version"]}"'}
    response = api.post(f"/v1/matches/{match_id}/actions", token=token, json=body, headers=headers)
    assert response.status_code == 200, (body, response.text)
    return body["kind"] not in ("set_auto", "clear_auto")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_match_over_http_to_the_end(api: ApiClient, seed: int) -> None:
    seats = [*PEOPLE, {"type": "npc", "level": "hard"}]
    options = {"starting_stack": 1000, "max_hands": 6, "blind_schedule": SCHEDULE}
    created = api.create(seats, game="holdem", options=options)
    match_id, tokens = created["match_id"], human_tokens(created)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if not any([move(api, match_id, token, rng) for token in tokens]):
            break
    final = api.get(f"/v1/matches/{match_id}").json()
    assert final["status"] == "finished" and final["game"] == "holdem"
    assert sum(seat["stack"] for seat in final["seats"]) == 3000  # H5
    events = api.get(f"/v1/matches/{match_id}/events", token=tokens[0]).json()["events"]
    blinds = {
        e["data"]["hand"]: e["data"]["big_blind"]
        for e in events
        if e["type"].endswith("HandStarted")
    }
    assert all(big == (20 if hand >= 3 else 10) for hand, big in blinds.items())
    assert len(blinds) >= 3 or final["end_reason"] == "one_left"
