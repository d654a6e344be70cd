"""The web client's files as Flask serves them, without a browser.

The browser tests (tests/e2e/test_browser.py) play the client; these checks are the cheap
ones: the page and every module it imports are served, with types a browser accepts for ES
modules, and nothing is fetched from anywhere but this server.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.dependencies import Dependencies

from flipside.config import Settings

PAGE_SCRIPT = re.compile(r'<script type="module" src="/web/([^"]+)"')
STATIC = Path(__file__).resolve().parents[2] / "api" / "static"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s+["']([^"']+)["']""", re.M)


@pytest.fixture
def client() -> FlaskClient:
    settings = Settings(log_format="json")
    app = create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )
    return app.test_client()


def test_the_page_is_served_at_the_root_with_a_strict_policy(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert b'<script type="module" src="/web/app.js">' in response.data


def _module_graph() -> set[str]:
    """Every module reachable from app.js, from each game's screens (the shell imports
    ``games/<game>/screen.js`` by the game's id) and from every page's module scripts, as
    paths under api/static."""
    seen: set[str] = set()
    todo = [
        "app.js",
        *(p.relative_to(STATIC).as_posix() for p in STATIC.glob("games/*/screen.js")),
        *(src for page in STATIC.rglob("*.html") for src in PAGE_SCRIPT.findall(page.read_text())),
    ]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        source = (STATIC / name).read_text()
        for target in IMPORT.findall(source):
            assert target.startswith("."), f"{name} imports {target}: only local modules"
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), target)))
    return seen


def test_every_module_the_page_imports_is_served_as_javascript(client: FlaskClient) -> None:
    modules = _module_graph()
    assert {
        "app.js",
        "api.js",
        "i18n.js",
        "games/flipside/screen.js",
        "games/flipside/cards.js",
    } <= modules
    for module in modules:
        response = client.get(f"/web/{module}")
        assert response.status_code == 200, module
        assert response.mimetype in ("text/javascript", "application/javascript"), module
    shipped = {path.relative_to(STATIC).as_posix() for path in STATIC.rglob("*.js")}
    assert shipped == modules, "every shipped module is used"


def test_nothing_is_loaded_from_another_site() -> None:
    for path in STATIC.rglob("*"):
        if path.is_file():
            assert not re.search(r"https?://", path.read_text()), path
