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
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, redirect, request
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response as Sent  # what make_conditional and redirect give

web = Blueprint("web", __name__, static_folder="static", static_url_path="/web")

STATIC = Path(__file__).resolve().parent / "static"
ASSETS = "/assets"
YEAR = 365 * 24 * 3600
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_COMPRESSED_BYTES = 512  # below this gzip's header outweighs what it saves

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


def read_tree(root: Path) -> Tree:
    """Every file under `root`, keyed by its path there; pages name the versioned URLs."""
    files = sorted(p for p in root.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    raw: dict[str, bytes] = {}
    for path in files:
        name = path.relative_to(root).as_posix()
        raw[name] = path.read_bytes()
        digest.update(name.encode() + b"\0" + hashlib.sha256(raw[name]).digest())
    version = digest.hexdigest()[:12]
    versioned = f"{ASSETS}/{version}/".encode()
    assets = {
        name: _asset(_versioned(body, versioned) if name.endswith(".html") else body, name)
        for name, body in raw.items()
    }
    return Tree(version, assets)


def _versioned(page: bytes, prefix: bytes) -> bytes:
    """A page's ``"/web/..."`` references, as this version's asset URLs."""
    return page.replace(b'"/web/', b'"' + prefix)


@cache
def tree() -> Tree:
    return read_tree(STATIC)


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
