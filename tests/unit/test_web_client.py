"""The web client's files as Flask serves them, without a browser.

The browser tests (tests/e2e/test_browser.py) play the client; these checks are the cheap
ones: the page and every module it imports are served, with types a browser accepts for ES
modules, joined so that a first visit is the page and one wave of requests, and nothing is
fetched from anywhere but this server.
"""

from __future__ import annotations

import gzip
import json
import posixpath
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from flipside.api import create_app
from flipside.api.bundles import SHARED
from flipside.api.dependencies import Dependencies
from flipside.api.web import SCREENS, read_tree, tree

from flipside.config import Settings

PAGE_SCRIPT = re.compile(r'<script type="module" src="/web/([^"]+)"')
EMBEDDED = re.compile(r'<script type="application/json" id="games">(.*?)</script>', re.S)
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
    version = tree().version
    assert f'<script type="module" src="/assets/{version}/app.js">'.encode() in response.data
    assert b'"/web/' not in response.data, "the page names only versioned files"
    assert response.headers["Cache-Control"] == "no-cache"


def test_the_page_carries_what_the_api_lists_and_the_plain_file_does_not(
    client: FlaskClient,
) -> None:
    listed = EMBEDDED.search(client.get("/").get_data(as_text=True))
    assert listed is not None
    assert json.loads(listed[1]) == client.get("/v1/games").get_json()
    plain = EMBEDDED.search(client.get("/web/index.html").get_data(as_text=True))
    assert plain is not None and plain[1] == "", "the page as a file asks the API"


def test_the_list_of_games_cannot_end_its_script_element(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script type="application/json" id="games"></script>')
    listed = {"games": [{"id": "x", "title": {"en": "</script><script>alert(1)"}}]}
    page = read_tree(tmp_path, listed).assets["index.html"].body.decode()
    embedded = EMBEDDED.fullmatch(page)
    assert embedded is not None, page
    assert "<" not in embedded[1]
    assert json.loads(embedded[1]) == listed


def _imports_of(*starts: str) -> set[str]:
    """The modules `starts` import, directly or not, themselves included, as paths under
    api/static."""
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for target in IMPORT.findall((STATIC / name).read_text()):
            assert target.startswith("."), f"{name} imports {target}: only local modules"
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), target)))
    return seen


def _module_graph() -> set[str]:
    """Every module reachable from app.js, from each game's screens (the shell imports
    ``games/<game>/screen.js`` by the game's id) and from every page's module scripts."""
    return _imports_of(
        "app.js",
        *(p.relative_to(STATIC).as_posix() for p in STATIC.glob("games/*/screen.js")),
        *(src for page in STATIC.rglob("*.html") for src in PAGE_SCRIPT.findall(page.read_text())),
    )


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


# What a page asks for at once: its styles, module scripts and modules preloaded.
ASKED = re.compile(
    r'<(?:link rel="(?:modulepreload|stylesheet)" href|script type="module" src)'
    r'="/assets/[0-9a-f]+/([^"]+)"'
)
JOINED_IMPORT = re.compile(r"""^import \{[^}]*\} from "([^"]+)";$""", re.M)


def test_a_first_visit_is_the_page_then_one_wave_of_requests(client: FlaskClient) -> None:
    """The page names the shell (its module, the modules it shares with the games' screens),
    and Flipside's screens (the first game offered), each joined with what it imports: no
    file waits for another to arrive before it is asked for."""
    asked = set(ASKED.findall(client.get("/").get_data(as_text=True)))
    assert asked == {"style.css", "app.js", SHARED, "games/flipside/screen.js"}
    for name in asked - {"style.css"}:
        joined = client.get(f"/assets/{tree().version}/{name}").get_data(as_text=True)
        for specifier in JOINED_IMPORT.findall(joined):
            assert posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier)) in asked


def test_each_entry_is_served_joined_and_every_module_is_in_one(client: FlaskClient) -> None:
    """The page's modules and every game's screens are served joined under /assets/ (as
    files under /web/); between them they hold every module the client has."""
    entries = {"app.js", "games/juggernaut/card.js"} | {
        p.relative_to(STATIC).as_posix() for p in STATIC.glob("games/*/screen.js")
    }
    assert {name for name in tree().assets if SCREENS.fullmatch(name)} <= entries
    joined = ""
    for entry in [*entries, SHARED]:
        served = client.get(f"/assets/{tree().version}/{entry}").get_data(as_text=True)
        if entry != SHARED:
            assert served != (STATIC / entry).read_text(), entry
            assert client.get(f"/web/{entry}").data == (STATIC / entry).read_bytes()
        joined += served
    for module in _module_graph() - entries:
        assert f"// {module}\n" in joined, module


def test_versioned_files_are_cached_for_good_and_compressed(client: FlaskClient) -> None:
    version = tree().version
    plain = client.get(f"/assets/{version}/app.js")
    assert plain.status_code == 200
    assert plain.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Content-Encoding" not in plain.headers
    assert plain.data == tree().assets["app.js"].body
    packed = client.get(f"/assets/{version}/app.js", headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2
    again = client.get(
        f"/assets/{version}/app.js", headers={"If-None-Match": plain.headers["ETag"]}
    )
    assert again.status_code == 304


def test_a_file_of_another_version_is_sent_to_this_one_and_unknown_files_are_404(
    client: FlaskClient,
) -> None:
    moved = client.get("/assets/0123456789ab/app.js")
    assert moved.status_code == 302
    assert moved.headers["Location"].endswith(f"/assets/{tree().version}/app.js")
    assert moved.headers["Cache-Control"] == "no-cache"
    assert client.get(f"/assets/{tree().version}/nothing.js").status_code == 404
    assert client.get(f"/assets/{tree().version}/../web.py").status_code == 404


def test_the_whole_first_visit_compresses_to_under_a_third() -> None:
    """What a first visit downloads: the page, the shell and Flipside's screens."""
    names = {"index.html", "style.css", "app.js", SHARED, "games/flipside/screen.js"}
    assets = [tree().assets[name] for name in names | {"games/flipside/style.css"}]
    plain = sum(len(asset.body) for asset in assets)
    packed = sum(len(asset.gzipped or asset.body) for asset in assets)
    assert packed < plain / 3, (packed, plain)


def test_any_change_to_any_file_versions_every_url(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text('<script type="module" src="/web/app.js"></script>')
    (tmp_path / "app.js").write_text('import "./games/a.js";')
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "a.js").write_text("export const a = 1;")
    first = read_tree(tmp_path)
    (tmp_path / "games" / "a.js").write_text("export const a = 2;")
    second = read_tree(tmp_path)
    assert first.version != second.version
    assert f'src="/assets/{second.version}/app.js"'.encode() in second.assets["index.html"].body
