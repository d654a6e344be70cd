"""Schemathesis against the API with a larger budget than CI's (issue 8, "Attack").

CI (`tests/e2e/test_api_schemathesis.py`) sends 10 cases per operation and mode; this sends
``--max-examples`` (default 300) per operation through every phase of ``schemathesis run``
(examples, coverage, fuzzing, stateful), checking for 5xx and for responses that break the
OpenAPI document (status, media type, headers, body schema, undocumented methods).

Without a URL it starts its own server (gunicorn, `ops/gunicorn.conf.py`, as the load
scripts do) on a throwaway database created on ``--server-url`` and dropped afterwards,
with the rate limit off so that every case reaches the endpoints (429 is covered by
`tests/unit/test_ratelimit.py`). Schemathesis prints its summary; the exit code is its own.

    .venv/bin/python ops/fuzz/schemathesis.py                     # own server, 300 examples
    .venv/bin/python ops/fuzz/schemathesis.py --max-examples 50 --max-time 120
    .venv/bin/python ops/fuzz/schemathesis.py --url http://127.0.0.1:8000   # a running server
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "ops" / "load"))  # `serving`, shared with the load scripts

from run import serving  # noqa: E402

from flipside.db import temporary_database  # noqa: E402

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


def schemathesis_command(base_url: str, args: argparse.Namespace) -> list[str]:
    executable = shutil.which("schemathesis", path=Path(sys.executable).parent) or "schemathesis"
    command = [
        executable,
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
    return command + (["--seed", str(args.seed)] if args.seed is not None else [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server's base URL (default: start one)")
    parser.add_argument("--max-examples", type=int, default=300, help="cases per operation")
    parser.add_argument("--max-time", type=int, default=300, help="bound on the whole run, s")
    parser.add_argument("--workers", type=int, default=2, help="concurrent schemathesis workers")
    parser.add_argument("--seed", type=int, help="for a reproducible run")
    parser.add_argument(
        "--server-url",
        default=os.environ.get(
            "FLIPSIDE_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
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
        command = schemathesis_command(base_url.rstrip("/"), args)
        print("$", " ".join(command), flush=True)
        # Its working directory gets schemathesis's cache, which has no place in the checkout.
        scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="flipside-fuzz-"))
        return subprocess.run(command, cwd=scratch, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
