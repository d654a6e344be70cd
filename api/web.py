"""The web client: one page at ``/`` and its ES modules, versioned under ``/assets/<hash>/``.

The client is plain files (no build step): a shell (the top page, the record dialog, the
sync with the server) and each game's screens under ``games/<game>/``, imported by the
shell for the game of the match on screen. It talks to the public API only, with the seat
token it received when it created the match, so it sees exactly what that seat may see.

Loading: the files are read once, and the pages name them under ``/assets/<hash>/``, where
``<hash>`` digests the whole tree. The modules import one another by relative paths, so one
hash for the tree (rather than one per file) versions every import without a build step;
any change to any file gives every URL a new hash. Those responses are cached for a year
(``immutable``), so a repeat visit asks for the page alone; everything text-like is sent
gzip-compressed to a client that accepts it. ``/web/<path>`` serves the same files
unversioned (``no-cache``) for tools and old pages.

Under ``/assets/`` a page's module script and each game's screens are served joined with the
modules they import (api.bundles), and stylesheets without their comments: a first visit is
the page, then one wave of requests (the shell, the first game's screens, the styles). The
page carries what GET /v1/games answers, so the top page is drawn without asking the API
(the client asks when it is absent, as in the files under ``/web/``). The page itself is
revalidated at each visit (``no-cache``, a 304 while it is unchanged): it names the version,
and one kept for a while could outlive a deploy and pair with the next version's files.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import mimetypes
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, redirect, request
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as Sent  # what make_conditional and redirect give

from flipside.engine.registry import games

from .bundles import SHARED, bundles
from .games import described
from .schemas import GamesSchema

web = Blueprint("web", __name__, static_folder="static", static_url_path="/web")

STATIC = Path(__file__).resolve().parent / "static"
ASSETS = "/assets"
YEAR = 365 * 24 * 3600
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_COMPRESSED_BYTES = 512  # below this gzip's header outweighs what it saves

SHELL = "app.js"  # the top page's module
SCREENS = re.compile(r"games/[^/]+/screen\.js")  # imported by the shell for the game offered
PAGE_SCRIPT = re.compile(rb'<script type="module" src="/web/([^"]+)"')
GAMES_SLOT = b'<script type="application/json" id="games"></script>'
CSS_COMMENT = re.compile(rb"/\*.*?\*/\s*", re.S)

# Everything the page loads comes from this server: scripts (a game's screens are imported
# on demand, still from here), styles and API calls alike.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)


@dataclass(frozen=True)
class Asset:
    """One file as served: its bytes, gzipped bytes when worth it, type and validator."""

    body: bytes
    gzipped: bytes | None
    mimetype: str
    etag: str


@dataclass(frozen=True)
class Tree:
    version: str  # the digest of every file's path and bytes
    assets: dict[str, Asset]


def _asset(body: bytes, path: str) -> Asset:
    mimetype = mimetypes.guess_type(path)[0] or "application/octet-stream"
    text_like = mimetype.startswith(COMPRESSIBLE)
    gzipped = gzip.compress(body, 9, mtime=0) if text_like else None
    if gzipped is not None and len(gzipped) >= len(body) - MIN_COMPRESSED_BYTES:
        gzipped = None
    return Asset(body, gzipped, mimetype, hashlib.sha256(body).hexdigest()[:16])


def read_tree(root: Path, listed: Mapping[str, Any] | None = None) -> Tree:
    """Every file under `root`, keyed by its path there, entries joined with what they
    import; pages name the versioned URLs and carry `listed` (GET /v1/games) when given."""
    files = sorted(p for p in root.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    raw: dict[str, bytes] = {}
    for path in files:
        name = path.relative_to(root).as_posix()
        raw[name] = path.read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(raw[name]).digest())
    version = digest.hexdigest()[:12]
    joined = _joined(raw)
    page = partial(_served_page, version=version, listed=listed, shared=SHARED in joined)
    served = {name: _served(body, name, page) for name, body in raw.items()}
    assets = {name: _asset(body, name) for name, body in {**served, **joined}.items()}
    return Tree(version, assets)


def _served(body: bytes, name: str, page: Callable[[bytes], bytes]) -> bytes:
    """A file as served under /assets/: a page filled in, a stylesheet without comments
    (a quarter of its weight compressed)."""
    if name.endswith(".html"):
        return page(body)
    if name.endswith(".css"):
        return CSS_COMMENT.sub(b"", body)
    return body


def _joined(raw: Mapping[str, bytes]) -> dict[str, bytes]:
    """The shell's modules joined (`SHARED`), and each page's module script and each game's
    screens joined with the modules of theirs the shell lacks."""
    if SHELL not in raw:
        return {}
    sources = {name: body.decode() for name, body in raw.items() if name.endswith(".js")}
    scripts = {script.decode() for body in raw.values() for script in PAGE_SCRIPT.findall(body)}
    screens = {name for name in sources if SCREENS.fullmatch(name)}
    joined = bundles(sources, SHELL, sorted({SHELL, *scripts, *screens}))
    return {name: text.encode() for name, text in joined.items()}


def _served_page(
    page: bytes, *, version: str, listed: Mapping[str, Any] | None, shared: bool
) -> bytes:
    """A page as served: its ``"/web/..."`` references as this version's asset URLs, the
    shell's modules asked for with its module script (not once that script has arrived),
    and the list of games in its slot for it."""
    script = page.find(b'<script type="module"')
    if shared and script >= 0:
        ask = f'<link rel="modulepreload" href="/web/{SHARED}" />\n    '.encode()
        page = page[:script] + ask + page[script:]
    page = page.replace(b'"/web/', f'"{ASSETS}/{version}/'.encode())
    if listed is None:
        return page
    # `<` escaped: the list's text may not end the script element it sits in.
    data = json.dumps(listed, ensure_ascii=False).replace("<", "\\u003c")
    return page.replace(GAMES_SLOT, GAMES_SLOT.replace(b"></", f">{data}</".encode()))


def games_listed() -> dict[str, Any]:
    """What GET /v1/games answers (api.games)."""
    listed: dict[str, Any] = GamesSchema().dump({"games": [described(game) for game in games()]})
    return listed


@cache
def tree() -> Tree:
    return read_tree(STATIC, games_listed())


def _send(asset: Asset, *, cache_control: str) -> Sent:
    gzip_ok = asset.gzipped is not None and "gzip" in request.headers.get("Accept-Encoding", "")
    response = Response(asset.gzipped if gzip_ok else asset.body, mimetype=asset.mimetype)
    if gzip_ok:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = cache_control
    response.set_etag(asset.etag)
    return response.make_conditional(request)


def _page(name: str) -> Sent:
    response = _send(tree().assets[name], cache_control="no-cache")
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


@web.get("/")
def index() -> Sent:
    return _page("index.html")


@web.get("/card/")
def card() -> Sent:
    """Juggernaut's page: its balance parameters read from the address (docs/rules/juggernaut.md,
    J6), shown in force before a match is created."""
    return _page("games/juggernaut/card.html")


@web.get(f"{ASSETS}/<version>/<path:name>")
def asset(version: str, name: str) -> Sent:
    """A file of this version of the client, cached for good; a file of another version (a
    page loaded before a deploy) is sent to this version's, which is not cached."""
    current = tree()
    found = current.assets.get(name)
    if found is None:
        raise NotFound()
    if version != current.version:
        moved = redirect(f"{ASSETS}/{current.version}/{name}", code=302)
        moved.headers["Cache-Control"] = "no-cache"
        return moved
    return _send(found, cache_control=f"public, max-age={YEAR}, immutable")
