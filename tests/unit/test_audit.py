"""`flipside.records.audit.audit_stream` on records from the in-memory store, honest and tampered.

Tampering here re-seals the hash chain after the change, as a forger with write access would:
the rules, not the hashes, must then catch it (the plain edits are in
tests/integration/test_audit_tamper.py, against PostgreSQL).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from flipside.games.flipside.read_models import round_facts
from flipside.games.flipside.shuffle import commitment
from flipside.projections.rows import match_summary
from flipside.records.audit import audit_stream, projection_findings
from flipside.store import GENESIS_HASH, InMemoryEventStore, StoredEvent
from flipside.store.chain import canonical_text, recompute_hash
from tests.recorded_matches import finished_match, running_match


@pytest.fixture(scope="module")
def store() -> InMemoryEventStore:
    store = InMemoryEventStore()
    for number in range(6):
        finished_match(store, f"m{number}", seats=3 + number % 3)
    running_match(store, "h1")
    return store


def resealed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    """`events` with every prev_hash and hash recomputed, as a forger would leave them."""
    sealed, prev = [], GENESIS_HASH
    for event in events:
        event = dataclasses.replace(event, prev_hash=prev)
        event = dataclasses.replace(event, hash=recompute_hash(event))
        sealed.append(event)
        prev = event.hash
    return sealed


def forged(
    events: Sequence[StoredEvent], type_name: str, change: Callable[[dict[str, Any]], None]
) -> tuple[list[StoredEvent], int]:
    """The record with `change` made to the data of the first `type_name` event whose data
    it changes, and to its stored canonical text, resealed; and that event's version."""
    for index, event in enumerate(events):
        if event.type != type_name:
            continue
        data = {**event.data}
        change(data)
        if data != event.data:
            copy = list(events)
            copy[index] = dataclasses.replace(event, data=data, data_text=canonical_text(data))
            return resealed(copy), event.version
    raise AssertionError(f"no {type_name} to change")


def checks(events: Sequence[StoredEvent]) -> dict[str, int | None]:
    verdict = audit_stream(events[0].stream_id, events)
    return {finding.check: finding.version for finding in verdict.findings}


def test_honest_records_pass(store: InMemoryEventStore) -> None:
    for match_id in [f"m{number}" for number in range(6)]:
        verdict = audit_stream(match_id, store.read_stream(match_id))
        assert verdict.passed, verdict.findings
        assert verdict.finished and verdict.seed_revealed and verdict.note is None


def test_a_running_match_passes_as_far_as_it_goes(store: InMemoryEventStore) -> None:
    verdict = audit_stream("h1", store.read_stream("h1"))
    assert verdict.passed and not verdict.finished and not verdict.seed_revealed
    assert "seed not yet revealed" in (verdict.note or "")
    assert verdict.to_json()["status"] == "running"


def test_resealing_keeps_the_chain_valid(store: InMemoryEventStore) -> None:
    assert checks(resealed(store.read_stream("m0"))) == {}


def test_a_changed_drawn_card_breaks_the_draw_and_the_rules(store: InMemoryEventStore) -> None:
    def swap_drawn(data: dict[str, Any]) -> None:
        if data["drawn"]:
            data["drawn"] = ["32" if data["drawn"][0] != "32" else "42", *data["drawn"][1:]]

    events, version = forged(store.read_stream("m0"), "flipside.CardsExchanged", swap_drawn)
    found = checks(events)
    assert found["draw"] == version and found["decider"] == version and "chain" not in found


def test_a_changed_revealed_seed_breaks_the_commitment(store: InMemoryEventStore) -> None:
    def new_seed(data: dict[str, Any]) -> None:
        data["seed"] = "00" * 32

    events, version = forged(store.read_stream("m1"), "flipside.SeedRevealed", new_seed)
    found = checks(events)
    assert found["commitment"] == version and found["decider"] == version


def test_a_new_seed_and_commitment_do_not_match_the_shuffles(store: InMemoryEventStore) -> None:
    seed = "11" * 32

    def other_seed(data: dict[str, Any]) -> None:
        data["seed"] = seed
        data["deck_commitment"] = commitment(bytes.fromhex(seed))

    events, _ = forged(store.read_stream("m2"), "flipside.MatchCreated", other_seed)
    events, _ = forged(events, "flipside.SeedRevealed", lambda data: data.update(seed=seed))
    found = checks(events)
    assert found["shuffle"] == 2  # the initial shuffle, right after MatchCreated
    assert "commitment" not in found


def test_a_reordered_deck_is_not_the_seeds_shuffle(store: InMemoryEventStore) -> None:
    def reverse(data: dict[str, Any]) -> None:
        data["cards"] = data["cards"][::-1]

    events, version = forged(store.read_stream("m3"), "flipside.DeckShuffled", reverse)
    assert checks(events)["shuffle"] == version


def test_a_forger_who_leaves_the_stored_text_is_caught_there(store: InMemoryEventStore) -> None:
    def more_life(data: dict[str, Any]) -> None:
        data["life"] += 1

    events, version = forged(store.read_stream("m4"), "flipside.LifeChanged", more_life)
    stale = store.read_stream("m4")[version - 1].data_text
    events[version - 1] = dataclasses.replace(events[version - 1], data_text=stale)
    assert checks(events) == {"decider": version, "text": version}


def test_a_changed_life_is_not_what_the_rules_give(store: InMemoryEventStore) -> None:
    def more_life(data: dict[str, Any]) -> None:
        data["life"] += 1

    events, version = forged(store.read_stream("m4"), "flipside.LifeChanged", more_life)
    assert checks(events) == {"decider": version}


def test_a_record_cut_inside_a_decision_is_caught(store: InMemoryEventStore) -> None:
    events = store.read_stream("m5")
    cut = events[:-1]  # without SeedRevealed, which MatchEnded's decision also emits
    found = checks(cut)
    assert found == {"decider": cut[-1].version}


def test_an_unreadable_event_stops_the_audit(store: InMemoryEventStore) -> None:
    events, version = forged(
        store.read_stream("m0"), "flipside.RoundStarted", lambda data: data.update(colour="red")
    )
    assert checks(events) == {"decode": version}


def test_a_malformed_event_is_reported_not_raised(store: InMemoryEventStore) -> None:
    def short_hands(data: dict[str, Any]) -> None:
        data["hands"] = data["hands"][:1]

    events, version = forged(store.read_stream("m1"), "flipside.CardsDealt", short_hands)
    found = checks(events)
    assert found["decode"] == version and found["decider"] == version


def test_a_record_without_its_seed_cannot_pass(store: InMemoryEventStore) -> None:
    def no_seed(data: dict[str, Any]) -> None:
        data["seed"] = None

    events, _ = forged(store.read_stream("h1"), "flipside.MatchCreated", no_seed)
    assert checks(events) == {"commitment": 1}


def test_projections_ahead_of_the_stream_mean_a_cut_record(store: InMemoryEventStore) -> None:
    events = store.read_stream("m0")
    summary = {**match_summary(events), "version": len(events) + 3}
    tables = {"round_facts": round_facts(events)}
    (finding,) = projection_findings("m0", events, summary, tables)
    assert finding.check == "projection" and "the stream has" in finding.message
    assert projection_findings("m0", events, None, {}) == []  # not projected yet
    behind = {**match_summary(events[:-5]), "version": len(events) - 5}
    assert projection_findings("m0", events, behind, {}) == []  # the projections lag


def test_no_events_is_no_match() -> None:
    verdict = audit_stream("nothing", [])
    assert not verdict.passed and verdict.findings[0].check == "decode"


def test_reshuffles_are_exercised(store: InMemoryEventStore) -> None:
    reshuffles = [
        event
        for number in range(6)
        for event in store.read_stream(f"m{number}")
        if event.type == "flipside.DeckShuffled" and event.data["reason"] == "used_pile"
    ]
    assert reshuffles, "the test matches should reshuffle the used pile at least once"
