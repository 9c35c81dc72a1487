"""Several server processes on one database (issue #23): what one accepts, the others serve and push.

Each ``TestClient`` runs its own application with its own event loop, live games and sockets, exactly
as a separate ``ludoteca serve`` process would; they share nothing but the database (SQLite, then a
fresh PostgreSQL database). ``test_two_real_processes...`` does the same with real processes and a SIGKILL.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from ludoteca.server import create_app
from ludoteca.server.service import digest
from tests.server.conftest import claim_all, stored_entries

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.fixture
def pair(database: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two server processes' worth of application on one database, each polling it every 0.2 s."""
    with TestClient(create_app(database, bot_delay=0, poll_seconds=0.2)) as a, \
            TestClient(create_app(database, bot_delay=0, poll_seconds=0.2)) as b:
        yield a, b


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_game_made_on_one_process_is_served_pushed_and_played_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    body = {"game": "tigris-euphrates", "seats": ["human", "human"]}
    created = claim_all(a, a.post("/api/games", json=body).json())
    url = f"/api/games/{created['id']}"
    tokens = [seat["token"] for seat in created["seats"]]
    assert b.get(url, headers=bearer(tokens[1])).json()["seat"] == 1  # B learns the game and A's claim
    with b.websocket_connect(f"/ws/games/{created['id']}") as socket:
        assert socket.receive_json()["version"] == 0
        seen = a.get(url, headers=bearer(tokens[0])).json()
        began = time.monotonic()
        moved = a.post(f"{url}/actions", json={"version": 0, "action": seen["legal_actions"][0]},
                       headers=bearer(tokens[0]))
        assert moved.status_code == 200
        pushed = socket.receive_json()
        assert pushed["version"] == 1 and time.monotonic() - began < 1.0  # B pushed A's action within a second
    seat = pushed["to_act"][0]
    mine = b.get(url, headers=bearer(tokens[seat])).json()
    move = {"version": 1, "action": mine["legal_actions"][0]}
    answer = b.post(f"{url}/actions", json=move, headers=bearer(tokens[seat]))
    assert answer.status_code == 200 and answer.json()["version"] == 2
    deadline = time.monotonic() + 1.0
    while a.get(url).json()["version"] != 2:  # A hears of B's action within a second
        assert time.monotonic() < deadline, "A never learnt of B's action"
        time.sleep(0.05)


def test_twenty_posts_of_one_version_split_across_two_processes_accept_exactly_one(
    pair: tuple[TestClient, TestClient], database: str,
) -> None:
    a, b = pair
    created = a.post("/api/games", json={"game": "mankind", "seats": ["human", "random"]}).json()
    url = f"/api/games/{created['id']}"
    token = created["seats"][0]["token"]
    seen = a.get(url, headers=bearer(token)).json()
    deadline = time.monotonic() + 1.0
    while b.get(url).json()["version"] != seen["version"]:  # B hears of A's bot moves within a second
        assert time.monotonic() < deadline, "B never reached A's version"
        time.sleep(0.05)
    move = {"version": seen["version"], "action": seen["legal_actions"][0]}

    def post(index: int) -> int:
        return (a, b)[index % 2].post(f"{url}/actions", json=move, headers=bearer(token)).status_code

    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(pool.map(post, range(20)))
    assert statuses.count(200) == 1 and statuses.count(409) == 19, statuses
    rows = stored_entries(database)[created["id"]]
    assert [row[0] for row in rows] == list(range(len(rows))) and rows[seen["version"]][3] == move["action"]


def test_a_bot_move_left_by_a_dead_process_is_made_by_another(pair: tuple[TestClient, TestClient]) -> None:
    a, b = pair
    created = a.post("/api/games", json={"game": "tigris-euphrates", "seats": ["human", "heuristic"]}).json()
    url = f"/api/games/{created['id']}"
    service = b.app.state.service  # type: ignore[attr-defined]
    # A process that took the bot's next move and died: it holds the lease for 1.5 s and never moves.
    assert service.storage.take_lease(created["id"], 2, "a process that was killed", 1.5)
    token = created["seats"][0]["token"]
    for version in (0, 1):  # a whole turn of the person: the bot is then to move, at version 2
        legal = a.get(url, headers=bearer(token)).json()["legal_actions"]
        move = next((text for text in legal if text.startswith("place")), legal[0])
        played = a.post(f"{url}/actions", json={"version": version, "action": move}, headers=bearer(token))
        assert played.status_code == 200
    assert a.get(url).json()["version"] == 2
    time.sleep(0.5)
    assert a.get(url).json()["version"] == 2  # nobody moves while the dead process's lease runs
    deadline = time.monotonic() + 20
    while a.get(url).json()["to_act"] != [0]:  # the bot's whole turn (two actions), then the person's
        assert time.monotonic() < deadline, "no process took up the bot's move after the lease ran out"
        time.sleep(0.1)
    assert a.get(url).json()["version"] >= 4


ROOT = Path(__file__).resolve().parents[2]


def _start(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    code = ("import uvicorn; from ludoteca.server import create_app; "
            f"uvicorn.run(create_app({database!r}, bot_delay=0, poll_seconds=0.2), host='127.0.0.1', port={port}, "
            "log_level='warning')")
    env = {**os.environ, "LUDOTECA_RATE_LIMIT": "off"}
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT)


def _wait_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None and time.monotonic() < deadline, "the server process did not start"
        try:
            httpx.get(url + "/api/catalog", timeout=2)
            return
        except httpx.TransportError:
            time.sleep(0.1)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _start_up(database: str, log: Path) -> tuple[str, subprocess.Popen[bytes]]:
    """A server process on a free port, answering; a port taken between the probe and the bind is retried."""
    for _ in range(3):
        port = _free_port()
        process = _start(database, port, log)
        try:
            _wait_up(f"http://127.0.0.1:{port}", process)
        except AssertionError:
            if process.poll() is None:
                process.kill()
            continue
        return f"http://127.0.0.1:{port}", process
    raise AssertionError(f"no server process started: {log.read_text(errors='replace')[-2000:]}")


def test_two_real_processes_sigkill_of_one_loses_no_acknowledged_action(database: str, tmp_path: Path) -> None:
    started = [_start_up(database, tmp_path / f"server{i}.log") for i in range(2)]
    urls = [url for url, _ in started]
    processes = [process for _, process in started]
    try:
        with httpx.Client(timeout=10) as http:
            body = {"game": "mankind", "players": 2, "seats": ["human", "random"]}
            created: dict[str, Any] = http.post(urls[0] + "/api/games", json=body).json()
            game = f"/api/games/{created['id']}"
            auth = bearer(created["seats"][0]["token"])
            acknowledged: list[tuple[int, str]] = []
            for _ in range(40):  # A streams the person's moves (the bot answers each one on A)
                seen = http.get(urls[0] + game, headers=auth).json()
                if seen["over"] or 0 not in seen["to_act"]:
                    break
                move = {"version": seen["version"], "action": seen["legal_actions"][0]}
                if http.post(urls[0] + game + "/actions", json=move, headers=auth).status_code == 200:
                    acknowledged.append((seen["version"], seen["legal_actions"][0]))
            processes[0].send_signal(signal.SIGKILL)
            processes[0].wait(timeout=10)
            rows = stored_entries(database)[created["id"]]
            stored = {(number, text) for number, _, _, text in rows}
            assert set(acknowledged) <= stored and len(rows) == len({row[0] for row in rows})  # each once
            deadline = time.monotonic() + 5
            while (on_b := http.get(urls[1] + game, headers=auth).json())["version"] < len(rows):
                assert time.monotonic() < deadline, "B never caught up with what A stored"
                time.sleep(0.1)
            time.sleep(0.5)  # B carries the game on: any bot move A left is B's now
            on_b = http.get(urls[1] + game, headers=auth).json()
            assert on_b["version"] == len(stored_entries(database)[created["id"]])
            if not on_b["over"] and 0 in on_b["to_act"]:
                move = {"version": on_b["version"], "action": on_b["legal_actions"][0]}
                assert http.post(urls[1] + game + "/actions", json=move, headers=auth).status_code == 200
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=10)


def _start_worker(database: str, log: Path, lease: float) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LUDOTECA_BOT_LEASE": str(lease)}
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli", "worker", "--database", database], cwd=ROOT,
                            env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)


def test_a_worker_killed_mid_move_leaves_the_move_to_another_worker(database: str, tmp_path: Path) -> None:
    """A server that moves no bots, a worker that dies thinking (SIGKILL), and a second worker that takes over."""
    with TestClient(create_app(database, bot_delay=0, bots=False, poll_seconds=0.2)) as server:
        created = server.post("/api/games", json={"game": "tigris-euphrates",
                                                  "seats": ["ismcts:seconds=3", "human"]}).json()
        url = f"/api/games/{created['id']}"
        assert server.get(url).json()["version"] == 0  # the server itself leaves the bot alone
        first = _start_worker(database, tmp_path / "worker1.log", lease=5.0)
        second: subprocess.Popen[bytes] | None = None
        try:
            deadline = time.monotonic() + 30
            while not _leased(database, created["id"]):
                assert first.poll() is None and time.monotonic() < deadline, "the first worker took no lease"
                time.sleep(0.1)
            first.send_signal(signal.SIGKILL)  # it dies thinking about the bot's first move
            first.wait(timeout=10)
            assert server.get(url).json()["version"] == 0
            second = _start_worker(database, tmp_path / "worker2.log", lease=5.0)
            deadline = time.monotonic() + 40
            while server.get(url).json()["version"] == 0:
                assert second.poll() is None and time.monotonic() < deadline, "nobody took up the dead worker's move"
                time.sleep(0.2)
            rows = stored_entries(database)[created["id"]]
            assert rows[0][2] == 0 and len({row[0] for row in rows}) == len(rows)  # the bot's move, stored once
        finally:
            for process in (first, second):
                if process is not None and process.poll() is None:
                    process.terminate()
                    process.wait(timeout=10)


def _leased(database: str, game_id: str) -> bool:
    from sqlalchemy import create_engine, text

    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            return connection.execute(text("SELECT count(*) FROM bot_leases WHERE game_id = :g"),
                                      {"g": game_id}).scalar_one() > 0
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- the lazy follower (docs/scaling.md)
def _room_version(client: TestClient, game_id: str) -> int | None:
    """The version of a game as a process holds it in memory (``None``: not held), without a request."""
    room = client.app.state.service.rooms.get(game_id)  # type: ignore[attr-defined]
    return None if room is None else int(room.version)


def _play(client: TestClient, url: str, tokens: list[str], moves: int) -> int:
    """Play ``moves`` actions through ``client`` (whoever is to act, their first legal action); the last version."""
    seen = client.get(url).json()
    for _ in range(moves):
        seat = seen["to_act"][0]
        mine = client.get(url, headers=bearer(tokens[seat])).json()
        answer = client.post(f"{url}/actions", json={"version": mine["version"], "action": mine["legal_actions"][0]},
                             headers=bearer(tokens[seat]))
        assert answer.status_code == 200, answer.text
        seen = answer.json()
    return int(seen["version"])


def test_a_process_follows_only_the_games_it_serves_and_reads_the_others_when_asked(database: str) -> None:
    """A game made on A and played on B while A holds no socket and had no request lately: A does not apply B's
    actions, then answers the next request with the state B has, and judges a post by the database's version."""
    with TestClient(create_app(database, bot_delay=0, poll_seconds=0.1, serve_seconds=0.3)) as a, \
            TestClient(create_app(database, bot_delay=0, poll_seconds=0.1)) as b:
        created = claim_all(a, a.post("/api/games", json={"game": "tigris-euphrates",
                                                          "seats": ["human", "human"]}).json())
        url = f"/api/games/{created['id']}"
        tokens = [seat["token"] for seat in created["seats"]]
        time.sleep(0.4)  # A's window passes: it serves the game no more
        version = _play(b, url, tokens, 3)
        time.sleep(0.5)  # five of A's polls, and every note B's actions sent
        assert _room_version(a, created["id"]) == 0  # A did not replay B's actions
        for seat in (None, 0, 1):
            headers = bearer(tokens[seat]) if seat is not None else {}
            assert a.get(url, headers=headers).json() == b.get(url, headers=headers).json()
        assert _room_version(a, created["id"]) == version
        time.sleep(0.4)
        version = _play(b, url, tokens, 1)  # A falls behind again
        seat = b.get(url).json()["to_act"][0]
        legal = b.get(url, headers=bearer(tokens[seat])).json()["legal_actions"]
        stale = a.post(f"{url}/actions", json={"version": version - 1, "action": legal[0]},
                       headers=bearer(tokens[seat]))
        assert stale.status_code == 409  # the version the client sent is not the game's: refused, nothing stored
        assert len(stored_entries(database)[created["id"]]) == version
        time.sleep(0.4)
        _play(b, url, tokens, 1)
        seat = b.get(url).json()["to_act"][0]
        latest = b.get(url, headers=bearer(tokens[seat])).json()
        assert _room_version(a, created["id"]) == version  # behind by one
        move = {"version": latest["version"], "action": latest["legal_actions"][0]}
        answer = a.post(f"{url}/actions", json=move, headers=bearer(tokens[seat]))
        assert answer.status_code == 200 and answer.json()["version"] == latest["version"] + 1  # judged on B's state
        rows = stored_entries(database)[created["id"]]
        assert [row[0] for row in rows] == list(range(latest["version"] + 1)) and rows[-1][3] == move["action"]


def test_a_post_to_a_process_that_has_not_heard_the_latest_version_is_judged_on_it(database: str) -> None:
    """A serves the game but has not heard of B's action (it polls every 30 s; on PostgreSQL it may have heard):
    the latest version is accepted against the state B made, the old one refused, each stored once."""
    with TestClient(create_app(database, bot_delay=0, poll_seconds=30)) as a, \
            TestClient(create_app(database, bot_delay=0, poll_seconds=30)) as b:
        created = claim_all(a, a.post("/api/games", json={"game": "mankind", "seats": ["human", "human"]}).json())
        url = f"/api/games/{created['id']}"
        tokens = [seat["token"] for seat in created["seats"]]
        assert a.get(url).json()["version"] == 0
        version = _play(b, url, tokens, 1)
        seat = b.get(url).json()["to_act"][0]
        latest = b.get(url, headers=bearer(tokens[seat])).json()
        old = a.post(f"{url}/actions", json={"version": version - 1, "action": latest["legal_actions"][0]},
                     headers=bearer(tokens[seat]))
        assert old.status_code == 409
        answer = a.post(f"{url}/actions", json={"version": version, "action": latest["legal_actions"][0]},
                        headers=bearer(tokens[seat]))
        assert answer.status_code == 200 and answer.json()["version"] == version + 1
        rows = stored_entries(database)[created["id"]]
        assert [row[0] for row in rows] == [0, 1] and rows[1][3] == latest["legal_actions"][0]


def test_games_not_served_are_dropped_from_memory_and_read_again_when_asked(database: str) -> None:
    # forget_seconds leaves the six reads at the end time to finish before the first is forgotten again: at 0.5 s
    # a slow machine (a clean-clone CI run, 2026-12-02) forgot two of them while the loop read the rest.
    with TestClient(create_app(database, bot_delay=0, poll_seconds=0.1, serve_seconds=0.2,
                               forget_seconds=2.0)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        games = [claim_all(client, client.post("/api/games", json={"game": "blind-draw", "seats": ["human", "human"]})
                           .json()) for _ in range(6)]
        seen = []
        for created in games:
            tokens = [seat["token"] for seat in created["seats"]]
            _play(client, f"/api/games/{created['id']}", tokens, 1)
            seen.append(client.get(f"/api/games/{created['id']}", headers=bearer(tokens[0])).json())
        with client.websocket_connect(f"/ws/games/{games[0]['id']}") as socket:
            assert socket.receive_json()["version"] == 1
            deadline = time.monotonic() + 5
            while len(service.rooms) > 1:  # the one with a socket open stays; the others go
                assert time.monotonic() < deadline, f"{len(service.rooms)} games still held"
                time.sleep(0.1)
            assert list(service.rooms) == [games[0]["id"]]
        for created, before in zip(games, seen, strict=True):
            token = created["seats"][0]["token"]
            assert client.get(f"/api/games/{created['id']}", headers=bearer(token)).json() == before
        assert len(service.rooms) == len(games)


def test_a_bot_game_nobody_follows_is_played_to_the_end(database: str) -> None:
    """Made on a server that moves no bots; B moves bots but never had a request, socket or note for the game: it
    finds the bot moves waiting in the database (the bot's turn, no lease) and plays them."""
    with TestClient(create_app(database, bot_delay=0, bots=False, poll_seconds=0.2)) as a, \
            TestClient(create_app(database, bot_delay=0, poll_seconds=0.2)) as b:
        created = a.post("/api/games", json={"game": "blind-draw", "seats": ["random", "random"], "me": None}).json()
        url = f"/api/games/{created['id']}"
        assert a.get(url).json()["version"] == 0
        deadline = time.monotonic() + 20
        while not (seen := a.get(url).json())["over"]:
            assert time.monotonic() < deadline, "nobody made the bot moves"
            time.sleep(0.1)
        assert seen["result"] is not None and seen["version"] == len(stored_entries(database)[created["id"]])
        mixed = a.post("/api/games", json={"game": "tigris-euphrates", "seats": ["random", "human"]}).json()
        token = mixed["seats"][1]["token"]
        deadline = time.monotonic() + 20
        while 1 not in (seen := a.get(f"/api/games/{mixed['id']}", headers=bearer(token)).json())["to_act"]:
            assert time.monotonic() < deadline, "nobody made the bot's move"
            time.sleep(0.1)
        assert seen["version"] == 2 and _room_version(b, mixed["id"]) == 2  # the bot's turn (two actions), on B


def test_the_lobby_of_one_process_lists_the_games_of_every_process(database: str) -> None:
    """The list is read from the database: A lists a game made (and changed) on B exactly as B sees it, and the
    list carries no token, invitation or digest of one."""
    with TestClient(create_app(database, bot_delay=0, poll_seconds=30, serve_seconds=0.0)) as a, \
            TestClient(create_app(database, bot_delay=0, poll_seconds=30)) as b:
        assert a.get("/api/games").json()["games"] == []
        made = [
            b.post("/api/games", json={"game": "mankind", "players": 3, "seats": ["human", "human", "random"],
                                       "open": True, "name": "Ada"}).json(),
            claim_all(b, b.post("/api/games", json={"game": "mankind", "players": 3,
                                                    "seats": ["human", "human", "human"]}).json()),
            b.post("/api/games", json={"game": "tigris-euphrates", "seats": ["human", "random"]}).json(),
            b.post("/api/games", json={"game": "blind-draw", "seats": ["human", "human"]}).json(),
        ]
        resigned = made[1]
        tokens = [seat["token"] for seat in resigned["seats"]]
        assert b.post(f"/api/games/{resigned['id']}/resign", json={"version": 0},
                      headers=bearer(tokens[1])).status_code == 200  # a bot plays seat 1 on
        abandoned = made[2]
        assert b.post(f"/api/games/{abandoned['id']}/abandon", json={"version": 0},
                      headers=bearer(abandoned["seats"][0]["token"])).status_code == 200
        taken = b.post(f"/api/games/{made[0]['id']}/seats/1/take", json={"name": "Bo"})
        assert taken.status_code == 200
        service = b.app.state.service  # type: ignore[attr-defined]
        listed = a.get("/api/games").json()
        assert listed["total"] == 4 and [line["id"] for line in listed["games"]] == [g["id"] for g in reversed(made)]
        for line in listed["games"]:
            assert line == service.summary(service.rooms[line["id"]]) | {"created_at": line["created_at"]}
        assert a.app.state.service.rooms == {}  # type: ignore[attr-defined]  # listed without reading a game
        assert [line["id"] for line in a.get("/api/games?open=true").json()["games"]] == [made[3]["id"]]
        assert a.get("/api/games?joinable=true").json()["games"] == []  # the open seat has been taken
        page = a.get("/api/games?limit=2&offset=1").json()
        assert page["total"] == 4 and [line["id"] for line in page["games"]] == [made[2]["id"], made[1]["id"]]
        secrets = [taken.json()["token"], *tokens]
        for game in made:
            for seat in game["seats"]:
                secrets += [value for value in (seat.get("token"), seat.get("invite")) if value]
        text = a.get("/api/games").text
        assert not any(secret in text or digest(secret) in text for secret in secrets) and "sha256" not in text
