"""Server faults (issue 14): hostile or broken requests, a crash in the middle of play, and load.

* Every refused request gets its documented status (docs/server.md, Faults and limits) and changes
  nothing: the game's version, its stored entries and every seat's view are compared before and after.
* ``ludoteca serve`` runs as a subprocess on 127.0.0.1 with a temporary SQLite file; it is killed with
  SIGKILL while clients stream actions and restarted on the same file: every action the server
  acknowledged is stored exactly once at the version it was accepted at, an action whose answer the crash
  swallowed is there at most once (its retry is refused as stale if it was), and the games carry on.
* 50 concurrent games, bots and scripted clients, a fixed number of moves each, through
  ``bench/server_load.py``'s driver: no error, no lost action; the p95 time to accept an action is printed.

Sizes are small by default; ``LUDOTECA_RELIABILITY_SCALE=N`` (the knob of tests/reliability) gives N
times the kills and moves. Every wait has a timeout, so a stuck server fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import create_app
from ludoteca.server.limits import BodyLimit, Limits, TokenBuckets
from tests.server.conftest import DATABASES, claim_all, new_database, stored_entries

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

ROOT = Path(__file__).resolve().parents[2]
SCALE = max(1, int(os.environ.get("LUDOTECA_RELIABILITY_SCALE", "1") or 1))
NewGame = Callable[..., dict[str, Any]]


def _load_bench() -> ModuleType:
    """``bench/server_load.py`` is a script, not a package: load it by path so the test and the benchmark
    share one driver (and the test does not depend on how pytest sets ``sys.path``)."""
    spec = importlib.util.spec_from_file_location("ludoteca_bench_server_load", ROOT / "bench" / "server_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


bench = _load_bench()


@dataclass
class Server(bench.ServerProcess):
    """bench's ``ludoteca serve`` subprocess with ``database`` a SQLAlchemy URL (bench's is a SQLite file)."""

    database: str

    def start(self, timeout: float = 60.0) -> float:
        command = [
            sys.executable, "-c", "from ludoteca.cli import main; main()", "serve", "--host", bench.HOST,
            "--port", str(self.port), "--database", self.database, "--bot-delay", str(self.bot_delay),
        ]  # fmt: skip
        began = time.monotonic()
        with self.log.open("ab") as output:
            environment = {**os.environ, **self.env}
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=environment)
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.url}/api/games", timeout=2.0).status_code == 200:
                    return time.monotonic() - began
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log_tail()}")


# ---------------------------------------------------------------------------------------------- helpers
def token(created: dict[str, Any], seat: int) -> str:
    value: str = created["seats"][seat]["token"]
    return value


def view(client: TestClient, created: dict[str, Any], seat: int | None) -> dict[str, Any]:
    params = {} if seat is None else {"token": token(created, seat)}
    response = client.get(f"/api/games/{created['id']}", params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def untouched(client: TestClient, created: dict[str, Any]) -> tuple[Any, ...]:
    """What must not move when a request is refused: the live version, the stored entries (read from the
    database, not the server's memory), and what each seat and a spectator see."""
    service = client.app.state.service  # type: ignore[attr-defined]
    room = service.rooms[created["id"]]
    stored = service.storage.count_entries(created["id"])
    return room.version, stored, view(client, created, 0), view(client, created, 1), view(client, created, None)


@pytest.fixture
def started(client: TestClient, new_game: NewGame) -> dict[str, Any]:
    """A Tigris & Euphrates game between two people after one action, so a stale version exists."""
    created = new_game()
    first = view(client, created, 0)["legal_actions"][0]
    move = {"token": token(created, 0), "version": 0, "action": first}
    assert client.post(f"/api/games/{created['id']}/actions", json=move).status_code == 200
    return created


def legal_move(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    """A body that would be accepted as it stands: the faults below each break one part of it."""
    seen = view(client, created, 0)
    return {"token": token(created, 0), "version": seen["version"], "action": seen["legal_actions"][0]}


# ---------------------------------------------------------------------------------------------- each fault
FAULTS: list[tuple[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]], int, str]] = [
    ("wrong token", lambda move, c: {**move, "token": "x" * 24}, 403, "opens no seat"),
    ("empty token", lambda move, c: {**move, "token": ""}, 403, "spectator cannot act"),
    ("missing token", lambda move, c: {k: v for k, v in move.items() if k != "token"}, 403, "spectator cannot act"),
    ("token of the seat not to act", lambda move, c: {**move, "token": token(c, 1)}, 409, "not your turn"),
    ("stale version", lambda move, c: {**move, "version": move["version"] - 1}, 409, "moved on"),
    ("version from the future", lambda move, c: {**move, "version": move["version"] + 5}, 409, "moved on"),
    ("version as text", lambda move, c: {**move, "version": str(move["version"])}, 400, "version"),
    ("version as a float", lambda move, c: {**move, "version": move["version"] + 0.0}, 400, "version"),
    ("action not a string", lambda move, c: {**move, "action": ["place", "red"]}, 400, "action"),
    ("action not legal", lambda move, c: {**move, "action": move["action"] + " twice"}, 400, "not a legal"),
]


@pytest.mark.parametrize(("fault", "spoil", "status", "reason"), FAULTS, ids=[fault[0] for fault in FAULTS])
def test_each_bad_action_gets_its_status_and_changes_nothing(
    client: TestClient,
    started: dict[str, Any],
    fault: str,
    spoil: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]],
    status: int,
    reason: str,
) -> None:
    move = legal_move(client, started)
    before = untouched(client, started)
    response = client.post(f"/api/games/{started['id']}/actions", json=spoil(move, started))
    assert response.status_code == status, f"{fault}: {response.text}"
    assert reason in response.json()["detail"]
    assert untouched(client, started) == before
    # The unspoilt body still plays: the refusal left the game exactly where it was.
    assert client.post(f"/api/games/{started['id']}/actions", json=move).status_code == 200


MALFORMED = [
    b"{not json",
    b'{"token": "a", "version": 1, "action": "x"',  # cut short
    b"[]",
    b"null",
    b'"place red on A1"',
    b"\xff\xfe\x00\x01",  # not UTF-8
    b"[" * 20_000,  # nesting deep enough to exhaust a recursive parser
    b'{"token": "a", "version": ' + b"9" * 5_000 + b', "action": "x"}',  # an integer too long to convert
    b"",
]


@pytest.mark.parametrize("body", MALFORMED, ids=range(len(MALFORMED)))
@pytest.mark.parametrize("route", ["actions", "undo"])
def test_malformed_json_is_a_400_and_changes_nothing(
    client: TestClient, started: dict[str, Any], route: str, body: bytes
) -> None:
    before = untouched(client, started)
    url = f"/api/games/{started['id']}/{route}"
    response = client.post(url, content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400, response.text
    assert isinstance(response.json()["detail"], str)
    assert untouched(client, started) == before


def test_a_json_body_sent_as_another_content_type_is_a_400(client: TestClient, started: dict[str, Any]) -> None:
    move = legal_move(client, started)
    before = untouched(client, started)
    response = client.post(
        f"/api/games/{started['id']}/actions", content=json.dumps(move), headers={"Content-Type": "text/plain"}
    )
    assert response.status_code == 400
    assert untouched(client, started) == before


def test_undo_faults_change_nothing(client: TestClient, new_game: NewGame) -> None:
    created = new_game("blind-draw")
    move = {"token": token(created, 0), "version": 0, "action": "stop"}
    assert client.post(f"/api/games/{created['id']}/actions", json=move).status_code == 200
    before = untouched(client, created)
    url = f"/api/games/{created['id']}/undo"
    for body, status in [
        ({"token": "x" * 24, "version": 1}, 403),
        ({"token": "", "version": 1}, 403),
        ({"version": 1}, 403),  # no token anywhere: a spectator's request
        ({"token": token(created, 1), "version": 1}, 400),  # not seat 1's action to take back
        ({"token": token(created, 0), "version": 0}, 409),
        ({"token": token(created, 0), "version": 1, "padding": " " * 70_000}, 413),
    ]:
        assert client.post(url, json=body).status_code == status, body
        assert untouched(client, created) == before


# ---------------------------------------------------------------------------------------------- body size
def test_an_oversized_body_is_a_413_even_when_it_holds_a_legal_action(
    client: TestClient, started: dict[str, Any]
) -> None:
    """Spacing in an action does not matter, so padding turns a legal move into a large body: exactly at
    the limit it is played, one byte over it is refused before anything parses it."""
    limit = client.app.state.limits.max_body  # type: ignore[attr-defined]
    assert limit == 64 * 1024
    move = legal_move(client, started)

    def padded(size: int) -> bytes:
        body = json.dumps(move).encode()
        spaced = {**move, "action": move["action"] + " " * (size - len(body))}
        raw = json.dumps(spaced).encode()
        assert len(raw) == size
        return raw

    before = untouched(client, started)
    url = f"/api/games/{started['id']}/actions"
    headers = {"Content-Type": "application/json"}
    refused = client.post(url, content=padded(limit + 1), headers=headers)
    assert refused.status_code == 413 and "limit of 65536 bytes" in refused.json()["detail"]
    assert untouched(client, started) == before

    def chunks() -> Iterator[bytes]:  # no Content-Length: the guard counts as the body arrives
        body = padded(limit + 1)
        yield from (body[start : start + 4096] for start in range(0, len(body), 4096))

    assert client.post(url, content=chunks(), headers=headers).status_code == 413
    assert untouched(client, started) == before
    accepted = client.post(url, content=padded(limit), headers=headers)
    assert accepted.status_code == 200, accepted.text


def test_an_oversized_lobby_request_creates_no_game(client: TestClient) -> None:
    body = {"game": "tigris-euphrates", "players": 2, "options": {"note": "x" * 70_000}}
    assert client.post("/api/games", json=body).status_code == 413
    assert client.get("/api/games").json()["games"] == []


def test_the_body_limit_can_be_raised_or_switched_off(database: str) -> None:
    body = {"game": "tigris-euphrates", "players": 2, "options": {"note": "x" * 70_000}}
    with TestClient(create_app(database, bot_delay=0, limits=Limits(max_body=0))) as unlimited:
        response = unlimited.post("/api/games", json=body)
        assert response.status_code == 400 and "note" in response.json()["detail"]  # the game's refusal, not 413


# ---------------------------------------------------------------------------------------------- rate limit
def test_a_flood_from_one_client_gets_429_and_changes_nothing(database: str) -> None:
    app = create_app(database, bot_delay=0, limits=Limits(rate_requests=12, rate_seconds=600))
    # One running app: a second `with TestClient(app)` would run the lifespan again on a loop of its own, a
    # second service whose follower then syncs the game from another thread while this one acts (not a server:
    # one process runs one loop). The neighbour's client only sends requests, on the same app, once started.
    neighbour = TestClient(app, client=("10.9.8.7", 40000))
    with TestClient(app) as flooder:
        body = {"game": "blind-draw", "seats": ["human", "human"], "seed": 3, "practice": True}
        created = claim_all(flooder, flooder.post("/api/games", json=body).json())
        service = app.state.service
        move = {"token": token(created, 0), "version": 0, "action": "draw"}
        statuses = []
        for _ in range(30):  # the same legal move, again and again, at the version it was last accepted at
            move["version"] = service.rooms[created["id"]].version
            move["token"] = token(created, service.rooms[created["id"]].state.to_act()[0])
            response = flooder.post(f"/api/games/{created['id']}/actions", json=move)
            statuses.append(response.status_code)
            if response.status_code == 429:
                assert int(response.headers["retry-after"]) >= 1
                assert "too many requests" in response.json()["detail"]
        accepted = statuses.count(200)
        # 12 in the bucket: one spent creating the game, one claiming seat 1.
        assert set(statuses) == {200, 429} and accepted == 10
        assert statuses[accepted:] == [429] * (30 - accepted)  # refused for good until the bucket refills
        # Nothing the refused requests carried was applied: version and storage count only the accepted ones.
        assert service.rooms[created["id"]].version == accepted
        assert service.storage.count_entries(created["id"]) == accepted
        # Every route is covered, the WebSocket too; another address is not affected.
        assert flooder.get("/api/games").status_code == 429
        with pytest.raises(WebSocketDisconnect) as refused, flooder.websocket_connect(f"/ws/games/{created['id']}"):
            pass
        assert refused.value.code == 4429
        assert neighbour.get(f"/api/games/{created['id']}").json()["version"] == accepted


def test_the_token_bucket_refills_and_forgets_full_buckets() -> None:
    buckets = TokenBuckets(capacity=3, seconds=6.0, max_clients=2)  # 3 at once, then one every 2 s
    assert [buckets.take("a", 0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a", 0.0) == pytest.approx(2.0)
    assert buckets.take("a", 1.0) == pytest.approx(1.0)  # a refused request does not push the wait further
    assert buckets.take("a", 2.0) == 0.0
    assert buckets.take("b", 2.0) == 0.0  # each client has its own bucket
    assert buckets.take("c", 100.0) == 0.0  # a third client: the full buckets of a and b are dropped
    assert set(buckets.buckets) == {"c"}


def test_limits_come_from_the_environment() -> None:
    assert Limits.from_env({}) == Limits(65536, 300, 10.0)
    assert Limits.from_env({"LUDOTECA_MAX_BODY": "off", "LUDOTECA_RATE_LIMIT": "off"}) == Limits(0, 0, 10.0)
    assert Limits.from_env({"LUDOTECA_MAX_BODY": "1024", "LUDOTECA_RATE_LIMIT": "50/5"}) == Limits(1024, 50, 5.0)
    assert Limits.from_env({"LUDOTECA_RATE_LIMIT": "20"}) == Limits(65536, 20, 1.0)
    assert Limits.from_env({"LUDOTECA_SOCKETS_PER_ADDRESS": "off"}).sockets_per_address == 0
    assert Limits.from_env({"LUDOTECA_SOCKETS_PER_ADDRESS": "5"}).sockets_per_address == 5
    with pytest.raises(ValueError, match="LUDOTECA_SOCKETS_PER_ADDRESS must be a non-negative integer"):
        Limits.from_env({"LUDOTECA_SOCKETS_PER_ADDRESS": "many"})
    for bad in [{"LUDOTECA_MAX_BODY": "-1"}, {"LUDOTECA_MAX_BODY": "1e6"}, {"LUDOTECA_RATE_LIMIT": "10/0"},
                {"LUDOTECA_RATE_LIMIT": "ten/1"}, {"LUDOTECA_RATE_LIMIT": "10/soon"}]:  # fmt: skip
        with pytest.raises(ValueError, match="LUDOTECA_"):
            Limits.from_env(bad)


def test_a_body_limit_of_zero_passes_everything_through() -> None:
    seen: list[bytes] = []

    async def app(_scope: Any, receive: Any, _send: Any) -> None:
        seen.append((await receive())["body"])

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"x" * 10, "more_body": False}

    async def send(_message: Any) -> None:
        raise AssertionError("the guard answered instead of the app")

    asyncio.run(BodyLimit(app, 0)({"type": "http", "headers": []}, receive, send))
    assert seen == [b"x" * 10]


# ---------------------------------------------------------------------------------------------- a real server
@pytest.fixture(scope="module", params=DATABASES)
def live(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``ludoteca serve`` in a subprocess, rate limit off (every client here is 127.0.0.1), bots pausing 10 ms."""
    folder = tmp_path_factory.mktemp("live")
    with new_database(request, request.param, folder) as database:
        server = Server(database, folder / "server.log", bot_delay=0.01, env={"LUDOTECA_RATE_LIMIT": "off"})
        server.start()
        yield server
        server.stop()


def test_uvicorn_refuses_oversized_bodies_declared_or_chunked_and_keeps_serving(live: Any) -> None:
    with httpx.Client(base_url=live.url, timeout=10) as http:
        created = http.post("/api/games", json={"game": "mankind", "players": 2, "seats": ["human", "human"]}).json()
        url = f"/api/games/{created['id']}/actions"
        declared = http.post(url, content=b" " * 300_000, headers={"Content-Type": "application/json"})
        assert declared.status_code == 413
        chunked = http.post(url, content=iter([b" " * 8192] * 40), headers={"Content-Type": "application/json"})
        assert chunked.status_code == 413
        after = http.get(f"/api/games/{created['id']}", params={"token": token(created, 0)}).json()
        assert after["version"] == 0
        assert "Traceback" not in live.log.read_text(errors="replace")


def test_fifty_concurrent_games_lose_nothing_and_report_the_p95(live: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "stored_entries", stored_entries)  # bench reads a SQLite file; this, any URL
    moves = 6 * SCALE
    report = asyncio.run(asyncio.wait_for(bench.run_load(live.url, games=50, moves=moves, wait=60.0), 300))
    print(f"\nload: {report.summary()}")
    assert report.errors == []
    assert report.accepted == 50 * moves  # every game is long enough for the moves asked
    assert len(report.latencies) == report.accepted
    assert bench.verify_stored(live.database, report.runs) == []
    assert "Traceback" not in live.log.read_text(errors="replace")


# ---------------------------------------------------------------------------------------------- SIGKILL
@dataclass
class InFlight:
    """An action whose answer the crash swallowed: it may or may not have been stored."""

    version: int
    seat: int
    text: str
    stored_before_retry: bool = False
    retry_status: int = 0


@dataclass
class Streamed:
    """One game a client streamed actions into: what the server acknowledged, and what the crashes left in flight."""

    created: dict[str, Any]
    acked: list[tuple[int, int, str]] = field(default_factory=list)  # (version it was accepted at, seat, text)
    in_flight: list[InFlight] = field(default_factory=list)

    @property
    def id(self) -> str:
        value: str = self.created["id"]
        return value


@dataclass
class Stream:
    """A scripted client acting as fast as the server answers, in one game after another of one kind (a short
    game may end; the next one starts, so any scale of the test finds a game to play)."""

    game: str
    seats: list[str]
    rng: random.Random
    games: list[Streamed] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def bot(self) -> bool:
        return any(player != "human" for player in self.seats)

    def play(self, url: str, limit: int, on_ack: Callable[[], None]) -> None:
        """Up to ``limit`` actions, stopping at the first connection failure (the server was killed)."""
        with httpx.Client(base_url=url, timeout=10) as http:
            try:
                self._play(http, limit, on_ack)
            except httpx.TransportError:
                return  # a read of state or the start of a game failed: nothing was in flight

    def _play(self, http: httpx.Client, limit: int, on_ack: Callable[[], None]) -> None:
        def seen_by(game: Streamed, seat: int) -> dict[str, Any]:
            body: dict[str, Any] = http.get(f"/api/games/{game.id}", params={"token": token(game.created, seat)}).json()
            return body

        latest: dict[str, Any] = seen_by(self.games[-1], 0) if self.games else {"over": True}
        for _ in range(limit):
            if latest["over"]:
                body = {"game": self.game, "players": 2, "seats": self.seats, "seed": self.rng.randrange(2**31),
                        "practice": True}
                self.games.append(Streamed(claim_all(http, http.post("/api/games", json=body).json())))
                latest = seen_by(self.games[-1], 0)
            game = self.games[-1]
            seat = latest["to_act"][0]
            if game.created["seats"][seat]["token"] is None:  # a bot's turn (after a restart): it moves server-side
                latest = self._await_person(http, game)
                continue
            if latest["seat"] != seat:
                latest = seen_by(game, seat)
            version, text = latest["version"], bench.choose(latest["legal_actions"], self.rng)
            move = {"token": token(game.created, seat), "version": version, "action": text}
            try:
                response = http.post(f"/api/games/{game.id}/actions", json=move)
            except httpx.TransportError:
                game.in_flight.append(InFlight(version, seat, text))
                return
            if response.status_code != 200:
                self.errors.append(f"{text!r} at {version}: {response.status_code} {response.text[:200]}")
                return
            game.acked.append((version, seat, text))
            on_ack()
            latest = response.json()

    @staticmethod
    def _await_person(http: httpx.Client, game: Streamed) -> dict[str, Any]:
        """The game's state once a person (or nobody: the end) is to act; bounded at 30 s."""
        deadline = time.monotonic() + 30
        while True:
            seen: dict[str, Any] = http.get(f"/api/games/{game.id}").json()
            if seen["over"] or game.created["seats"][seen["to_act"][0]]["token"] is not None:
                return seen
            assert time.monotonic() < deadline, f"the bot of game {game.id} did not move within 30 s"
            time.sleep(0.05)

    def reconcile(self, url: str) -> None:
        """After the restart, send the swallowed action again, unchanged: stored already, it must be refused
        as stale (409, nothing applied twice); lost with the crash, it must be accepted now."""
        if not self.games or not self.games[-1].in_flight or self.games[-1].in_flight[-1].retry_status:
            return
        game = self.games[-1]
        pending = game.in_flight[-1]
        with httpx.Client(base_url=url, timeout=10) as http:
            now = http.get(f"/api/games/{game.id}").json()["version"]
            pending.stored_before_retry = now > pending.version
            move = {"token": token(game.created, pending.seat), "version": pending.version, "action": pending.text}
            response = http.post(f"/api/games/{game.id}/actions", json=move)
        pending.retry_status = response.status_code
        if response.status_code == 200:
            game.acked.append((pending.version, pending.seat, pending.text))

    def pending(self) -> int:
        return sum(bool(g.in_flight) and not g.in_flight[-1].retry_status for g in self.games)

    def acked(self) -> int:
        return sum(len(g.acked) for g in self.games)


def run_streams(streams: list[Stream], url: str, limit: int, kill_at: int | None, server: Any) -> int:
    """Run every stream at once; with ``kill_at``, SIGKILL the server once that many actions were acknowledged
    in all. Returns the acknowledgements counted; every thread is joined with a timeout."""
    counted = 0
    reached = threading.Event()
    lock = threading.Lock()

    def on_ack() -> None:
        nonlocal counted
        with lock:
            counted += 1
            if kill_at is not None and counted >= kill_at:
                reached.set()

    threads = [threading.Thread(target=s.play, args=(url, limit, on_ack), daemon=True) for s in streams]
    for thread in threads:
        thread.start()
    if kill_at is not None:
        assert reached.wait(timeout=60), "the streams did not reach the kill point within 60 s"
        server.kill()  # mid-stream: every client has a request going or about to go
    for thread in threads:
        thread.join(timeout=60)
        assert not thread.is_alive(), "a client stream did not stop"
    return counted


def test_sigkill_mid_stream_loses_no_accepted_action_and_applies_none_twice(database: str, tmp_path: Path) -> None:
    kills, per_kill, after = 2 * SCALE, 30, 8
    server = Server(database, tmp_path / "server.log", bot_delay=0, env={"LUDOTECA_RATE_LIMIT": "off"})
    streams = [
        Stream("tigris-euphrates", ["human", "human"], random.Random(1)),
        Stream("tigris-euphrates", ["human", "random"], random.Random(2)),  # the bot answers inside the request
        Stream("mankind", ["human", "human"], random.Random(3)),
        Stream("advanced-civilization", ["human", "human"], random.Random(4)),  # short games: several are played
    ]
    figures = []
    server.start()
    try:
        for _ in range(kills):
            acked_before = sum(s.acked() for s in streams)
            assert run_streams(streams, server.url, limit=10_000, kill_at=per_kill, server=server) >= per_kill
            in_flight = sum(s.pending() for s in streams)
            restart = server.start()  # the same database file, the same port
            for stream in streams:
                stream.reconcile(server.url)
            landed = sum(g.in_flight[-1].stored_before_retry for s in streams for g in s.games[-1:] if g.in_flight)
            figures.append((sum(s.acked() for s in streams) - acked_before, in_flight, landed, restart))
        run_streams(streams, server.url, limit=after, kill_at=None, server=server)  # the games carry on
        games = [game for stream in streams for game in stream.games]
        with httpx.Client(base_url=server.url, timeout=10) as http:
            final = {g.id: http.get(f"/api/games/{g.id}").json() for g in games}
            records = {g.id: http.get(f"/api/games/{g.id}/record").json()["actions"] for g in games}
    finally:
        server.stop()

    stored = stored_entries(server.database)
    lines = [f"kill {i + 1}: {a} actions acknowledged, {f} in flight, {d} of these stored before their retry, "
             f"restart {r:.1f} s" for i, (a, f, d, r) in enumerate(figures)]  # fmt: skip
    print(f"\nSIGKILL: {len(games)} games; " + "; ".join(lines))
    for stream in streams:
        assert stream.errors == [], stream.errors
        for game in stream.games:
            rows = stored.get(game.id, [])
            assert [row[0] for row in rows] == list(range(len(rows))), "entries are numbered 0..n-1 without a gap"
            assert all(row[1] == "action" for row in rows)
            for version, seat, text in game.acked:  # every acknowledged action, at its version, once
                assert rows[version][2:] == (seat, text), f"acknowledged {text!r} at {version} is not stored"
                assert records[game.id][version][0] == seat and records[game.id][version][1] in (text, None)
            for pending in game.in_flight:  # what a crash swallowed: stored once, before or by the retry
                assert rows[pending.version][2:] == (pending.seat, pending.text)
                assert pending.retry_status == (409 if pending.stored_before_retry else 200)
            if not stream.bot:  # only this client acts: the history is its acknowledged actions, nothing more
                assert len(rows) == len(game.acked) + sum(p.stored_before_retry for p in game.in_flight)
            assert final[game.id]["version"] == len(rows) == len(records[game.id])
            assert final[game.id]["bot_error"] is None
    assert sum(len(g.in_flight) for g in games) >= 1, "no request was caught in flight: the kill came too late"
    assert "Traceback" not in server.log.read_text(errors="replace")
