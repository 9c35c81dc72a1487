"""Arabian Struggle's page in headless Chromium (issue #20): the combat and Tribal Conference shown before the card
or die decides, the rules help on cards, map symbols and tracks, the places of the log's moves, and the score
breakdown of a finished game; screenshots at 1360x900 and on a phone (390x844) go to build/test-output/browser/.

Seat 0 (the Hashemite) is played through the API up to the moment the page must show something (an attack on
the Ottomans in Madina al-Munawwarah is offered in a few decisions); the other seats are random bots.
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.browsing import CHROMIUM

if not CHROMIUM.exists():
    pytest.skip(
        "headless browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
        allow_module_level=True,
    )
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (dev extra)")

import httpx  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(os.environ.get("LUDOTECA_TEST_OUTPUT") or ROOT / "build" / "test-output") / "browser"
GAME = "arabian-struggle"
# what seat 0 prefers, in order, to reach an attack quickly: a card for OP, attacking Empire pieces, one area
PREFER = (r": \d+ OP", r"^attack Empire pieces", r"^attack the ")


class Tab:
    """A page whose page errors and console errors are recorded (a test fails on any)."""

    def __init__(self, browser: Any, width: int = 1360, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", lambda m: self.problems.append(f"console: {m.text}") if m.type == "error" else None)

    def check(self, where: str) -> None:
        assert not self.problems, f"{where}: " + "; ".join(self.problems[:5])
        assert self.page.locator("[data-board-failed]").count() == 0, f"{where}: the board was not drawn"

    def close(self) -> None:
        self.context.close()


def create(server: str, seats: list[str], seed: int) -> dict[str, Any]:
    answer = httpx.post(
        server + "/api/games", json={"game": GAME, "players": 3, "seed": seed, "seats": seats}, timeout=60
    )
    assert answer.status_code < 300, answer.text
    created: dict[str, Any] = answer.json()
    return created


def seat_url(server: str, created: dict[str, Any], seat: int = 0) -> str:
    info = created["seats"][seat]
    return str(info.get("url") or f"{server}/play/{created['id']}#token={info['token']}")


def play_until(server: str, created: dict[str, Any], wanted: Any, seed: int) -> dict[str, Any]:
    """Seat 0 plays through the API (PREFER first) until ``wanted(state)``; returns that state."""
    rng = random.Random(seed)
    token = created["seats"][0]["token"]
    with httpx.Client(base_url=server, headers={"Authorization": f"Bearer {token}"}, timeout=60) as client:
        state: dict[str, Any] = client.get(f"/api/games/{created['id']}").json()
        for _ in range(200):
            if wanted(state):
                return state
            assert not state["over"], "the game ended before the page had anything to show"
            actions = state["legal_actions"]
            if not actions:
                time.sleep(0.05)
                state = client.get(f"/api/games/{created['id']}").json()
                continue
            choice = None
            for pattern in PREFER:
                found = [t for t in actions if re.search(pattern, t)]
                if found:
                    choice = rng.choice(found)
                    break
            state = client.post(
                f"/api/games/{created['id']}/actions",
                json={"version": state["version"], "action": choice or rng.choice(actions)},
            ).json()
    pytest.fail("seat 0 never reached the position wanted")


def combat_ahead(state: dict[str, Any]) -> bool:
    """Seat 0 decides, a combat (or an attack it may choose) is ahead, and another seat has moved somewhere."""
    moved = any(e.get("seat") in (1, 2) and e.get("area") for e in state["log"])
    return moved and bool(state["legal_actions"]) and bool((state["view"].get("conflicts") or {}).get("combats"))


def test_conflicts_help_and_places_on_the_page(browser: Any, server: str) -> None:
    created = create(server, ["human", "random", "random"], seed=2)
    state = play_until(server, created, combat_ahead, seed=2)
    combat = state["view"]["conflicts"]["combats"][0]
    tab = Tab(browser)
    try:
        page = tab.page
        page.goto(seat_url(server, created))
        page.wait_for_selector(f"[data-conflicts] [data-combat='{combat['area']}']")
        panel = page.locator(f"[data-combat='{combat['area']}']")
        attacker = panel.locator("tr[data-side='attacker']").inner_text()
        defender = panel.locator("tr[data-side='defender']").inner_text()
        assert combat["attacker"] in attacker and str(combat["before_card"][0]) in attacker
        assert combat["defenders"][0] in defender and str(combat["before_card"][1]) in defender
        chance = round(combat["attacker_chance"] * 100)
        assert panel.locator(".odds").get_attribute("data-chance") == str(chance)
        assert f"{chance}% over the {combat['cards']} cards" in panel.locator(".odds").inner_text()
        # rules help: the map key, the turn-order track, each card in the hand (hover title; a tap opens a box)
        for key in ("key_city", "british_flag", "population", "road", "track", "supply", "nomad"):
            assert page.locator(f"[data-legend='{key}'].has-help").count() == 1, key
        # The key's notes fit inside its box (the help sentence ran past it: "hover or tap a sym...").
        box = page.locator("g.legend > rect").first.bounding_box()
        for note in ("click", "help"):
            line = page.locator(f"[data-legend-note='{note}']").bounding_box()
            assert line and box and line["x"] + line["width"] <= box["x"] + box["width"], note
            assert line["y"] + line["height"] <= box["y"] + box["height"], note
        assert page.locator("[data-help-key='turn_order'].has-help").count() == 1
        cards = page.locator("[data-own-hand] .as-card.has-help")
        assert cards.count() == len(state["view"]["hand"]) > 0
        assert "Event:" in (cards.first.get_attribute("title") or "")
        page.locator("[data-legend='key_city']").click()
        page.wait_for_selector(".help-box")
        assert "four" in page.locator(".help-box").inner_text()
        page.keyboard.press("Escape")
        # places: every area is a place; the log's moves name them; the bots' last moves are marked
        areas = page.evaluate("Object.keys(document.querySelectorAll('[data-area-content]')).length")
        assert page.locator("#board [data-place][data-area-content]").count() == areas > 50
        places = page.evaluate(
            """(e) => Ludo.renderers['arabian-struggle'].placesOf(e, {static: {areas: {'Riyadh': {}, "Ha'il": {}}}})""",
            {"type": "move", "area": "Riyadh", "to": "Ha'il", "seat": 1},
        )
        assert places == ["Riyadh", "Ha'il"]
        assert page.locator("#board .last-move").count() >= 1
        line = page.locator("#log .placed").last
        line.click()
        page.wait_for_selector("#board .spotlight")
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / "arabian-struggle-conflicts.png"), full_page=True)
        tab.check("the seat's page at an attack")
    finally:
        tab.close()
    # a spectator sees the same combat, but no Tribal Conference targets (they tell a hand)
    phone = Tab(browser, 390, 844)
    try:
        page = phone.page
        page.goto(created["spectator_url"])
        page.wait_for_selector(f"[data-conflicts] [data-combat='{combat['area']}']")
        assert page.locator("[data-tc-target], [data-conference]").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.screenshot(path=str(OUTPUT / "arabian-struggle-conflicts-phone.png"), full_page=True)
        phone.check("a spectator on a phone")
    finally:
        phone.close()


def test_the_conference_chances_are_shown_to_the_seat_to_play(browser: Any, server: str) -> None:
    created = create(server, ["human", "random", "random"], seed=3)
    state = play_until(server, created, lambda s: (s["view"]["conflicts"]["conference"] or {}).get("targets"), 3)
    targets = state["view"]["conflicts"]["conference"]["targets"]
    tab = Tab(browser)
    try:
        page = tab.page
        page.goto(seat_url(server, created))
        page.wait_for_selector("[data-conference]")
        shown = page.locator("[data-own-hand] [data-tc-target]").evaluate_all(
            "els => els.map((e) => [e.closest('[data-card]').dataset.card, e.dataset.tcTarget])"
        )
        assert sorted(shown) == sorted([n, str(t)] for n, t in targets.items())
        assert page.locator("[data-conference] li").count() == len(targets)
        tab.check("the seat at its card play")
    finally:
        tab.close()


def test_a_finished_game_shows_its_breakdown(browser: Any, server: str) -> None:
    created = create(server, ["random", "random", "random"], seed=5)
    deadline = time.monotonic() + 60
    while True:
        state = httpx.get(f"{server}/api/games/{created['id']}", timeout=60).json()
        if state["over"]:
            break
        assert time.monotonic() < deadline, "three random bots did not finish in a minute"
        time.sleep(0.3)
    rows = state["result"]["breakdown"]["rows"]
    assert rows[-1]["values"] == state["result"]["scores"]
    for width, height in ((1360, 900), (390, 844)):
        tab = Tab(browser, width, height)
        try:
            page = tab.page
            page.goto(created["spectator_url"])
            page.wait_for_selector("#breakdown table")
            text = page.locator("#breakdown").inner_text()
            assert "Pre-War Era" in text and "Final VP" in text and "Victory level" in text
            page.screenshot(path=str(OUTPUT / f"arabian-struggle-end-{width}.png"), full_page=True)
            tab.check(f"the finished game at {width}x{height}")
        finally:
            tab.close()
