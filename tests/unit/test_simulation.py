"""`flipside simulate` and `flipside.simulation`: rotation over deals, per-level statistics,
reproducible runs (README, "Command line")."""

from __future__ import annotations

import json
import statistics

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.simulation import Z_95, SimulationResult, rotate, simulate

LEVELS = ["easy", "normal", "hard", "easy"]


def test_rotation_seats_every_level_everywhere() -> None:
    assert rotate(["a", "b", "c", "d"], 1) == ["d", "a", "b", "c"]
    seatings = [rotate(["a", "b", "c"], r) for r in range(3)]
    for seat in range(3):
        assert sorted(seating[seat] for seating in seatings) == ["a", "b", "c"]


def test_rotated_run_plays_each_deal_once_per_rotation() -> None:
    result = simulate(8, LEVELS, 5, rotated=True)
    assert result.deals == [0, 0, 0, 0, 1, 1, 1, 1]
    assert result.levels[:4] == [rotate(LEVELS, r) for r in range(4)]
    assert sorted(result.places[0]) == [1, 2, 3, 4]


def test_seeded_runs_are_reproducible() -> None:
    first = simulate(4, LEVELS, 9, rotated=True)
    assert simulate(4, LEVELS, 9, rotated=True).digest == first.digest
    assert simulate(4, LEVELS, 10, rotated=True).digest != first.digest


def test_level_statistics_are_over_deals() -> None:
    result = SimulationResult(
        places=[[1, 2, 3], [2, 3, 1], [3, 1, 2], [1, 3, 2]],
        levels=[["a", "b", "b"]] * 4,
        deals=[0, 0, 1, 1],
    )
    stats = result.by_level()
    a, b = stats["a"], stats["b"]
    assert (a.seat_matches, a.wins, a.mean_place) == (4, 2, 1.75)
    assert b.win_rate == pytest.approx(2 / 8)
    deal_means = [1.5, 2.0]  # level a: deal 0 places 1, 2; deal 1 places 3, 1
    half = Z_95 * statistics.stdev(deal_means) / 2**0.5
    assert a.ci95 == pytest.approx((1.75 - half, 1.75 + half))


def test_cli_reports_levels_and_keeps_its_json_keys() -> None:
    runner = CliRunner()
    args = ["simulate", "--matches", "4", "--levels", ",".join(LEVELS), "--rotate", "--json"]
    outcome = runner.invoke(cli, args)
    assert outcome.exit_code == 0, outcome.output
    summary = json.loads(outcome.output)
    assert {"matches", "rounds", "rounds_per_second", "wins", "digest"} <= summary.keys()
    assert set(summary["by_level"]) == {"easy", "normal", "hard"}
    assert summary["by_level"]["easy"]["seat_matches"] == 8
    assert {"win_rate", "mean_place", "ci95"} <= summary["by_level"]["hard"].keys()


def test_cli_rotation_needs_whole_deals() -> None:
    outcome = CliRunner().invoke(cli, ["simulate", "--matches", "5", "--rotate"])
    assert outcome.exit_code == 2
    assert "multiple of 4" in outcome.output
