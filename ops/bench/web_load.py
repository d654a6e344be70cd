"""How long the top page takes to become usable on a slow connection, first and repeat visit.

Two servers of the same client files, side by side in one run:

- *baseline*: the files as they are in api/static, as ``/web/`` serves them (``no-cache``,
  uncompressed), by the standard library's file server: each module is asked for once the
  module importing it has arrived, and the list of games from GET /v1/games (the file server
  answers it too, with the app's answer: a Playwright route would turn the HTTP cache off);
- *now*: the Flask app (``flipside.api.web``): the page with the list of games in it, the
  shell's modules and each game's screens joined into a file each, under ``/assets/<hash>/``
  with a year's ``immutable`` caching, gzip.

Headless Chromium (``/usr/bin/chromium``) loads ``/`` under an emulated slow 3G link (400 ms
round trip, 400 kbit/s each way, Chrome's throttling) until the top page lists the games. A
first visit starts from an empty cache; a repeat visit navigates again in the same browser.
Medians of ``--runs`` loads. The times include the browser's own work, so they grow with the
machine's load (printed with them): compare the two rows of one run.

    python ops/bench/web_load.py --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from flipside.api import create_app
from flipside.api.dependencies import Dependencies
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from flipside.config import Settings

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"
CHROMIUM = "/usr/bin/chromium"
SLOW_3G = {
    "offline": False,
    "latency": 400,
    "downloadThroughput": 400 * 1000 / 8,
    "uploadThroughput": 400 * 1000 / 8,
}
READY = "#top-page input[name=game]"


class PlainFiles(SimpleHTTPRequestHandler):
    """``/`` and ``/web/<path>`` from api/static, uncached and uncompressed, as before, and
    the app's list of games."""

    games = b""

    def do_GET(self) -> None:
        if self.path != "/v1/games":
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.games)))
        self.end_headers()
        self.wfile.write(self.games)
        return None

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        name = "index.html" if path == "/" else path.removeprefix("/web/")
        return str(STATIC / name)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serving(start: Callable[[], Any]) -> Iterator[str]:
    server = start()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


def flask_server() -> Any:
    return make_server("127.0.0.1", 0, _app(), threaded=True)


def plain_server() -> Any:
    PlainFiles.games = games_json().encode()
    return ThreadingHTTPServer(("127.0.0.1", 0), partial(PlainFiles, directory=str(STATIC)))


def _app() -> Any:
    settings = Settings(log_format="json")  # its request lines go to stderr
    return create_app(
        {"FLIPSIDE_DEPENDENCIES": Dependencies.in_memory(), "FLIPSIDE_SETTINGS": settings}
    )


def games_json() -> str:
    return json.dumps(_app().test_client().get("/v1/games").get_json())


def visits(browser: Any, base_url: str) -> tuple[float, float, int]:
    """Seconds to a usable top page on a first and a repeat visit, and the bytes received."""
    context = browser.new_context()
    page = context.new_page()
    received = [0]
    page.on("response", lambda response: received.__setitem__(0, received[0] + _size(response)))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    timings = []
    for _ in range(2):
        started = time.perf_counter()
        page.goto(base_url + "/", wait_until="commit")
        page.wait_for_selector(READY)
        timings.append(time.perf_counter() - started)
        page.goto("about:blank")
    context.close()
    return timings[0], timings[1], received[0]


def _size(response: Any) -> int:
    try:
        return int(response.header_value("content-length") or 0)
    except Exception:  # a response with no headers left to read (the page moved on)
        return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float, int]]] = {"baseline": [], "now": []}
    with (
        serving(plain_server) as baseline,
        serving(flask_server) as now,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        for _ in range(args.runs):  # interleaved, so both see the same machine
            results["baseline"].append(visits(browser, baseline))
            results["now"].append(visits(browser, now))
        browser.close()
    load = ", ".join(f"{average:.2f}" for average in os.getloadavg())
    print(f"slow 3G (400 ms, 400 kbit/s), median of {args.runs} loads; load average {load}")
    print(f"{'':10} {'first visit':>12} {'repeat visit':>13} {'bytes (first+repeat)':>21}")
    for name, runs in results.items():
        first = statistics.median(run[0] for run in runs)
        repeat = statistics.median(run[1] for run in runs)
        sent = statistics.median(run[2] for run in runs)
        print(f"{name:10} {first:11.2f}s {repeat:12.2f}s {sent:21,.0f}")


if __name__ == "__main__":
    main()
