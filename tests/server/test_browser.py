"""End to end in headless Chromium (Debian's package, driven by Playwright): the lobby, every game's page, secrecy.

The test starts uvicorn itself on 127.0.0.1 with a free port and a temporary database; bots move
without a pause, so each click's answer already holds their replies. A screenshot of every game is
saved under ``build/test-output/browser/`` (or ``$LUDOTECA_TEST_OUTPUT``). Skipped, with the reason,
only where ``/usr/bin/chromium`` is missing; ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.server.browsing import CHROMIUM, live_server

if not CHROMIUM.exists():
    pytest.skip("headless browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)",
                allow_module_level=True)
playwright_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright (dev extra)")

import httpx  # noqa: E402

import ludoteca  # noqa: E402
from ludoteca.core import list_games  # noqa: E402
from ludoteca.server import create_app  # noqa: E402
from ludoteca.server.games import static_data  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

OUTPUT = Path(os.environ.get("LUDOTECA_TEST_OUTPUT") or Path(__file__).resolve().parents[2] / "build" / "test-output"
              ) / "browser"
GAMES = [game for game in list_games() if game != "blind-draw"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'games.sqlite3'}"
    with live_server(create_app(database, bot_delay=0)) as url:
        yield url


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.errors = errors
    yield tab
    context.close()
    assert not errors, f"the page raised: {errors}"


def version(page: Any) -> int:
    return int(page.get_attribute("body", "data-version") or -1)


def wait_for_version_after(page: Any, seen: int) -> int:
    page.wait_for_function(f"Number(document.body.dataset.version) > {seen}", timeout=30_000)
    return version(page)


def start_from_lobby(page: Any, server: str, game: str, players: int) -> None:
    """Use the lobby's form: the game, the player count, seat 0 a person and every other seat a random bot."""
    page.goto(server + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "random")
    # Each seat says what its bot is (GET /api/catalog's bot_about), not its spec's name alone.
    assert page.inner_text("[data-seat-about='1']") == "any legal move, at random"
    page.click("#start")
    page.click("a[data-seat-link='0']")
    page.wait_for_selector("#board > *")
    page.wait_for_function("document.body.dataset.version !== undefined")


def click_something(page: Any) -> None:
    """Click a place on the board when the game offers one (on its marked spot when it has one), else a button."""
    target = page.locator("#board .target")
    if target.count():
        spot = target.first.locator(".hit")
        (spot if spot.count() else target.first).click()
        menu = page.locator(".menu button")
        if menu.count():
            menu.first.click()
        return
    page.locator("#actions button[data-action]").first.click()


def play_tigris(page: Any) -> None:
    """A whole turn: two tiles of one colour from the hand (six tiles of four colours hold a pair), the second
    played after picking the same tile again, as a player would."""
    pair = next(
        chip.get_attribute("data-tile")
        for chip in page.locator(".hand .tile.clickable[data-tile]:not([data-tile='catastrophe'])").all()
        if int(chip.inner_text().rsplit("×", 1)[1]) >= 2
    )
    code = {"red": "r", "blue": "b", "black": "k", "green": "g"}[pair or ""]
    for action in range(2):
        seen = version(page)
        page.click(f".hand .tile.clickable[data-tile='{pair}']")
        # Picked (the second time, picked again: it stays picked), every square offers that tile alone.
        assert "selected" in (page.get_attribute(f".hand .tile[data-tile='{pair}']", "class") or "").split()
        offered = page.locator("#board .target").evaluate_all("els => els.map(e => e.dataset.actions)")
        assert offered and all(text.startswith(f"place {pair} on ") and "\n" not in text for text in offered)
        square = page.locator("#board .target").first
        name = square.get_attribute("data-square")
        square.click()
        wait_for_version_after(page, seen)
        if action == 0:  # the bot answers only once the turn is over, so the tile is still there
            assert page.get_attribute(f"#board [data-square='{name}']", "data-code") == code
        else:
            page.wait_for_selector("#status .turn.mine", timeout=30_000)
            assert version(page) >= seen + 3  # our action and the bot's two in reply


def play_mankind(page: Any) -> None:
    for _ in range(3):
        seen = version(page)
        before = page.inner_html("#board")
        builds = page.locator("#actions button[data-action^='build ']")
        (builds.first if builds.count() else page.locator("#actions button[data-action], #board .target").first).click()
        menu = page.locator(".menu button")
        if menu.count():
            menu.first.click()
        wait_for_version_after(page, seen)
        assert page.inner_html("#board") != before
        if page.locator("#actions button[data-action], #board .target").count() == 0:
            break


def play_any(page: Any) -> None:
    for _ in range(2):
        seen = version(page)
        before = page.inner_html("#board")
        click_something(page)
        wait_for_version_after(page, seen)
        assert page.inner_html("#board") != before or version(page) > seen
        if page.locator("#actions button[data-action], #board .target").count() == 0:
            break


@pytest.mark.parametrize("game", GAMES)
def test_a_game_against_bots_from_the_lobby(server: str, page: Any, game: str) -> None:
    catalog = {entry["id"]: entry for entry in httpx.get(server + "/api/catalog").json()["games"]}
    if "error" in catalog[game]:
        pytest.skip(f"{game} does not load yet: {catalog[game]['error']}")
    start_from_lobby(page, server, game, catalog[game]["min_players"])
    assert page.locator("#board svg, #board .generic").count() >= 1
    {"tigris-euphrates": play_tigris, "mankind": play_mankind}.get(game, play_any)(page)
    if game == "advanced-civilization":  # the A.S.T.: a row and a marker per nation; the seat's own cards
        assert page.locator("#board [data-ast-marker]").count() == catalog[game]["min_players"]
        assert "Treasury" in page.inner_text("[data-own-hand]")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{game}.png"), full_page=True)


def test_a_tigris_catastrophe_is_played_only_once_picked_from_the_hand(server: str, page: Any) -> None:
    # A square whose only action is a catastrophe (a tile with nothing else to do there) must not destroy that tile
    # on a click before the player picked the catastrophe: then it is offered on the squares, as a tile is.
    start_from_lobby(page, server, "tigris-euphrates", 2)
    def offered() -> list[str]:
        texts = page.locator("#board .target").evaluate_all("els => els.map(e => e.dataset.actions)")
        return [line for text in texts for line in text.split("\n")]

    assert offered() and not any(text.startswith("catastrophe") for text in offered())
    assert not page.locator("#actions button[data-action^='catastrophe']").count()  # claimed, not listed
    page.click(".hand .tile.clickable[data-tile='catastrophe']")
    assert "selected" in (page.get_attribute(".hand .tile[data-tile='catastrophe']", "class") or "").split()
    assert offered() and all(text.startswith("catastrophe on ") for text in offered())
    page.click("#actions button[data-tool='']")  # the tool bar's "all": the catastrophe is put back
    assert not any(text.startswith("catastrophe") for text in offered())


def test_a_seats_page_never_shows_another_seats_hand(server: str, browser: Any) -> None:
    # Two seats whose opening tiles differ (a server deals from secret seeds, and two hands of six may hold the
    # same counts by chance; then the page showing seat 0's counts could be showing seat 1's): deal again.
    for _ in range(10):
        created = httpx.post(server + "/api/games", json={"game": "tigris-euphrates", "players": 2,
                                                          "seats": ["human", "human"]}).json()
        claimed = httpx.post(f"{server}/api/games/{created['id']}/claim",
                             json={"invite": created["seats"][1]["invite"]})
        tokens = [created["seats"][0]["token"], claimed.json()["token"]]
        hands = [httpx.get(f"{server}/api/games/{created['id']}", params={"token": t}).json()["view"]["hands"][i]
                 for i, t in enumerate(tokens)]
        if hands[0] != hands[1]:
            break
    assert hands[0] != hands[1]  # the check below would prove nothing otherwise
    context = browser.new_context()
    tab = context.new_page()
    received: list[dict[str, Any]] = []
    # The game's socket only (the chat has a socket of its own, public: its frames carry "type": "chat"); the
    # page asks it for log deltas (``?log=delta``), so the path is compared, not the whole address.
    tab.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(json.loads(frame)))
           if urlsplit(ws.url).path == f"/ws/games/{created['id']}" else None)
    tab.goto(created["seats"][0]["url"])
    tab.wait_for_selector("[data-own-hand]")
    seen = version(tab)
    click_something(tab)
    wait_for_version_after(tab, seen)
    tab.wait_for_function("document.body.dataset.live === 'yes'")
    own = tab.inner_text("[data-own-hand]")
    assert tab.locator("[data-own-hand]").count() == 1
    mine = httpx.get(f"{server}/api/games/{created['id']}", params={"token": tokens[0]}).json()["view"]["hands"][0]
    for colour, code in (("red", "r"), ("blue", "b"), ("black", "k"), ("green", "g")):
        assert f"{colour} × {mine[code]}" in own
    page_text = tab.content()
    assert tokens[1] not in page_text
    assert received, "the page got no WebSocket message"
    assert any(payload["seat"] == 0 for payload in received)
    for payload in received:
        assert payload["seat"] in (None, 0)  # the socket greets as a spectator until the token opens the seat
        assert isinstance(payload["view"]["hands"][1], int), "seat 1's hand reached seat 0's page"
    spectator = context.new_page()
    spectator.goto(created["spectator_url"])
    spectator.wait_for_selector("#board svg")
    assert spectator.locator("[data-own-hand]").count() == 0
    assert "You are watching." in spectator.inner_text("#actions") or spectator.locator("#actions").is_hidden()
    context.close()


def test_the_replay_viewer_steps_through_a_finished_game(server: str, page: Any) -> None:
    created = httpx.post(server + "/api/games", json={"game": "tigris-euphrates", "players": 2,  # the bots play
                                                      "seats": ["random", "random"], "seed": 2}, timeout=60).json()
    page.goto(f"{server}/replay/{created['id']}")
    page.wait_for_selector("#board svg")
    assert page.get_attribute("body", "data-step") == "0"
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    assert "Seat 0" in page.inner_text("#action")
    page.click("#last")
    page.wait_for_function("Number(document.body.dataset.step) > 1")
    assert "Game over" in page.inner_text("#status")
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "replay-tigris-euphrates.png"), full_page=True)


def test_the_lobby_lists_games_and_links_to_them(server: str, page: Any) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#playing table, #playing p")
    page.wait_for_selector("#finished table")
    assert page.locator("#finished a[href^='/replay/']").count() >= 1
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "lobby.png"), full_page=True)


def pieces_in(page: Any, area: str, owner: str) -> int:
    chip = page.locator(f"#board [data-area-content=\"{area}\"] [data-piece='{owner}']")
    return int(chip.get_attribute("data-count") or 0) if chip.count() else 0


def test_the_arabian_struggle_map_is_drawn_and_an_area_is_a_click(server: str, page: Any) -> None:
    areas = static_data("arabian-struggle", {})["areas"]
    created = httpx.post(server + "/api/games", json={"game": "arabian-struggle", "players": 3,
                                                      "seats": ["human", "random", "random"], "seed": 5}).json()
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#board svg.arabian-board")
    drawn = page.eval_on_selector_all("#board svg g[data-area]", "els => els.map(e => e.dataset.area)")
    assert sorted(drawn) == sorted(areas)
    assert page.locator("#board line.road").count() > 0 and page.locator("#board line.track").count() > 0
    assert page.locator("#board [data-region]").count() == 9
    assert page.locator("#board [data-vp-marker]").count() == 3
    assert page.locator("#board [data-turn-order]").count() == 3
    mine = httpx.get(f"{server}/api/games/{created['id']}", params={"token": created["seats"][0]["token"]}).json()
    shown = page.eval_on_selector_all("[data-own-hand] [data-card]", "els => els.map(e => Number(e.dataset.card))")
    assert shown == mine["view"]["hand"]
    # Play a card for its OP and recruit: the areas a piece may go to light up on the map.
    for _ in range(12):
        if page.locator("#board .target").count():
            break
        buttons = page.locator("#actions button[data-action]")
        texts = [buttons.nth(i).get_attribute("data-action") or "" for i in range(buttons.count())]
        wanted = [t for t in texts if re.search(r": \d OP$", t) or t.startswith("recruit up to")] or texts
        seen = version(page)
        page.click(f"#actions button[data-action=\"{wanted[0]}\"]")
        wait_for_version_after(page, seen)
    targets = page.locator("#board .target")
    assert targets.count(), "no area became clickable"
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "arabian-struggle-map.png"), full_page=True)
    area = targets.first.get_attribute("data-area") or ""
    actions = (targets.first.get_attribute("data-actions") or "").split("\n")
    assert all(area in text for text in actions)
    faction = mine["view"]["you"]
    before = pieces_in(page, area, faction)
    seen = version(page)
    targets.first.locator(".hit").click()
    menu = page.locator(".menu button")
    if menu.count():
        menu.first.click()
    wait_for_version_after(page, seen)
    if actions[0].startswith("recruit"):
        assert pieces_in(page, area, faction) == before + 1
    assert area in page.inner_text("#log")


def test_a_whole_game_of_mankind_between_bots_runs_to_its_end(server: str, page: Any) -> None:
    started = time.monotonic()
    created = httpx.post(server + "/api/games", json={"game": "mankind", "players": 2, "seats": ["heuristic"] * 2,
                                                      "seed": 3}, timeout=120).json()
    assert all(seat["token"] is None for seat in created["seats"])
    state = httpx.get(f"{server}/api/games/{created['id']}").json()
    assert state["over"] and state["result"]["winners"], state["to_act"]
    assert time.monotonic() - started < 60
    record = httpx.get(f"{server}/api/games/{created['id']}/record").json()
    assert "seed" in record and len(record["actions"]) == state["version"]
    replayed = ludoteca.replay(record)
    assert replayed.is_over() and replayed.result()["winners"] == state["result"]["winners"]
    received: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(json.loads(frame)))
            if not ws.url.endswith("/chat") else None)  # the game's socket, not the chat's
    page.goto(created["spectator_url"])
    page.wait_for_function("document.body.dataset.live === 'yes'")
    page.wait_for_selector("#notice .notice.info")
    deadline = time.monotonic() + 10
    while not received and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert received and received[-1]["over"] and received[-1]["result"] == state["result"]
    assert received[-1]["version"] == state["version"]
    winner = f"Seat {state['result']['winners'][0]}"
    assert "Game over" in page.inner_text("#status") and winner in page.inner_text("#notice")
    assert page.locator("#players .detail", has_text="final score").count() == 2
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "mankind-finished.png"), full_page=True)
    page.goto(server + "/")
    page.wait_for_selector(f"#finished a[href='/replay/{created['id']}']")


def test_a_friend_takes_a_seat_with_the_invitation_from_the_lobby(server: str, browser: Any) -> None:
    """The creator keeps its own seat's link; the friend's invitation opens seat 1 once, and only for the friend."""
    creator = browser.new_context(viewport={"width": 1360, "height": 900})
    friend = browser.new_context(viewport={"width": 1360, "height": 900})
    errors: list[str] = []
    try:
        lobby = creator.new_page()
        lobby.on("pageerror", lambda error: errors.append(str(error)))
        lobby.goto(server + "/")
        lobby.select_option("#game", "tigris-euphrates")
        lobby.select_option("#players", "2")
        lobby.select_option("#seat-1", "human")
        lobby.click("#start")
        invitation = lobby.get_attribute("a[data-seat-link='1'][data-invite]", "href") or ""
        assert "/join/" in invitation and "#invite=" in invitation
        assert "token=" not in invitation
        lobby.click("a[data-seat-link='0']")
        lobby.wait_for_selector("[data-own-hand]")
        assert lobby.inner_text("#who") == "You are Seat 0" and "#token=" in lobby.url

        joined = friend.new_page()
        joined.on("pageerror", lambda error: errors.append(str(error)))
        joined.goto(invitation)
        joined.fill("#name", "Friend")  # the invitation page asks the friend's name
        joined.click("#take")
        joined.wait_for_url(re.compile(r"/play/[0-9a-f]+#token="))
        joined.wait_for_selector("[data-own-hand]")
        assert joined.inner_text("#who") == "You are Friend"
        # Each page shows its own seat's tiles, as the server gives them to that seat's token (the two hands
        # may hold the same counts by chance, so the pages are compared with the server, not each other).
        for tab, seat in ((lobby, 0), (joined, 1)):
            game_id = re.search(r"/play/([0-9a-f]+)#", tab.url).group(1)  # type: ignore[union-attr]
            token = tab.url.split("#token=", 1)[1]
            hand = httpx.get(f"{server}/api/games/{game_id}", params={"token": token}).json()["view"]["hands"][seat]
            shown = tab.inner_text("[data-own-hand]")
            for colour, code in (("red", "r"), ("blue", "b"), ("black", "k"), ("green", "g")):
                assert f"{colour} × {hand[code]}" in shown, (seat, colour, shown)

        again = creator.new_page()  # the creator tries the invitation it handed out
        again.goto(invitation)
        again.fill("#name", "Creator")
        again.click("#take")
        again.wait_for_selector(".notice.error")
        assert "used" in again.inner_text("#notice")
        OUTPUT.mkdir(parents=True, exist_ok=True)
        again.screenshot(path=str(OUTPUT / "invitation-used.png"))
    finally:
        creator.close()
        friend.close()
    assert not errors, f"the pages raised: {errors}"


def test_a_person_alone_abandons_and_a_person_among_people_resigns(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    errors: list[str] = []
    try:
        alone = httpx.post(server + "/api/games", json={"game": "mankind", "seats": ["human", "random"]}).json()
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.on("dialog", lambda dialog: dialog.accept())
        tab.goto(alone["seats"][0]["url"])
        tab.wait_for_selector("#abandon:not([hidden])")
        assert tab.locator("#resign").is_hidden()
        tab.click("#abandon")
        tab.wait_for_selector(".notice.info")
        assert "The game was abandoned. Game over. Winners: none." in tab.inner_text("#notice")

        body = {"game": "tigris-euphrates", "seats": ["human", "human"]}
        pair = httpx.post(server + "/api/games", json=body).json()
        httpx.post(f"{server}/api/games/{pair['id']}/claim", json={"invite": pair["seats"][1]["invite"]})
        tab.goto(pair["seats"][0]["url"])
        tab.wait_for_selector("#resign:not([hidden])")
        assert tab.locator("#abandon").is_hidden()
        tab.click("#resign")
        tab.wait_for_selector(".notice.info")
        assert "Seat 0 resigned. Game over. Winner: Seat 1." in tab.inner_text("#notice")
        OUTPUT.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(OUTPUT / "resigned.png"))

        # Among three, the seat goes to a bot: the page that resigned becomes a spectator's, and says why.
        body = {"game": "tigris-euphrates", "players": 3, "seats": ["human", "human", "random"]}
        trio = httpx.post(server + "/api/games", json=body).json()
        httpx.post(f"{server}/api/games/{trio['id']}/claim", json={"invite": trio["seats"][1]["invite"]})
        tab.goto(trio["seats"][0]["url"])
        tab.wait_for_selector("#resign:not([hidden])")
        tab.click("#resign")
        tab.wait_for_function("document.getElementById('who').textContent === 'Spectator'")
        assert "You resigned: a bot plays your seat now" in tab.inner_text("#notice")
        assert tab.locator("#resign").is_hidden() and tab.locator("[data-own-hand]").count() == 0
    finally:
        context.close()
    assert not errors, f"the pages raised: {errors}"


# --------------------------------------------------------------------------- issue #20: what players expect
def console_errors(page: Any) -> list[str]:
    """Every console error the page logs from now on (the `page` fixture already fails on page errors)."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return errors


def seat_state(server: str, created: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    token = created["seats"][seat]["token"]
    answer: dict[str, Any] = httpx.get(f"{server}/api/games/{created['id']}",
                                       headers={"Authorization": f"Bearer {token}"}).json()
    return answer


def test_a_tigris_swap_is_chosen_by_marking_tiles_in_the_hand(server: str, page: Any) -> None:
    """No button per combination of tiles: the seat marks tiles in its hand, then one button swaps them."""
    errors = console_errors(page)
    created = httpx.post(server + "/api/games", json={"game": "tigris-euphrates", "players": 2,
                                                      "seats": ["human", "random"], "seed": 1}).json()
    swaps = [t for t in seat_state(server, created)["legal_actions"] if t.startswith("swap ")]
    assert len(swaps) > 16  # what the page used to list as buttons
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("[data-own-hand] [data-tile]")
    assert page.locator("#actions [data-action^='swap']").count() == 0
    assert page.locator("#actions button[data-action='pass']").count() == 1
    page.click("[data-swap-open]")
    tiles = page.locator("[data-own-hand] [data-swap-tile]")
    assert tiles.count() == 6
    colours = [tiles.nth(i).get_attribute("data-colour") or "" for i in range(6)]
    button = page.locator("[data-swap]")
    assert button.is_disabled()
    tiles.nth(5).click()
    tiles.nth(0).click()
    tiles.nth(3).click()
    tiles.nth(3).click()  # marked, then kept after all
    assert page.locator("[data-swap-tile].marked").count() == 2
    expected = f"swap {colours[0]}, {colours[5]}"
    assert expected in swaps
    assert button.inner_text() == "swap 2 tiles" and button.get_attribute("data-action") == expected
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "tigris-euphrates-swap.png"))
    seen = version(page)
    button.click()
    wait_for_version_after(page, seen)
    assert f"You discard {colours[0]}, {colours[5]}." in page.inner_text("#log")
    assert "Seat 0 swaps 2 tiles with the bag." in page.inner_text("#log")
    assert page.locator("[data-swap-tile]").count() == 0  # the new position starts without a swap in progress
    assert not errors, errors


def test_mankind_shows_identical_builds_once_with_their_count(server: str, page: Any) -> None:
    """A civilization with three Sails shows one Sails chip marked ×3 (conquests likewise), not three chips."""
    errors = console_errors(page)
    created = httpx.post(server + "/api/games", json={"game": "mankind", "players": 2, "seats": ["random", "random"],
                                                      "seed": 3}, timeout=120).json()
    state = httpx.get(f"{server}/api/games/{created['id']}").json()
    page.goto(created["spectator_url"])
    page.wait_for_selector("#board svg.mankind-board g[data-build]")
    repeated = 0
    for seat, player in enumerate(state["view"]["players"]):
        wanted = {(code, False): n for code, n in Counter(player["builds"]).items()}
        wanted.update({(code, True): n for code, n in Counter(player["conquests"]).items()})
        repeated += sum(n > 1 for n in wanted.values())
        chips = page.eval_on_selector_all(
            f"#board g.tableau[data-seat='{seat}'] g[data-build]",
            "els => els.map(e => [e.dataset.build, e.dataset.conquest === 'yes', Number(e.dataset.count),"
            " e.textContent])")
        assert len(chips) == len(wanted), f"seat {seat}: {len(chips)} chips for {len(wanted)} kinds of build"
        assert {(code, conquest): count for code, conquest, count, _ in chips} == wanted
        for code, _, count, text in chips:
            assert (f"×{count}" in text) == (count > 1), (code, count, text)
    assert repeated, "no civilization has two identical builds: the check above proves nothing"
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "mankind-builds-counted.png"), full_page=True)
    assert not errors, errors


def board_geometry(page: Any) -> dict[str, Any]:
    """The board box's inner width, the Arabian Struggle map's box and its side blocks' boxes, the page's width."""
    geometry: dict[str, Any] = page.evaluate("""() => {
      const wrap = document.getElementById('board');
      const style = getComputedStyle(wrap);
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
      };
      return {
        inner: wrap.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        map: box(document.querySelector('#board [data-map]')),
        blocks: Array.from(document.querySelectorAll('#board [data-block]'), box),
        page: document.documentElement.scrollWidth, window: window.innerWidth,
      };
    }""")
    return geometry


def test_on_a_narrow_screen_each_seat_names_its_bot_in_full(server: str, browser: Any) -> None:
    """A phone's width: the closed seat menu shows its whole entry ("bot: ismcts") and what the bot is, on a line
    under it, wrapped and never cut (it was cut to "bot: ismcts (searches mo…" in the menu itself); the lists of
    games (those the tests before this one played) fit the width too."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    about = httpx.get(server + "/api/catalog").json()["bot_about"]
    try:
        tab.goto(server + "/")
        tab.select_option("#game", "mankind")
        tab.select_option("#players", "3")
        tab.select_option("#seat-1", "ismcts")
        assert tab.inner_text("[data-seat-about='1']") == about["ismcts"]
        assert tab.inner_text("[data-seat-about='2']") == about["heuristic"]
        assert not tab.is_visible("[data-seat-about='0']")  # a person: no bot to describe
        # Another game, another word: Advanced Civilization's search is level with its heuristic, and says so.
        tab.select_option("#game", "advanced-civilization")
        tab.select_option("#players", "3")
        tab.select_option("#seat-1", "ismcts")
        words = httpx.get(server + "/api/catalog").json()["games"]
        ac_about = next(game for game in words if game["id"] == "advanced-civilization")["bot_about"]["ismcts"]
        assert tab.inner_text("[data-seat-about='1']") == ac_about and "strongest" not in ac_about
        tab.select_option("#game", "mankind")
        tab.select_option("#players", "3")
        tab.select_option("#seat-1", "ismcts")
        fits = tab.evaluate("""() => Array.from(document.querySelectorAll('#seats select'), (select) => {
            const probe = document.createElement('span');
            probe.style.font = getComputedStyle(select).font;
            probe.textContent = select.selectedOptions[0].text;
            document.body.appendChild(probe);
            const room = select.clientWidth - 34;  // the padding and the menu's arrow
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            return width <= room;
        })""")
        assert fits == [True, True, True]
        lines = tab.evaluate("""() => Array.from(document.querySelectorAll('[data-seat-about]'), (line) =>
            line.scrollWidth <= line.clientWidth && line.getBoundingClientRect().right <= window.innerWidth)""")
        assert lines == [True, True, True]
        OUTPUT.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(OUTPUT / "lobby-390px.png"), full_page=True)
        assert tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("width", [1400, 1120])
def test_the_arabian_struggle_map_takes_the_width_of_the_board(server: str, browser: Any, width: int) -> None:
    """The map itself (not the map with the side column squeezed beside it) is as wide as the board's box."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    errors_logged = console_errors(tab)
    try:
        created = httpx.post(server + "/api/games", json={"game": "arabian-struggle", "players": 3,
                                                          "seats": ["human", "random", "random"], "seed": 5}).json()
        tab.goto(created["seats"][0]["url"])
        tab.wait_for_selector("#board [data-map]")
        geometry = board_geometry(tab)
        assert geometry["map"]["width"] >= 0.9 * geometry["inner"], geometry
        assert len(geometry["blocks"]) == 3
        for block in geometry["blocks"]:  # beside the map or under it, never over it
            beside = block["left"] >= geometry["map"]["right"] - 1
            assert beside or block["top"] >= geometry["map"]["bottom"] - 1, geometry
        assert geometry["page"] <= geometry["window"]
        assert tab.locator("#board [data-turn-order]").count() == 3
        assert tab.locator("#board [data-vp-marker]").count() == 3
        OUTPUT.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(OUTPUT / f"arabian-struggle-{width}px.png"), full_page=True)
    finally:
        context.close()
    assert not errors and not errors_logged, errors + errors_logged


def test_after_start_the_creator_is_taken_to_its_seat(server: str, browser: Any) -> None:
    """With friends to invite: their links with Copy buttons, and "Go to my seat" focused (Enter goes there); the
    lobby keeps the invitations nobody has used. With nobody to invite: the page goes to the seat by itself."""
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    lobby = context.new_page()
    errors: list[str] = []
    lobby.on("pageerror", lambda error: errors.append(str(error)))
    errors_logged = console_errors(lobby)
    try:
        lobby.goto(server + "/")
        lobby.select_option("#game", "tigris-euphrates")
        lobby.select_option("#players", "3")
        lobby.select_option("#seat-1", "human")
        lobby.select_option("#seat-2", "human")
        lobby.click("#start")
        lobby.wait_for_selector("a[data-seat-link='2'][data-invite]")
        assert lobby.evaluate("document.activeElement.dataset.seatLink") == "0"
        invitations = [lobby.get_attribute(f"a[data-seat-link='{seat}'][data-invite]", "href") or "" for seat in (1, 2)]
        lobby.click("[data-copy='1']")
        assert lobby.evaluate("navigator.clipboard.readText()") == invitations[0]
        assert lobby.evaluate("document.activeElement.dataset.copy") == "1"  # one invitation still to copy
        lobby.click("[data-copy='2']")
        assert lobby.evaluate("navigator.clipboard.readText()") == invitations[1]
        assert lobby.evaluate("document.activeElement.dataset.seatLink") == "0"
        OUTPUT.mkdir(parents=True, exist_ok=True)
        lobby.screenshot(path=str(OUTPUT / "lobby-started-with-invitations.png"))
        lobby.keyboard.press("Enter")
        lobby.wait_for_url(re.compile(r"/play/[0-9a-f]+#token="))
        lobby.wait_for_selector("[data-own-hand]")
        assert lobby.inner_text("#who") == "You are Seat 0"
        game_id = lobby.url.split("/play/")[1].split("#")[0]

        httpx.post(f"{server}/api/games/{game_id}/claim", json={"invite": invitations[0].split("#invite=")[1]})
        lobby.goto(server + "/")  # seat 1 has joined since; seat 2's invitation is still there to send
        lobby.wait_for_selector(f"[data-mine='{game_id}'] [data-invite-left]")
        left = lobby.locator(f"[data-mine='{game_id}'] [data-invite-left]")
        assert left.count() == 1 and left.get_attribute("href") == invitations[1]

        lobby.select_option("#game", "mankind")
        lobby.select_option("#players", "2")
        lobby.select_option("#seat-1", "random")
        lobby.click("#start")  # nobody to invite: no click needed
        lobby.wait_for_url(re.compile(r"/play/[0-9a-f]+#token="), timeout=10_000)
        lobby.wait_for_selector("#board svg")
        assert lobby.inner_text("#who") == "You are Seat 0"
    finally:
        context.close()
    assert not errors and not errors_logged, errors + errors_logged


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# The least scale at which each board is drawn on a phone (CSS pixels per unit of its drawing): its squares,
# areas and texts keep a size one can tap and read; a board wider than the phone scrolls inside its own box.
PHONE_SCALE = {"tigris-euphrates": ("svg.tigris-board", 0.7), "mankind": ("svg.mankind-board", 0.85),
               "advanced-civilization": ("svg.civilization-board", 0.55), "arabian-struggle": ("svg.as-map", 0.85)}
CUT_OFF = """() => {
  // Elements of the page past the window's right edge, except inside the board's own scrolling box.
  const out = [];
  for (const el of document.querySelectorAll('header *, main *')) {
    if (el.closest('.board-wrap') && !el.classList.contains('board-wrap')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.right > window.innerWidth + 0.5) out.push(`${el.tagName}.${el.className} ${Math.round(r.right)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("game", ["tigris-euphrates", "mankind", "advanced-civilization", "arabian-struggle"])
def test_every_game_page_is_playable_on_a_phone(server: str, browser: Any, game: str) -> None:
    """At 390 × 844 portrait: the page never scrolls sideways and nothing is cut off; the board keeps a size one
    can tap (scrolling inside its box when it is wider than the phone); a move is made by tapping."""
    players = {"tigris-euphrates": 2, "mankind": 3, "advanced-civilization": 3, "arabian-struggle": 3}[game]
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    errors_logged = console_errors(tab)
    try:
        created = httpx.post(server + "/api/games", json={"game": game, "players": players, "seed": 5,
                                                          "seats": ["human"] + ["random"] * (players - 1)}).json()
        tab.goto(created["seats"][0]["url"])
        selector, least = PHONE_SCALE[game]
        tab.wait_for_selector(f"#board {selector}")
        tab.wait_for_selector("#status .turn.mine")
        for moves in range(3):
            width = tab.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page scrolls sideways ({moves} moves)"
            assert tab.evaluate(CUT_OFF) == [], f"cut off after {moves} moves"
            scale = tab.evaluate("""(selector) => {  // in one call: a bot's move may redraw the board at any time
              const el = document.querySelector(`#board ${selector}`);
              return el.getBoundingClientRect().width / el.viewBox.baseVal.width; }""", selector)
            assert scale >= least, f"the board is drawn at {scale:.2f} of its size"
            if moves == 0:
                OUTPUT.mkdir(parents=True, exist_ok=True)
                tab.screenshot(path=str(OUTPUT / f"phone-{game}.png"))
            if moves == 2 or not tab.locator("#status .turn.mine").count():
                break
            if game == "tigris-euphrates" and moves == 0:  # a square near the right edge offers several actions
                edge = tab.evaluate("""() => Array.from(document.querySelectorAll('#board .target')).findIndex((el) => {
                  const r = el.getBoundingClientRect();
                  return r.right > 330 && r.right < 385 && el.dataset.actions.includes("\\n"); })""")
                assert edge >= 0
                tab.locator("#board .target").nth(edge).tap()
                menu = tab.locator(".menu")
                assert menu.locator("button").count() > 1
                assert menu.evaluate("el => el.getBoundingClientRect().right") <= 390
                assert tab.evaluate("document.documentElement.scrollWidth") <= 390, "the menu scrolls the page sideways"
                tab.locator("#status").tap()
                assert menu.count() == 0
            seen = version(tab)
            if game == "tigris-euphrates":  # a tile from the hand onto a square, as in play_tigris
                tab.locator(".hand .tile.clickable[data-tile]:not([data-tile='catastrophe'])").first.tap()
                tab.locator("#board .target").first.tap()
            else:
                click_something(tab)
            wait_for_version_after(tab, seen)
        tab.screenshot(path=str(OUTPUT / f"phone-{game}-full.png"), full_page=True)
    finally:
        context.close()
    assert not errors and not errors_logged, errors + errors_logged


FAKE_NOTIFICATIONS = """
// The browser's Notification, recorded instead of shown; the page is looked at elsewhere (another tab has the focus).
window.__asked = 0;
window.__notes = [];
class FakeNotification {
  constructor(title, options) {
    this.title = title; this.body = (options || {}).body; this.closed = false; window.__notes.push(this);
  }
  close() { this.closed = true; }
  static requestPermission() {
    window.__asked += 1; FakeNotification.permission = "granted"; return Promise.resolve("granted");
  }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
document.hasFocus = () => false;
"""


def test_the_tab_title_and_a_notification_say_when_it_becomes_your_turn(server: str, page: Any) -> None:
    """Seat 1 waits while seat 0 plays elsewhere: when seat 0's turn ends, seat 1's tab title starts with
    "● Your turn — " and, once seat 1 allowed notifications with a click, one notification says so."""
    errors = console_errors(page)
    created = httpx.post(server + "/api/games", json={"game": "tigris-euphrates", "players": 2,
                                                      "seats": ["human", "human"]}).json()
    claimed = httpx.post(f"{server}/api/games/{created['id']}/claim",
                         json={"invite": created["seats"][1]["invite"]}).json()
    page.add_init_script(FAKE_NOTIFICATIONS)
    page.goto(claimed["url"] if claimed["url"].startswith("http") else server + claimed["url"])
    page.wait_for_selector("[data-own-hand]")
    page.wait_for_function("document.body.dataset.live === 'yes'")
    assert page.title().startswith("Ludoteca — ") and page.get_attribute("body", "data-my-turn") == "no"
    assert page.evaluate("window.__asked") == 0  # nobody is asked before they click
    page.click("#notify")
    page.wait_for_selector("#notify", state="hidden")
    assert page.evaluate("window.__asked") == 1
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    for _ in range(2):  # seat 0's turn: two actions, on another device
        state = httpx.get(f"{server}/api/games/{created['id']}", headers=headers).json()
        assert page.evaluate("window.__notes.length") == 0
        answer = httpx.post(f"{server}/api/games/{created['id']}/actions", headers=headers,
                            json={"version": state["version"], "action": "pass"})
        assert answer.status_code == 200, answer.text
    page.wait_for_function("document.title.startsWith('● Your turn — ')")
    notes = page.evaluate("window.__notes.map((n) => [n.title, n.body, n.closed])")
    assert len(notes) == 1 and notes[0][0] == "Your turn — Tigris & Euphrates" and "Seat 1" in notes[0][1], notes
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "your-turn.png"))
    for _ in range(2):  # seat 1 plays its turn: still its turn after one action, no second notification
        seen = version(page)
        page.click("#actions button[data-action='pass']")
        wait_for_version_after(page, seen)
    page.wait_for_function("!document.title.startsWith('●')")
    assert page.evaluate("window.__notes.length") == 1
    assert page.evaluate("window.__notes[0].closed")  # no longer its turn: the notification goes
    assert not errors, errors
