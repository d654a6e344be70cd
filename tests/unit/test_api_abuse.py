"""What one client with no token could do to the server, without a database: bodies that cost
CPU or answer with megabytes, a move parsed before its token is checked, made-up tokens and
creates beyond the rate limit, and the smaller holes (a seed with a newline, another
client's idempotency key, a move after its turn ran out)."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flipside.api import create_app, ratelimit, records
from flipside.api.body_limit import MAX_BODY_BYTES, largest_valid_body
from flipside.api.dependencies import Dependencies
from flipside.api.problems import MAX_LISTED_ERRORS, bounded
from flipside.api.ratelimit import ALL_COMPUTER_LIMIT

from flipside.config import Settings

PEOPLE = [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}]
COMPUTERS = [{"type": "npc", "level": "easy"}, {"type": "npc", "level": "easy"}]


def app_with(rate_limit: tuple[float, float] | None = None) -> Flask:
    settings = Settings(log_format="json", rate_limit=rate_limit)
    return create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )


@pytest.fixture
def client() -> FlaskClient:
    return app_with().test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def oink_of_two(client: FlaskClient) -> tuple[str, dict[int, str]]:
    created = client.post("/v1/matches", json={"game": "oink", "seats": PEOPLE}).get_json()
    return created["match_id"], {seat["seat"]: seat["token"] for seat in created["seats"]}


def raw_post(client: FlaskClient, path: str, body: bytes, **headers: str) -> Any:
    return client.post(path, data=body, content_type="application/json", headers=headers)


# --- amplification --------------------------------------------------------------------------


def test_a_move_with_a_wrong_token_is_refused_before_its_body_is_read(
    client: FlaskClient,
) -> None:
    match_id, _ = oink_of_two(client)
    answer = raw_post(client, f"/v1/matches/{match_id}/actions", b"{not json", **bearer("made-up"))
    assert answer.status_code == 401 and answer.get_json()["code"] == "unauthorized"


def test_the_body_cap_is_the_largest_valid_body_rounded_up_to_a_kib() -> None:
    largest = largest_valid_body()
    assert largest <= MAX_BODY_BYTES < largest + 1024


def test_a_body_one_byte_over_the_cap_is_413_and_one_at_it_is_read(client: FlaskClient) -> None:
    at_cap = b'{"seats": []' + b" " * (MAX_BODY_BYTES - 13) + b"}"
    assert len(at_cap) == MAX_BODY_BYTES
    assert raw_post(client, "/v1/matches", at_cap).status_code == 422
    over = raw_post(client, "/v1/matches", at_cap + b" ")
    assert over.status_code == 413 and over.mimetype == "application/problem+json"


def chunked_post(client: FlaskClient, body: bytes) -> Any:
    """A POST of `body` without a Content-Length, as a chunked request arrives."""
    return client.post(
        "/v1/matches",
        input_stream=io.BytesIO(body),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )


def test_a_chunked_body_over_the_cap_is_413_not_cut_and_malformed(client: FlaskClient) -> None:
    answer = chunked_post(client, b'{"seats": [' + b" " * MAX_BODY_BYTES + b"]}")
    assert answer.status_code == 413 and answer.get_json()["code"] == "payload_too_large"


def test_a_chunked_body_under_the_cap_is_read_whole(client: FlaskClient) -> None:
    body = json.dumps({"game": "oink", "seats": COMPUTERS}).encode()
    assert chunked_post(client, body).status_code == 201


def test_more_fields_than_the_request_has_are_refused_before_each_is_checked(
    client: FlaskClient,
) -> None:
    count = MAX_BODY_BYTES // len('"field00000": 0, ')
    body = json.dumps({f"field{index:05}": 0 for index in range(count)}).encode()
    started = time.process_time()
    answer = raw_post(client, "/v1/matches", body)
    spent = time.process_time() - started
    assert answer.status_code == 422 and list(answer.get_json()["errors"]["json"]) == ["_schema"]
    assert len(answer.get_data()) < 2048 and spent < 0.05


def test_nested_errors_keep_the_first_few_fields_and_count_the_rest() -> None:
    errors = {
        "json": {"seats": {index: {"type": ["wrong"], "name": ["a", "b"]} for index in range(100)}}
    }
    kept, omitted = bounded(errors)
    listed = [(index, field) for index, seat in kept["json"]["seats"].items() for field in seat]
    assert listed == [(0, "type"), (0, "name"), (1, "type"), (1, "name"), (2, "type")]
    assert omitted == 300 - (1 + 2 + 1 + 2 + 1)


def test_more_seats_than_any_game_takes_are_refused_before_each_is_checked(
    client: FlaskClient,
) -> None:
    seat = {"type": 1, "name": 2, "level": 3}
    count = MAX_BODY_BYTES // len(json.dumps(seat) + ", ")
    body = json.dumps({"seats": [seat] * count}).encode()
    started = time.process_time()
    answer = raw_post(client, "/v1/matches", body)
    spent = time.process_time() - started
    assert answer.status_code == 422 and list(answer.get_json()["errors"]["json"]) == ["seats"]
    assert spent < 0.05


def test_a_wrong_move_lists_few_errors(client: FlaskClient) -> None:
    match_id, tokens = oink_of_two(client)
    body = {"kind": "pass", **{f"extra{index}": index for index in range(50)}}
    answer = client.post(f"/v1/matches/{match_id}/actions", json=body, headers=bearer(tokens[0]))
    problem = answer.get_json()
    assert answer.status_code == 422 and len(problem["errors"]["json"]) == MAX_LISTED_ERRORS
    assert problem["errors_omitted"] == 50 - MAX_LISTED_ERRORS


@pytest.mark.parametrize("where", ["create", "move"])
def test_an_integer_of_thousands_of_digits_is_400_not_500(client: FlaskClient, where: str) -> None:
    match_id, tokens = oink_of_two(client)
    digits = "9" * 5000
    if where == "create":
        body, path, headers = (
            f'{{"seats": [], "turn_timeout_seconds": {digits}}}',
            "/v1/matches",
            {},
        )
    else:
        body, path = f'{{"kind": "pass", "n": {digits}}}', f"/v1/matches/{match_id}/actions"
        headers = bearer(tokens[0])
    answer = raw_post(client, path, body.encode(), **headers)
    assert answer.status_code == 400 and answer.get_json()["code"] == "malformed_json"


# --- the rate limit -------------------------------------------------------------------------


def statuses(client: FlaskClient, count: int, token_of: Any, path: str = "/healthz") -> list[int]:
    return [client.get(path, headers=token_of(n)).status_code for n in range(count)]


def test_a_made_up_token_per_request_counts_against_the_address() -> None:
    client = app_with((1.0, 5.0)).test_client()
    answers = statuses(client, 8, lambda n: bearer(f"made-up-{n}"))
    assert answers.count(429) == 3


def test_a_proven_token_has_a_bucket_of_its_own() -> None:
    client = app_with((1.0, 5.0)).test_client()
    match_id, tokens = oink_of_two(client)  # the create takes one from the address
    path = f"/v1/matches/{match_id}"
    assert client.get(path, headers=bearer(tokens[0])).status_code == 200  # proven: 2 taken
    statuses(client, 5, lambda n: bearer(f"made-up-{n}"))  # the address is spent
    assert client.get(path).status_code == 429
    assert statuses(client, 5, lambda n: bearer(tokens[0]), path) == [200] * 5


def test_creates_are_limited_whatever_token_they_present() -> None:
    client = app_with((1.0, 3.0)).test_client()
    answers = [
        client.post(
            "/v1/matches", json={"game": "oink", "seats": PEOPLE}, headers=bearer(f"t{n}")
        ).status_code
        for n in range(5)
    ]
    assert answers == [201, 201, 201, 429, 429]


def test_all_computer_matches_have_a_smaller_bucket_of_their_own() -> None:
    client = app_with((1000.0, 1000.0)).test_client()
    burst = int(ALL_COMPUTER_LIMIT[1])
    body = {"game": "oink", "seats": COMPUTERS}
    answers = [client.post("/v1/matches", json=body).status_code for _ in range(burst + 1)]
    assert answers == [201] * burst + [429]
    refused = client.post("/v1/matches", json=body)
    assert refused.get_json()["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
    assert client.post("/v1/matches", json={"game": "oink", "seats": PEOPLE}).status_code == 201


# --- the smaller ones -----------------------------------------------------------------------


def test_a_seed_with_a_trailing_newline_is_refused(client: FlaskClient) -> None:
    body = {"game": "oink", "seats": COMPUTERS, "seed": "ab" * 32 + "\n"}
    answer = client.post("/v1/matches", json=body)
    assert answer.status_code == 422 and "seed" in answer.get_json()["errors"]["json"]
    assert client.post("/v1/matches", json={**body, "seed": "ab" * 32}).status_code == 201


def test_an_idempotency_key_is_the_clients_own(client: FlaskClient) -> None:
    body = {"game": "oink", "seats": PEOPLE}
    key = {"Idempotency-Key": "shared-key"}
    first = client.post("/v1/matches", json=body, headers=key).get_json()
    again = client.post("/v1/matches", json=body, headers=key).get_json()
    other = client.post(
        "/v1/matches", json=body, headers=key, environ_base={"REMOTE_ADDR": "10.9.8.7"}
    ).get_json()
    assert again["match_id"] == first["match_id"]
    assert other["match_id"] != first["match_id"] and other["seats"][0]["token"]


def test_a_move_after_its_turn_ran_out_is_judged_after_the_timeout() -> None:
    app = app_with()
    client = app.test_client()
    created = client.post(
        "/v1/matches", json={"game": "oink", "seats": PEOPLE, "turn_timeout_seconds": 1}
    ).get_json()
    match_id = created["match_id"]
    tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
    listed = client.get(f"/v1/matches/{match_id}/actions", headers=bearer(tokens[0])).get_json()
    mover = listed["awaiting"][0]
    actions = client.get(f"/v1/matches/{match_id}/actions", headers=bearer(tokens[mover]))
    kinds = {action["kind"] for action in actions.get_json()["actions"]}
    move = {"kind": next(kind for kind in ("pass", "knock", "roll") if kind in kinds)}
    time.sleep(1.2)  # nobody reads the match while the turn runs out
    answer = client.post(
        f"/v1/matches/{match_id}/actions", json=move, headers=bearer(tokens[mover])
    )
    stored = app.extensions["flipside"].service.store.read_stream(match_id)
    assert answer.status_code == 409, answer.get_json()
    assert any(event.metadata.get("actor") == "turn_timeout" for event in stored)


def test_computer_play_beyond_the_address_share_is_charged_into_debt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A create or move whose computer players play long (an all-computer match with deep
    stacks: seconds) makes the address's next creates and moves wait the debt out; here every
    microsecond of play costs a token, so one small match does."""
    client = app_with((1000.0, 1000.0)).test_client()

    def create(seats: list[dict[str, str]], address: str) -> Any:
        body = {"game": "oink", "seats": seats}
        return client.post("/v1/matches", json=body, environ_base={"REMOTE_ADDR": address})

    earlier = create(PEOPLE, "10.1.1.1").get_json()  # a millisecond or two: not charged
    monkeypatch.setattr(ratelimit, "COMPUTER_SECONDS_PER_TOKEN", 1e-6)
    monkeypatch.setattr(ratelimit, "CHARGED_FROM_SECONDS", 0.0)
    played = create(COMPUTERS, "10.1.1.1")
    assert played.status_code == 201
    move = client.post(
        f"/v1/matches/{earlier['match_id']}/actions",
        json={"kind": "roll"},
        headers=bearer(earlier["seats"][0]["token"]),
        environ_base={"REMOTE_ADDR": "10.1.1.1"},
    )
    assert move.status_code == 429  # a move may make the computer seats play too
    refused = create(PEOPLE, "10.1.1.1")
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
    assert "computer players" in refused.get_json()["detail"]
    assert int(refused.headers["Retry-After"]) > 1
    assert create(PEOPLE, "10.2.2.2").status_code == 201  # another address owes nothing
    assert client.get(f"/v1/matches/{played.get_json()['match_id']}").status_code == 200


def test_a_process_plays_only_a_few_all_computer_matches_at_once() -> None:
    """Their cost is charged after their play, so a burst sent at once would pass the door
    together: beyond the slots, 429 at once (the slots are held here as by matches in play)."""
    app = app_with((1000.0, 1000.0))
    client = app.test_client()
    playing = app.extensions["flipside_limits"].playing
    for _ in range(ratelimit.ALL_COMPUTER_AT_ONCE):
        assert playing.acquire(blocking=False)
    computers = {"game": "oink", "seats": COMPUTERS}
    refused = client.post("/v1/matches", json=computers)
    assert refused.status_code == 429 and "at a time" in refused.get_json()["detail"]
    assert refused.headers["Retry-After"] == "1"
    assert client.post("/v1/matches", json={"game": "oink", "seats": PEOPLE}).status_code == 201
    playing.release()
    assert client.post("/v1/matches", json=computers).status_code == 201
    assert playing.acquire(blocking=False)  # the create gave its slot back
    playing.release()


def test_an_all_computer_create_refused_a_slot_costs_no_token() -> None:
    app = app_with((1000.0, 1000.0))
    client = app.test_client()
    playing = app.extensions["flipside_limits"].playing
    for _ in range(ratelimit.ALL_COMPUTER_AT_ONCE):
        playing.acquire(blocking=False)
    computers = {"game": "oink", "seats": COMPUTERS}
    assert {client.post("/v1/matches", json=computers).status_code for _ in range(5)} == {429}
    for _ in range(ratelimit.ALL_COMPUTER_AT_ONCE):
        playing.release()
    burst = [client.post("/v1/matches", json=computers).status_code for _ in range(30)]
    assert burst == [201] * int(ALL_COMPUTER_LIMIT[1])  # the address's whole burst is left


def test_a_finished_matchs_export_is_written_once_and_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Anyone may ask for a finished match's record again and again, and a long one takes
    most of a second to write: the process keeps it (it never changes)."""
    written: list[str] = []
    write_matches = records.write_matches

    def counted(out: Any, fmt: str, *args: Any, **kwargs: Any) -> Any:
        written.append(fmt)
        return write_matches(out, fmt, *args, **kwargs)

    monkeypatch.setattr(records, "write_matches", counted)
    client = app_with().test_client()
    finished = client.post("/v1/matches", json={"game": "oink", "seats": COMPUTERS}).get_json()
    path = f"/v1/matches/{finished['match_id']}/export"
    first, again = (client.get(path, query_string={"format": "jsonl"}) for _ in range(2))
    assert first.status_code == again.status_code == 200
    assert again.get_data() == first.get_data() and written == ["jsonl"]
    running = client.post("/v1/matches", json={"game": "oink", "seats": PEOPLE}).get_json()
    assert client.get(f"/v1/matches/{running['match_id']}/export").status_code == 403
    assert written == ["jsonl"]  # refused before anything was written
