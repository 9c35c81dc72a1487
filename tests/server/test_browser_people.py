"""The people at a table, in headless Chromium (#20): names from the lobby and the join page, a seat open to
anyone taken from the lobby's list, the table chat shown as text (never HTML), and who resigned in the status,
the log and the replay. Every page must end with no page error and no console error."""

from __future__ import annotations

import re
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

HOSTILE = ['<img src=x onerror="window.pwned=1">', "<script>window.pwned=2</script>", "<b>bold?</b>\nsecond line"]
"""Chat messages that would run or format something if a page put them in as HTML."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = f"sqlite:///{tmp_path_factory.mktemp('people') / 'games.sqlite3'}"
    with live_server(create_app(database, bot_delay=0)) as url:
        yield url


class People:
    """Browser contexts, one per person, each page collecting page errors and console errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def page(self, width: int = 1280, height: int = 900) -> Any:
        context = self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        tab.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        return tab


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    crowd = People(browser)
    yield crowd
    for context in crowd.contexts:
        context.close()
    assert not crowd.errors, f"the pages raised: {crowd.errors}"


def ann_starts_a_game(people: People, server: str, open_seat: bool) -> Any:
    """Ann, named in the lobby, starts a two-player Tigris & Euphrates game whose other seat is a person's: by
    invitation, or open to anyone. Her page, on the lobby's "invite your friends" step."""
    ann = people.page()
    ann.goto(server + "/")
    ann.fill("#name", "Ann")
    ann.select_option("#game", "tigris-euphrates")
    ann.select_option("#players", "2")
    ann.select_option("#seat-1", "human")
    if open_seat:
        ann.check("#open")
    ann.click("#start")
    return ann


def test_names_an_open_seat_the_chat_as_text_and_a_resignation(server: str, people: People) -> None:
    # Ann starts a game from the lobby with her name and the other seat open to anyone.
    ann = ann_starts_a_game(people, server, open_seat=True)
    link = ann.get_attribute("a[data-seat-link='1'][data-open-seat]", "href") or ""
    assert re.search(r"/join/[0-9a-f]{12}#seat=1$", link) and "token=" not in link
    game_id = link.split("/join/")[1].split("#")[0]
    ann.click("a[data-go]")
    ann.wait_for_selector("[data-own-hand]")
    assert ann.inner_text("#who") == "You are Ann"

    # A stranger finds it in the lobby's open seats, gives a name and sits down.
    bob = people.page()
    bob.goto(server + "/")
    row = f"#open-games tr[data-open-game='{game_id}']"
    bob.wait_for_selector(row)
    assert "1: open seat" in bob.inner_text(row) and "0: Ann" in bob.inner_text(row)
    bob.click(f"[data-join='{game_id}/1']")
    bob.fill(f"[data-join-name='{game_id}/1']", "  Bob  ")
    bob.click(f"[data-take='{game_id}/1']")
    bob.wait_for_url(re.compile(r"/play/[0-9a-f]+#token="))
    bob.wait_for_selector("[data-own-hand]")
    assert bob.inner_text("#who") == "You are Bob"
    assert "Ann" in bob.inner_text("#players") and "Bob (you)" in bob.inner_text("#players")
    ann.wait_for_function("document.getElementById('players').textContent.includes('Bob')")
    bob.goto(server + "/")  # the seat is gone from the list, and it is Bob's in "Your seats"
    bob.wait_for_selector(f"[data-mine='{game_id}'] a[href*='#token=']")
    assert bob.locator(row).count() == 0
    bob_token = _token_of(bob, game_id)

    # The chat: what Ann types reaches a spectator as text; nothing in it runs or formats.
    watcher = people.page()
    watcher.goto(f"{server}/play/{game_id}")
    watcher.wait_for_selector("#chat[data-live='yes']")
    assert watcher.is_hidden("#chat-form")  # spectators read, players write
    for text in HOSTILE:
        ann.fill("#chat-text", text)
        ann.click("#chat-send")
        ann.wait_for_function("!document.getElementById('chat-send').disabled")
    ann.fill("#chat-text", "good luck")
    ann.press("#chat-text", "Enter")  # Enter sends too
    for tab in (ann, watcher):
        tab.wait_for_function("document.querySelectorAll('#chat-log .chat-text').length === 4")
        shown = tab.eval_on_selector_all("#chat-log .chat-text", "els => els.map(e => e.textContent)")
        assert shown == [*HOSTILE, "good luck"]
        assert tab.locator("#chat-log img, #chat-log script, #chat-log b").count() == 0
        assert tab.evaluate("window.pwned") is None
        assert tab.inner_text("#chat-log .chat-who >> nth=0") == "Ann"
    assert ann.input_value("#chat-text") == ""

    # Ann moves: the game's log writes "Seat 0", the pages write her name (else who is seat 0 to a watcher?).
    ann_token = ann.url.split("#token=")[1]
    seen = httpx.get(f"{server}/api/games/{game_id}", headers={"Authorization": f"Bearer {ann_token}"}).json()
    assert "Seat 0 places" not in str(seen["log"])
    move = next(action for action in seen["legal_actions"] if action.startswith("place priest on"))
    answer = httpx.post(
        f"{server}/api/games/{game_id}/actions",
        json={"version": seen["version"], "action": move},
        headers={"Authorization": f"Bearer {ann_token}"},
    )
    assert answer.status_code == 200 and "Seat 0 places their priest" in str(answer.json()["log"]), answer.text
    for tab in (ann, watcher):
        tab.wait_for_function("document.getElementById('log').textContent.includes('Ann places their priest')")
        assert "Turn 1: Ann plays." in tab.inner_text("#log") and "eat 0" not in tab.inner_text("#log")

    # Bob resigns: the status, the log and the replay say who.
    seen = httpx.get(f"{server}/api/games/{game_id}").json()
    answer = httpx.post(
        f"{server}/api/games/{game_id}/resign",
        json={"version": seen["version"]},
        headers={"Authorization": f"Bearer {bob_token}"},
    )
    assert answer.status_code == 200, answer.text
    ann.wait_for_function("document.getElementById('notice').textContent.includes('Bob resigned')")
    assert "Winner: Ann (you)" in ann.inner_text("#notice")  # the banner says the result, the status line no more
    assert ann.inner_text("#status").startswith("Game over.") and "Winner" not in ann.inner_text("#status")
    assert "to play" not in ann.inner_text("#status")  # ended early: nobody is to play, nothing is asked
    assert "Bob (seat 1) resigned: the game is over" in ann.inner_text("#log")
    watcher.goto(f"{server}/replay/{game_id}?step=1")  # after Ann's move, the last
    watcher.wait_for_function("document.getElementById('status').textContent.includes('Bob resigned')")
    assert "Ann places their priest" in watcher.inner_text("#log")
    assert watcher.inner_text("#action").startswith("Ann: place priest on")
    seen_by = watcher.eval_on_selector_all("#eyes option", "options => options.map(o => o.textContent)")
    assert seen_by == ["spectator", "Ann", "Bob"]
    assert "Bob (seat 1) resigned" in watcher.inner_text("#log")
    assert "to play" not in watcher.inner_text("#status")


def test_buttons_and_prompts_name_people_and_a_prompt_says_whose_it_is(server: str, people: People) -> None:
    """Multi-player QA pass, session 26: Alice's buttons read "send the horde against seat 0" beside "Alice (you)",
    and while Bob decided her status read "Seat 0 raided you: raid back?" (written to Bob, about Alice). The
    page's own seat is "yourself" on its buttons; another seat's prompt is quoted after whose it is."""
    page = people.page()
    page.goto(server + "/")
    page.wait_for_function("() => typeof Ludo !== \"undefined\" && Ludo.promptFor")
    payload = {"seat": 0, "seats": [{"name": "Alice", "player": "human"}, {"name": "Bob", "player": "human"},
                                    {"name": None, "player": "heuristic"}]}
    said = page.evaluate(
        """(payload) => [
            Ludo.withNames(payload, "send the horde against seat 0", "yourself"),
            Ludo.withNames(payload, "raid seat 1 back", "yourself"),
            Ludo.withNames(payload, "direct 5 unit points at Egypt (seat 0)", "yourself"),
            Ludo.withNames(payload, "choose seat 2 for the war", "yourself"),
            Ludo.promptFor(payload, {"seat": 1, "prompt": "Seat 0 raided you: raid back?"}),
            Ludo.promptFor(payload, {"seat": 0, "prompt": "Seat 1 raided you: raid back?"}),
            Ludo.promptFor(payload, {"seats": [1, 2], "prompt": "Trade: answer the trade offered to you."}),
            Ludo.promptFor({...payload, "seat": null}, {"seat": 2, "prompt": "Choose a target."}),
        ]""",
        payload,
    )
    assert said == [
        "send the horde against yourself",
        "raid Bob back",
        "direct 5 unit points at Egypt (you)",
        "choose seat 2 for the war",  # a bot nobody named keeps its number, as in the players panel
        "Bob is asked: “Alice raided you: raid back?”",
        "Bob raided you: raid back?",
        "Bob, Seat 2 · heuristic are asked: “Trade: answer the trade offered to you.”",
        "Seat 2 · heuristic is asked: “Choose a target.”",
    ]


def test_a_long_name_never_pushes_a_phones_page_sideways(server: str, people: People) -> None:
    """Multi-player QA pass, session 26: "You are Bartholomew-Longname" made a 390-pixel page 425 wide."""
    name = "Bartholomew-Longname-Xyz"  # 24 characters, the most a name may have
    created = httpx.post(f"{server}/api/games", json={"game": "mankind", "seats": ["human", "heuristic"], "name": name})
    assert created.status_code == 200, created.text
    phone = people.page(390, 844)
    phone.goto(created.json()["seats"][0]["url"])
    phone.wait_for_selector("#board svg")
    assert phone.inner_text("#who").startswith("You are Bartholomew")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_friend_gives_a_name_on_the_invitation_page(server: str, people: People) -> None:
    # The whole table, before sitting down (it said only "At the table: Ann." to a friend invited to four seats).
    seats = ["human", "human", "heuristic", "human"]
    four = httpx.post(f"{server}/api/games", json={"game": "tigris-euphrates", "seats": seats, "name": "Ann"}).json()
    guest = people.page()
    guest.goto(four["seats"][1]["url"])
    guest.wait_for_selector("#join:not([hidden])")
    table = "4 players. At the table: Ann, an empty seat, a bot (heuristic), an empty seat."
    assert guest.inner_text("#join-what") == table
    created = httpx.post(
        f"{server}/api/games", json={"game": "tigris-euphrates", "seats": ["human", "human"], "name": "Ann"}
    ).json()
    friend = people.page()
    friend.goto(created["seats"][1]["url"])
    friend.wait_for_selector("#join:not([hidden])")
    assert "Ann" in friend.inner_text("#join-what")
    friend.fill("#name", "bell\u0007")
    friend.click("#take")
    assert "control characters" in friend.inner_text("#name-error") and "/join/" in friend.url
    friend.fill("#name", "Dora")
    friend.click("#take")
    friend.wait_for_url(re.compile(r"/play/[0-9a-f]+#token="))
    friend.wait_for_selector("[data-own-hand]")
    assert friend.inner_text("#who") == "You are Dora"
    assert httpx.get(f"{server}/api/games/{created['id']}").json()["seats"][1]["name"] == "Dora"
    # A third person with the same (used) link is told at once, before typing a name.
    carol = people.page()
    carol.goto(created["seats"][1]["url"])
    carol.wait_for_selector("#notice .notice.error")
    assert "This invitation has been used" in carol.inner_text("#notice") and carol.locator("#join").is_hidden()
    # Dora closes the tab: the lobby's "Your seats" takes her back to her seat (it offered only "watch").
    friend.goto(server + "/")
    friend.wait_for_selector(f"[data-mine='{created['id']}'] a[href*='#token=']")
    friend.click(f"[data-mine='{created['id']}'] a[href*='#token=']")
    friend.wait_for_selector("[data-own-hand]")
    assert friend.inner_text("#who") == "You are Dora"


def test_a_creator_who_opens_her_own_invitation_is_warned(server: str, people: People) -> None:
    """Ann's lobby shows the invitation for seat 1 as a link; opening it herself would take her friend's seat
    (and its hand) in one click. The page says so first."""
    ann = ann_starts_a_game(people, server, open_seat=False)
    link = ann.get_attribute("a[data-seat-link='1']", "href") or ""
    assert "#invite=" in link
    ann.goto(link)
    ann.wait_for_selector("#join:not([hidden])")
    warning = ann.locator("[data-own-invitation='1']")
    assert "the invitation you made for seat 1" in warning.inner_text()
    assert ann.inner_text("#take") == "Take seat 1 myself"


def _token_of(page: Any, game_id: str) -> str:
    """The seat token in the fragment of a page's seat link ("Your seats" in the lobby it is on)."""
    href = page.get_attribute(f"[data-mine='{game_id}'] a[href*='#token=']", "href") or ""
    return href.split("#token=")[1]


def test_a_seat_taken_meanwhile_is_said_above_the_list(server: str, people: People) -> None:
    """Two strangers open the same open seat's form; the first takes it. The second's 409 was written in the form,
    which the refreshed list then removed with the seat: the page just lost the form. Now the lobby says it."""
    created = httpx.post(f"{server}/api/games", json={"game": "tigris-euphrates", "seats": ["human", "human"],
                                                      "name": "Ann", "open": True}).json()
    game_id = created["id"]
    frank = people.page()
    frank.goto(server + "/")
    frank.wait_for_selector(f"#open-games tr[data-open-game='{game_id}']")
    frank.click(f"[data-join='{game_id}/1']")
    frank.fill(f"[data-join-name='{game_id}/1']", "Frank")
    taken = httpx.post(f"{server}/api/games/{game_id}/seats/1/take", json={"name": "Eve"})  # Eve is quicker
    assert taken.status_code == 200, taken.text
    frank.click(f"[data-take='{game_id}/1']")
    frank.wait_for_selector("#notice .notice.error")
    assert "Seat 1 of that game was taken meanwhile" in frank.inner_text("#notice")
    # The browser logs the refused request as a console error: expected here, and the only one allowed.
    people.errors[:] = [error for error in people.errors if "409" not in error]
