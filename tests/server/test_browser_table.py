"""The table's generic parts in headless Chromium: rules help, last-move marks, the log's spotlight, the score
breakdown, and turn notifications through a service worker (issue #20).

The games are the core's test game ``blind-draw`` (a few actions; its renderer is ``generic``). Where a test needs a
renderer that tags places or asks for help, the page's ``/static/games/generic.js`` is answered with a small test
renderer instead, so the table is tested without waiting for any game's own drawing. Where a test needs log events
with places or a breakdown, the API's answer is changed on its way to the page: a fixed set-up, whatever the bots
drew.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.browsing import CHROMIUM, live_server

if not CHROMIUM.exists():
    pytest.skip(
        "headless browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
        allow_module_level=True,
    )
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (dev extra)")

import httpx  # noqa: E402

from ludoteca.server import create_app  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

# A renderer as a game's would be: two SVG places and one HTML place, rules help on each, the first legal action
# tied to place "b"; placesOf reads the places a test put in an event's "where".
TEST_RENDERER = """
"use strict";
Ludo.register("generic", {
  board(ctx) {
    const root = ctx.html("div", { class: "test-board" });
    const svg = ctx.svg("svg", { viewBox: "0 0 320 110", width: "320", height: "110" });
    for (const [key, x] of [["a", 10], ["b", 120]]) {
      const g = ctx.svg("g", { "data-place": key }, svg);
      ctx.svg("rect", { x, y: 10, width: 90, height: 90, fill: "#ccd" }, g);
      ctx.help(g, `Place ${key.toUpperCase()}`, `Rules of ${key}: <b>not bold</b>\\nA second line.`);
      if (key === "b" && ctx.actions.length) ctx.target(g, [ctx.actions[0]]);
    }
    const chip = ctx.html("span", { class: "chip", "data-place": "h", text: "H chip" });
    ctx.help(chip, "The chip", "An HTML element with help.");
    // Room above the places, so that showing one from the log has to scroll the page.
    root.append(ctx.html("div", { class: "spacer", style: "height: 1400px" }), svg, chip);
    return root;
  },
  placesOf(event) { return Array.isArray(event.where) ? event.where : []; },
  logHelp(event) { return event.card ? { title: `Card ${event.card}`, text: `What card ${event.card} does.` } : null; },
});
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = f"sqlite:///{tmp_path_factory.mktemp('table') / 'games.sqlite3'}"
    with live_server(create_app(database, bot_delay=0)) as url:
        yield url


def open_context(browser: Any, width: int = 1280, height: int = 900) -> tuple[Any, Any, list[str]]:
    """A new context and page that collects page errors and console errors (a test ends with none)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return context, tab, errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context, tab, errors = open_context(browser)
    yield tab
    context.close()
    assert not errors, f"the page raised: {errors}"


def new_game(server: str, seats: list[str]) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "blind-draw", "players": len(seats), "seats": seats}
    if seats.count("human") <= 1:  # a chosen seed is refused with two people (the creator would know the cards)
        body["seed"] = 3
    response = httpx.post(f"{server}/api/games", json=body, timeout=30)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


def use_test_renderer(page: Any) -> None:
    page.route(
        "**/static/games/generic.js",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=TEST_RENDERER),
    )


def change_payload(page: Any, pattern: str, change: Any) -> None:
    """Answer the API's GETs matching ``pattern`` with the server's payload as ``change`` rewrites it."""

    def handle(route: Any) -> None:
        if route.request.method != "GET":
            route.continue_()
            return
        response = route.fetch()
        payload = response.json()
        change(payload)
        route.fulfill(response=response, body=json.dumps(payload), content_type="application/json")

    page.route(pattern, handle)


def open_seat(page: Any, created: dict[str, Any], seat: int = 0) -> None:
    """Seat ``seat``'s page, drawn by the test renderer."""
    page.goto(created["seats"][seat]["url"])
    page.wait_for_selector("#board .test-board")
    page.wait_for_function("document.body.dataset.version !== undefined")


# --- rules help (contract 3) ------------------------------------------------------------------------------------


def test_help_is_a_tooltip_and_a_tap_box_that_never_steals_a_move(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random"])
    use_test_renderer(page)
    open_seat(page, created)
    # Hover: an SVG <title> (the first, so the browser shows it), an HTML title; a target keeps its actions after it.
    assert page.text_content("[data-place='a'] > title") == "Place A\nRules of a: <b>not bold</b>\nA second line."
    target_title = page.text_content("[data-place='b'] > title") or ""
    assert target_title.startswith("Place B\n") and "\n\n" in target_title
    assert page.eval_on_selector("[data-place='b']", "el => el.querySelectorAll(':scope > title').length") == 1
    assert page.get_attribute("[data-place='h']", "title") == "The chip\nAn HTML element with help."
    # A tap on a place that is not a target opens the box, with the text as text (no <b> element made).
    page.click("[data-place='a'] rect")
    box = page.locator(".help-box")
    assert box.count() == 1
    assert box.locator(".help-title").text_content() == "Place A"
    assert box.locator("p").all_text_contents() == ["Rules of a: <b>not bold</b>", "A second line."]
    assert box.locator("b").count() == 0
    inside = page.evaluate("""() => { const r = document.querySelector('.help-box').getBoundingClientRect();
        return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; }""")
    assert inside
    # A tap elsewhere closes it; Escape too; the close button too.
    page.click("header.top .title")
    assert page.locator(".help-box").count() == 0
    page.click("[data-place='h']")
    assert page.locator(".help-box .help-title").text_content() == "The chip"
    page.keyboard.press("Escape")
    assert page.locator(".help-box").count() == 0
    page.click("[data-place='h']")
    page.click(".help-box button.close")
    assert page.locator(".help-box").count() == 0
    # A tap on the target plays its move: no box.
    seen = int(page.get_attribute("body", "data-version") or -1)
    page.click("[data-place='b'] rect")
    page.wait_for_function(f"Number(document.body.dataset.version) > {seen}")
    assert page.locator(".help-box").count() == 0


def test_help_box_stays_inside_a_phone_window(browser: Any, server: str) -> None:
    context, tab, errors = open_context(browser, 390, 844)
    try:
        created = new_game(server, ["human", "random"])
        use_test_renderer(tab)
        open_seat(tab, created)
        tab.click("[data-place='h']", position={"x": 40, "y": 5})
        rect = tab.evaluate("""() => { const r = document.querySelector('.help-box').getBoundingClientRect();
            return [r.left, r.right, innerWidth, document.documentElement.scrollWidth]; }""")
        left, right, width, scroll_width = rect
        assert left >= 0 and right <= width and scroll_width <= width
    finally:
        context.close()
    assert not errors, errors


# --- last moves and the log's spotlight (contract 2) -------------------------------------------------------------

PLACED_EVENTS = [
    {"type": "test", "text": "Seat 2 plays on A.", "seat": 2, "where": ["a"]},
    {"type": "test", "text": "Seat 1 plays on A.", "seat": 1, "where": ["a"]},
    {"type": "test", "text": "Seat 0 plays on B.", "seat": 0, "where": ["b"]},
    {"type": "test", "text": "Seat 1 plays on <b>H</b>.", "seat": 1, "where": ["h"]},
    {"type": "test", "text": "Seat 1 says nothing of where.", "seat": 1},
    {"type": "test", "text": "A flood on A and B.", "where": ["a", "b"]},
]
"""Seat 1's last move with places is on H (its later line has none), seat 2's on A, seat 0's (the viewer's) on B."""


def add_placed_events(payload: dict[str, Any]) -> None:
    payload["log"] = [*payload.get("log", []), *PLACED_EVENTS]


def in_view(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(s) => { const r = document.querySelector(s).getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }""",
            selector,
        )
    )


def test_last_moves_of_the_others_are_marked_in_their_colours(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random", "random"])
    use_test_renderer(page)
    change_payload(page, "**/api/games/*", add_placed_events)
    open_seat(page, created)
    # Seat 2 on A: a dashed rectangle in its colour over the group, letting clicks through.
    assert page.get_attribute("[data-place='a']", "data-last-move") == "2"
    mark = page.locator("[data-place='a'] > rect.last-move-mark")
    assert mark.count() == 1
    assert mark.get_attribute("stroke") == "#148a7a"
    assert mark.evaluate("el => getComputedStyle(el).pointerEvents") == "none"
    # Seat 1 on H (an HTML element): an outline in its colour.
    assert "last-move" in (page.get_attribute("[data-place='h']", "class") or "")
    assert page.eval_on_selector("[data-place='h']", "el => getComputedStyle(el).outlineColor") == "rgb(217, 115, 26)"
    # The viewer's own last move is not marked.
    assert page.locator("[data-place='b'].last-move").count() == 0
    assert page.locator(".last-move").count() == 2
    # B is still this seat's move to click through the marks (the target's action).
    assert page.locator("[data-place='b'].target").count() == 1


def test_a_spectator_sees_every_seats_last_move(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random", "random"])
    use_test_renderer(page)
    change_payload(page, "**/api/games/*", add_placed_events)
    page.goto(created["spectator_url"])
    page.wait_for_selector("#board .test-board")
    assert page.get_attribute("[data-place='b']", "data-last-move") == "0"
    assert page.get_attribute("[data-place='a']", "data-last-move") == "2"
    assert page.locator(".last-move").count() == 3


def test_a_log_line_with_places_shows_them_on_the_board(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random", "random"])
    use_test_renderer(page)
    change_payload(page, "**/api/games/*", add_placed_events)
    open_seat(page, created)
    placed = page.locator("#log div.placed")
    assert placed.count() == 5  # every line with places, the viewer's own too; not the one without
    line = page.locator("#log div.placed", has_text="Seat 1 plays on <b>H</b>.")
    assert line.count() == 1 and line.locator("b").count() == 0  # the text as text
    assert line.evaluate("el => getComputedStyle(el).cursor") == "pointer"
    assert not in_view(page, "[data-place='a']")  # below the renderer's spacer
    page.locator("#log div.placed", has_text="A flood on A and B.").click()
    assert page.locator(".spotlight").count() == 2
    assert page.locator("[data-place='a'] > rect.spotlight-mark").count() == 1
    page.wait_for_function(
        """() => { const r = document.querySelector("[data-place='a']").getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }""",
        timeout=5_000,
    )
    page.wait_for_function("document.querySelectorAll('.spotlight, .spotlight-mark').length === 0", timeout=4_000)
    # The keyboard does the same.
    line.focus()
    page.keyboard.press("Enter")
    assert page.locator("[data-place='h'].spotlight").count() == 1


def test_a_log_line_the_renderer_explains_carries_its_help(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random", "random"])
    use_test_renderer(page)
    change_payload(page, "**/api/games/*", lambda payload: payload.update(log=[
        *payload.get("log", []), {"type": "play", "text": "Seat 1 plays card 7.", "seat": 1, "card": 7}]))
    open_seat(page, created)
    line = page.locator("#log div", has_text="Seat 1 plays card 7.")
    assert line.get_attribute("data-help") == "Card 7"
    assert "What card 7 does." in (line.get_attribute("title") or "")
    line.click()  # a tap shows the same text in a box (a phone has no hover)
    assert page.locator(".help-box .help-title").inner_text() == "Card 7"
    assert page.locator("#log div.has-help").count() == 1  # lines without a card carry nothing


def test_a_renderer_without_places_marks_nothing(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random", "random"])
    change_payload(page, "**/api/games/*", add_placed_events)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#board .generic")
    page.wait_for_selector("#log div:has-text('A flood on A and B.')")
    assert page.locator("#log div.placed").count() == 0
    assert page.locator(".last-move").count() == 0


# --- the score breakdown (contract 1) ----------------------------------------------------------------------------

BREAKDOWN = {
    "rows": [
        {"label": "Red <i>points</i>", "values": [3, 7, 1, 0]},
        {"label": "Treasures (wild)", "values": [1, 0, "—", 2], "note": "added to the weakest colour"},
        {"label": "Final score (weakest colour)", "values": [4, 7, 1, 2]},
    ],
    "notes": ["Seat 1 wins: <b>no tie</b> to break."],
}


def finished_game(server: str, players: int) -> dict[str, Any]:
    """A game the random bot plays to its end on every seat, once the server says it is over."""
    created = new_game(server, ["random"] * players)
    for _ in range(100):
        state = httpx.get(f"{server}/api/games/{created['id']}", timeout=30).json()
        if state["over"]:
            return created
        time.sleep(0.1)
    pytest.fail("the bots did not finish the game")


def with_breakdown(payload: dict[str, Any]) -> None:
    if payload.get("over") and payload.get("result"):
        payload["result"] = {**payload["result"], "breakdown": BREAKDOWN, "winners": [1]}


def check_breakdown(page: Any) -> None:
    table = page.locator("#breakdown table.breakdown")
    assert table.count() == 1
    heads = table.locator("thead th.seat")
    assert heads.count() == 4
    assert heads.nth(1).text_content() == "Seat 1 · random ★"
    assert heads.nth(2).evaluate("el => getComputedStyle(el).borderTopColor") == "rgb(20, 138, 122)"
    rows = table.locator("tbody tr")
    assert rows.count() == 3
    assert rows.nth(0).locator("th").text_content() == "Red <i>points</i>"
    assert rows.nth(0).locator("i").count() == 0  # text as text
    assert rows.nth(1).locator("td").all_text_contents() == ["1", "0", "—", "2"]
    assert rows.nth(1).locator(".note").text_content() == "added to the weakest colour"
    assert "decisive" in (rows.nth(2).get_attribute("class") or "")
    assert rows.nth(2).locator("td").all_text_contents() == ["4", "7", "1", "2"]
    assert rows.nth(2).locator("td").nth(0).evaluate("el => getComputedStyle(el).fontWeight") == "700"
    assert page.locator("#breakdown ul.notes li").all_text_contents() == ["Seat 1 wins: <b>no tie</b> to break."]
    assert page.locator("#breakdown b").count() == 0
    # A phone: the page does not scroll sideways; the table may, inside its own box.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    box = page.eval_on_selector("#breakdown", "el => el.getBoundingClientRect().right")
    assert box <= page.evaluate("innerWidth")


def test_a_finished_games_breakdown_is_drawn_on_a_phone_and_in_the_replays_last_step(browser: Any, server: str) -> None:
    created = finished_game(server, 4)
    context, tab, errors = open_context(browser, 390, 844)
    try:
        change_payload(tab, "**/api/games/*", with_breakdown)
        change_payload(tab, "**/api/games/*/replay?*", with_breakdown)
        tab.goto(created["spectator_url"])
        tab.wait_for_selector("#breakdown table.breakdown")
        check_breakdown(tab)
        # The replay: no breakdown at the start, the same one at the last step.
        tab.goto(f"{created['spectator_url'].rsplit('/play/', 1)[0]}/replay/{created['id']}")
        tab.wait_for_function("document.body.dataset.step === '0'")
        assert tab.locator("#breakdown").count() == 0
        tab.click("#last")
        tab.wait_for_selector("#breakdown table.breakdown")
        check_breakdown(tab)
        tab.click("#first")
        tab.wait_for_function("document.body.dataset.step === '0'")
        assert tab.locator("#breakdown").count() == 0
    finally:
        context.close()
    assert not errors, errors


def test_a_game_still_going_has_no_breakdown(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random"])

    def pretend(payload: dict[str, Any]) -> None:  # a breakdown in a game not over is not drawn
        payload["result"] = {"breakdown": BREAKDOWN}

    change_payload(page, "**/api/games/*", pretend)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#board .generic")
    assert page.locator("#breakdown").count() == 0


# --- "your turn" notifications on a phone (a service worker) ------------------------------------------------------

# Chrome on Android: the constructor throws; the tab is in the background (no focus). Calls through the worker's
# registration are recorded, then made.
ANDROID_NOTIFICATIONS = """
window.__tried = 0;
window.__shown = [];
const Refusing = function () {
  window.__tried += 1;
  throw new TypeError("Failed to construct 'Notification': Illegal constructor.");
};
Refusing.permission = "granted";
Refusing.requestPermission = () => Promise.resolve("granted");
window.Notification = Refusing;
const show = ServiceWorkerRegistration.prototype.showNotification;
ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
  window.__shown.push({ title, options });
  return show.call(this, title, options).catch((error) => { window.__showFailed = String(error); });
};
document.hasFocus = () => false;
"""


def act(server: str, game: str, token: str, action: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    current = httpx.get(f"{server}/api/games/{game}", headers=headers, timeout=30).json()
    answer = httpx.post(
        f"{server}/api/games/{game}/actions",
        headers=headers,
        timeout=30,
        json={"version": current["version"], "action": action},
    )
    answer.raise_for_status()


def test_turn_notification_goes_through_the_service_worker_when_the_page_may_not_make_one(
    browser: Any, server: str
) -> None:
    context, tab, errors = open_context(browser)
    try:
        context.grant_permissions(["notifications"], origin=server)
        context.add_init_script(ANDROID_NOTIFICATIONS)
        created = new_game(server, ["human", "human"])
        claimed = httpx.post(
            f"{server}/api/games/{created['id']}/claim", timeout=30, json={"invite": created["seats"][1]["invite"]}
        ).json()
        tab.goto(created["seats"][0]["url"])
        tab.wait_for_selector("#actions button[data-action='draw']")
        # The page registered /sw.js (notifications are allowed), and it is active for the whole site.
        tab.wait_for_function("document.body.dataset.serviceWorker === 'yes'", timeout=10_000)
        script = tab.evaluate("navigator.serviceWorker.getRegistration().then((r) => r && r.active.scriptURL)")
        assert script == f"{server}/sw.js"
        # Seat 0 moves; seat 1 moves elsewhere; it becomes seat 0's turn again while its tab has no focus.
        seen = int(tab.get_attribute("body", "data-version") or -1)
        tab.click("#actions button[data-action='draw']")
        tab.wait_for_function(f"Number(document.body.dataset.version) > {seen}")
        assert tab.evaluate("window.__shown.length") == 0
        act(server, created["id"], claimed["token"], "draw")
        tab.wait_for_function("window.__shown.length === 1", timeout=10_000)
        shown = tab.evaluate("window.__shown[0]")
        assert tab.evaluate("window.__tried") == 1  # the constructor first, then the worker
        assert shown["title"].startswith("Your turn — ")
        assert shown["options"]["tag"] == f"ludoteca-{created['id']}"
        assert shown["options"]["body"].startswith("You are Seat 0")
        assert shown["options"]["data"]["url"] == tab.url  # a click on it comes back to this seat's page
        assert tab.evaluate("document.title").startswith("● Your turn")
    finally:
        context.close()
    assert not errors, errors


def test_a_page_without_permission_registers_no_worker(page: Any, server: str) -> None:
    created = new_game(server, ["human", "random"])
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#board .generic")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
    assert page.evaluate("document.body.dataset.serviceWorker") is None


# --- choices drawn in the hand ------------------------------------------------------------------------------------
HAND_RENDERER = """
"use strict";
Ludo.register("generic", {
  board(ctx) { return ctx.html("div", { class: "test-board", text: "board" }); },
  hand(ctx) {
    ctx.claim(ctx.actions);
    return ctx.html("div", { class: "test-hand" }, ...ctx.actions.map((t) => ctx.html("button", { text: t })));
  },
});
"""


def test_choices_drawn_in_the_hand_are_pointed_to_under_your_actions(page: Any, server: str) -> None:
    """Multi-player QA pass, session 26: while an Advanced Civilization player chose an offer's undeclared cards
    (drawn in the hand), "Your actions" held only Undo: nothing said where the choice was."""
    page.route(
        "**/static/games/generic.js",
        lambda route: route.fulfill(status=200, content_type="text/javascript", body=HAND_RENDERER),
    )
    created = new_game(server, ["human", "random"])
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#hand .test-hand button")
    assert page.inner_text("#actions [data-hint='hand']") == "Choose in your hand."
    assert page.locator("#actions button[data-action]").count() == 0
