"""The README's first screen works as written: it names every installed game with its rules,
and its curl session, run by bash against `flipside serve`, creates a match and makes a move
(only the port differs from the README's, so that tests never take port 8000)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

from flipside.engine.registry import games

from .live_server import ROOT
from .serving import flipside_serve

README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST_SCREEN = README.split("\n## What it is made of")[0]
ADDRESS = "127.0.0.1:8000"


def _curl_session() -> str:
    blocks = re.findall(r"```sh\n(.*?)```", FIRST_SCREEN, re.S)
    sessions = [block for block in blocks if "curl" in block]
    assert len(sessions) == 1, sessions
    return str(sessions[0])


def _json_documents(text: str) -> list[Any]:
    """The JSON documents printed one after another (curl adds no newline between them)."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(text := text.strip()):
        document, at = decoder.raw_decode(text, at)
        found.append(document)
        while at < len(text) and text[at].isspace():
            at += 1
    return found


def test_the_first_screen_names_every_game_the_commands_and_the_address() -> None:
    for game in games():
        assert game.title["en"] in FIRST_SCREEN, game.id
        assert f"(docs/rules/{game.id}.md)" in FIRST_SCREEN, game.id
    assert "flipside serve\n" in FIRST_SCREEN
    assert f"open http://{ADDRESS}/ to play" in FIRST_SCREEN
    assert len(_curl_session().strip().splitlines()) == 5


def test_the_curl_session_creates_a_match_and_makes_a_move(
    database_url: str, tmp_path: Path
) -> None:
    with flipside_serve(database_url, tmp_path / "serve.log") as served:
        session = _curl_session().replace(ADDRESS, f"127.0.0.1:{served.port}")
        ran = subprocess.run(
            ["bash", "-c", f"set -euo pipefail\n{session}"],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert ran.returncode == 0, ran.stderr
    view, legal, moved = _json_documents(ran.stdout)
    assert view["viewer"] == 0 and view["status"] == "active"
    assert [action["kind"] for action in legal["actions"]] == ["exchange"]
    assert moved["version"] > view["version"]
    assert moved["seats"][0]["exchanged"] is True
