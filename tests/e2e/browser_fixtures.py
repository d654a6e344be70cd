"""Browser fixtures: Debian's headless chromium driven by Playwright, and a record of every
response the page receives.

Playwright's own browser download is never used (it needs the internet): the tests launch
``/usr/bin/chromium`` (`.ci/browser-setup.sh` installs it). Without it the browser tests
skip on a developer machine and fail in CI (``CI=true``), where they must run.

`BrowserPages.open` gives a page whose every API response is recorded (`Recorded`): JSON
bodies through a Playwright route, which sees the bytes from the network, and the event
stream through a tee installed before the page's own scripts run (a route would hold a
streaming response until it ends). It also keeps the URL of every request the page makes,
so that a test can check that all of them went to the server under test
(`RecordedPage.assert_clean`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "browser"

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}

# Keeps a copy of every event-stream body as the page reads it (window.__streams).
_STREAM_TEE = """
(() => {
  const fetchFirst = window.fetch.bind(window);
  window.__streams = [];
  window.fetch = async (...args) => {
    const response = await fetchFirst(...args);
    const type = response.headers.get("content-type") || "";
    if (!type.startsWith("text/event-stream") || !response.body) return response;
    const [forPage, forTest] = response.body.tee();
    const record = { url: response.url, text: "" };
    window.__streams.push(record);
    (async () => {
      const reader = forTest.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        record.text += value;
      }
    })().catch(() => {});
    return new Response(forPage, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
})();
"""


@dataclass
class Recorded:
    """What the page received from the API: JSON bodies, and event-stream events."""

    bodies: list[tuple[str, Any]] = field(default_factory=list)  # (url, parsed JSON)
    stream_events: list[dict[str, Any]] = field(default_factory=list)

    def add_stream_text(self, text: str) -> None:
        for block in text.replace("\r\n", "\n").split("\n\n"):
            data = "\n".join(
                line[5:].lstrip() for line in block.split("\n") if line.startswith("data:")
            )
            if data:
                self.stream_events.append(json.loads(data))


@dataclass
class RecordedPage:
    context: Any  # playwright.sync_api.BrowserContext
    page: Any  # playwright.sync_api.Page
    recorded: Recorded
    errors: list[str]  # uncaught errors and console errors (failed requests among them)
    requested: list[str]  # the URL of every request the page made, in order

    def collect_streams(self) -> None:
        """Move the stream bodies read so far into `recorded` (call before a reload)."""
        streams = self.page.evaluate(
            "() => { const s = window.__streams || []; window.__streams = []; return s; }"
        )
        for stream in streams:
            self.recorded.add_stream_text(stream["text"])

    def assert_clean(self, base_url: str) -> None:
        """No errors on the page, and no request to anywhere but the server under test."""
        assert self.errors == []
        elsewhere = [url for url in self.requested if not _from(base_url, url)]
        assert elsewhere == [], "requests to elsewhere"


class BrowserPages:
    """Opens recorded pages in fresh browser contexts; closes them all at the end."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []

    def open(self, device: dict[str, Any]) -> RecordedPage:
        context = self.browser.new_context(**device)
        self.contexts.append(context)
        context.add_init_script(_STREAM_TEE)
        recorded = Recorded()
        context.route(_is_api_json, lambda route: _record(route, recorded))
        return self._page(context, recorded)

    def reopen(self, earlier: RecordedPage) -> RecordedPage:
        """Close the earlier tab and open a new one in the same browser profile (the same
        storage), as a player does who closed the tab and comes back."""
        earlier.collect_streams()
        earlier.page.close()
        return self._page(earlier.context, earlier.recorded)

    def _page(self, context: Any, recorded: Recorded) -> RecordedPage:
        page = context.new_page()
        page.set_default_timeout(20_000)
        errors: list[str] = []
        requested: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: _console_error(message, errors))
        page.on("request", lambda request: requested.append(request.url))
        return RecordedPage(context, page, recorded, errors, requested)

    def close(self) -> None:
        for context in self.contexts:
            # A request still in flight (a refresh after the last stream event) must not
            # fail its route handler as the context goes away.
            context.unroute_all(behavior="ignoreErrors")
            context.close()


def _console_error(message: Any, errors: list[str]) -> None:
    if message.type == "error":  # failed requests land here too
        errors.append(message.text)


def _from(base_url: str, url: str) -> bool:
    """Whether `url` is the server's (or inline data, as the page's empty icon)."""
    return url.startswith(f"{base_url}/") or url.startswith("data:")


def _is_api_json(url: str) -> bool:
    path = url.split("?")[0]
    return "/v1/" in path and not path.endswith("/stream")


def _record(route: Any, recorded: Recorded) -> None:
    response = route.fetch()
    body = response.body()
    if "json" in response.headers.get("content-type", "") and body:
        recorded.bodies.append((route.request.url, json.loads(body)))
    route.fulfill(response=response, body=body)


@pytest.fixture(name="chromium", scope="session")
def chromium_fixture() -> Iterator[Any]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: run .ci/browser-setup.sh"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture(name="pages")
def pages_fixture(chromium: Any) -> Iterator[BrowserPages]:
    opened = BrowserPages(chromium)
    yield opened
    opened.close()


def screenshot(page: Any, name: str, *, full_page: bool = False) -> Path:
    """Save a screenshot under artifacts/browser/ (kept by CI, ignored by git)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def api_call(base_url: str, method: str, path: str, token: str, body: Any = None) -> Any:
    """The API as a seat (or the administrator) with `token` calls it, beside the page."""
    response = requests.request(
        method,
        base_url + path,
        json=body,
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    response.raise_for_status()
    return response.json()
