"""Orc Poker's web screens in headless Chromium against a real server: four players on a
phone held upright, eight on a desktop, in Japanese and English, and the top page's how-to
in both languages.

A person plays whole matches through the page: picks and lays opening, tie-break and
contribution cards face down, draws and gives up (the risk of a draw and the give-up cost
shown before choosing), moves on from each round's result to the end, opens the record and
comes back to a match in a new tab. Every API response the page receives is checked against
what its seat may see (K33): no other seat's hand, sealed card or contribution, no deck and
no seed while the match runs. Screenshots go to artifacts/browser/orc-*.png.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.e2e.browser_fixtures import DESKTOP, PHONE, BrowserPages, RecordedPage, screenshot

pytestmark = pytest.mark.browser

PICKABLE = "#hand .card[role='button']:not(.disabled)"
NEXT_STEP = f"#end, #next-round, #lay:not([disabled]), {PICKABLE}, #draw:not([disabled])"
MAX_STEPS = 600

# The rules the how-to must state in each language: the tie-break (K12), the give-up cost
# (K21), the remainder carried (K26) and the early end (K29).
HOW_TO = {
    "ja": ("同点なら", "見えている一番小さい数字", "次のラウンドに持ち越し", "支払えなくなった"),
    "en": (
        "Tied on the smallest",
        "smallest number visible",
        "stays for the next round",
        "could not pay",
    ),
}


def start_match(page: Any, base_url: str, players: int, level: str = "easy") -> None:
    page.goto(base_url + "/")
    page.locator("label.choice", has=page.locator("input[value='orc']")).click()
    players_pill = page.locator(f"input[name='players'][value='{players}']")
    page.locator("label.choice", has=players_pill).click()
    page.wait_for_selector(f"input[name='players'][value='{players}']:checked")
    page.locator("label.choice", has=page.locator(f"input[value='{level}']")).click()
    page.click("#start")
    page.wait_for_selector(NEXT_STEP)


def tap(page: Any, selector: str) -> bool:
    """Taps `selector`; False when the shell redrew it away first (a stream event)."""
    try:
        page.locator(selector).first.click(timeout=3_000)
    except Exception:  # Playwright's timeout: look at the page again
        return False
    return True


def play_step(page: Any, rng: random.Random, seen: set[str], tag: str) -> str:
    """Does whatever the page asks next; what was done."""
    page.wait_for_selector(NEXT_STEP)
    if page.locator("#end").count():
        return "end"
    if page.locator("#next-round").count():
        # The result tells the round: no line of the ticker's news of it lies over the result.
        assert page.locator("#ticker div").count() == 0
        if "result" not in seen:
            screenshot(page, f"orc-{tag}-round-result", full_page=True)
        tap(page, "#next-round")
        return "result"
    if page.locator("#draw:not([disabled])").count():
        cost = page.locator("#give-up").get_attribute("data-cost")
        assert cost and cost in page.locator("#give-up").inner_text()  # K21, shown live
        assert page.locator("#risk").inner_text()  # the numbers that would bust, before choosing
        if "turn" not in seen:
            screenshot(page, f"orc-{tag}-turn", full_page=True)
        tap(page, "#draw" if rng.random() < 0.65 else "#give-up")
        return "turn"
    if page.locator("#lay:not([disabled])").count():
        tap(page, "#lay")
        return "lay"
    count = page.locator(PICKABLE).count()  # once: a redraw may change it
    picked = count and tap(page, f"{PICKABLE} >> nth={rng.randrange(count)}")
    if picked and "pick" not in seen:
        screenshot(page, f"orc-{tag}-pick", full_page=True)
    return "pick"


def play_to_end(page: Any, rng: random.Random, tag: str) -> set[str]:
    seen: set[str] = set()
    for _ in range(MAX_STEPS):
        step = play_step(page, rng, seen, tag)
        seen.add(step)
        if step == "end":
            return seen
    raise AssertionError("the match did not end")


def check_views(recorded: RecordedPage) -> int:
    """K33 in every view the page received while its match ran; how many were checked."""
    checked = 0
    for url, body in recorded.recorded.bodies:
        is_view = isinstance(body, dict) and {"game", "status", "viewer", "seats"} <= set(body)
        if not is_view or body["game"] != "orc" or body["status"] != "active":
            continue
        me = body["viewer"]
        assert body["seed"] is None and body["round_deck"] is None, url
        assert body["action_deck"] is None, url
        for seat in body["seats"]:
            if seat["seat"] == me:
                continue
            assert set(seat["hand"]) <= {None}, url
            assert seat["sealed"] is None and seat["contribution"] is None, url
        checked += 1
    return checked


def finish(recorded: RecordedPage, base_url: str, rng: random.Random, tag: str) -> set[str]:
    """Plays the match to its end, opens the record, and checks every view the page got;
    the steps taken."""
    page = recorded.page
    steps = play_to_end(page, rng, tag)
    screenshot(page, f"orc-{tag}-end", full_page=True)
    page.click("#open-record")
    page.wait_for_selector(".orc.record")
    assert page.locator(".record-round").count() >= 1
    screenshot(page, f"orc-{tag}-record", full_page=True)
    recorded.collect_streams()
    assert check_views(recorded) > 0
    recorded.assert_clean(base_url)
    return steps


def test_a_person_plays_orc_to_the_end_on_a_phone(server: Any, pages: BrowserPages) -> None:
    recorded = pages.open(PHONE)
    page = recorded.page
    page.goto(server.base_url + "/")
    page.locator("label.choice", has=page.locator("input[value='orc']")).click()
    assert page.locator("input[name='players'][value='5']").is_disabled()  # 3-4 on a phone
    start_match(page, server.base_url, players=4)
    screenshot(page, "orc-phone-start", full_page=True)
    assert page.locator("#pot").inner_text()
    steps = finish(recorded, server.base_url, random.Random(13), "phone")
    assert {"pick", "lay", "end"} <= steps


def test_the_how_to_and_eight_players_on_a_desktop_in_english(
    server: Any, pages: BrowserPages
) -> None:
    recorded = pages.open(DESKTOP)
    page = recorded.page
    page.goto(server.base_url + "/")
    page.locator("label.choice", has=page.locator("input[value='orc']")).click()
    for language in ("ja", "en"):
        how_to = page.locator("details.how-to", has_text=HOW_TO[language][0])
        how_to.wait_for()  # Orc Poker's, once the form has followed the choice
        page.click("details.how-to summary")
        told = how_to.inner_text()
        assert all(line in told for line in HOW_TO[language]), told
        screenshot(page, f"orc-desktop-how-to-{language}", full_page=True)
        page.click("details.how-to summary")
        if language == "ja":
            page.click("#language")
    start_match(page, server.base_url, players=8, level="normal")
    assert page.locator("#others .seat").count() == 7
    assert "Pot" in page.locator("#pot").inner_text()
    screenshot(page, "orc-desktop-start", full_page=True)
    assert "end" in finish(recorded, server.base_url, random.Random(5), "desktop")


def test_a_match_resumed_in_a_new_tab(server: Any, pages: BrowserPages) -> None:
    first = pages.open(PHONE)
    start_match(first.page, server.base_url, players=3, level="hard")
    rng = random.Random(3)
    for _ in range(4):
        play_step(first.page, rng, {"pick", "lay", "turn", "result"}, "resume")
    again = pages.reopen(first)
    again.page.goto(server.base_url + "/")
    again.page.click("#continue")
    again.page.wait_for_selector(NEXT_STEP)
    assert again.page.locator(".orc").count() == 1
    screenshot(again.page, "orc-phone-resumed", full_page=True)
    again.assert_clean(server.base_url)
