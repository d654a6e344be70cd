"""Schemathesis against the API with a larger budget than CI's ("Attack").

CI (`tests/e2e/test_api_schemathesis.py`) sends 10 cases per operation and mode; this sends
``--max-examples`` (default 300) per operation through every phase of ``schemathesis run``
(examples, coverage, fuzzing, stateful), checking for 5xx and for responses that break the
OpenAPI document (status, media type, headers, body schema, undocumented methods).

Two passes, each bounded by ``--max-time``: every operation as schemathesis finds them, then
the moves (``POST .../actions`` and its per-kind aliases) on one live match with its
person's token. The first cannot reach the moves' bodies: a generated match id has no
token, so they end in 401.

Without a URL it starts its own server (gunicorn, `ops/gunicorn.conf.py`, as the load
scripts do) on a throwaway database created on ``--server-url`` and dropped afterwards,
with the rate limit off so that every case reaches the endpoints (429 is covered by
`tests/unit/test_ratelimit.py`). Schemathesis prints each summary; the exit code is the
worse of the two passes'.

    .venv/bin/python ops/fuzz/schemathesis.py                     # own server, 300 examples
    .venv/bin/python ops/fuzz/schemathesis.py --max-examples 50 --max-time 120
    .venv/bin/python ops/fuzz/schemathesis.py --url http://127.0.0.1:8000   # a running server
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "ops" / "load"))  # `serving`, shared with the load scripts

from run import serving  # noqa: E402

from flipside.db import scratch_server_url, temporary_database  # noqa: E402
from flipside.engine.registry import LEGACY_GAME, game_named  # noqa: E402

CHECKS = ",".join(
    (
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
        "unsupported_method",
        "allow_header_conformance",
    )
)


ALIASES = "|".join(kind.kind for kind in game_named(LEGACY_GAME).action_kinds)
MOVES = f"/(actions|{ALIASES})$"
A_PERSON_AND_TWO_NPCS = [
    {"type": "human", "name": "fuzz"},
    {"type": "npc", "level": "easy"},
    {"type": "npc", "level": "easy"},
]


def schemathesis_command(
    base_url: str, args: argparse.Namespace, extra: list[str] | None = None
) -> list[str]:
    executable = shutil.which("schemathesis", path=Path(sys.executable).parent) or "schemathesis"
    config = ["--config-file", "schemathesis.toml"] if extra else []
    command = [
        executable,
        *config,
        "run",
        f"{base_url}/openapi.json",
        "--checks",
        CHECKS,
        "--max-examples",
        str(args.max_examples),
        "--max-time",
        str(args.max_time),
        "--request-timeout",
        "10",
        "--workers",
        str(args.workers),
        "--suppress-health-check",
        "all",
        "--generation-database",
        "none",
    ]
    seed = ["--seed", str(args.seed)] if args.seed is not None else []
    return command + seed + (extra or [])


def live_seat(base_url: str) -> tuple[str, str]:
    """A new match of a person and two computer players: its id and the person's token."""
    body = json.dumps({"seats": A_PERSON_AND_TWO_NPCS}).encode()
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(f"{base_url}/v1/matches", body, headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    return created["match_id"], created["seats"][0]["token"]


def moves_pass(base_url: str, scratch: Path) -> list[str]:
    """The options of the second pass; its config file (in `scratch`) pins the match id."""
    match_id, token = live_seat(base_url)
    (scratch / "schemathesis.toml").write_text(f'[parameters]\n"path.match_id" = "{match_id}"\n')
    return ["--include-path-regex", MOVES, "-H", f"Authorization: Bearer {token}"]


def run(command: list[str], scratch: Path) -> int:
    # The token of the moves pass is a throwaway match's; printed, it helps replay a failure.
    print("$", " ".join(command), flush=True)
    # Its working directory gets schemathesis's cache, which has no place in the checkout.
    return subprocess.run(command, cwd=scratch, check=False).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server's base URL (default: start one)")
    parser.add_argument("--max-examples", type=int, default=300, help="cases per operation")
    parser.add_argument("--max-time", type=int, default=300, help="bound on each pass, s")
    # One worker by default: with two, CPython 3.11's ast.parse, which hypothesis calls to
    # describe its filters, sometimes failed in both threads at once ("AST constructor
    # recursion depth mismatch"), an error of the tool and not of the server.
    parser.add_argument("--workers", type=int, default=1, help="concurrent schemathesis workers")
    parser.add_argument("--seed", type=int, help="for a reproducible run")
    parser.add_argument(
        "--server-url",
        default=scratch_server_url(),
        help="a PostgreSQL server on which the throwaway database is created and dropped",
    )
    args = parser.parse_args()
    with ExitStack() as stack:
        base_url = args.url
        if base_url is None:
            os.environ["FLIPSIDE_RATE_LIMIT"] = "0"  # read by the server `serving` starts
            database = stack.enter_context(temporary_database(args.server_url, "flipside_fuzz"))
            port, _ = stack.enter_context(serving(database, []))
            base_url = f"http://127.0.0.1:{port}"
        base_url = base_url.rstrip("/")
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="flipside-fuzz-")))
        everything = run(schemathesis_command(base_url, args), scratch)
        moves = run(schemathesis_command(base_url, args, moves_pass(base_url, scratch)), scratch)
        print(f"schemathesis exit codes: every operation {everything}, moves {moves}")
        return max(everything, moves)


if __name__ == "__main__":
    sys.exit(main())
