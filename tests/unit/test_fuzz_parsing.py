"""Fuzz of every entry point that reads cards ("Attack"): arbitrary text, bytes and
JSON-like values never raise anything but the documented errors, and the HTTP endpoints
never answer 5xx, and answer every 4xx as problem+json.

- The parsers (`parse_card`, `parse_oriented`, `parse_cards`, `parse_oriented_cards`) raise
  only `CardError`; `hand_value` only `ValueError`.
- The decider (`verify_exchange`, `verify_orientation` through `decide`) on a real match in
  each phase raises only `RuleViolation`, whatever the seat and cards.
- POST actions (the generic move), exchange, orientation and matches through Flask's test
  client with fuzzed bodies (JSON values, near-miss cards and kinds, raw bytes, deep
  nesting) and headers.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from flipside.api.problems import STATUS_BY_CODE
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from flipside.config import Settings
from flipside.games.flipside.cards import (
    DECK_SET,
    IDENTITY,
    CardError,
    parse_card,
    parse_cards,
    parse_oriented,
    parse_oriented_cards,
)
from flipside.games.flipside.commands import ChooseOrientation, Exchange
from flipside.games.flipside.hands import VALUE_BY_KEY, hand_value
from flipside.games.flipside.rules import RuleViolation, decide

from .strategies import create, exchange_nothing

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text of every Unicode category, surrogates included (what a JSON "\ud800" escape gives).
any_text = st.text(st.characters(exclude_categories=()), max_size=8)
# Near misses: ranks in either case, characters whose upper case is two letters ("ß"),
# other scripts' digits, and separators.
near_card = st.text(st.sampled_from("23456789TJQKAtjqkaßﬀİ٣ 0\x00-1X"), max_size=3)
decoded_bytes = st.binary(max_size=8).map(lambda raw: raw.decode("utf-8", "surrogateescape"))
leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | any_text
    | near_card
    | decoded_bytes
    | st.binary(max_size=4)
)
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.tuples(inner, inner)
        | st.dictionaries(any_text, inner, max_size=3)
        | st.frozensets(st.integers() | near_card, max_size=3)
    ),
    max_leaves=12,
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text | near_card,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(any_text, inner, max_size=3),
    max_leaves=12,
)
card_like = near_card | values
card_lists = st.lists(card_like, max_size=7)


# --- the parsers ------------------------------------------------------------------------------


@FUZZ
@given(card_like)
@example("ßA")
@example("AA")
def test_parse_card_answers_a_card_or_card_error(value: object) -> None:
    for parse, valid in ((parse_card, DECK_SET), (parse_oriented, IDENTITY)):
        with contextlib.suppress(CardError):
            assert parse(value) in valid


@FUZZ
@given(card_lists)
@example(["AK", "ka"])
@example(["AK", 2])
def test_parse_card_lists_answer_cards_or_card_error(texts: list[object]) -> None:
    for parse, valid in ((parse_cards, DECK_SET), (parse_oriented_cards, IDENTITY.keys())):
        try:
            parsed = parse(texts)
        except CardError:
            continue
        assert len(parsed) == len(texts) and set(parsed) <= valid


@FUZZ
@given(near_card.map(lambda text: text * 2) | values | st.lists(card_like, max_size=6))
@example("ÅKQJT")
@example(["A", "K", "Q", "J", b"T"])
def test_hand_value_answers_a_value_or_value_error(ranks: Any) -> None:
    with contextlib.suppress(ValueError):
        assert hand_value(ranks) in VALUE_BY_KEY.values()


# --- the decider ------------------------------------------------------------------------------

_, EXCHANGING = create()
_, ORIENTING = exchange_nothing(EXCHANGING)
seats = st.integers(-2, 6) | values


@FUZZ
@given(st.sampled_from([Exchange, ChooseOrientation]), seats, card_lists)
def test_a_move_of_anything_is_decided_or_a_rule_violation(
    command: type[Exchange | ChooseOrientation], seat: Any, cards: list[Any]
) -> None:
    for state in (EXCHANGING, ORIENTING):  # each move in its phase and out of it
        with contextlib.suppress(RuleViolation):
            decide(state, command(seat, tuple(cards)))


# --- over HTTP --------------------------------------------------------------------------------

PERSON_AND_TWO_NPCS = [
    {"type": "human", "name": "ana"},
    {"type": "npc", "level": "easy"},
    {"type": "npc", "level": "easy"},
]


@pytest.fixture(scope="module")
def seat() -> tuple[FlaskClient, str, dict[str, str]]:
    """A client without a rate limit, a match and its person's Authorization header (one
    app for the module: hypothesis runs many examples per test)."""
    app = create_app(
        {
            "FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(),
            "FLIPSIDE_SETTINGS": Settings(log_format="json", rate_limit=None),
        }
    )
    client = app.test_client()
    created = client.post("/v1/matches", json={"seats": PERSON_AND_TWO_NPCS}).get_json()
    return client, created["match_id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}


def json_text(value: Any) -> bytes:
    return json.dumps(value).encode("utf-8", "surrogatepass")  # lone surrogates as \\udXXX


kinds = st.sampled_from(["exchange", "orientation"]) | json_values
move_bodies = st.one_of(
    json_values.map(json_text),
    st.fixed_dictionaries(
        {"discard": st.lists(json_values, max_size=7)}, optional={"kind": kinds}
    ).map(json_text),
    st.fixed_dictionaries(
        {"cards": st.lists(json_values, max_size=7)}, optional={"kind": kinds}
    ).map(json_text),
    st.fixed_dictionaries(
        {"discard": st.lists(near_card, max_size=7)}, optional={"kind": kinds}
    ).map(json_text),
    st.fixed_dictionaries({"cards": st.lists(near_card, max_size=7)}, optional={"kind": kinds}).map(
        json_text
    ),
    st.binary(max_size=64),
)
seat_requests = st.fixed_dictionaries(
    {"type": st.sampled_from(["human", "npc"]) | json_values},
    optional={"name": any_text | json_values, "level": any_text | json_values},
)
create_bodies = st.one_of(
    json_values.map(json_text),
    st.fixed_dictionaries(
        {"seats": st.lists(seat_requests, max_size=6)},
        optional={
            "game": st.just("flipside") | any_text | json_values,
            "options": json_values,
            "seed": any_text | json_values,
            "turn_timeout_seconds": json_values,
        },
    ).map(json_text),
    st.binary(max_size=64),
)
header_text = st.text(st.characters(codec="latin-1", exclude_characters="\r\n"), max_size=12)
headers = st.fixed_dictionaries(
    {}, optional={"If-Match": header_text, "Idempotency-Key": header_text}
)
DEEP = [b"[" * 5000 + b"]" * 5000, b'{"cards":' + b"[" * 30000 + b"]" * 30000 + b"}"]


def assert_problem_or_success(response: Any) -> None:
    assert response.status_code < 500, response.get_data()[:300]
    if response.status_code >= 400:
        assert response.mimetype == "application/problem+json", response.status_code
        problem = response.get_json()
        assert problem["status"] == response.status_code
        assert STATUS_BY_CODE[problem["code"]] == response.status_code


@FUZZ
@given(st.sampled_from(["actions", "exchange", "orientation"]), move_bodies, headers)
@example("orientation", DEEP[0], {})
@example("exchange", DEEP[1], {})
@example("actions", b'{"kind": "exchange", "discard": [true]}', {})
@example("actions", b'{"kind": ["exchange"], "discard": []}', {})
def test_a_fuzzed_move_is_never_a_server_error(
    seat: tuple[FlaskClient, str, dict[str, str]], kind: str, body: bytes, extra: dict[str, str]
) -> None:
    client, match_id, authorization = seat
    response = client.post(
        f"/v1/matches/{match_id}/{kind}",
        data=body,
        content_type="application/json",
        headers={**authorization, **extra},
    )
    assert_problem_or_success(response)


@FUZZ
@given(create_bodies, headers)
@example(DEEP[0], {})
def test_a_fuzzed_match_creation_is_never_a_server_error(
    seat: tuple[FlaskClient, str, dict[str, str]], body: bytes, extra: dict[str, str]
) -> None:
    client, _, _ = seat
    response = client.post("/v1/matches", data=body, content_type="application/json", headers=extra)
    assert_problem_or_success(response)
