"""The Python examples of docs/research.md and docs/policies.md run as written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from flipside.decisions import decision_rows, write_parquet
from flipside.engine.seats import SeatSpec
from flipside.service import MatchService
from flipside.simulation import simulate
from flipside.store.memory import InMemoryEventStore
from tests.docs_examples import block_with
from tests.recorded_matches import finished_match, seed_of


def run(block: str, **given: Any) -> dict[str, Any]:
    """The names `block` leaves behind, run with `given` already defined."""
    names: dict[str, Any] = dict(given)
    exec(compile(block, "<docs example>", "exec"), names)
    return names


def test_the_aec_example_plays_a_match_to_its_end() -> None:
    table = run(block_with("research.md", "agent_iter()"))["table"]
    assert table.agents == []  # a seat steps out only once the match has ended


def test_the_single_learner_example_takes_a_legal_step() -> None:
    names = run(block_with("research.md", "MaskedSingleAgent("))
    learner, observation = names["learner"], names["observation"]
    assert observation.shape == learner.observation_space.shape
    assert isinstance(names["reward"], float)


def test_the_decision_rows_example_gives_a_row_per_decision() -> None:
    store = InMemoryEventStore()
    records = store.read_stream(finished_match(store, "docs-decisions"))
    rows = run(block_with("research.md", "decision_rows(records)"), records=records)["rows"]
    assert rows and all({"seat", "view", "legal_actions", "action"} <= set(row) for row in rows)


def test_the_parquet_example_reads_an_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = InMemoryEventStore()
    seats = [SeatSpec("npc", level="easy")] * 2
    MatchService(store).create(
        seats, game="holdem", options={"max_hands": 3}, seed=seed_of("docs"), match_id="docs"
    )
    written = decision_rows(store.read_stream("docs"))
    monkeypatch.chdir(tmp_path)
    write_parquet(written, Path("holdem.parquet"))
    views = run(block_with("research.md", "holdem.parquet"))["views"]
    assert views == [row["view"] for row in written]


def test_the_minimal_orc_policy_plays_whole_matches() -> None:
    documented = run(block_with("policies.md", "class OrcLowest"))["OrcLowest"]
    openings: list[int] = []

    class Counted(documented):
        def opening(self, view: Any, rng: Any) -> int:
            openings.append(super().opening(view, rng))
            return openings[-1]

    levels = ["docs:OrcLowest", "easy", "easy", "easy"]
    result = simulate(4, levels, 1, game="orc", custom={"docs:OrcLowest": Counted()})
    assert result.matches == 4 and sum(result.wins) == 4
    assert openings  # the documented policy played its seat
