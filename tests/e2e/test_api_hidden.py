"""Hidden information over HTTP (R10, R11).

While a match runs, nothing a spectator or another seat can fetch (the view, the event
record, the event stream) holds a card another seat drew, an orientation not yet revealed,
the deck order or the seed. The truth to compare with is the full state, replayed from the
events stored in PostgreSQL. Once the match is over, the whole record is public.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from flipside.engine import codec
from flipside.games.flipside import GAME
from flipside.games.flipside.cards import CardError, parse_card
from flipside.games.flipside.state import Match
from flipside.store import PostgresEventStore

from .live_server import ApiClient, human_tokens, play_to_end, play_turn

EASY = {"type": "npc", "level": "easy"}
CHECKPOINTS = 14


@pytest.fixture(scope="module")
def store(database_url: str) -> Iterator[PostgresEventStore]:
    with PostgresEventStore(database_url, max_size=2) as store:
        yield store


def truth(store: PostgresEventStore, match_id: str) -> Match:
    state: Match = codec.fold(GAME, store.read_stream(match_id))
    return state


def stream_records(
    api: ApiClient, match_id: str, token: str | None, until: int, last_id: int | None = None
) -> list[dict[str, Any]]:
    """The stream's event records up to version `until` (then the connection is closed)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    url = f"{api.base_url}/v1/matches/{match_id}/stream"
    records: list[dict[str, Any]] = []
    with requests.get(url, headers=headers, stream=True, timeout=10) as response:
        assert response.status_code == 200
        assert response.headers["Content-Type"].startswith("text/event-stream")
        for line in response.iter_lines(decode_unicode=True):
            if line.startswith("data: "):
                records.append(json.loads(line.removeprefix("data: ")))
                if records[-1]["version"] >= until:
                    break
    return records


def leaves(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)
    elif isinstance(value, str):
        yield value


def cards_among(value: Any) -> set[str]:
    found = set()
    for text in leaves(value):
        with contextlib.suppress(CardError):  # most texts are not cards
            found.add(parse_card(text))
    return found


def assert_view_hides(view: dict[str, Any], viewer: int | None, state: Match) -> None:
    assert view["seed"] is None and "deck" not in view
    for seat, true_seat in zip(view["seats"], state.seats, strict=True):
        if seat["seat"] == viewer:
            assert seat["cards"] == list(true_seat.hand)
            continue
        shown = [card for card in seat["cards"] if card is not None]
        assert set(shown) <= set(true_seat.dealt), "another seat's drawn card is shown"
        assert len(seat["cards"]) - len(shown) == len(true_seat.drawn)
        assert seat["placed"] is None, "another seat's orientation is shown"


def assert_records_hide(records: list[dict[str, Any]], viewer: int | None, state: Match) -> None:
    secret_draws = {
        card for index, seat in enumerate(state.seats) if index != viewer for card in seat.drawn
    }
    for record in records:
        data, kind = record["data"], record["type"]
        assert kind != "SeedRevealed"
        if kind == "MatchCreated":
            assert data["seed"] is None
        elif kind == "DeckShuffled":
            assert data["cards"] is None, "the deck order is shown"
        elif kind == "CardsExchanged" and data["seat"] != viewer:
            assert data["drawn"] == [None] * len(data["drawn"])
        elif kind == "OrientationChosen" and data["seat"] != viewer:
            assert data["cards"] is None, "an orientation is shown before the showdown"
        if data.get("round") == state.round:
            assert not cards_among(data) & secret_draws, "a secret draw is in the record"


def test_nothing_hidden_reaches_a_spectator_or_another_seat(
    api: ApiClient, store: PostgresEventStore
) -> None:
    people = [{"type": "human", "name": "ana"}, {"type": "human", "name": "bo"}]
    created = api.create([people[0], EASY, people[1], EASY])
    match_id, tokens = created["match_id"], human_tokens(created)
    seats = [seat["seat"] for seat in created["seats"] if seat["token"]]
    viewers = [(None, None), *zip(seats, tokens, strict=True)]
    rng = random.Random(3)
    checked = 0
    while checked < CHECKPOINTS:
        # One move at a time, so a check also falls between two people's placements (R11).
        if not any(play_turn(api, match_id, token, rng) for token in tokens):
            break
        state = truth(store, match_id)
        if state.phase == "over":
            break
        secret_texts = [state.seed.hex()]
        for viewer, token in viewers:
            view = api.get(f"/v1/matches/{match_id}", token=token)
            events = api.get(f"/v1/matches/{match_id}/events", token=token)
            streamed = stream_records(api, match_id, token, until=state.version)
            for text in secret_texts:
                assert text not in view.text and text not in events.text
                assert text not in json.dumps(streamed)
            assert_view_hides(view.json(), viewer, state)
            assert_records_hide(events.json()["events"], viewer, state)
            assert_records_hide(streamed, viewer, state)
            assert streamed == events.json()["events"]
        checked += 1
    assert checked >= 4, "the match ended before the checks could run"


def test_after_the_end_the_whole_record_is_public(
    api: ApiClient, store: PostgresEventStore
) -> None:
    created = api.create([{"type": "human", "name": "ana"}, EASY, EASY])
    match_id = created["match_id"]
    play_to_end(api, match_id, human_tokens(created), random.Random(9))
    records = api.get(f"/v1/matches/{match_id}/events").json()["events"]
    stored = store.read_stream(match_id)
    assert [record["data"] for record in records] == [event.data for event in stored]
    assert records[-1]["type"] == "SeedRevealed"


def test_the_stream_resumes_from_last_event_id_and_ends_with_the_match(api: ApiClient) -> None:
    created = api.create([{"type": "human", "name": "ana"}, EASY, EASY])
    match_id = created["match_id"]
    play_to_end(api, match_id, human_tokens(created), random.Random(4))
    version = api.version(match_id)
    url = f"{api.base_url}/v1/matches/{match_id}/stream"
    with requests.get(url, headers={"Last-Event-ID": "3"}, stream=True, timeout=10) as response:
        ids = [
            int(line[4:])
            for line in response.iter_lines(decode_unicode=True)
            if line.startswith("id: ")
        ]
    assert ids == list(range(4, version + 1))  # and the stream ended by itself
