"""End-to-end fixtures: a real server process on PostgreSQL, and a client that checks every
response against the server's own OpenAPI document.

- `server`: gunicorn with ``ops/gunicorn.conf.py`` (2 gthread workers, the app factory) on a
  free port of 127.0.0.1, serving this session's test database (`database_url`), with an
  admin token; started once, ready when ``/readyz`` says so, terminated at the end.
  `gunicorn_server` starts further ones (another database, a server a test may kill).
- `api`: an `ApiClient`; every response must be documented for its operation and status,
  carry a documented media type, and match the documented schema (errors: problem+json).
- `play_turn` / `play_to_end`: a person's random legal moves, chosen from ``GET /actions``
  and sent to ``POST /actions`` (`random_move` gives the per-kind alias and its body).
"""

from __future__ import annotations

import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
PROBLEM_JSON = "application/problem+json"
READY_TIMEOUT = 60.0


@dataclass(frozen=True)
class Server:
    base_url: str
    admin_token: str
    log_path: Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(base_url: str, process: subprocess.Popen[bytes], log_path: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited:\n{log_path.read_text()[-3000:]}")
        try:
            if requests.get(f"{base_url}/readyz", timeout=5).status_code == 200:
                return
        except requests.RequestException:  # not listening yet, or a worker still loading
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server was not ready in {READY_TIMEOUT}s")


@contextmanager
def gunicorn_server(
    database_url: str, log_path: Path, **settings: str
) -> Iterator[tuple[Server, subprocess.Popen[bytes]]]:
    """gunicorn with ``ops/gunicorn.conf.py`` serving `database_url` on a free port, ready;
    interrupted at the end if it is still running. `settings` are further environment
    variables (e.g. ``FLIPSIDE_WORKERS``)."""
    port = free_port()
    admin_token = secrets.token_urlsafe(24)
    env = {
        **os.environ,
        "FLIPSIDE_DATABASE_URL": database_url,
        "FLIPSIDE_ADMIN_TOKEN": admin_token,
        "FLIPSIDE_BIND": f"127.0.0.1:{port}",
        "FLIPSIDE_WORKERS": "2",
        "FLIPSIDE_LOG_FORMAT": "json",
        **settings,
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # the server makes its own
    command = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "ops" / "gunicorn.conf.py")]
    with log_path.open("ab") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(base_url, process, log_path)
        yield Server(base_url, admin_token, log_path), process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)  # quick shutdown: no waiting for open streams
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    with gunicorn_server(database_url, log_path) as (running, _):
        yield running


# --- checking responses against the OpenAPI document ----------------------------------------


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema -> JSON Schema: ``nullable: true`` becomes "or null"."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _json_schema(value) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


class OpenApiDocument:
    """The server's OpenAPI document, able to check one response against it."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = _json_schema(document)
        self.codes = set(
            self.document["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
        )
        self._paths = [
            (re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"), operations)
            for path, operations in self.document["paths"].items()
        ]

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            target: Any = self.document
            for part in node["$ref"].removeprefix("#/").split("/"):
                target = target[part]
            node = target
        return node

    def _operation(self, method: str, path: str) -> dict[str, Any] | None:
        for pattern, operations in self._paths:
            if pattern.match(path):
                return operations.get(method.lower())
        return None

    def check(self, method: str, path: str, response: requests.Response) -> None:
        media_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        if response.status_code >= 400:
            assert media_type == PROBLEM_JSON, (response.status_code, response.text[:300])
            problem = response.json()
            assert problem["status"] == response.status_code
            assert problem["code"] in self.codes, problem
        operation = self._operation(method, path)
        if operation is None:  # an unknown route or method: only the problem shape applies
            assert response.status_code in (404, 405), (method, path, response.status_code)
            schema = self._resolve({"$ref": "#/components/schemas/Problem"})
            jsonschema.validate(
                response.json(), {**schema, "components": self.document["components"]}
            )
            return
        responses = operation["responses"]
        documented = responses.get(str(response.status_code)) or responses.get("default")
        assert documented is not None, f"{method} {path}: {response.status_code} not documented"
        content = self._resolve(documented).get("content", {})
        if not content:
            return
        assert media_type in content, f"{method} {path}: {media_type} not in {list(content)}"
        if "json" in media_type and not media_type.endswith("jsonl"):
            schema = content[media_type].get("schema", {})
            jsonschema.validate(
                response.json(), {**schema, "components": self.document["components"]}
            )


class ApiClient:
    """requests against the server, each response checked against the OpenAPI document."""

    def __init__(self, server: Server, document: OpenApiDocument) -> None:
        self.base_url = server.base_url
        self.admin_token = server.admin_token
        self.document = document
        self.session = requests.Session()

    def request(
        self, method: str, path: str, *, token: str | None = None, **kwargs: Any
    ) -> requests.Response:
        headers = dict(kwargs.pop("headers", None) or {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        response = self.session.request(
            method, self.base_url + path, headers=headers, timeout=30, **kwargs
        )
        self.document.check(method, path.split("?")[0], response)
        return response

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)

    def create(self, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
        response = self.post("/v1/matches", json={"seats": seats, **body})
        assert response.status_code == 201, response.text
        return response.json()

    def version(self, match_id: str) -> int:
        """The match's version as the administrator reads it."""
        response = self.get(f"/v1/matches/{match_id}", token=self.admin_token)
        assert response.status_code == 200, response.text
        return response.json()["version"]


@pytest.fixture(scope="session")
def openapi(server: Server) -> OpenApiDocument:
    return OpenApiDocument(requests.get(f"{server.base_url}/openapi.json", timeout=10).json())


@pytest.fixture(scope="session")
def api(server: Server, openapi: OpenApiDocument) -> Iterator[ApiClient]:
    client = ApiClient(server, openapi)
    yield client
    client.session.close()  # idle keep-alive connections would delay the server's shutdown


# --- playing as a person ----------------------------------------------------------------------


def random_move(action: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A random legal move of the kind `action` describes: (path suffix, body)."""
    cards = list(action["cards"])
    if action["kind"] == "exchange":
        count = rng.randint(action["min"], action["max"])
        return "exchange", {"discard": rng.sample(cards, count)}
    rng.shuffle(cards)  # R11: the order of the cards has no effect
    return "orientation", {"cards": [c if rng.random() < 0.5 else c[::-1] for c in cards]}


def play_turn(api: ApiClient, match_id: str, token: str, rng: random.Random) -> bool:
    """Make the seat's move if it has one; whether it moved."""
    listed = api.get(f"/v1/matches/{match_id}/actions", token=token).json()
    if not listed["actions"]:
        return False
    kind, body = random_move(rng.choice(listed["actions"]), rng)
    headers = {"If-Match": f'"{listed["version"]}"'}
    move = {"kind": kind, **body}
    response = api.post(f"/v1/matches/{match_id}/actions", token=token, json=move, headers=headers)
    assert response.status_code == 200, response.text
    return True


def play_to_end(
    api: ApiClient, match_id: str, tokens: list[str], rng: random.Random, max_moves: int = 2000
) -> dict[str, Any]:
    """Every person plays random legal moves until the match is over; the final view."""
    for _ in range(max_moves):
        moved = [play_turn(api, match_id, token, rng) for token in tokens]
        if not any(moved):
            break
    final = api.get(f"/v1/matches/{match_id}").json()
    assert final["status"] == "finished", final
    return final


def human_tokens(created: dict[str, Any]) -> list[str]:
    return [seat["token"] for seat in created["seats"] if seat["type"] == "human"]
