"""Orc Poker over HTTP, through the generic actions endpoint (K36): what `GET .../actions`
lists (the numbers a seat may lay; draw with the numbers that would bust it and give up with
its cost, K21), a refused card as problem+json with its stable code, and a seat's view with
every other hand and sealed card `null` (K33). Every response is checked against the OpenAPI
document (`ApiClient`)."""

from __future__ import annotations

from typing import Any

from tests.e2e.live_server import ApiClient, human_tokens

EASY = {"type": "npc", "level": "easy"}
PERSON = {"type": "human", "name": "ana"}


def actions(api: ApiClient, match_id: str, token: str) -> dict[str, Any]:
    return api.get(f"/v1/matches/{match_id}/actions", token=token).json()


def move(api: ApiClient, match_id: str, token: str, body: dict[str, Any]) -> Any:
    return api.post(f"/v1/matches/{match_id}/actions", token=token, json=body)


def test_a_person_lays_cards_and_sees_the_give_up_cost(api: ApiClient) -> None:
    created = api.create([PERSON, EASY, EASY], game="orc", options={})
    match_id, token = created["match_id"], human_tokens(created)[0]
    listed = actions(api, match_id, token)["actions"]
    assert [action["kind"] for action in listed] == ["opening"]  # K10
    held = listed[0]["numbers"]
    absent = next(number for number in range(1, 11) if number not in held)
    refused = move(api, match_id, token, {"kind": "opening", "number": absent})
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert (refused.status_code, refused.json()["code"]) == (409, "number_not_allowed")
    invalid = move(api, match_id, token, {"kind": "opening", "number": 11})
    assert (invalid.status_code, invalid.json()["code"]) == (422, "invalid_number")  # K2
    for _ in range(20):  # the sealed choices, until the person's first turn
        listed = actions(api, match_id, token)["actions"]
        if listed[0]["kind"] == "draw":
            break
        laid = {"kind": listed[0]["kind"], "number": listed[0]["numbers"][0]}
        assert move(api, match_id, token, laid).status_code == 200
    view = api.get(f"/v1/matches/{match_id}", token=token).json()
    draw, give_up = listed
    assert draw["bust_numbers"] == sorted(set(view["seats"][0]["row"]))  # K20
    assert draw["action_deck"] == view["action_deck_size"] > 0
    assert give_up == {"kind": "give_up", "cost": view["give_up_cost"]}  # K21
    for seat in view["seats"][1:]:
        assert set(seat["hand"]) <= {None} and seat["sealed"] is None  # K33
    assert view["round_deck"] is None and view["action_deck"] is None and view["seed"] is None
    assert move(api, match_id, token, {"kind": "give_up"}).status_code == 200
    after = api.get(f"/v1/matches/{match_id}", token=token).json()
    next_fee = after["fee"] if after["round"] > view["round"] else 0  # K22 may end the round
    paid = view["seats"][0]["chips"] - after["seats"][0]["chips"]
    assert paid == give_up["cost"] + next_fee
