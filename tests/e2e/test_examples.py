"""The sample bots under examples/, each run as its documented command against the live
server, finish a whole match of every game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from flipside.engine.registry import INSTALLED

from .live_server import Server

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FINISHED = re.compile(r"^(\w+) match (\S+): the bot \(seat 0\) placed (\d+) of (\d+)", re.M)


def run_bot(script: str, server: Server, *arguments: str) -> re.Match[str]:
    command = [sys.executable, str(EXAMPLES / script), "--url", server.base_url, *arguments]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    finished = FINISHED.search(done.stdout)
    assert finished is not None, done.stdout
    return finished


@pytest.mark.parametrize("game", INSTALLED)
def test_the_random_bot_finishes_a_match_of_every_game(server: Server, game: str) -> None:
    finished = run_bot("random_bot.py", server, "--game", game, "--seed", "1")
    assert finished.group(1) == game
    assert 1 <= int(finished.group(3)) <= int(finished.group(4))


@pytest.mark.parametrize("game", INSTALLED)
def test_the_level_bot_finishes_a_match_of_every_game(server: Server, game: str) -> None:
    finished = run_bot("level_bot.py", server, "--game", game, "--seed", "1")
    assert finished.group(1) == game
    assert 1 <= int(finished.group(3)) <= int(finished.group(4))
