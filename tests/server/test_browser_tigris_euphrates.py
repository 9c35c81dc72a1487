"""Tigris & Euphrates in headless Chromium (issue #20): the open war or revolt shown before anyone commits, rules
help on the board, the hand and a legend, the opponent's last move marked and log lines that show where, the
score breakdown of a finished game, and all of it on a phone (390 × 844) without sideways scrolling.

The positions are reached by posting a fixed list of actions for two people (found offline with the server's
keyed generator: seed 118 reaches a red war at its 28th decision, seed 0 a revolt at its 4th), so the page is
checked against numbers the rules computed, not against a drawing. Screenshots go to build/test-output/browser/.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.browsing import CHROMIUM

if not CHROMIUM.exists():
    pytest.skip("headless browser tests need Debian's chromium at /usr/bin/chromium", allow_module_level=True)
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (dev extra)")

import httpx  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")
# The machine is shared and often loaded: a request may wait for bots, so allow it far more than httpx's 5 s.
api = httpx.Client(timeout=60)

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(os.environ.get("LUDOTECA_TEST_OUTPUT") or ROOT / "build" / "test-output") / "browser"
DESKTOP = {"viewport": {"width": 1360, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# Seed 118, two people: the 28th decision is seat 1's commitment to a war started by its red tile on H2 (the test
# reads the sides and numbers from the seat's view, as the rules computed them).
WAR_SEED = 118
TO_WAR = [
    [0, "place red on P10"],
    [0, "place black on A2"],
    [1, "place trader on K2"],
    [1, "place black on G11"],
    [0, "place green on J8"],
    [0, "place red on E4"],
    [1, "place farmer on I6"],
    [1, "move farmer from I6 to L1"],
    [0, "place priest on B9"],
    [0, "place green on G2"],
    [1, "place blue on L9"],
    [1, "place red on I3"],
    [0, "place farmer on F9"],
    [0, "place red on D10"],
    [1, "catastrophe on N8"],
    [1, "catastrophe on E10"],
    [0, "place black on A8"],
    [0, "place blue on F8"],
    [1, "place black on O11"],
    [1, "place king on N6"],
    [0, "place trader on F2"],
    [0, "place blue on M7"],
    [1, "move trader from K2 to H3"],
    [1, "place priest on M5"],
    [0, "swap red, blue, black"],
    [0, "place blue on G9"],
    [1, "place red on H2"],
]
# Seed 0: seat 1's king joins the kingdom of seat 0's king: a revolt, seat 1 attacking.
REVOLT_SEED = 0
TO_REVOLT = [[0, "place farmer on N9"], [0, "place king on O10"], [1, "place king on P9"]]


class Tab:
    """A page in its own context, with page errors and console errors recorded."""

    def __init__(self, browser: Any, settings: dict[str, Any]) -> None:
        self.context = browser.new_context(**settings)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))

    def close(self) -> None:
        self.context.close()
        assert not self.problems, self.problems


@pytest.fixture
def tabs(browser: Any) -> Iterator[Any]:
    opened: list[Tab] = []

    def open_tab(settings: dict[str, Any]) -> Any:
        opened.append(Tab(browser, settings))
        return opened[-1].page

    yield open_tab
    for tab in opened:
        tab.close()


def two_people(server: str, seed: int, actions: list[list[Any]]) -> dict[str, Any]:
    """A 2-person game played through the API to a fixed position; each seat's token and page URL."""
    created = api.post(
        server + "/api/games",
        json={"game": "tigris-euphrates", "players": 2, "seats": ["human", "human"], "seed": seed, "practice": True},
    ).json()
    game = created["id"]
    tokens = [created["seats"][0]["token"]]
    claimed = api.post(f"{server}/api/games/{game}/claim", json={"invite": created["seats"][1]["invite"]}).json()
    tokens.append(claimed["token"])
    urls = [created["seats"][0]["url"], claimed["url"]]
    urls = [url if url.startswith("http") else server + url for url in urls]
    version = api.get(f"{server}/api/games/{game}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()["version"]
    for seat, text in actions:
        answer = api.post(
            f"{server}/api/games/{game}/actions",
            json={"version": version, "action": text},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert answer.status_code == 200, (text, answer.text)
        version = answer.json()["version"]
    return {"id": game, "tokens": tokens, "urls": urls}


def seat_view(server: str, game: dict[str, Any], seat: int) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {game['tokens'][seat]}"}
    payload: dict[str, Any] = api.get(f"{server}/api/games/{game['id']}", headers=headers).json()
    return payload


def shot(page: Any, name: str, full: bool = False) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / name), full_page=full)


def side_texts(page: Any, role: str) -> dict[str, str]:
    side = page.locator(f".te-conflict [data-side='{role}']")
    return {
        "board": page.locator(f".te-conflict [data-side='{role}'] [data-board-strength]").first.get_attribute(
            "data-board-strength"
        )
        or "",
        "committed": page.locator(f".te-conflict [data-side='{role}'] [data-committed]").first.inner_text(),
        "all": " | ".join(side.all_inner_texts()),
    }


def test_a_war_is_shown_before_anyone_commits(server: str, tabs: Any) -> None:
    """T&E: War — the deciding seat and the other see the attacker and defender, their priests, the tiles on
    each side, what each would lose and gain (the view's numbers, which the resolution then uses), the
    attacker's commitment once made; the tiles at stake are marked on the board; the opponent's last move is
    marked and a log line shows where it happened; rules help on squares, hand and legend."""
    game = two_people(server, WAR_SEED, TO_WAR)
    conflict = seat_view(server, game, 1)["view"]["conflict"]
    assert conflict["kind"] == "war" and conflict["deciding"] == 1
    attacker, defender = conflict["sides"]
    page = tabs(DESKTOP)
    page.goto(game["urls"][1])
    page.wait_for_selector(".te-conflict[data-conflict='war']")
    heading = page.inner_text(".te-conflict h4")
    assert heading.startswith(f"{conflict['colour'].title()} war")
    # The status line says what is asked, in words (prompts.py), not the step's name.
    status = page.inner_text("#status")
    assert f"War over the {conflict['colour']} leaders: the attacker may commit" in status
    a, d = side_texts(page, "attacker"), side_texts(page, "defender")
    assert a["board"] == str(attacker["board"]) and d["board"] == str(defender["board"])
    assert a["committed"] == "deciding now" and d["committed"] == "after the attacker"
    assert f"Seat {attacker['seat']} (you)" in a["all"] and f"{conflict['leader']} on {attacker['square']}" in a["all"]
    reward = conflict["reward"]
    assert f"+{attacker['points_if_won']} {reward}" in a["all"] and f"+{defender['points_if_won']} {reward}" in d["all"]
    for name in attacker["removed_if_lost"] + defender["removed_if_lost"]:
        assert name in a["all"] + d["all"]
    marked = sorted(page.eval_on_selector_all("[data-at-stake]", "els => els.map((e) => e.dataset.atStake)"))
    assert marked == sorted(attacker["removed_if_lost"] + defender["removed_if_lost"])
    assert page.locator("[data-conflict-side]").count() == 2
    # What just happened: seat 0's last move with a place (a blue tile on G9) is marked on seat 1's board.
    page.wait_for_selector("[data-place='G9'].last-move")
    page.locator("#log .placed", has_text="places a red tile on H2").last.click()
    page.wait_for_selector("[data-place='H2'].spotlight")
    # Rules help: the legend, a square with a treasure, a tile of the hand.
    assert page.locator("[data-legend] .te-help-chip").count() >= 15
    assert page.locator("[data-place].has-help[data-help*='treasure']").count() >= 1
    # The corner treasures (taken first) are drawn framed, as the legend shows, not only told in the help.
    framed = page.eval_on_selector_all("[data-framed]", "els => els.map((e) => e.dataset.framed)")
    assert framed and set(framed) <= {"B2", "P2", "B8", "O9"}
    assert page.get_attribute("[data-own-hand] [data-tile='red']", "data-help") == "Temple (red tile)"
    page.locator("[data-help-key='conflicts.war']").click()
    assert "joins two kingdoms" in page.inner_text(".help-box")
    page.keyboard.press("Escape")
    shot(page, "tigris-euphrates-war.png", full=True)
    # The attacker commits one tile: the defender's page shows it, its own choice still open.
    held = [t for t in seat_view(server, game, 1)["legal_actions"] if t.startswith("commit")]
    one = f"commit 1 {conflict['to_commit']}"
    choice = one if one in held else "commit no tiles"
    page.click(f"#actions button[data-action='{choice}']")
    other = tabs(PHONE)
    other.goto(game["urls"][0])
    other.wait_for_selector(".te-conflict [data-side='defender'] [data-committed='deciding now']")
    assert side_texts(other, "attacker")["committed"] == f"{1 if choice == one else 0} {conflict['to_commit']}"
    # A phone: nothing cut off, no sideways scroll of the page; the panel and legend within the window.
    assert other.evaluate("document.documentElement.scrollWidth") <= 390
    for selector in (".te-conflict", "[data-legend]"):
        box = other.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)
    shot(other, "phone-tigris-euphrates-war.png")
    other.click("#actions button[data-action='commit no tiles']")
    other.wait_for_selector(".te-conflict", state="detached")
    line = other.locator("#log div", has_text=" war: seat ").last.inner_text()
    assert f"({attacker['board']} tile" in line and f"({defender['board']} tile" in line


def test_a_revolt_is_shown_before_anyone_commits(server: str, tabs: Any) -> None:
    """T&E: Revolt — the temples next to each king are each side's strength; the leader is at stake, 1 red."""
    game = two_people(server, REVOLT_SEED, TO_REVOLT)
    conflict = seat_view(server, game, 0)["view"]["conflict"]
    page = tabs(DESKTOP)
    page.goto(game["urls"][0])  # the defender, waiting for the attacker
    page.wait_for_selector(".te-conflict[data-conflict='revolt']")
    assert page.inner_text(".te-conflict h4") == "Revolt over the king (black leaders)"
    a, d = side_texts(page, "attacker"), side_texts(page, "defender")
    assert (a["board"], d["board"]) == tuple(str(side["board"]) for side in conflict["sides"])
    assert "leaves the board" in a["all"] and "+1 red point" in d["all"]
    assert "Seat 1 decides" in page.inner_text(".te-conflict-note")
    assert page.locator("[data-at-stake]").count() == 0  # a revolt removes no tile


def test_a_finished_game_explains_its_score(server: str, tabs: Any) -> None:
    """T&E: Game end — the score breakdown at the end: each colour, the treasures and where they went, and
    the weakest colour that ranks the seats, read by a spectator; on a phone too."""
    created = api.post(
        server + "/api/games",
        json={"game": "tigris-euphrates", "players": 2, "seats": ["random", "random"], "seed": 3},
    ).json()
    deadline = time.monotonic() + 60
    payload: dict[str, Any] = {}
    while time.monotonic() < deadline:
        payload = api.get(f"{server}/api/games/{created['id']}").json()
        if payload["over"]:
            break
        time.sleep(0.3)
    assert payload["over"], "the bots did not finish within a minute"
    result = payload["result"]
    for settings, name in ((DESKTOP, "tigris-euphrates-breakdown.png"), (PHONE, "phone-tigris-euphrates-end.png")):
        page = tabs(settings)
        page.goto(f"{server}/play/{created['id']}")
        page.wait_for_selector("#breakdown table.breakdown")
        labels = page.eval_on_selector_all(
            "#breakdown tbody th.label", "els => els.map((e) => e.firstChild.textContent)"
        )
        assert labels[-1] == "Final score (weakest colour)" and "Treasures added to" in labels
        decisive = page.eval_on_selector_all("#breakdown tr.decisive td", "els => els.map((e) => e.textContent)")
        assert decisive == [str(score) for score in result["scores"]]
        assert page.evaluate("document.documentElement.scrollWidth") <= settings["viewport"]["width"]
        shot(page, name, full=True)
