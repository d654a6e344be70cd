"""The web client: one page at ``/`` and its ES modules under ``/web/``.

The client is plain files (no build step): a shell (the top page, the record dialog, the
sync with the server) and each game's screens under ``/web/games/<game>/``, imported by the
shell for the game of the match on screen. It talks to the public API only, with the seat
token it received when it created the match, so it sees exactly what that seat may see.
"""

from __future__ import annotations

from flask import Blueprint, Response

web = Blueprint("web", __name__, static_folder="static", static_url_path="/web")

# Everything the page loads comes from this server: scripts (a game's screens are imported
# on demand, still from here), styles and API calls alike.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)


@web.get("/")
def index() -> Response:
    response = web.send_static_file("index.html")
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


@web.get("/card/")
def card() -> Response:
    """Juggernaut's page: its balance parameters read from the address (docs/rules/juggernaut.md,
    J6), shown in force before a match is created."""
    response = web.send_static_file("games/juggernaut/card.html")
    response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response
