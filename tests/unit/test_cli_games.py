"""`flipside games` and `flipside simulate --game`: every installed game, and bad input as
one line with a non-zero exit."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result
from flipside.cli.main import cli

from flipside.engine.registry import DEFAULT_GAME, INSTALLED, game_named


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_games_lists_every_installed_game_as_json() -> None:
    result = run("games", "--json")
    assert result.exit_code == 0, result.output
    listed = [json.loads(line) for line in result.stdout.splitlines()]
    assert [game["id"] for game in listed] == list(INSTALLED)
    flipside = next(game for game in listed if game["id"] == "flipside")
    assert flipside["title"]["en"] == "Flipside"
    assert flipside["seats"] == {"min": 3, "max": 5}  # R4
    assert flipside["levels"][0] == "easy" and "hate_you" in flipside["levels"]
    assert flipside["formats"] == ["jsonl", "csv", "toml"]


def test_games_table_shows_seats_and_levels() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "flipside" in result.stdout and "3-5" in result.stdout and "easy" in result.stdout


@pytest.mark.parametrize("game_id", INSTALLED)
def test_simulate_plays_any_installed_game(game_id: str) -> None:
    game = game_named(game_id)
    result = run("simulate", "--game", game_id, "--matches", "1", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == game_id and summary["matches"] == 1
    assert summary["seats"] in game.seats
    assert set(summary["by_level"]) == {game.levels[0]}  # the weakest, by default


def test_simulate_defaults_to_the_default_game() -> None:
    args = ["simulate", "--matches", "2", "--seed", "3", "--json"]
    plain, named = run(*args), run(*args, "--game", DEFAULT_GAME)
    assert plain.exit_code == named.exit_code == 0, plain.output
    first, second = json.loads(plain.stdout), json.loads(named.stdout)
    assert first["game"] == DEFAULT_GAME and first["digest"] == second["digest"]
    assert first["seats"] == 4  # a table of four when neither --seats nor --levels says


def test_an_unknown_game_is_one_line() -> None:
    result = run("simulate", "--game", "chess", "--matches", "1")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: no game 'chess'; installed: {', '.join(INSTALLED)}"
    ]


def test_levels_and_seats_are_the_games() -> None:
    unknown = run("simulate", "--levels", "easy,easy,grandmaster")
    assert unknown.exit_code == 2 and "flipside levels are easy, normal" in unknown.output
    too_many = run("simulate", "--seats", "9")
    assert too_many.exit_code == 2 and "flipside seats 3-5, not 9 seats" in too_many.output
    too_few = run("simulate", "--levels", "easy,hard")
    assert too_few.exit_code == 2 and "flipside seats 3-5, not 2 levels" in too_few.output
    mismatch = run("simulate", "--seats", "4", "--levels", "easy,easy,easy")
    assert mismatch.exit_code == 2 and "3 levels for 4 seats" in mismatch.output
