"""The example of docs/client.md, run as written against the live server (only the address
differs), plays its match to the end."""

from __future__ import annotations

import subprocess
import sys

import requests

from tests.docs_examples import block_with

from .live_server import Server

DOCUMENTED_ADDRESS = "http://127.0.0.1:8000"


def test_the_client_example_plays_its_match_to_the_end(server: Server) -> None:
    example = block_with("client.md", "Client(")
    assert DOCUMENTED_ADDRESS in example
    program = example.replace(DOCUMENTED_ADDRESS, server.base_url) + "print(match.match_id)\n"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    match_id = done.stdout.split()[-1]
    view = requests.get(f"{server.base_url}/v1/matches/{match_id}", timeout=10)  # as a spectator
    assert view.status_code == 200, view.text
    assert view.json()["status"] == "finished"
