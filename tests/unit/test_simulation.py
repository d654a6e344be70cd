"""`flipside simulate` and `flipside.simulation`: rotation over deals, per-level statistics
of places and scores, reproducible runs, game options and Hold'em's test drivers (README,
"Command line"; H47a, H47b)."""

from __future__ import annotations

import hashlib
import json
import statistics
from typing import Any

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.custom_policies import PolicyError
from flipside.engine import codec
from flipside.engine.game import Score
from flipside.engine.registry import game_named
from flipside.engine.seats import SeatSpec
from flipside.simulation import (
    Z_95,
    SimulationResult,
    events_digest,
    play_match,
    rotate,
    simulate,
    simulate_in_processes,
    summarised_score,
)

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


def test_scores_are_summarised_per_level_over_deals() -> None:
    result = SimulationResult(
        scores=[[10.0, -4.0, -6.0], [-2.0, 0.0, 2.0], [30.0, -10.0, -20.0], [6.0, -3.0, -3.0]],
        levels=[["a", "b", "b"], ["b", "a", "b"], ["a", "b", "b"], ["b", "b", "a"]],
        deals=[0, 0, 1, 1],
    )
    scores = result.score_by_level()
    deal_means = [(10.0 + 0.0) / 2, (30.0 - 3.0) / 2]  # level a's scores in deals 0 and 1
    half = Z_95 * statistics.stdev(deal_means) / 2**0.5
    assert scores["a"].mean == pytest.approx(37 / 4)
    assert scores["a"].ci95 == pytest.approx((37 / 4 - half, 37 / 4 + half))
    assert scores["b"].mean == pytest.approx(-37 / 8)  # each match's scores sum to 0
    one_deal = SimulationResult(scores=[[1.0]], levels=[["a"]], deals=[0])
    assert one_deal.score_by_level()["a"].ci95 is None


def test_a_score_per_rounds_is_divided_by_the_rounds_played() -> None:
    per_100_hands = Score("chips won", per=(100, "hands"))
    assert summarised_score(per_100_hands, 30, 3) == 1000
    assert summarised_score(Score("final chips"), 30, 3) == 30


def test_hold_em_h47a_one_hand_a_match_scores_chips_won_per_100_hands() -> None:
    result = simulate(
        6, ["hard", "passive"], 2, rotated=True, game="holdem", options={"max_hands": 1}
    )
    assert result.rounds == 6  # every stack 1,000 again for each hand: one hand a match
    assert all(sum(match) == 0 for match in result.scores)  # H5
    assert all(score % 100 == 0 for match in result.scores for score in match)  # net x 100
    assert set(result.score_by_level()) == {"hard", "passive"}
    assert "passive" not in game_named("holdem").levels  # a test driver, not offered (H47b)


def test_a_test_driver_moves_its_seats_itself() -> None:
    """Its seats are recorded at the weakest level (as your own policies'), so only the
    moves can tell a passive table from an easy one."""

    def run(level: str) -> str:
        return simulate(2, [level] * 2, 4, game="holdem", options={"max_hands": 3}).digest

    assert run("passive") != run("easy")


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
    assert summary["score_unit"] == "life points"
    assert summary["by_level"]["hard"]["score"].keys() == {"mean", "ci95"}


def test_cli_runs_hold_em_s_measurement_with_options_and_drivers() -> None:
    args = ["--game", "holdem", "--levels", "hard,passive", "--rotate", "--matches", "4"]
    runner = CliRunner()
    text = runner.invoke(cli, ["simulate", *args, "--option", "max_hands=1"])
    assert text.exit_code == 0, text.output
    assert "score: chips won per 100 hands" in text.output
    summary = json.loads(
        runner.invoke(cli, ["simulate", *args, "--option", "max_hands=1", "--json"]).output
    )
    assert (summary["rounds"], summary["options"]) == (4, {"max_hands": 1})
    assert summary["score_unit"] == "chips won per 100 hands"
    hard, passive = summary["by_level"]["hard"]["score"], summary["by_level"]["passive"]["score"]
    assert hard["mean"] == pytest.approx(-passive["mean"])
    assert f"{hard['mean']:.2f}" in text.output  # the same run, as text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "holdem", "--option", "max_hands=0"], "max_hands must be an integer"),
        (["--game", "holdem", "--option", "max_hands"], "'max_hands' is not NAME=VALUE"),
        (["--game", "orc", "--levels", "easy,passive,easy"], "orc levels are easy"),
    ],
)
def test_cli_refuses_bad_options_and_levels_in_one_line(args: list[str], message: str) -> None:
    outcome = CliRunner().invoke(cli, ["simulate", "--matches", "2", *args])
    assert outcome.exit_code == 2
    assert message in outcome.output.splitlines()[-1]


def test_cli_rotation_needs_whole_deals() -> None:
    outcome = CliRunner().invoke(cli, ["simulate", "--matches", "5", "--rotate"])
    assert outcome.exit_code == 2
    assert "multiple of 4" in outcome.output


def test_a_match_that_passes_the_move_limit_stops_the_run_with_its_name() -> None:
    seats = [SeatSpec("npc", level="easy")] * 2
    _, ended = play_match("long", seats, b"s" * 32, game="oink", moves_max=10_000)
    assert game_named("oink").progress(ended).status == "finished"
    with pytest.raises(PolicyError, match="match long passed 1 moves without ending"):
        play_match("long", seats, b"s" * 32, game="oink", moves_max=1)


def test_cli_stops_a_run_whose_match_does_not_end_in_one_line() -> None:
    outcome = CliRunner().invoke(cli, ["simulate", "--matches", "1", "--moves-max", "3"])
    assert outcome.exit_code == 1
    assert outcome.output.strip().splitlines() == [
        "Error: match sim-0-0 passed 3 moves without ending"
    ]


def test_a_run_shared_out_to_processes_is_the_same_run() -> None:
    alone = simulate(12, LEVELS, 5, rotated=True)
    shared = simulate_in_processes(2, 12, LEVELS, 5, rotated=True)
    assert shared.digest == alone.digest
    assert (shared.places, shared.scores, shared.levels, shared.deals, shared.wins) == (
        alone.places,
        alone.scores,
        alone.levels,
        alone.deals,
        alone.wins,
    )
    assert (shared.matches, shared.rounds, shared.events) == (
        alone.matches,
        alone.rounds,
        alone.events,
    )


def test_simulate_jobs_gives_the_digest_of_one_process() -> None:
    def run(jobs: str) -> dict[str, Any]:
        args = ["simulate", "--matches", "9", "--levels", "easy,hard,easy", "--rotate", "--json"]
        result = CliRunner().invoke(cli, [*args, "--jobs", jobs])
        assert result.exit_code == 0, result.output
        summary: dict[str, Any] = json.loads(result.stdout)
        return summary

    one, two = run("1"), run("2")
    assert two["digest"] == one["digest"] and two["by_level"] == one["by_level"]


@pytest.mark.parametrize("game", ["flipside", "holdem"])
def test_a_match_digest_is_the_sha256_of_its_events_as_sorted_compact_json(game: str) -> None:
    """The digest a run reports is over `json.dumps` of each event, byte for byte, non-ASCII
    text escaped: a run's digest does not change with how it is computed."""
    the_game = game_named(game)
    seats = [SeatSpec("npc", level=the_game.levels[0])] * 3
    events, _ = play_match("matché-ü", seats, bytes(32), game=game)
    expected = hashlib.sha256()
    for event in events:
        stored_type, data, _ = codec.encode(the_game, event)
        record = {"type": stored_type, "data": data}
        expected.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
    assert events_digest(the_game, events) == expected.digest()
