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
