"""The people at a table (#20): names, the table chat, seats open to anyone, links from ``--public-url`` and the
log lines of a resignation or an end. Every storage-touching test runs on SQLite and PostgreSQL (``database``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import create_app
from ludoteca.server.app import check_public_url
from ludoteca.server.service import CHAT_BURST, CHAT_SECONDS
from tests.server.conftest import claim_all

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"game": "tigris-euphrates", "seats": ["human", "human"], **body}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


# ---------------------------------------------------------------------------------------------- names
def test_names_are_given_when_creating_and_claiming_and_everyone_reads_them(client: TestClient) -> None:
    created = make(client, name="  Ann  ", seats=["human", "human", "random"])
    invite = created["seats"][1]["invite"]
    claimed = client.post(f"/api/games/{created['id']}/claim", json={"invite": invite, "name": "Bob"})
    assert claimed.status_code == 200 and claimed.json()["name"] == "Bob"
    spectator = client.get(f"/api/games/{created['id']}").json()
    assert [(s["player"], s["name"]) for s in spectator["seats"]] == [
        ("human", "Ann"),
        ("human", "Bob"),
        ("random", None),
    ]
    listed = client.get("/api/games").json()["games"][0]
    assert listed["names"] == ["Ann", "Bob", None]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "'name' is empty"),
        ("   ", "'name' is empty"),
        ("x" * 25, "'name' has 25 characters: at most 24"),
        ("Ann\nBob", "control character (U+000A)"),
        ("Ann\x00", "control character (U+0000)"),
        ("\u202eevil", "control character (U+202E)"),
        ("Seat 2", "reads as a seat's label"),  # the pages write names for "Seat N" in the log: no passing as seat 2
        ("seat1 fan", "reads as a seat's label"),
        (7, "name"),
    ],
)
def test_a_bad_name_is_a_400_with_the_reason_and_nothing_is_made(client: TestClient, name: Any, reason: str) -> None:
    answer = client.post("/api/games", json={"game": "tigris-euphrates", "seats": ["human", "human"], "name": name})
    assert answer.status_code == 400 and reason in answer.json()["detail"]
    assert client.get("/api/games").json()["total"] == 0
    created = make(client)
    claim = client.post(
        f"/api/games/{created['id']}/claim", json={"invite": created["seats"][1]["invite"], "name": name}
    )
    assert claim.status_code == 400 and reason in claim.json()["detail"]
    again = client.post(f"/api/games/{created['id']}/claim", json={"invite": created["seats"][1]["invite"]})
    assert again.status_code == 200  # the refused claim used nothing up


def test_a_24_character_name_with_accents_is_kept_whole(client: TestClient) -> None:
    name = "Zoë Ñúñez-Øster 🎲 abcdéf"
    assert len(name) == 24
    created = make(client, name=name)
    assert client.get(f"/api/games/{created['id']}").json()["seats"][0]["name"] == name


def test_names_survive_a_restart_and_an_old_claims_table_gains_its_column(database: str) -> None:
    engine = create_engine(database)
    with engine.begin() as connection:  # the claims table as it was before names
        moment = "DATETIME" if engine.dialect.name == "sqlite" else "TIMESTAMP WITH TIME ZONE"
        connection.execute(
            text(
                "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, game_version VARCHAR(32) "
                "NOT NULL, players INTEGER NOT NULL, options JSON NOT NULL, seed BIGINT NOT NULL, scenario JSON, "
                f"dice JSON NOT NULL, seats JSON NOT NULL, created_at {moment} NOT NULL, updated_at {moment} NOT NULL, "
                "over BOOLEAN NOT NULL, result JSON)"
            )
        )
        connection.execute(
            text(
                f"CREATE TABLE claims (game_id VARCHAR(32) NOT NULL REFERENCES games (id), seat INTEGER NOT NULL, "
                f"token_sha256 VARCHAR(64) NOT NULL, created_at {moment} NOT NULL, PRIMARY KEY (game_id, seat))"
            )
        )
    engine.dispose()
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = make(client, name="Ann")
        client.post(f"/api/games/{created['id']}/claim", json={"invite": created["seats"][1]["invite"], "name": "Bo"})
    with TestClient(create_app(database, bot_delay=0)) as client:
        seats = client.get(f"/api/games/{created['id']}").json()["seats"]
        assert [seat["name"] for seat in seats] == ["Ann", "Bo"]


# ---------------------------------------------------------------------------------------------- open seats
def test_an_open_seat_is_taken_once_by_anyone_and_invitations_keep_working(client: TestClient) -> None:
    created = make(client, name="Ann", seats=["human", "human", "human"], open=True)
    mine, first, second = created["seats"]
    assert mine["token"] and first["open"] and second["open"] and "invite" not in first and first["token"] is None
    assert first["url"].endswith(f"/join/{created['id']}#seat=1")
    joinable = client.get("/api/games?joinable=true").json()
    assert [g["id"] for g in joinable["games"]] == [created["id"]] and joinable["games"][0]["free_seats"] == [1, 2]
    took = client.post(f"/api/games/{created['id']}/seats/1/take", json={"name": "Stranger"})
    assert took.status_code == 200, took.text
    token = took.json()["token"]
    assert took.json()["url"].endswith(f"/play/{created['id']}#token={token}") and took.json()["seat"] == 1
    seen = client.get(f"/api/games/{created['id']}", headers=bearer(token)).json()
    assert seen["seat"] == 1 and seen["seats"][1] == {"seat": 1, "player": "human", "name": "Stranger", "open": False}
    assert seen["seats"][2]["open"] is True
    again = client.post(f"/api/games/{created['id']}/seats/1/take", json={"name": "Late"})
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert client.post(f"/api/games/{created['id']}/seats/0/take", json={"name": "X"}).status_code == 403
    assert client.post(f"/api/games/{created['id']}/seats/9/take", json={"name": "X"}).status_code == 400
    assert client.post(f"/api/games/{created['id']}/seats/2/take", json={"name": ""}).status_code == 400
    assert client.post("/api/games/000000000000/seats/2/take", json={"name": "X"}).status_code == 404
    client.post(f"/api/games/{created['id']}/seats/2/take", json={"name": "Cy"})
    assert client.get("/api/games?joinable=true").json()["total"] == 0

    closed = make(client, seats=["human", "human"])  # not open: only its invitation takes seat 1
    refused = client.post(f"/api/games/{closed['id']}/seats/1/take", json={"name": "Stranger"})
    assert refused.status_code == 403 and "not open" in refused.json()["detail"]
    assert claim_all(client, closed)["seats"][1]["token"]


def test_a_bot_seat_is_never_open_and_a_finished_game_lists_none(client: TestClient) -> None:
    created = make(client, seats=["human", "random", "human"], open=True)
    assert client.post(f"/api/games/{created['id']}/seats/1/take", json={"name": "X"}).status_code == 403
    resign = client.post(
        f"/api/games/{created['id']}/abandon", json={"version": 0}, headers=bearer(created["seats"][0]["token"])
    )
    assert resign.status_code == 200  # an open seat nobody took is nobody playing: abandoning is allowed
    assert client.get("/api/games?joinable=true").json()["total"] == 0
    late = client.post(f"/api/games/{created['id']}/seats/2/take", json={"name": "Late"})
    assert late.status_code == 409 and "over" in late.json()["detail"]


# ---------------------------------------------------------------------------------------------- chat
def test_a_seat_chats_spectators_read_and_the_game_does_not_change(client: TestClient) -> None:
    created = claim_all(client, make(client, name="Ann"))
    url = f"/api/games/{created['id']}"
    before = client.get(url).json()
    record = client.get(f"{url}/record").json()
    with client.websocket_connect(f"/ws/games/{created['id']}/chat") as socket:
        assert socket.receive_json() == {"type": "chat", "messages": []}
        said = client.post(
            f"{url}/chat", json={"text": " good luck!\nhave fun "}, headers=bearer(created["seats"][0]["token"])
        )
        assert said.status_code == 200, said.text
        message = said.json()
        assert (message["seat"], message["name"], message["text"]) == (0, "Ann", "good luck!\nhave fun")
        assert socket.receive_json() == {"type": "chat", "message": message}
        body = {"token": created["seats"][1]["token"], "text": "thanks"}  # the token in the body works too
        assert client.post(f"{url}/chat", json=body).json()["seat"] == 1
        assert socket.receive_json()["message"]["text"] == "thanks"
    after = client.get(url).json()
    assert [m["text"] for m in after["chat"]] == ["good luck!\nhave fun", "thanks"]
    assert after["version"] == before["version"] and after["log"] == before["log"]
    assert client.get(f"{url}/record").json() == record  # no part of the record


@pytest.mark.parametrize(
    ("said", "status", "reason"),
    [
        ("", 400, "'text' is empty"),
        ("x" * 501, 400, "at most 500"),
        ("bell\x07", 400, "control character (U+0007)"),
        ("tab\there", 400, "control character (U+0009)"),
        (None, 400, "text"),
    ],
)
def test_a_bad_chat_message_is_refused_with_the_reason(client: TestClient, said: Any, status: int, reason: str) -> None:
    created = make(client)
    url = f"/api/games/{created['id']}"
    answer = client.post(f"{url}/chat", json={"text": said}, headers=bearer(created["seats"][0]["token"]))
    assert answer.status_code == status and reason in answer.json()["detail"]
    assert client.get(url).json()["chat"] == []


def test_only_a_seat_may_chat(client: TestClient) -> None:
    created = make(client)
    url = f"/api/games/{created['id']}/chat"
    assert client.post(url, json={"text": "hi"}).status_code == 403  # a spectator
    assert client.post(url, json={"text": "hi"}, headers=bearer("nosuchtoken")).status_code == 403
    assert client.post(url, json={"text": "hi"}, headers=bearer(created["seats"][1]["invite"])).status_code == 403
    assert client.post("/api/games/000000000000/chat", json={"text": "hi"}).status_code == 404
    assert client.get(f"/api/games/{created['id']}").json()["chat"] == []


def test_the_chat_is_rate_limited_per_seat(client: TestClient) -> None:
    created = claim_all(client, make(client))
    url = f"/api/games/{created['id']}/chat"
    ann, bob = (bearer(seat["token"]) for seat in created["seats"])
    for n in range(CHAT_BURST):
        assert client.post(url, json={"text": f"m{n}"}, headers=ann).status_code == 200
    flooded = client.post(url, json={"text": "one more"}, headers=ann)
    assert flooded.status_code == 429 and "at most 5 every 10 seconds" in flooded.json()["detail"]
    # Retry-After: whole seconds until the first of the five leaves the 10 s window (so 1-10 here, not more).
    assert 1 <= int(flooded.headers["retry-after"]) <= CHAT_SECONDS
    assert client.post(url, json={"text": "mine"}, headers=bob).status_code == 200  # another seat still speaks
    assert len(client.get(f"/api/games/{created['id']}").json()["chat"]) == CHAT_BURST + 1


def test_the_chats_retry_after_says_when_the_next_message_is_allowed(client: TestClient) -> None:
    created = claim_all(client, make(client))
    url = f"/api/games/{created['id']}/chat"
    ann = bearer(created["seats"][0]["token"])
    storage = client.app.state.service.storage  # type: ignore[attr-defined]
    now = datetime.now(UTC)
    storage.add_chat(created["id"], 0, None, "old", now - timedelta(seconds=9.5))  # leaves the window in 0.5 s
    for n in range(CHAT_BURST - 1):
        storage.add_chat(created["id"], 0, None, f"m{n}", now - timedelta(seconds=2.5))  # in 7.5 s
    flooded = client.post(url, json={"text": "too soon"}, headers=ann)
    assert flooded.status_code == 429 and flooded.headers["retry-after"] == "1"
    time.sleep(1.0)  # as Retry-After said: the oldest has left the window, one more message is allowed
    assert client.post(url, json={"text": "now"}, headers=ann).status_code == 200
    again = client.post(url, json={"text": "and again"}, headers=ann)
    assert again.status_code == 429 and 6 <= int(again.headers["retry-after"]) <= 7  # the four at -2.5 s


def test_the_state_carries_the_last_hundred_messages(client: TestClient) -> None:
    created = make(client)
    service = client.app.state.service  # type: ignore[attr-defined]
    for n in range(105):  # straight into storage: the rate limit is the previous test's
        service.storage.add_chat(created["id"], 0, None, f"m{n}")
    chat = client.get(f"/api/games/{created['id']}").json()["chat"]
    assert [m["text"] for m in chat] == [f"m{n}" for n in range(5, 105)]


@pytest.fixture
def pair(database: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes' worth of application on one database (see test_cluster.py)."""
    with (
        TestClient(create_app(database, bot_delay=0, poll_seconds=0.2)) as a,
        TestClient(create_app(database, bot_delay=0, poll_seconds=0.2)) as b,
    ):
        yield a, b


def test_a_message_posted_through_one_process_is_read_and_pushed_by_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    created = make(a, name="Ann", seats=["human", "human"], open=True)
    took = b.post(f"/api/games/{created['id']}/seats/1/take", json={"name": "Bo"})  # B learns the game
    assert took.status_code == 200
    assert a.post(f"/api/games/{created['id']}/seats/1/take", json={"name": "Cy"}).status_code == 409
    with b.websocket_connect(f"/ws/games/{created['id']}/chat") as socket:
        assert socket.receive_json()["messages"] == []
        began = time.monotonic()
        said = a.post(
            f"/api/games/{created['id']}/chat", json={"text": "from A"}, headers=bearer(created["seats"][0]["token"])
        )
        assert said.status_code == 200
        pushed = socket.receive_json()
        assert pushed == {"type": "chat", "message": said.json()} and time.monotonic() - began < 2.0
    assert [m["text"] for m in b.get(f"/api/games/{created['id']}").json()["chat"]] == ["from A"]
    deadline = time.monotonic() + 2.0
    while a.get(f"/api/games/{created['id']}").json()["seats"][1]["name"] != "Bo":  # A hears of B's taker
        assert time.monotonic() < deadline, "A never learnt the name given through B"
        time.sleep(0.05)


def test_the_game_socket_never_carries_chat_and_a_chat_socket_of_an_unknown_game_closes(client: TestClient) -> None:
    created = make(client)
    with client.websocket_connect(f"/ws/games/{created['id']}") as game_socket:
        assert game_socket.receive_json()["version"] == 0
        client.post(
            f"/api/games/{created['id']}/chat", json={"text": "hi"}, headers=bearer(created["seats"][0]["token"])
        )
        client.post(
            f"/api/games/{created['id']}/abandon",
            json={"version": 0},  # a change of the game itself
            headers=bearer(created["seats"][0]["token"]),
        )
        pushed = game_socket.receive_json()
        assert "type" not in pushed and pushed["over"] is True  # the game's next push, no chat before it
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws/games/000000000000/chat") as ws:
        ws.receive_json()
    assert refused.value.code == 4404


# ---------------------------------------------------------------------------------------------- links
def test_links_start_with_the_public_url(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0, public_url="https://example.org:8000/")) as client:
        created = make(client, seats=["human", "human", "human"], open=False)
        assert created["spectator_url"] == f"https://example.org:8000/play/{created['id']}"
        assert created["seats"][0]["url"].startswith(f"https://example.org:8000/play/{created['id']}#token=")
        assert created["seats"][1]["url"].startswith(f"https://example.org:8000/join/{created['id']}#invite=")
        claimed = client.post(f"/api/games/{created['id']}/claim", json={"invite": created["seats"][1]["invite"]})
        assert claimed.json()["url"].startswith("https://example.org:8000/play/")
        opened = make(client, open=True)
        assert opened["seats"][1]["url"] == f"https://example.org:8000/join/{opened['id']}#seat=1"
        took = client.post(f"/api/games/{opened['id']}/seats/1/take", json={"name": "X"})
        assert took.json()["url"].startswith("https://example.org:8000/play/")


def test_without_a_public_url_links_follow_the_request(client: TestClient) -> None:
    created = make(client)
    assert created["spectator_url"] == f"http://testserver/play/{created['id']}"
    other = client.post(
        "/api/games", json={"game": "mankind", "seats": ["human", "random"]}, headers={"Host": "friends.example:9000"}
    ).json()
    assert other["seats"][0]["url"].startswith(f"http://friends.example:9000/play/{other['id']}#token=")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://example.org", "must start with http:// or https://"),
        ("example.org:8000", "must start with http:// or https://"),
        ("https://", "names no host"),
        ("https://example.org/?x=1", "query"),
        ("https://example.org/#top", "fragment"),
        ("https://me:secret@example.org", "user name or password"),
        ("https://example.org:port", "is not a URL"),
    ],
)
def test_a_bad_public_url_is_refused_at_start(url: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("?", r"\?")):
        check_public_url(url)
    with pytest.raises(ValueError):
        create_app("sqlite://", public_url=url)
    assert check_public_url("http://10.0.0.5:8000/ludo/") == "http://10.0.0.5:8000/ludo"


def test_ludoteca_serve_says_why_a_public_url_is_refused() -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app as cli

    result = CliRunner().invoke(cli, ["serve", "--public-url", "example.org"])
    assert result.exit_code != 0 and "must start with http:// or https://" in result.output


# ---------------------------------------------------------------------------------------------- endings in the log
def test_the_log_and_the_replay_say_who_resigned(client: TestClient) -> None:
    created = claim_all(client, make(client, name="Ann", seats=["human", "human"]))
    url = f"/api/games/{created['id']}"
    resigned = client.post(f"{url}/resign", json={"version": 0}, headers=bearer(created["seats"][0]["token"]))
    assert resigned.status_code == 200
    seen = client.get(url).json()
    assert seen["log"][-1] == {"type": "resigned", "text": "Ann (seat 0) resigned: the game is over", "seat": 0}
    replay = client.get(f"{url}/replay", params={"step": 0}).json()
    assert replay["over"] is True and replay["result"]["resigned"] == [0] and replay["ended"] == "seat 0 resigned"
    assert replay["log"][-1]["text"] == "Ann (seat 0) resigned: the game is over"


def test_a_resignation_among_three_is_logged_where_it_happened_also_after_a_restart(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0)) as client:
        created = claim_all(client, make(client, game="mankind", seats=["human", "human", "human"], name="Ann"))
        url = f"/api/games/{created['id']}"
        tokens = [seat["token"] for seat in created["seats"]]
        quitter = next(seat for seat in range(3) if seat not in client.get(url).json()["to_act"])
        before = len(client.get(url).json()["log"])
        client.post(f"{url}/resign", json={"version": 0}, headers=bearer(tokens[quitter]))
        for _ in range(20):  # the people play on (the bot answers for the quitter) until the log grows past it
            seen = client.get(url).json()
            if len(seen["log"]) > before + 2 or seen["over"]:
                break
            mover = seen["to_act"][0]
            mine = client.get(url, headers=bearer(tokens[mover])).json()
            move = {"version": mine["version"], "action": mine["legal_actions"][0]}
            assert client.post(f"{url}/actions", json=move, headers=bearer(tokens[mover])).status_code == 200
        log = client.get(url).json()["log"]
    who = "Ann (seat 0)" if quitter == 0 else f"Seat {quitter}"
    line = f"{who} resigned; the heuristic bot plays the seat to the end"
    assert [event.get("text") for event in log].index(line) == before < len(log) - 1  # where it happened
    with TestClient(create_app(database, bot_delay=0)) as client:  # a restarted server puts it there too
        assert client.get(url).json()["log"] == log


def test_the_log_says_when_a_game_was_abandoned_or_expired(client: TestClient) -> None:
    alone = make(client, seats=["human", "random"])
    url = f"/api/games/{alone['id']}"
    client.post(f"{url}/abandon", json={"version": 0}, headers=bearer(alone["seats"][0]["token"]))
    assert client.get(url).json()["log"][-1] == {"type": "ended", "text": "The game was abandoned"}
    left = make(client, seats=["human", "human"])
    service = client.app.state.service  # type: ignore[attr-defined]
    expired = client.portal.call(service.expire, 0.0)  # type: ignore[union-attr]
    assert left["id"] in expired
    assert client.get(f"/api/games/{left['id']}").json()["log"][-1]["text"] == "The game expired unfinished"
