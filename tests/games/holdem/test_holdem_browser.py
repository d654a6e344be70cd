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
    api_call,
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


def heads_up(base_url: str) -> dict[str, Any]:
    """A match of two people; heads-up the button (seat 0) acts first, and seat 1 waits and
    may set an auto-bet (H43)."""
    body = {
        "game": "holdem",
        "seats": [{"type": "human", "name": "Ana"}, {"type": "human", "name": "Bo"}],
        "options": {"first_button": 0},
    }
    created: dict[str, Any] = requests.post(f"{base_url}/v1/matches", json=body, timeout=10).json()
    return created


def enter_seat(pages: BrowserPages, base_url: str, created: dict[str, Any], seat: int) -> Any:
    """A page on `seat` of the match `created`, as the page saves a match it entered."""
    saved = {
        "matchId": created["match_id"],
        "token": created["seats"][seat]["token"],
        "seat": seat,
        "game": "holdem",
        "players": 2,
        "level": None,
        "options": {},
        "screen": {},
    }
    recorded = pages.open(PHONE)
    page = recorded.page
    page.goto(base_url + "/")
    page.evaluate(f"localStorage.setItem('flipside.match', {json.dumps(json.dumps(saved))})")
    page.goto(base_url + "/")
    page.click("#continue")
    return recorded


def test_a_waiting_person_sets_and_cancels_an_auto_bet(server: Any, pages: BrowserPages) -> None:
    recorded = enter_seat(pages, server.base_url, heads_up(server.base_url), 1)
    page = recorded.page
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


def redrawn_after(page: Any, selector: str, other_seat_moves: Any) -> None:
    """Runs `other_seat_moves` and waits until the page has drawn `selector` anew (the view
    it brought arrived)."""
    page.evaluate("(selector) => { window.before = document.querySelector(selector); }", selector)
    other_seat_moves()
    page.wait_for_function(
        "(selector) => document.querySelector(selector) !== window.before", arg=selector
    )


def test_a_view_arriving_keeps_the_amount_being_typed_and_the_open_help(
    server: Any, pages: BrowserPages
) -> None:
    """Another seat's auto-bet (H43) brings a view while the person reads the record's hand
    rankings and then while they type a raise: the panel stays open, and the field keeps its
    focus and the digits typed so far, and the raise sent is the amount it shows."""
    created = heads_up(server.base_url)
    recorded = enter_seat(pages, server.base_url, created, 0)
    page = recorded.page
    page.wait_for_selector("#amount")
    path = f"/v1/matches/{created['match_id']}"
    other = created["seats"][1]["token"]

    def auto(kind: str) -> Any:
        body = {"kind": "set_auto", "action": "fold"} if kind == "set" else {"kind": "clear_auto"}
        return lambda: api_call(server.base_url, "POST", path + "/actions", other, body)

    page.click("#open-record")
    page.click("#rankings summary")
    redrawn_after(page, "#rankings", auto("set"))
    assert page.locator("#rankings").evaluate("panel => panel.open")
    page.click("#close-record")

    low, high = (int(page.get_attribute("#amount", bound) or 0) for bound in ("min", "max"))
    amount = str(min(low + 7, high))
    page.click("#amount")
    page.keyboard.press("Control+A")
    page.keyboard.type(amount[:-1])
    redrawn_after(page, "#amount", auto("clear"))
    assert page.evaluate("document.activeElement.id") == "amount"
    assert page.input_value("#amount") == amount[:-1]
    page.keyboard.type(amount[-1])
    assert page.input_value("#amount") == amount
    # Typed within the bounds, the amount moves the slider and the button before it is sent.
    assert page.input_value("#amount-range") == amount
    assert amount in page.inner_text("#raise")
    screenshot(page, "holdem-amount-typed", full_page=True)
    page.click("#raise")
    page.wait_for_selector("#amount", state="detached")
    view = api_call(server.base_url, "GET", path, created["seats"][0]["token"])
    assert view["seats"][0]["bet"] == int(amount)
    recorded.assert_clean(server.base_url)
