"""The README's `flipside simulate` lines run as written, each cut to a few matches, with
the example Oink policy where a line names a placeholder module (``my_bot:Policy``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from flipside.cli.main import cli

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
COMMAND_LINE = re.search(r"## Command line\n\n```sh\n(.*?)```", README, re.S)
assert COMMAND_LINE is not None
SIMULATE_LINES = [
    line.split("  #")[0].strip()
    for line in COMMAND_LINE.group(1).splitlines()
    if line.startswith("flipside simulate")
]
FEW = ["--matches", "8"]  # the last --matches counts: a multiple of every line's seats


def test_the_readme_shows_several_simulations() -> None:
    assert len(SIMULATE_LINES) >= 5


@pytest.mark.parametrize("line", SIMULATE_LINES)
def test_a_readme_simulation_runs(line: str) -> None:
    words = shlex.split(line.replace("my_bot:Policy", "examples.policies:OinkRoller"))
    result = CliRunner().invoke(cli, words[1:] + FEW)
    assert result.exit_code == 0, result.output
    assert "digest" in result.output
