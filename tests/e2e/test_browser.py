"""The web client in headless Chromium against a real server.

A person plays whole matches through the page: taps, double-taps, drags and keys, on a phone
and on a desktop. Every API response the page receives is recorded and checked against what
its seat may see (docs/rules/flipside.md R10-R11: no other seat's drawn card or orientation
before the showdown, no seed or deck order while the match runs). Screenshots go to
artifacts/browser/.

The page is a shell for many games: its top page offers the games of GET /v1/games (the
page's own copy of the list, or the API's answer without it) with their seats, levels and
options, a match's screens are imported from ``games/<game>/screen.js`` (joined with their
modules) for the game its view names, and a game the client has no screens for is said so
in plain words. Games other than the installed ones, and options Flipside does not have, are
the server's answers rewritten by a Playwright route: the page cannot tell them from real
ones.
"""

from __future__ import annotations

import json
import random
import re
from itertools import combinations_with_replacement
from typing import Any

import pytest
import requests

from flipside.games.flipside.cards import RANKS
from flipside.games.flipside.hands import describe, hand_category, hand_value

from .browser_fixtures import (
    DESKTOP,
    PHONE,
    BrowserPages,
    RecordedPage,
    api_call,
    screenshot,
)

pytestmark = pytest.mark.browser

# Whatever the page shows, one of these is what a player can do next.
NEXT_STEP = "#end, #next-round, #place:not([disabled]), #keep-all:not([disabled])"
MAX_STEPS = 400  # a 3-seat match lasts a handful of rounds; this only bounds a hang
TAP_AFTER_DRAG_MS = 700


# --- driving the page ---------------------------------------------------------------------------


def start_match(page: Any, base_url: str, players: int = 3, level: str = "easy") -> None:
    page.goto(base_url + "/")
    page.locator("label.choice", has=page.locator(f"input[value='{players}']")).click()
    page.locator("label.choice", has=page.locator(f"input[value='{level}']")).click()
    page.click("#start")
    page.wait_for_selector(NEXT_STEP)


def my_cards(page: Any) -> list[str]:
    """The player's row as shown: oriented cards, up rank first, read from the faces."""
    faces = page.locator(".hand .card")
    shown = []
    for index in range(faces.count()):
        face = faces.nth(index)
        up = face.locator(".rank.up").inner_text().replace("10", "T")
        down = face.locator(".rank.down").inner_text().replace("10", "T")
        assert up + down == face.get_attribute("data-up") + face.get_attribute("data-down")
        shown.append(up + down)
    return shown


def touch_drag(page: Any, card: Any, to: Any) -> None:
    """Drag `card` with a finger past the middle of `to`, to take its place (Playwright taps
    but cannot drag by touch; Chromium's DevTools protocol can)."""
    start, end = card.bounding_box(), to.bounding_box()
    y = start["y"] + start["height"] / 2
    x0 = start["x"] + start["width"] / 2
    x1 = end["x"] + end["width"] * (0.75 if end["x"] > start["x"] else 0.25)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for step in range(1, 11):
        point = {"x": x0 + (x1 - x0) * step / 10, "y": y}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    # Headless Chromium drops a tap that comes within about half a second of a simulated
    # drag, even on a bare page: the next tap waits that long.
    page.wait_for_timeout(TAP_AFTER_DRAG_MS)


def match_id(page: Any) -> str:
    return page.evaluate("() => JSON.parse(localStorage.getItem('flipside.match')).matchId")


def press_button(page: Any, selector: str, by: str) -> None:
    if by == "keyboard":
        page.focus(selector)
        page.keyboard.press("Enter")
    elif by == "touch":
        page.tap(selector)
    else:
        page.click(selector)


def play_step(page: Any, rng: random.Random, *, by: str = "mouse") -> str:
    """Do whatever the page asks next, by mouse, touch or keyboard; what was done."""
    page.wait_for_selector(NEXT_STEP)
    if page.locator("#end").count():
        return "end"
    if page.locator("#next-round").count():
        press_button(page, "#next-round", by)
        return "next"
    if page.locator("#place").count():
        cards = page.locator(".hand .card")
        for index in rng.sample(range(5), rng.randint(0, 3)):
            if by == "keyboard":
                cards.nth(index).focus()
                page.keyboard.press(rng.choice(["r", "Enter"]))
            elif by == "touch":
                cards.nth(index).tap()
                cards.nth(index).tap()
            else:
                cards.nth(index).dblclick()
        press_button(page, "#place", by)
        return "place"
    cards = page.locator(".hand .card")
    discard = rng.sample(range(5), rng.randint(0, 3))
    for index in discard:
        if by == "keyboard":
            cards.nth(index).focus()
            page.keyboard.press("Enter")
        elif by == "touch":
            cards.nth(index).tap()
        else:
            cards.nth(index).click()
    assert page.locator(".hand .card.marked").count() == len(discard)
    press_button(page, "#exchange" if discard else "#keep-all", by)
    return "exchange"


def advance_to(page: Any, target: str, rng: random.Random) -> None:
    """Play on until `target` (a selector of what the player can do) is offered."""
    for _ in range(MAX_STEPS):
        page.wait_for_selector(NEXT_STEP)
        if page.locator(target).count():
            return
        play_step(page, rng)
    raise AssertionError(f"{target} was never offered")


def play_to_end(page: Any, rng: random.Random, *, by: str = "mouse") -> list[str]:
    steps = []
    for _ in range(MAX_STEPS):
        steps.append(play_step(page, rng, by=by))
        if steps[-1] == "end":
            return steps
    raise AssertionError(f"the match did not end in {MAX_STEPS} steps: {steps[-10:]}")


# --- what the page may see -----------------------------------------------------------------------


def full_record(base_url: str, match: str, token: str) -> list[dict[str, Any]]:
    """The record as the seat may read it: all of it once the match is over."""
    response = requests.get(
        f"{base_url}/v1/matches/{match}/events",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    response.raise_for_status()
    return response.json()["events"]


def assert_event_redacted(event: dict[str, Any], me: int) -> None:
    kind, data = event["type"], event["data"]
    if kind == "MatchCreated":
        assert data["seed"] is None, "the seed before the match is over"
    elif kind == "DeckShuffled":
        assert data["cards"] is None, "the deck order before the match is over"
    elif kind == "CardsExchanged" and data["seat"] != me:
        assert data["drawn"] == [None] * len(data["drawn"]), f"seat {data['seat']}'s draw"
    elif kind == "OrientationChosen" and data["seat"] != me:
        assert data["cards"] is None, f"seat {data['seat']}'s orientation"


def assert_view_redacted(view: dict[str, Any], me: int, dealt: dict[int, list[list[str]]]) -> None:
    assert view["seed"] is None, "the seed while the match runs"
    for seat in view["seats"]:
        if seat["seat"] == me:
            continue
        assert seat["placed"] is None, f"seat {seat['seat']}'s orientation"
        seen = {card for card in seat["cards"] if card is not None}
        # Another seat's visible cards are its dealt ones (R9); a drawn card is never shown.
        assert seen <= set(dealt[view["round"]][seat["seat"]]), (view["round"], seat)


def assert_nothing_hidden_received(
    recorded_page: RecordedPage, record: list[dict[str, Any]], match: str, me: int
) -> dict[str, int]:
    """Check every response the page got for `match`; counts of what was checked."""
    dealt = {e["data"]["round"]: e["data"]["hands"] for e in record if e["type"] == "CardsDealt"}
    ended = next(e["version"] for e in record if e["type"] == "MatchEnded")
    recorded = recorded_page.recorded
    checked = {"views": 0, "event_lists": 0, "stream_events": 0}
    for url, body in recorded.bodies:
        if f"/v1/matches/{match}" not in url and "match_id" not in body:
            continue
        if body.get("match_id") != match:
            continue
        if "seats" in body and "phase" in body:
            if body["status"] == "active":
                assert_view_redacted(body, me, dealt)
                checked["views"] += 1
        elif "events" in body:
            # A list that reaches the end was read after it: the whole record is public then.
            if not any(e["type"] == "MatchEnded" for e in body["events"]):
                for event in body["events"]:
                    assert_event_redacted(event, me)
                checked["event_lists"] += 1
        elif "token" in str(body.get("seats")):  # the creation response
            tokens = [seat["token"] for seat in body["seats"]]
            assert sum(token is not None for token in tokens) == 1, "only our seat's token"
    for event in recorded.stream_events:
        # The stream sends each event as it is appended; everything before MatchEnded was
        # appended while the match ran (SeedRevealed comes after it, public).
        if event["version"] < ended:
            assert_event_redacted(event, me)
            checked["stream_events"] += 1
    return checked


# --- tests --------------------------------------------------------------------------------------


def test_a_whole_match_on_a_phone(server: Any, pages: BrowserPages) -> None:
    """1 person and 2 easy computer players, to the end, by touch; then the record, "play
    again" and "top"; nothing the seat may not see ever reaches the page."""
    phone = pages.open(PHONE)
    page = phone.page
    rng = random.Random(7)
    start_match(page, server.base_url)
    assert page.locator(".seat").count() == 2  # the two computer players
    match = match_id(page)
    token = page.evaluate("() => JSON.parse(localStorage.getItem('flipside.match')).token")

    steps = play_to_end(page, rng, by="touch")
    assert steps.count("place") >= 1 and steps.count("exchange") >= 1

    end = page.locator("#end")
    assert end.is_visible()
    winner = page.locator("#winner").inner_text()
    assert winner, "the winner is named"
    # The ticker's news of the last exchanges goes within seconds: picture the end alone.
    page.locator("#ticker div").first.wait_for(state="detached")
    screenshot(page, "phone-end", full_page=True)

    record = full_record(server.base_url, match, token)
    rounds = max(e["data"]["round"] for e in record if e["type"] == "RoundStarted")
    exchanges = sum(e["type"] == "CardsExchanged" for e in record)
    page.click("#open-record")
    assert page.locator("#record .record-round").count() == rounds
    assert page.locator("#record .exchange-line").count() == exchanges
    assert page.locator("#record .side-table").count() >= rounds  # up, and down when played
    page.click("#close-record")

    phone.collect_streams()
    checked = assert_nothing_hidden_received(phone, record, match, me=0)
    # Every round the person was dealt into, its exchange answered an active view; once it
    # is out, the computer seats play the rest inside that last request.
    played = sum(1 for e in record if e["type"] == "CardsDealt" and e["data"]["hands"][0])
    assert checked["views"] >= played and checked["stream_events"] > 0, checked

    page.click("#play-again")
    page.wait_for_function(
        "old => JSON.parse(localStorage.getItem('flipside.match')).matchId !== old", arg=match
    )
    page.wait_for_selector("#keep-all, #place")  # a new match, round 1
    page.click("#home")
    page.wait_for_selector("#continue")  # the new match is in progress
    phone.assert_clean(server.base_url)


def test_a_whole_match_by_keyboard_with_four_seats(server: Any, pages: BrowserPages) -> None:
    desktop = pages.open(DESKTOP)
    page = desktop.page
    start_match(page, server.base_url, players=4, level="normal")
    assert page.locator(".seat").count() == 3
    play_to_end(page, random.Random(11), by="keyboard")
    assert page.locator("#winner").inner_text()
    desktop.assert_clean(server.base_url)


def test_resume_after_reload_and_after_closing_the_tab(server: Any, pages: BrowserPages) -> None:
    first = pages.open(PHONE)
    page = first.page
    start_match(page, server.base_url)
    rng = random.Random(3)
    advance_to(page, "#keep-all:not([disabled])", rng)
    page.locator(".hand .card").nth(0).tap()  # discards marked mid-exchange ...
    page.locator(".hand .card").nth(3).tap()
    marked = page.locator(".hand .card.marked")
    chosen = [marked.nth(i).get_attribute("data-card") for i in range(2)]
    page.reload()
    page.click("#continue")
    page.wait_for_selector("#keep-all:not([disabled])")
    marked = page.locator(".hand .card.marked")
    assert [marked.nth(i).get_attribute("data-card") for i in range(marked.count())] == chosen, (
        "the marked discards survive a reload"
    )
    assert page.locator("#exchange").inner_text() == "2枚交換"
    page.click("#exchange")
    advance_to(page, "#place:not([disabled])", rng)
    cards = page.locator(".hand .card")
    cards.nth(1).dblclick()  # a private layout: one card turned ...
    turned = my_cards(page)
    cards.nth(4).focus()
    page.keyboard.press("Shift+ArrowLeft")  # ... and one card moved
    before = my_cards(page)
    assert before == [*turned[:3], turned[4], turned[3]]
    assert page.evaluate("document.activeElement.dataset.card") == cards.nth(3).get_attribute(
        "data-card"
    ), "the moved card keeps the focus"
    touch_drag(page, cards.nth(0), cards.nth(2))  # and one dragged by a finger
    before = [before[1], before[2], before[0], *before[3:]]
    assert my_cards(page) == before
    match = match_id(page)

    first.collect_streams()
    page.reload()
    page.click("#continue")
    page.wait_for_selector("#place")
    assert my_cards(page) == before, "the order and the turned card survive a reload"
    assert match_id(page) == match

    again = pages.reopen(first)  # the tab is closed; the browser keeps its storage
    again.page.goto(server.base_url + "/")
    again.page.click("#continue")
    again.page.wait_for_selector("#place")
    assert my_cards(again.page) == before
    play_to_end(again.page, rng)
    again.assert_clean(server.base_url)


# The Japanese category words of the source (its table of hands).
JAPANESE_CATEGORY = {
    "five_of_a_kind": "ファイブカード",
    "four_of_a_kind": "フォーカード",
    "full_house": "フルハウス",
    "straight": "ストレート",
    "three_of_a_kind": "スリーカード",
    "two_pair": "ツーペア",
    "one_pair": "ワンペア",
    "high_card": "ハイ",
}


def assert_hands_named(page: Any) -> tuple[str, str]:
    """The names under the row match the server's hand evaluation of the ranks shown."""
    shown = my_cards(page)
    names = []
    for side, at in (("up", 0), ("down", 1)):
        ranks = "".join(card[at] for card in shown)
        value = hand_value(ranks)
        label = page.locator(f"#{side}-hand")
        assert label.get_attribute("data-category") == hand_category(value), (side, ranks)
        assert label.locator("strong").inner_text() == describe(value), (side, ranks)
        names.append(describe(value))
    return names[0], names[1]


def test_the_orientation_panel_names_the_hands(server: Any, pages: BrowserPages) -> None:
    desktop = pages.open(DESKTOP)
    page = desktop.page
    start_match(page, server.base_url)
    page.click("#language")  # English, to compare with hands.describe
    rng = random.Random(5)
    advance_to(page, "#place:not([disabled])", rng)
    assert page.locator("#place").inner_text() == "Place face down"
    assert_hands_named(page)

    cards = page.locator(".hand .card")
    first = my_cards(page)
    cards.nth(0).dblclick()  # double-click turns one card 180 degrees
    assert my_cards(page)[0] == first[0][::-1]
    assert_hands_named(page)

    cards.nth(3).focus()
    page.keyboard.press("r")  # R turns the focused card
    assert my_cards(page)[3] == first[3][::-1]
    assert_hands_named(page)

    page.click("#rotate-all")
    turned = my_cards(page)
    assert turned[1:3] == [card[::-1] for card in first[1:3]]
    up, down = assert_hands_named(page)

    # Drag the first card to the end: the order changes, the hands do not (R11).
    box = cards.nth(0).bounding_box()
    last = cards.nth(4).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):
        x = box["x"] + (last["x"] + last["width"] - box["x"]) * step / 10
        page.mouse.move(x, box["y"] + box["height"] / 2)
    page.mouse.up()
    assert my_cards(page) == turned[1:] + turned[:1]
    assert assert_hands_named(page) == (up, down)

    # The other seats' drawn cards lie face down; their kept dealt cards stay visible (R10).
    for panel in page.locator(".seat").all():
        discarded = panel.locator(".discards .card").count()
        assert panel.locator(".card.back").count() == discarded
        assert panel.locator(".cards").first.locator(".card:not(.back)").count() == 5 - discarded

    screenshot(page, "desktop-orientation")
    page.click("#language")  # back to Japanese: the same hands, in the source's words
    for side in ("up", "down"):
        label = page.locator(f"#{side}-hand")
        word = JAPANESE_CATEGORY[label.get_attribute("data-category")]
        assert label.locator("strong").inner_text().endswith(word)
    page.click("#language")
    placed = my_cards(page)
    page.click("#place")
    page.wait_for_selector("#next-round, #end")
    mine = page.locator(".result.me .cards .card")
    assert [
        mine.nth(i).get_attribute("data-up") + mine.nth(i).get_attribute("data-down")
        for i in range(5)
    ] == placed, "placed as shown"
    up_line = page.locator(".result.me .side-line.up")
    assert up_line.get_attribute("data-category") == hand_category(
        hand_value("".join(card[0] for card in placed))
    )
    # Every seat's place on each side is the server's ranking (R15 ties by turn order).
    match, token = (
        match_id(page),
        page.evaluate("() => JSON.parse(localStorage.getItem('flipside.match')).token"),
    )
    for event in full_record(server.base_url, match, token):
        if event["type"] == "ShowdownRevealed" and event["data"]["round"] == 1:
            side = event["data"]["side"]
            for place, seat in enumerate(event["data"]["ranking"], start=1):
                line = page.locator(f".result[data-seat='{seat}'] .side-line.{side} .place")
                assert line.inner_text() == f"#{place}", (side, seat)
    screenshot(page, "desktop-showdown", full_page=True)
    desktop.assert_clean(server.base_url)


def test_hand_naming_agrees_with_the_server_on_every_hand(server: Any, pages: BrowserPages) -> None:
    """cards.js evaluates all 6,188 rank multisets exactly as flipside.games.flipside.hands does."""
    page = pages.open(DESKTOP).page
    page.goto(server.base_url + "/")
    hands = [
        "".join(RANKS[i] for i in combo) for combo in combinations_with_replacement(range(13), 5)
    ]
    values = page.evaluate(
        """async (hands) => {
             const { evaluate } = await import("/web/games/flipside/cards.js");
             return hands.map((ranks) => evaluate(ranks).value);
           }""",
        hands,
    )
    assert values == [hand_value(ranks) for ranks in hands]


def test_phone_and_desktop_screenshots(server: Any, pages: BrowserPages) -> None:
    """The screens at 390x844 (phone, portrait) and 1280x800, saved for people to look at."""
    phone = pages.open(PHONE)
    page = phone.page
    page.goto(server.base_url + "/")
    assert page.locator("input[name=players][value='5']").is_disabled(), "3-4 on a phone"
    screenshot(page, "phone-top")
    start_match(page, server.base_url, players=4)
    rng = random.Random(1)
    advance_to(page, "#keep-all:not([disabled])", rng)
    page.locator(".hand .card").nth(1).tap()
    page.locator(".hand .card").nth(3).tap()
    screenshot(page, "phone-exchange")
    page.click("#exchange")
    page.wait_for_selector("#place")
    screenshot(page, "phone-orientation")
    page.click("#place")
    page.wait_for_selector("#next-round, #end")
    screenshot(page, "phone-showdown", full_page=True)
    page.click("#open-record")
    screenshot(page, "phone-record")

    page.set_viewport_size({"width": 844, "height": 390})  # the phone turned sideways
    assert page.locator("#turn-phone").is_visible()
    screenshot(page, "phone-landscape")

    desktop = pages.open(DESKTOP)
    start_match(desktop.page, server.base_url, players=5)
    assert desktop.page.locator(".seat").count() == 4
    screenshot(desktop.page, "desktop-exchange")
    phone.assert_clean(server.base_url)
    desktop.assert_clean(server.base_url)


# --- the shell and its games --------------------------------------------------------------------

# The shell's own files (its modules joined in shell.js under /assets/, apart under /web/);
# everything else a match loads must be its game's.
SHELL = {
    *("app.js", "shell.js", "api.js", "games.js", "i18n.js", "store.js", "style.css"),
    *("ui/dom.js", "ui/hold.js", "ui/top.js"),
}
# The page's copy of GET /v1/games (api/web.py), which the shell reads rather than ask.
EMBEDDED_GAMES = re.compile(r'(<script type="application/json" id="games">)(.*?)(</script>)', re.S)
# A Hold'em blind schedule other than its default (none), as the API takes it (H7).
BLIND_SCHEDULE = [
    {"from_hand": 3, "small_blind": 10, "big_blind": 20},
    {"from_hand": 5, "small_blind": 25, "big_blind": 50},
]
MYSTERY = {"id": "mystery", "title": {"ja": "謎のゲーム", "en": "Mystery"}}
# Options of the kinds a game may declare (engine `Option`), given to Flipside by a route.
OPTIONS = [
    {
        "name": "start_life",
        "kind": "integer",
        "default": 4,
        "description": "life at the start",
        "minimum": 1,
        "maximum": 9,
        "choices": None,
    },
    {
        "name": "open_draws",
        "kind": "boolean",
        "default": False,
        "description": "drawn cards face up",
        "minimum": None,
        "maximum": None,
        "choices": None,
    },
    {
        "name": "deck",
        "kind": "string",
        "default": "full",
        "description": "the deck",
        "minimum": None,
        "maximum": None,
        "choices": ["full", "short"],
    },
]


def installed_games(base_url: str) -> list[dict[str, Any]]:
    response = requests.get(f"{base_url}/v1/games", timeout=10)
    response.raise_for_status()
    games: list[dict[str, Any]] = response.json()["games"]
    return games


UNENCODED = ("content-encoding", "content-length")


def serve_games(page: Any, base_url: str, games: list[dict[str, Any]], *, embedded: bool) -> None:
    """The page offers `games`: from its own copy of the list when `embedded`, else from
    GET /v1/games, which the shell asks for when the page has no copy."""
    listed = json.dumps({"games": games}) if embedded else ""

    def page_listing(route: Any) -> None:
        response = route.fetch()
        html = EMBEDDED_GAMES.sub(lambda found: found[1] + listed + found[3], response.text())
        # The body is sent as rewritten: not in the encoding nor of the length it came in.
        kept = {k: v for k, v in response.headers.items() if k not in UNENCODED}
        route.fulfill(status=response.status, headers=kept, body=html)

    page.route(f"{base_url}/", page_listing)
    if not embedded:
        page.route("**/v1/games", lambda route: route.fulfill(json={"games": games}))


def games_asked(requested: list[str]) -> list[str]:
    return [url for url in requested if url.split("?")[0].endswith("/v1/games")]


def web_paths(requested: list[str], base_url: str) -> list[str]:
    """The files the page loaded from the client (``/assets/<version>/...`` or ``/web/...``),
    as paths in the client's folder."""
    client_file = re.compile(re.escape(base_url) + r"/(?:web|assets/[0-9a-f]+)/(.+)")
    return [found[1] for url in requested if (found := client_file.fullmatch(url))]


def test_the_top_page_offers_the_installed_games_and_flipside_screens_load(
    server: Any, pages: BrowserPages
) -> None:
    games = installed_games(server.base_url)
    assert "flipside" in [game["id"] for game in games]
    desktop = pages.open(DESKTOP)
    page = desktop.page
    page.goto(server.base_url + "/")
    page.wait_for_selector("#top-page")
    offered = page.locator("input[name=game]")
    assert [offered.nth(i).get_attribute("value") for i in range(offered.count())] == [
        game["id"] for game in games
    ]
    assert page.locator("fieldset.games span").all_inner_texts() == [
        game["title"]["ja"] for game in games
    ]
    assert games_asked(desktop.requested) == [], "the page carries the list of games"
    flipside = next(game for game in games if game["id"] == "flipside")
    page.locator("label.choice", has=page.locator("#game-flipside")).click()
    seats = page.locator("input[name=players]")
    assert [int(seats.nth(i).get_attribute("value")) for i in range(seats.count())] == list(
        range(flipside["seats"]["min"], flipside["seats"]["max"] + 1)
    )
    levels = page.locator("input[name=level]")
    assert [levels.nth(i).get_attribute("value") for i in range(levels.count())] == flipside[
        "levels"
    ]
    assert page.locator("h1").inner_text() == flipside["title"]["ja"]
    assert page.locator("#home").inner_text() == flipside["title"]["ja"]
    screenshot(page, "desktop-top")

    start_match(page, server.base_url)
    assert page.locator(".table .seat").count() == 2
    loaded = web_paths(desktop.requested, server.base_url)
    assert {"games/flipside/screen.js", "games/flipside/style.css"} <= set(loaded)
    assert {path for path in loaded if path not in SHELL} == {
        path for path in loaded if path.startswith("games/flipside/")
    }, "every other file the match needs is Flipside's"
    page.click("#language")
    assert page.locator("#home").inner_text() == flipside["title"]["en"]
    desktop.assert_clean(server.base_url)


def test_every_games_screens_load_joined_with_their_modules(
    server: Any, pages: BrowserPages
) -> None:
    """Each game's screens come as one file, joined with the modules of theirs the shell
    lacks (api/bundles.py), and draw the game's part of the top page."""
    phone = pages.open(PHONE)
    page = phone.page
    page.goto(server.base_url + "/")
    for game in installed_games(server.base_url):
        page.locator("label.choice", has=page.locator(f"#game-{game['id']}")).click()
        page.wait_for_selector(f"h1:text-is('{game['title']['ja']}')")
        assert page.locator(".tagline").inner_text()
        assert page.locator("details.how-to li, details.how-to p").count() > 0
        assert page.locator("#start").is_enabled()
        screenshot(page, f"phone-top-{game['id']}", full_page=True)
    loaded = set(web_paths(phone.requested, server.base_url))
    assert loaded - SHELL == {
        f"games/{game['id']}/{name}"
        for game in installed_games(server.base_url)
        for name in ("screen.js", "style.css")
    }
    phone.assert_clean(server.base_url)


def test_a_game_without_screens_in_this_client_is_named_not_started(
    server: Any, pages: BrowserPages
) -> None:
    games = installed_games(server.base_url)
    phone = pages.open(PHONE)
    page = phone.page
    serve_games(page, server.base_url, [*games, {**games[0], **MYSTERY}], embedded=True)
    start_match(page, server.base_url)  # a Flipside match in progress, to resume below
    page.click("#home")
    page.locator("label.choice", has=page.locator("#game-mystery")).click()
    assert page.locator(".notice").inner_text() == "このゲーム(謎のゲーム)の画面はまだありません"
    assert page.locator("#start").is_disabled()
    screenshot(page, "phone-top-no-screens")

    # The saved match turns out to be of that game: the view names the game, not the page.
    def as_mystery(route: Any) -> None:
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "game": "mystery"})

    page.route(re.compile(r"/v1/matches/[^/?]+$"), as_mystery)
    page.click("#continue")
    page.wait_for_selector("#unknown-game")
    assert "謎のゲーム" in page.locator("#unknown-game").inner_text()
    assert page.locator("#open-record").is_hidden()
    page.click("#top")
    page.wait_for_selector("#top-page")
    assert page.locator("#game-mystery").is_checked()
    # The browser reports the missing module (a 404) and nothing else.
    assert phone.errors and all("404" in error for error in phone.errors), phone.errors
    assert [path for path in web_paths(phone.requested, server.base_url) if "mystery" in path] == [
        "games/mystery/screen.js"
    ], "asked for once"


def test_a_games_options_are_offered_with_their_defaults_and_sent(
    server: Any, pages: BrowserPages
) -> None:
    games = [
        {**game, "options": OPTIONS} if game["id"] == "flipside" else game
        for game in installed_games(server.base_url)
    ]
    desktop = pages.open(DESKTOP)
    page = desktop.page
    serve_games(page, server.base_url, games, embedded=False)
    sent: list[dict[str, Any]] = []

    def create(route: Any) -> None:
        # Flipside has no options: the server gets the match without them.
        body = route.request.post_data_json
        sent.append(body)
        route.continue_(post_data=json.dumps({**body, "options": {}}))

    page.route("**/v1/matches", create)
    page.goto(server.base_url + "/")
    page.wait_for_selector("#top-page")
    assert len(games_asked(desktop.requested)) == 1, "without the page's copy, asked once"
    assert page.locator("#option-start_life").input_value() == "4"
    assert not page.locator("#option-open_draws-on").is_checked()
    assert page.locator("#option-deck-full").is_checked()
    screenshot(page, "desktop-top-options")

    page.fill("#option-start_life", "6")
    page.locator("label.choice", has=page.locator("#option-open_draws-on")).click()
    page.locator("label.choice", has=page.locator("#option-deck-short")).click()
    page.locator("label.choice", has=page.locator("#players-4")).click()
    page.locator("label.choice", has=page.locator("#level-hard")).click()
    page.click("#start")
    page.wait_for_selector(NEXT_STEP)
    assert sent == [
        {
            "game": "flipside",
            "seats": [{"type": "human", "name": "you"}] + [{"type": "npc", "level": "hard"}] * 3,
            "options": {"start_life": 6, "open_draws": True, "deck": "short"},
        }
    ]
    desktop.assert_clean(server.base_url)

    # An array option, Hold'em's blind schedule (H7): rows of its entries' fields within
    # their bounds, none by default, rows added and removed; the match is created with them.
    phone = pages.open(PHONE)
    page = phone.page
    page.goto(server.base_url + "/")
    page.locator("label.choice", has=page.locator("#game-holdem")).click()
    schedule = page.locator("#option-blind_schedule")
    schedule.wait_for()
    assert schedule.locator("tr.entry").count() == 0
    assert schedule.locator(".no-entries").inner_text() == "なし"
    rows = schedule.locator("tr.entry")
    for _ in range(3):
        page.click("#option-blind_schedule-add")
    first = rows.nth(0).locator("input[data-field=from_hand]")
    assert (first.get_attribute("min"), first.get_attribute("max")) == ("2", "1000000")
    newest = rows.nth(2).locator("input").first
    assert newest.evaluate("input => input === document.activeElement"), "a new row's focused"
    for row, entry in zip(range(3), [{"from_hand": 1}, *BLIND_SCHEDULE], strict=True):
        for field, value in entry.items():
            rows.nth(row).locator(f"input[data-field={field}]").fill(str(value))
    page.click("#start")  # refused by the page: hand 1 is below the field's minimum
    assert first.evaluate("input => input.validity.rangeUnderflow")
    assert not [url for url in phone.requested if url.endswith("/v1/matches")], "nothing sent"
    rows.nth(0).locator(".remove-entry").click()
    assert rows.count() == 2
    add = page.locator("#option-blind_schedule-add")
    assert add.evaluate("button => button === document.activeElement"), "focus kept in the form"
    screenshot(page, "phone-top-holdem-schedule", full_page=True)
    page.locator("label.choice", has=page.locator("#players-2")).click()
    with page.expect_response("**/v1/matches") as created:
        page.click("#start")
    assert created.value.request.post_data_json["options"]["blind_schedule"] == BLIND_SCHEDULE
    match = created.value.json()
    token = next(seat["token"] for seat in match["seats"] if seat.get("token"))
    events = requests.get(
        f"{server.base_url}/v1/matches/{match['match_id']}/events",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).json()["events"]
    assert events[0]["data"]["config"]["blind_schedule"] == BLIND_SCHEDULE
    phone.assert_clean(server.base_url)


# --- Juggernaut -----------------------------------------------------------------------------------

# Whatever a Juggernaut screen shows, one of these is what the person can do next (J43).
JUGGERNAUT_STEP = "#end, #next-set, #gold-ask, #reveal-prompt, #augment-actions, #exchange-actions"


def juggernaut_step(page: Any) -> str:
    """One move through the screen's buttons; returns what was done."""
    page.wait_for_selector(JUGGERNAUT_STEP)
    for selector, name in (
        ("#end", "end"),
        ("#gold-ask #exchange-gold:not([disabled])", "gold"),
        ("#gold-ask #decline-gold:not([disabled])", "gold"),
        ("#reveal-prompt #allow:not([disabled])", "reveal"),
        ("#next-set", "next-set"),
        ("#augment-actions [id^=augment-]:not([disabled])", "augment"),
        ("#exchange-actions #exchange-done:not([disabled])", "done"),
    ):
        target = page.locator(selector)
        if target.count():
            if name == "augment":
                target.last.click()  # the most cards the person can pay for
            elif name != "end":
                target.first.click()
            return name
    page.wait_for_timeout(200)  # the computer seats are moving, or a request is in flight
    return "wait"


def test_a_whole_juggernaut_match_on_a_phone_and_the_card_page(
    server: Any, pages: BrowserPages
) -> None:
    """From the top page, 1 person and 3 easy computer players play Juggernaut to the end
    screen through its buttons (two sets at most, J40a); then /card/ shows its query (J43)."""
    phone = pages.open(PHONE)
    page = phone.page
    page.goto(server.base_url + "/")
    page.wait_for_selector("#top-page")
    page.locator("label.choice", has=page.locator("#game-juggernaut")).click()
    # Juggernaut is for four exactly (J2): the page offers no other number.
    page.wait_for_function(
        "() => [...document.querySelectorAll('input[name=players]')]"
        ".map(i => i.value).join() === '4'"
    )
    page.locator("label.choice", has=page.locator("input[name=level][value='easy']")).click()
    page.fill("#option-maxSets", "2")
    page.click("#start")
    page.wait_for_selector(JUGGERNAUT_STEP)
    assert page.locator("#my-hand").is_visible()
    assert page.locator("#opponents > *").count() == 3
    screenshot(page, "phone-juggernaut-table", full_page=True)

    steps: list[str] = []
    while "end" not in steps:
        assert len(steps) < MAX_STEPS, steps[-20:]
        steps.append(juggernaut_step(page))
    assert {"augment", "done"} <= set(steps), steps
    assert page.locator("#end").is_visible()
    assert page.locator("#results").is_visible()
    screenshot(page, "phone-juggernaut-end", full_page=True)
    phone.assert_clean(server.base_url)

    card = pages.open(PHONE)
    card.page.goto(server.base_url + "/card/?initialSilver=42&winGold=007&reward1=x")
    card.page.wait_for_selector("#in-force")
    shown = {
        name: card.page.locator(f"#in-force tr[data-param={name}] td.value").inner_text()
        for name in ("initialSilver", "winGold", "reward1", "goldExchangeSilver")
    }
    # Given (42), given with leading zeros (7), not a number so the default (15), not given.
    assert shown == {
        "initialSilver": "42",
        "winGold": "7",
        "reward1": "15",
        "goldExchangeSilver": "10",
    }
    screenshot(card.page, "phone-juggernaut-card", full_page=True)
    card.assert_clean(server.base_url)


# --- the table as a player of the source's site judges it ------------------------------------

# WCAG's contrast ratio of each visible rank against its card, the card's opacity (its own and
# its ancestors') blending both into the felt behind it, as the eye sees them.
RANK_CONTRAST = """() => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const luminance = (c) => {
    const [r, g, b] = c.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const felt = rgb(getComputedStyle(document.documentElement).backgroundColor);
  const mix = (c, a) => c.map((v, i) => a * v + (1 - a) * felt[i]);
  return [...document.querySelectorAll(".card:not(.back) .rank")]
    .filter((rank) => rank.getClientRects().length)
    .map((rank) => {
      const card = rank.closest(".card");
      let opacity = 1;
      let filtered = false;
      for (let node = rank; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        filtered ||= style.filter !== "none";
      }
      const ink = luminance(mix(rgb(getComputedStyle(rank).color), opacity));
      const paper = luminance(mix(rgb(getComputedStyle(card).backgroundColor), opacity));
      const ratio = (Math.max(ink, paper) + 0.05) / (Math.min(ink, paper) + 0.05);
      const where = card.parentElement.className;
      return { text: rank.textContent, ratio: filtered ? 0 : ratio, where };
    });
}"""

# Every drawn rank: its text and whether it is underlined.
RANK_MARKS = """() => [...document.querySelectorAll(".card .rank")].map((rank) => ({
  text: rank.textContent,
  underlined: getComputedStyle(rank).textDecorationLine.includes("underline"),
}))"""

# The lines each item of the seats' headers takes (a word broken over two lines takes two).
HEADER_LINES = """() => [...document.querySelectorAll(".seat header > *")].map((item) => {
  const range = document.createRange();
  range.selectNodeContents(item);
  const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
  return { text: item.textContent, lines: tops.size };
})"""

# Notes every line the ticker shows while the orientation or a showdown is on screen.
TICKER_WATCH = """() => {
  window.__staleNews = [];
  new MutationObserver((changes) => {
    const added = changes.flatMap((change) => [...change.addedNodes]);
    const later = "#place, #showdown, #end, .mine [data-autofocus^=placed]";
    if (added.length && document.querySelector(later))
      window.__staleNews.push(...added.map((node) => node.textContent));
  }).observe(document.getElementById("ticker"), { childList: true });
}"""


def assert_cards_read_right(page: Any) -> int:
    """6 and 9 are underlined and nothing else is, every rank is legible (AA, 4.5:1), and every
    card has a label; returns how many 6s and 9s were seen."""
    marks = page.evaluate(RANK_MARKS)
    assert [m for m in marks if m["underlined"] != (m["text"] in ("6", "9"))] == []
    contrast = page.evaluate(RANK_CONTRAST)
    assert contrast and [c for c in contrast if c["ratio"] < 4.5] == [], contrast
    unlabelled = page.locator(".card:not([aria-label]), .card[aria-label='']")
    assert unlabelled.count() == 0
    return sum(m["text"] in ("6", "9") for m in marks)


def test_the_table_on_a_phone_reads_right_and_keeps_to_its_scene(
    server: Any, pages: BrowserPages
) -> None:
    """A Japanese phone, four seats: 6 and 9 marked, ranks legible, the seats' headers on one
    line with larger cards, every card labelled, one status line read out, the focus on each
    new screen, no exchange news over the orientation or showdown, and "place" within reach
    on a 320 px phone."""
    phone = pages.open(PHONE)
    page = phone.page
    start_match(page, server.base_url, players=4)
    page.wait_for_selector("#centre")
    assert page.evaluate("document.activeElement.id") == "centre", "the focus after start"
    page.evaluate(TICKER_WATCH)
    page.evaluate("window.__status = document.getElementById('status')")
    rng = random.Random(2)
    sixes_and_nines = 0
    for _round in range(2):
        advance_to(page, "#keep-all:not([disabled])", rng)
        assert [h for h in page.evaluate(HEADER_LINES) if h["lines"] != 1] == []
        seat_card = page.locator(".seat .cards .card").first.bounding_box()
        assert seat_card["width"] >= 40, seat_card
        rank_size = page.locator(".seat .cards .card .rank").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert rank_size >= 16
        assert page.locator(".seat .life[role=img][aria-label]").count() == 3
        sixes_and_nines += assert_cards_read_right(page)
        # One live region for the status line, the same node all along, saying the turn.
        assert page.locator("[role=status], [aria-live]:not(#ticker)").count() == 1
        assert page.evaluate("window.__status === document.getElementById('status')")
        assert page.locator("#status").text_content() == page.locator(".message").inner_text()
        tap_highlight = page.locator("#keep-all").evaluate(
            "e => getComputedStyle(e).webkitTapHighlightColor"
        )
        assert tap_highlight == "rgba(0, 0, 0, 0)"
        page.locator(".hand .card").nth(2).tap()
        page.tap("#exchange")
        page.wait_for_selector("#place:not([disabled])")
        assert page.evaluate("document.activeElement.id") == "place", "the focus after exchange"
        assert page.locator("#ticker div").count() == 0, "the exchange news ended with it"
        if _round == 0:
            screenshot(page, "phone-orientation-ja")
            page.set_viewport_size({"width": 320, "height": 568})
            place = page.locator("#place").bounding_box()
            assert place["y"] >= 0 and place["y"] + place["height"] <= 568, place
            screenshot(page, "phone-320-orientation")
            page.set_viewport_size(PHONE["viewport"])
        page.locator(".hand .card").nth(0).dblclick()
        assert page.locator(".hand .card.turning").count() == 1, "the rotated card turns"
        page.tap("#place")
        page.wait_for_selector("#next-round, #end")
        focused = page.evaluate("document.activeElement.closest('#showdown, #end')?.id")
        assert focused in ("showdown", "end"), "the focus after place"
        sixes_and_nines += assert_cards_read_right(page)
        assert page.locator(".result .side-lines tr").count() >= 4, "a table per seat"
        if page.locator("#end").count():
            break
        screenshot(page, "phone-showdown-ja", full_page=True)
        page.tap("#next-round")
    assert sixes_and_nines > 0, "no 6 or 9 was dealt: nothing was checked"
    assert page.evaluate("window.__staleNews") == [], "exchange news over a later scene"
    phone.assert_clean(server.base_url)


# While `__lateAnswers` is set, a move's answer comes 300 ms late, after the stream has
# brought the move's events, and a view asked for waits until the test calls
# `__releaseViews()`: the view those events fetch comes back after the answer is drawn.
LATE_ANSWERS = """(() => {
  const fetchFirst = window.fetch.bind(window);
  const held = new Promise((resolve) => (window.__releaseViews = resolve));
  window.fetch = async (input, init) => {
    const path = new URL(String(input), location.href).pathname;
    const method = init?.method ?? "GET";
    if (!window.__lateAnswers) return fetchFirst(input, init);
    if (method === "GET" && /^\\/v1\\/matches\\/[^/]+$/.test(path)) await held;
    const response = await fetchFirst(input, init);
    if (method === "POST" && path.endsWith("/actions"))
      await new Promise((resolve) => setTimeout(resolve, 300));
    return response;
  };
})();"""


def test_a_card_turning_is_not_cut_short_by_the_streams_late_view(
    server: Any, pages: BrowserPages
) -> None:
    """The stream brings one's own move before the move's answer, which holds the view those
    events would fetch: fetched anyway and drawn after the answer, that view put the card
    just turned back at rest (a card turns for one drawing)."""
    desktop = pages.open(DESKTOP)
    page = desktop.page
    page.add_init_script(LATE_ANSWERS)
    start_match(page, server.base_url)
    advance_to(page, "#keep-all:not([disabled])", random.Random(6))
    page.evaluate("window.__lateAnswers = true")
    page.click("#keep-all")
    page.wait_for_selector("#place:not([disabled])")
    page.locator(".hand .card").nth(0).dblclick()
    turning = page.locator(".hand .card.turning")
    assert turning.count() == 1, "the card double clicked turns"
    page.evaluate("window.__releaseViews()")
    page.wait_for_timeout(500)  # the held view, and the record after it, have come
    assert turning.count() == 1, "drawn again after the answer"
    desktop.assert_clean(server.base_url)


def side_column_lefts(page: Any) -> list[list[float]]:
    """The left edge of each cell in the first row of the latest round's up and down tables,
    read in one script: the record is drawn again whenever the match's view is (app.js), so
    cells looked up one call at a time may be replaced between two of the calls."""
    return page.evaluate(
        """() => [...document.querySelector("#record .record-round")
                    .querySelectorAll(".side-table")].slice(0, 2)
            .map((table) => [...table.querySelector("tr").querySelectorAll("td")]
                .map((cell) => cell.getBoundingClientRect().x))"""
    )


def test_the_desktop_record_guide_and_feedback(server: Any, pages: BrowserPages) -> None:
    """English on a desktop: the how-to's table of hands, the tie rule and the round; the
    record's up and down columns line up; a slow move says the others are thinking; a move
    that cannot reach the server says "reconnecting" (in the page's words) until it answers."""
    desktop = pages.open(DESKTOP)
    page = desktop.page
    page.add_init_script(
        """(() => {
          const fetchFirst = window.fetch.bind(window);
          window.fetch = async (input, init) => {
            if (String(input).endsWith("/actions") && window.__slowMoves)
              await new Promise((resolve) => setTimeout(resolve, 800));
            return fetchFirst(input, init);
          };
        })();"""
    )
    page.goto(server.base_url + "/")
    page.wait_for_selector("#top-page")
    page.click("#language")
    page.click("details.how-to summary")
    rows = page.locator("#hands-table tbody tr")
    categories = [row.get_attribute("data-category") for row in rows.all()]
    assert categories[0] == "five_of_a_kind" and categories[-1] == "high_card"
    assert len(set(categories)) == 8 and "no flushes" in page.locator(".how-to").inner_text()
    assert page.locator("#hands-table tr[data-ranks='A2345'] td").last.inner_text() == (
        "straight to 5"
    )
    assert "earlier" in page.locator("#tie-rule").inner_text()
    assert page.locator(".round-flow li").count() == 5
    screenshot(page, "desktop-how-to-en", full_page=True)
    page.click("details.how-to summary")

    start_match(page, server.base_url)
    rng = random.Random(4)
    advance_to(page, "#next-round", rng)
    page.click("#open-record")
    page.wait_for_selector("#record .record-round .side-table td")
    up, down = side_column_lefts(page)
    assert up and up == down, "up and down columns line up"
    screenshot(page, "desktop-record-en")
    page.click("#close-record")
    page.click("#next-round")

    page.evaluate("window.__slowMoves = true")
    page.wait_for_selector("#keep-all:not([disabled]), #place:not([disabled])")
    move = "#keep-all" if page.locator("#keep-all").count() else "#place"
    page.click(move)
    page.wait_for_selector("#thinking", state="visible")
    assert page.locator("#thinking").inner_text() == "The other players are thinking…"
    page.wait_for_selector("#thinking", state="hidden")
    page.evaluate("window.__slowMoves = false")

    advance_to(page, "#keep-all:not([disabled]), #place:not([disabled])", rng)
    cut = re.compile(r"/v1/matches/[^/?]+(/actions)?$")
    page.route(cut, lambda route: route.abort("internetdisconnected"))
    move = "#keep-all" if page.locator("#keep-all").count() else "#place"
    page.click(move)
    notice = page.locator("#reconnecting")
    notice.wait_for(state="visible")
    assert notice.inner_text() == "Reconnecting to the server…"
    assert page.locator("#error").is_hidden()
    page.wait_for_timeout(2000)
    assert notice.is_visible(), "until the server answers"
    page.unroute(cut)
    notice.wait_for(state="hidden")
    page.wait_for_selector(NEXT_STEP)
    # The requests cut on purpose are the only errors.
    assert desktop.errors and all("ERR_INTERNET_DISCONNECTED" in e for e in desktop.errors)
    desktop.errors.clear()
    desktop.assert_clean(server.base_url)


# --- after the person is out -------------------------------------------------------------------


def plain_play(base_url: str, match: str, token: str) -> None:
    """The person keeps every card and places them as dealt, as a player pressing "keep all"
    and "place" does, until the match is over."""
    path = f"/v1/matches/{match}"
    for _ in range(MAX_STEPS):
        view = api_call(base_url, "GET", path, token)
        mine = view["seats"][0]
        if view["status"] == "finished" or mine["eliminated"]:
            return
        if view["phase"] == "exchange" and view["to_act"] == 0:
            api_call(
                base_url, "POST", path + "/actions", token, {"kind": "exchange", "discard": []}
            )
        elif view["phase"] == "orientation" and not mine["orientation_in"]:
            cards = {"kind": "orientation", "cards": mine["cards"]}
            api_call(base_url, "POST", path + "/actions", token, cards)
    raise AssertionError("the match did not end")


def seed_out_early(server: Any, seats: list[dict[str, Any]]) -> tuple[str, dict[str, Any], int]:
    """A seed with which a person who plays plainly goes out two or more rounds before the
    match ends: (seed, their SeatEliminated event's data, the last round)."""
    for attempt in range(40):
        seed = f"{attempt:064x}"
        body = {"game": "flipside", "seats": seats, "seed": seed}
        created = api_call(server.base_url, "POST", "/v1/matches", server.admin_token, body)
        match = created["match_id"]
        plain_play(server.base_url, match, created["seats"][0]["token"])
        events = api_call(server.base_url, "GET", f"/v1/matches/{match}/events", server.admin_token)
        events = events["events"] if isinstance(events, dict) else events
        rounds = [e["data"]["round"] for e in events if e["type"] == "RoundStarted"]
        out = [
            e["data"] for e in events if e["type"] == "SeatEliminated" and e["data"]["seat"] == 0
        ]
        if out and max(rounds) >= out[0]["round"] + 2:
            return seed, out[0], max(rounds)
    raise AssertionError("no seed in 40 puts the person out early")


def test_after_the_person_is_out_the_rest_is_shown_round_by_round(
    server: Any, pages: BrowserPages
) -> None:
    """Out before the end: the record stops at the showdown on screen, "next round" shows the
    next one as if watching, "skip to the end" goes to the end, which says when they went out."""
    seats = [{"type": "human", "name": "you"}] + [{"type": "npc", "level": "easy"}] * 3
    seed, out, last_round = seed_out_early(server, seats)
    out_round = out["round"]
    desktop = pages.open(DESKTOP)
    page = desktop.page

    def seeded(route: Any) -> None:
        body = {**route.request.post_data_json, "seed": seed}
        headers = {**route.request.headers, "authorization": f"Bearer {server.admin_token}"}
        route.continue_(post_data=json.dumps(body), headers=headers)

    page.route("**/v1/matches", seeded)
    start_match(page, server.base_url, players=4)
    page.click("#language")
    for _ in range(MAX_STEPS):
        page.wait_for_selector(NEXT_STEP)
        if page.locator(".result.me.out").count():
            break
        page.click(
            "#next-round"
            if page.locator("#next-round").count()
            else "#keep-all:not([disabled]), #place:not([disabled])"
        )
    assert page.locator("#showdown").get_attribute("data-round") == str(out_round)
    page.click("#open-record")
    shown = page.locator("#record .record-round")
    assert [int(r.get_attribute("data-round")) for r in shown.all()] == list(
        range(out_round, 0, -1)
    ), "no round after the showdown on screen"
    page.click("#close-record")
    page.click("#next-round")
    page.wait_for_selector(f"#showdown[data-round='{out_round + 1}']")
    assert page.locator(".watching").is_visible() and page.locator(".result.me").count() == 0
    screenshot(page, "desktop-watching")
    page.click("#skip-to-end")
    page.wait_for_selector("#end")
    went_out = f"You went out in round {out_round}, on the {out['side']} side"
    assert page.locator("#went-out").inner_text() == went_out
    assert page.locator("#showdown").get_attribute("data-round") == str(last_round)
    screenshot(page, "desktop-end-out", full_page=True)
    desktop.assert_clean(server.base_url)
