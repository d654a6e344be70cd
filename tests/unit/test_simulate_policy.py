"""`flipside simulate --policy SEAT=module:attr`: your own policy among the built-in levels,
rotated and summarised like a level; one-line errors for every way it can go wrong."""

from __future__ import annotations

import hashlib
import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

from flipside.custom_policies import PolicyError, decisions, parse_spec
from flipside.engine.registry import INSTALLED, game_named

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {  # examples/policies.py: the smallest policy of every game
    "flipside": ("FlipsideKeepAll", 3),
    "oink": ("OinkRoller", 2),
    "holdem": ("HoldemPusher", 2),
    "orc": ("OrcLowest", 3),
    "juggernaut": ("JuggernautMiser", 4),
}
BOTS = """
class Lowest:
    def opening(self, view, rng): return min(view.hand)
    def tiebreak(self, view, rng): return 99
    def contribution(self, view, rng): return min(view.hand)
    def draws(self, view, rng): return len(view.me.row) < 2

class Crashing(Lowest):
    def draws(self, view, rng): raise RuntimeError("out of ideas")

class Illegal(Lowest):
    def opening(self, view, rng): return 11

half = object()
"""


def simulate(*args: str) -> tuple[int, str]:
    outcome = CliRunner().invoke(cli, ["simulate", *args])
    return outcome.exit_code, outcome.output


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> str:
    """A module of policies in the current directory, named after the test (imports cache)."""
    name = f"bots_{hashlib.sha256(request.node.nodeid.encode()).hexdigest()[:12]}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(BOTS))
    monkeypatch.chdir(tmp_path)
    return name


@pytest.mark.parametrize("game", INSTALLED)
def test_a_custom_policy_run_gives_the_same_digest_twice(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    attr, seats = EXAMPLES[game]
    name = f"examples.policies:{attr}"
    args = ["--game", game, "--seats", str(seats), "--matches", str(seats), "--rotate"]
    args += ["--policy", f"1={name}", "--json", "--seed", "3"]
    first, second = simulate(*args), simulate(*args)
    assert first[0] == 0, first[1]
    summary = json.loads(first[1])
    assert summary["digest"] == json.loads(second[1])["digest"]
    assert summary["levels"][1] == name
    assert summary["by_level"][name]["seat_matches"] == seats  # it sat in every seat once


def test_the_policy_changes_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    base = ["--game", "orc", "--seats", "3", "--matches", "3", "--rotate", "--json"]
    mine = json.loads(simulate(*base, "--policy", "0=examples.policies:OrcLowest")[1])
    levels = json.loads(simulate(*base)[1])
    assert mine["digest"] != levels["digest"]
    assert set(levels["by_level"]) == {"easy"}


def test_an_illegal_move_stops_the_run_with_the_seat_and_the_move(bots: str) -> None:
    code, output = simulate(
        "--game", "orc", "--seats", "3", "--matches", "1", "--policy", f"2={bots}:Illegal"
    )
    assert code == 1
    assert output.strip().splitlines()[-1] == (
        "Error: seat 2 played an illegal move ChooseOpening(seat=2, number=11): "
        "invalid_number (a card is a number from 1 to 10 (K2))"
    )


def test_a_policy_that_raises_stops_the_run_with_its_seat(bots: str) -> None:
    code, output = simulate(
        "--game", "orc", "--seats", "3", "--matches", "1", "--policy", f"1={bots}:Crashing"
    )
    assert code == 1
    assert f"Error: seat 1 ({bots}:Crashing): draws raised RuntimeError: out of ideas" in output


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("Lowest", "policy 'Lowest' is not SEAT=module:attr"),
        ("one=x:y", "policy 'one=x:y' is not SEAT=module:attr"),
        ("3={bots}:Lowest", "policy seat 3 is out of range: the table has seats 0-2"),
        ("0=no_such_module_here:Lowest", "policy no_such_module_here:Lowest: no module"),
        ("0={bots}:Missing", "policy {bots}:Missing: module '{bots}' has no attribute 'Missing'"),
        ("0={bots}:half", "policy {bots}:half lacks opening, tiebreak, contribution, draws"),
    ],
)
def test_bad_policies_fail_in_one_line(bots: str, spec: str, message: str) -> None:
    code, output = simulate(
        "--game", "orc", "--seats", "3", "--matches", "1", "--policy", spec.format(bots=bots)
    )
    assert code == 2
    assert "Invalid value for --policy: " + message.format(bots=bots) in output
    assert "Traceback" not in output


def test_one_seat_takes_one_policy(bots: str) -> None:
    code, output = simulate(
        "--game",
        "orc",
        "--seats",
        "3",
        "--policy",
        f"0={bots}:Lowest",
        "--policy",
        f"0={bots}:Crashing",
    )
    assert code == 2 and "two policies for seat 0" in output


def test_specs_parse_into_seat_and_name() -> None:
    assert parse_spec("2=bots.mine:Cautious") == (2, "bots.mine:Cautious")
    with pytest.raises(PolicyError):
        parse_spec("2=bots.mine")


def test_every_game_exports_its_policy_interface() -> None:
    expected = {
        "flipside": ("exchange", "orientation"),
        "oink": ("action", "call", "answer"),
        "holdem": ("act", "show"),
        "orc": ("opening", "tiebreak", "contribution", "draws"),
        "juggernaut": ("move",),
    }
    assert {game: decisions(game_named(game)) for game in INSTALLED} == expected
