"""Hold'em's web screens in headless Chromium against a real server, phone upright and on a
desktop.

A person plays a whole match through the page: checks, calls, bets and raises with the
amount control (bounded by the legal minimum and maximum), goes all-in, folds, shows or
mucks, moves on from each hand's result (the best five named) to the end, opens the record,
switches to English and comes back to a match in a new tab. A second person's seat, opened
in its own page, sets and cancels an auto-bet while the first one acts (H43). Every view the
page receives is checked against what its seat may see (H48). Screenshots go to
artifacts/browser/holdem-*.png.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import requests

from tests.e2e.browser_fixtures import (
    DESKTOP,
    PHONE,
    BrowserPages,
    RecordedPage,
    screenshot,
)

pytestmark = pytest.mark.browser

NEXT_STEP = "#end, #next-hand, #fold:not([disabled]), #show:not([disabled])"
MAX_STEPS = 400


def start_match(
    page: Any, base_url: str, level: str = "easy", players: int = 3, *, how_to: bool = False
) -> None:
    page.goto(base_url + "/")
    page.locator("label.choice", has=page.locator("input[value='holdem']")).click()
    page.locator(
        "label.choice", has=page.locator(f"input[name='players'][value='{players}']")
    ).click()
    page.locator("label.choice", has=page.locator(f"input[value='{level}']")).click()
    page.fill("#option-starting_stack", "200")
    page.fill("#option-big_blind", "20")
    page.fill("#option-small_blind", "10")
    page.click("#option-blind_schedule-add")  # H7: from hand 6, blinds 20/40
    for field, value in (("from_hand", 6), ("small_blind", 20), ("big_blind", 40)):
        page.fill(f"#option-blind_schedule input[data-field={field}]", str(value))
    if how_to:
        read_the_how_to(page)
    page.click("#start")
    page.wait_for_selector(NEXT_STEP)


def read_the_how_to(page: Any) -> None:
    """The how-to names the rules that differ from the casino's: the doubled minimum raise
    (H20), no re-raise after a short all-in (H24), all-in hands not turned up (H32), and the
    auto-bet (H43)."""
    page.click("details.how-to summary")
    text = page.locator("details.how-to").inner_text()
    assert all(rule in text for rule in ("H20", "H24", "H32", "H43")), text
    screenshot(page, "holdem-how-to", full_page=True)


def bet_with_the_control(page: Any, rng: random.Random) -> None:
    """Moves the amount control to a random allowed amount and bets or raises it."""
    # The control looked up, typed, committed and the button read in one script: a redraw
    # between two calls (an event arriving) would replace the control and the button, and
    # a control looked up before it would take the amount while the page showed another.
    low, high, amount, label = page.evaluate(
        """(fraction) => {
            const input = document.querySelector('#amount');
            const low = Number(input.min), high = Number(input.max);
            const amount = low + Math.floor(fraction * (high - low + 1));
            input.value = String(amount);
            input.dispatchEvent(new Event('change'));
            return [low, high, amount, document.querySelector('#bet, #raise').innerText];
        }""",
        rng.random(),
    )
    assert low <= amount <= high
    assert str(amount) in label
    page.locator("#bet, #raise").first.tap()


def play_step(page: Any, rng: random.Random, seen: set[str]) -> str:
    """Does whatever the page asks next; what was done."""
    page.wait_for_selector(NEXT_STEP)
    if page.locator("#end").count():
        return "end"
    if page.locator("#next-hand").count():
        if page.locator("#result .category").count() and "showdown" not in seen:
            screenshot(page, "holdem-hand-result", full_page=True)
            seen.add("showdown")
        page.tap("#next-hand")
        return "result"
    if page.locator("#show").count():
        page.tap("#show" if rng.random() < 0.8 else "#muck")
        return "show"
    if "turn" not in seen:
        screenshot(page, "holdem-table", full_page=True)
    roll = rng.random()
    if roll < 0.2 and page.locator("#amount").count():
        bet_with_the_control(page, rng)
        return "bet"
    if roll < 0.25 and page.locator("#all-in").count():
        page.tap("#all-in")
        return "all_in"
    if roll < 0.3:
        page.tap("#fold")
        return "fold"
    page.tap("#check" if page.locator("#check").count() else "#call")
    return "turn"


def play_to_end(page: Any, rng: random.Random) -> set[str]:
    seen: set[str] = set()
    for _ in range(MAX_STEPS):
        step = play_step(page, rng, seen)
        seen.add(step)
        if step == "end":
            return seen
    raise AssertionError("the match did not end")


def check_views(recorded: RecordedPage) -> int:
    """H48 in every view the page received while its match ran; how many were checked."""
    checked = 0
    for url, body in recorded.recorded.bodies:
        is_view = isinstance(body, dict) and {"game", "status", "viewer", "seats"} <= set(body)
        if not is_view or body["game"] != "holdem" or body["status"] != "active":
            continue
        me = body["viewer"]
        assert body["seed"] is None, url
        for seat in body["seats"]:
            if seat["seat"] != me and seat["shown"] is None:
                assert all(card is None for card in seat["cards"]), url
                assert seat["auto"] is None, url
        checked += 1
    return checked


def test_a_person_plays_holdem_to_the_end_on_a_phone(server: Any, pages: BrowserPages) -> None:
    recorded = pages.open(PHONE)
    page = recorded.page
    start_match(page, server.base_url, how_to=True)
    screenshot(page, "holdem-start", full_page=True)
    page.locator("#hole .card").first.wait_for()  # the table renders after the first view
    assert page.locator("#hole .card").count() == 2  # its own two cards
    steps = play_to_end(page, random.Random(12))
    assert {"turn", "end"} <= steps
    screenshot(page, "holdem-end", full_page=True)
    page.click("#open-record")
    page.wait_for_selector(".holdem.record")
    assert page.locator(".record-hand").count() >= 1
    screenshot(page, "holdem-record", full_page=True)
    recorded.collect_streams()
    assert check_views(recorded) > 0
    recorded.assert_clean(server.base_url)


def test_english_on_a_desktop_and_a_match_resumed_in_a_new_tab(
    server: Any, pages: BrowserPages
) -> None:
    first = pages.open(DESKTOP)
    start_match(first.page, server.base_url, level="hard", players=6)
    first.page.click("#language")
    first.page.wait_for_selector("#pots")
    assert "Pot" in first.page.locator("#pots").inner_text()
    screenshot(first.page, "holdem-desktop-en", full_page=True)
    again = pages.reopen(first)
    again.page.goto(server.base_url + "/")
    again.page.click("#continue")
    again.page.wait_for_selector(NEXT_STEP)
    assert again.page.locator(".holdem").count() == 1
    again.assert_clean(server.base_url)


def test_a_waiting_person_sets_and_cancels_an_auto_bet(server: Any, pages: BrowserPages) -> None:
    body = {
        "game": "holdem",
        "seats": [{"type": "human", "name": "Ana"}, {"type": "human", "name": "Bo"}],
        "options": {"first_button": 0},
    }
    created = requests.post(f"{server.base_url}/v1/matches", json=body, timeout=10).json()
    # Heads-up the button (seat 0) acts first: seat 1 waits, and may set an auto-bet.
    waiting = created["seats"][1]
    saved = {
        "matchId": created["match_id"],
        "token": waiting["token"],
        "seat": 1,
        "game": "holdem",
        "players": 2,
        "level": None,
        "options": {},
        "screen": {},
    }
    recorded = pages.open(PHONE)
    page = recorded.page
    page.goto(server.base_url + "/")
    page.evaluate(f"localStorage.setItem('flipside.match', {json.dumps(json.dumps(saved))})")
    page.goto(server.base_url + "/")
    page.click("#continue")
    page.wait_for_selector("#set-auto")
    page.select_option("#auto-kind", "fold")
    page.tap("#set-auto")
    page.wait_for_selector("#auto-pending")
    screenshot(page, "holdem-auto-bet", full_page=True)
    page.tap("#clear-auto")
    page.wait_for_selector("#set-auto")
    recorded.collect_streams()
    assert check_views(recorded) > 0
    recorded.assert_clean(server.base_url)
