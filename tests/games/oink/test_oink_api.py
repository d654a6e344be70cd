"""Oink Poker over HTTP against a real server: whole matches played through the generic
actions endpoint (change with its cards, roll, knock, pass, oink, accept with its prep),
``GET .../actions`` listing what is legal now; every response is checked against the
OpenAPI document (the game's view and legal actions documented by `view_schema`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.live_server import ApiClient

from .table import random_body

MAX_MOVES = 600


def created(api: ApiClient, seats: list[dict[str, Any]]) -> tuple[str, list[str]]:
    match = api.create(seats, game="oink")
    return match["match_id"], [seat["token"] for seat in match["seats"] if seat.get("token")]


def play(api: ApiClient, match_id: str, tokens: list[str], rng: random.Random) -> dict[str, Any]:
    """Random legal moves of every person until the match is over; the final view."""
    for _ in range(MAX_MOVES):
        moved = False
        for token in tokens:
            listed = api.get(f"/v1/matches/{match_id}/actions", token=token).json()
            if not listed["actions"]:
                continue
            view = api.get(f"/v1/matches/{match_id}", token=token).json()
            other = view["seats"][1 - view["viewer"]]
            # O40-O41: the opponent's hand is null, or shows only the cards that were shown.
            assert other["hand"] is None or all(
                card is None or card in other["shown"] for card in other["hand"]
            )
            body = random_body(rng.choice(listed["actions"]), rng)
            headers = {"If-Match": f'"{listed["version"]}"'}
            response = api.post(
                f"/v1/matches/{match_id}/actions", token=token, json=body, headers=headers
            )
            assert response.status_code == 200, response.text
            moved = True
        if not moved:
            break
    return api.get(f"/v1/matches/{match_id}").json()


@pytest.mark.parametrize("opponent", ["person", "hard"])
def test_a_match_over_http_to_the_end(api: ApiClient, opponent: str) -> None:
    second = (
        {"type": "human", "name": "Bo"}
        if opponent == "person"
        else {"type": "npc", "level": "hard"}
    )
    match_id, tokens = created(api, [{"type": "human", "name": "Ann"}, second])
    final = play(api, match_id, tokens, random.Random(opponent))
    assert final["status"] == "finished" and final["game"] == "oink"
    assert max(seat["score"] for seat in final["seats"]) >= 15  # O10
    assert final["seed"] is not None  # O42: everything public at the end


def test_refusals_have_their_status(api: ApiClient) -> None:
    match_id, (token,) = created(
        api, [{"type": "human", "name": "Ann"}, {"type": "npc", "level": "easy"}]
    )
    listed = api.get(f"/v1/matches/{match_id}/actions", token=token).json()
    kinds = {action["kind"] for action in listed["actions"]}
    wrong = "knock" if "roll" in kinds else "roll"  # a move of another step (O43)
    response = api.post(f"/v1/matches/{match_id}/actions", token=token, json={"kind": wrong})
    assert response.status_code == 409 and response.json()["code"] == "wrong_phase"
    kind = "change" if "change" in kinds else "accept"
    body = {"kind": kind, "cards": ["Ab"]} | ({"prep": "change"} if kind == "accept" else {})
    response = api.post(f"/v1/matches/{match_id}/actions", token=token, json=body)
    assert response.status_code == 422 and response.json()["code"] == "invalid_cards"  # O4
