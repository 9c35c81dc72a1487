"""Load on the game server: many concurrent games, bots and scripted clients, and the time to accept an action.

Run:  python bench/server_load.py [--games 100] [--moves 40] [--think 0] [--bot-delay 0.01] [--seed 1]
                                  [--servers 1] [--database URL] [--push next|same] [--json FILE]

Starts ``--servers`` ``ludoteca serve`` processes on 127.0.0.1 (free ports, one database: a temporary
SQLite file unless ``--database`` names another, e.g. PostgreSQL; the rate limit off: every client here
shares one address), and lets ``--games`` scripted clients play at once, client i sending every request of
its games to server i mod N (sticky by game, as a client of one base URL behind a proxy that routes by game
would) and, with several servers, following its game's pushes on the next one (``--push next``, the default:
every push crosses processes) or on the same one (``--push same``),
each a fixed number of moves in its own game (a client whose game ends starts another of the same kind).
Half the games have a bot seat that plays server-side (it answers after ``--bot-delay``; the scripted
seat follows the game on the WebSocket as the browser does); in the others one scripted client plays
both seats over HTTP. ``--think S`` makes each client start at a random moment of the first S seconds and pause
0.5-1.5 S seconds after each of its moves (people at a club, whose moves do not all come at once); without
it the clients play as fast as the server answers, so the figures are those of a saturated server.

Prints the accepted actions, their rate and the latency of ``POST /actions`` as the client sees it
(p50/p95/p99/max; it includes the client's own scheduling, so it is an upper bound on the server's
share), then checks that every action the server acknowledged is in the game's record at the version
it was accepted at — through the API while the server runs, and in the database's ``entries`` table
after it stopped. Exits 1 on any error or lost action.

``tests/server/test_faults.py`` runs the same driver at a small size (50 games, a few moves each) and
imports :class:`ServerProcess` for its SIGKILL test: the benchmark and the test measure the same thing.
Numbers are measurements of this machine, not assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import httpx

HOST = "127.0.0.1"  # the only address this driver ever talks to

# (game, seats): a scripted client plays every "human" seat; bots play server-side. Each game is strictly
# turn-based at two players in its opening, so a scripted seat never races a bot for the same version.
MIX: list[tuple[str, list[str]]] = [
    ("tigris-euphrates", ["human", "human"]),
    ("tigris-euphrates", ["human", "random"]),
    ("mankind", ["human", "human"]),
    ("mankind", ["human", "heuristic"]),
    ("arabian-struggle", ["human", "heuristic"]),
    ("advanced-civilization", ["human", "human"]),
]


def free_port() -> int:
    """A port nobody listens on now (the OS picks it; the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """``ludoteca serve`` in its own process on 127.0.0.1, so it can be killed the way a crash kills it.

    ``env`` adds to the environment (e.g. ``LUDOTECA_RATE_LIMIT=off``); the server's output is appended
    to ``log`` so a failing start can show why.
    """

    database: Path | str  # a SQLite file, or any SQLAlchemy URL
    log: Path
    port: int = field(default_factory=free_port)
    bot_delay: float = 0.0
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen[bytes] | None = None
    extra: list[str] = field(default_factory=list)  # more ``ludoteca serve`` options
    profile: Path | None = None  # write the server's cProfile statistics here when it stops cleanly

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def database_url(self) -> str:
        return self.database if isinstance(self.database, str) else f"sqlite:///{self.database}"

    def start(self, timeout: float = 60.0) -> float:
        """Start the server and wait until it answers; returns the seconds that took."""
        # With ``profile``, the event loop's thread runs under cProfile, timing CPU (worker threads not counted); the
        # statistics are written when the server stops cleanly (``stop``, SIGTERM), not after a SIGKILL. uvicorn
        # raises the SIGTERM it caught again once it has shut down: a handler turns that into a normal exit.
        program = "from ludoteca.cli import main; main()" if self.profile is None else (
            "import cProfile, signal, sys, time; from ludoteca.cli import main; "
            "signal.signal(signal.SIGTERM, lambda *_: sys.exit(0)); "
            "profiler = cProfile.Profile(time.process_time)\n"  # CPU time: waiting on a busy machine is not work
            f"try:\n    profiler.runcall(main)\nfinally:\n    profiler.dump_stats({str(self.profile)!r})")
        command = [
            sys.executable, "-c", program, "serve",
            "--host", HOST, "--port", str(self.port),
            "--database", self.database_url, "--bot-delay", str(self.bot_delay), *self.extra,
        ]  # fmt: skip
        began = time.monotonic()
        self._spawn(command)
        while time.monotonic() - began < timeout:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=2.0).status_code == 200:
                    return time.monotonic() - began
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.log_tail()}")

    def _spawn(self, command: list[str]) -> None:
        """Start ``command`` with this process's environment additions, its output appended to ``log``."""
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, env={**os.environ, **self.env}
            )

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, nothing is flushed — what a crash or the OOM killer does."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """A clean stop (SIGTERM), then SIGKILL if it does not come within 15 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


class WorkerProcess(ServerProcess):
    """``ludoteca worker`` in its own process: it moves the bots of every game on the database (``--workers``;
    the servers then run with ``--no-bots``). It serves no HTTP, so it counts as started once it runs."""

    def start(self, timeout: float = 60.0) -> float:
        command = [sys.executable, "-c", "from ludoteca.cli import main; main()", "worker",
                   "--database", self.database_url]  # fmt: skip
        began = time.monotonic()
        self._spawn(command)
        time.sleep(1.0)
        if self.process.poll() is not None:
            raise RuntimeError(f"the worker exited with {self.process.returncode}:\n{self.log_tail()}")
        return time.monotonic() - began


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system, all threads) a process of this machine has used so far; 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def process_wait(pid: int) -> float:
    """Seconds the threads of a process have spent ready to run but waiting for a core (``schedstat``'s run
    delay; 0 if unknown): how much a busy machine held it back, whatever it was waiting to do."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        try:
            total += int(task.read_text().split()[1])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


def machine_cpu() -> tuple[float, float]:
    """The machine's busy and total CPU seconds so far, over every core (``/proc/stat``; zeros if unknown):
    what everything on it used, the database and other people's work included."""
    try:
        ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0, 0.0
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle, iowait
    hertz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - idle) / hertz, sum(ticks) / hertz


def stored_entries(database: Path | str) -> dict[str, list[tuple[int, str, int, str]]]:
    """Every game's rows of the append-only ``entries`` table, by number: ``(number, kind, seat, text)``.

    Read straight from the database, not through a server, so a check cannot be fooled by a server's memory.
    """
    if isinstance(database, str):  # any SQLAlchemy URL
        from sqlalchemy import create_engine, text

        engine = create_engine(database)
        try:
            with engine.connect() as db:
                query = "SELECT game_id, number, kind, seat, text FROM entries ORDER BY game_id, number"
                rows = db.execute(text(query))
                found: dict[str, list[tuple[int, str, int, str]]] = {}
                for game_id, number, kind, seat, entry_text in rows:
                    found.setdefault(game_id, []).append((number, kind, seat, entry_text))
                return found
        finally:
            engine.dispose()
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)
    try:
        rows = connection.execute("SELECT game_id, number, kind, seat, text FROM entries ORDER BY game_id, number")
        found = {}
        for game_id, number, kind, seat, text in rows:
            found.setdefault(game_id, []).append((number, kind, seat, text))
        return found
    finally:
        connection.close()


IDLE_SECONDS = 4.0
"""A kept-alive connection idle this long is closed rather than reused (uvicorn's own limit is 5 s)."""


class TransportError(Exception):
    """The connection broke or timed out before a whole answer came (the request may or may not have been
    handled: what a retry must allow for)."""


@dataclass
class Reply:
    """An HTTP answer: its status and body."""

    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.content)

    def raise_for_status(self) -> None:
        if self.status_code >= 400:
            raise RuntimeError(f"HTTP {self.status_code}: {self.text[:200]}")


class Http:
    """A bare HTTP/1.1 client with kept-alive connections, for this driver only (JSON in, JSON out).

    The driver shares the machine with the servers it measures: a general client (httpx) spent about as much
    CPU per action as the server itself, which on two cores left a second server process nothing to run on.
    This one writes the request line and headers itself and reads ``Content-Length`` or chunked bodies.
    """

    def __init__(self, base_url: str, timeout: float) -> None:
        parts = base_url.removeprefix("http://").rstrip("/").partition(":")
        self.base_url = base_url.rstrip("/")
        self.host, self.port = parts[0], int(parts[2] or 80)
        self.timeout = timeout
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []  # (..., idle since)

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return await self.request("GET", path, None, headers)

    async def post(self, path: str, json: Any = None, headers: dict[str, str] | None = None) -> Reply:
        return await self.request("POST", path, _dumps(json), headers)

    async def request(self, method: str, path: str, body: bytes | None, headers: dict[str, str] | None) -> Reply:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        head = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        try:
            reader, writer = await self._connection()
        except (OSError, TimeoutError) as error:
            raise TransportError(f"{method} {path}: cannot connect: {error}") from error
        try:
            writer.write(head + (body or b""))
            reply, keep = await asyncio.wait_for(self._read(reader), self.timeout)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
            writer.close()
            raise TransportError(f"{method} {path}: {type(error).__name__} {error}") from error
        if keep:
            self.idle.append((reader, writer, time.monotonic()))
        else:
            writer.close()
        return reply

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A kept-alive connection the server has not closed, else a new one. uvicorn closes a connection idle
        for 5 s: one idle for 4 s is not reused, as a browser would not (it would be a request lost in flight)."""
        while self.idle:
            reader, writer, since = self.idle.pop()
            if not reader.at_eof() and time.monotonic() - since < IDLE_SECONDS:
                return reader, writer
            writer.close()
        return await asyncio.wait_for(asyncio.open_connection(self.host, self.port), self.timeout)

    @staticmethod
    async def _read(reader: asyncio.StreamReader) -> tuple[Reply, bool]:
        status_line = await reader.readuntil(b"\r\n")
        status = int(status_line.split(b" ", 2)[1])
        fields: dict[bytes, bytes] = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            fields[name.strip().lower()] = value.strip()
        if fields.get(b"transfer-encoding", b"").lower() == b"chunked":
            body = bytearray()
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                body += await reader.readexactly(size + 2)
                del body[-2:]
            await reader.readuntil(b"\r\n")
        else:
            body = bytearray(await reader.readexactly(int(fields.get(b"content-length", b"0"))))
        return Reply(status, bytes(body)), fields.get(b"connection", b"").lower() != b"close"

    async def aclose(self) -> None:
        for _, writer, _ in self.idle:
            writer.close()
        self.idle.clear()


def _dumps(value: Any) -> bytes:
    return json.dumps(value).encode()


def choose(legal: list[str], rng: random.Random) -> str:
    """A scripted player's move: any legal action but a Tigris & Euphrates swap, whose text the record
    withholds until the end (the checks compare texts)."""
    open_texts = [text for text in legal if not text.startswith("swap")]
    return rng.choice(open_texts or legal)


@dataclass
class GameRun:
    """One game driven by the load: what the server acknowledged and how long each acceptance took."""

    game: str
    seats: list[str]
    id: str = ""
    tokens: list[str | None] = field(default_factory=list)
    accepted: list[tuple[int, int, str]] = field(default_factory=list)  # (version it was accepted at, seat, text)
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    final_version: int = -1
    over: bool = False
    ws_url: str = ""  # the server whose pushes this game's scripted seat follows
    retries: int = 0  # actions sent twice because the connection broke (see _post)

    @property
    def has_bot(self) -> bool:
        return any(player != "human" for player in self.seats)


@dataclass
class LoadReport:
    runs: list[GameRun]
    seconds: float
    server_cpu: float = 0.0  # CPU seconds the server processes used while the clients played (if their pids known)
    driver_cpu: float = 0.0  # CPU seconds this driver used meanwhile
    machine_busy: float = 0.0  # the share of the machine's cores busy meanwhile (0-1), whoever used them
    server_wait: float = 0.0  # seconds the servers' threads were ready to run but had no core meanwhile
    per_server_cpu: list[float] = field(default_factory=list)  # each server process's share of ``server_cpu``

    @property
    def latencies(self) -> list[float]:
        return sorted(value for run in self.runs for value in run.latencies)

    @property
    def errors(self) -> list[str]:
        return [f"{run.game} {run.id}: {error}" for run in self.runs for error in run.errors]

    @property
    def accepted(self) -> int:
        return sum(len(run.accepted) for run in self.runs)

    @property
    def retries(self) -> int:
        return sum(run.retries for run in self.runs)

    @property
    def finished(self) -> int:
        return sum(run.over for run in self.runs)

    def percentile(self, fraction: float) -> float:
        """The nearest-rank percentile of the acceptance latencies, in seconds (0 with no sample)."""
        values = self.latencies
        if not values:
            return 0.0
        rank = max(1, min(len(values), math.ceil(fraction * len(values))))
        return values[rank - 1]

    def summary(self) -> str:
        bots = sum(run.has_bot for run in self.runs)
        return (
            f"{len(self.runs)} games ({bots} with a bot, {self.finished} played to the end), "
            f"{len(self.runs) / max(self.seconds, 1e-9):.1f} games/s; "
            f"{self.accepted} scripted actions accepted in {self.seconds:.1f} s "
            f"({self.accepted / max(self.seconds, 1e-9):.0f}/s); accept latency "
            f"p50 {self.percentile(0.50) * 1000:.1f} ms, p95 {self.percentile(0.95) * 1000:.1f} ms, "
            f"p99 {self.percentile(0.99) * 1000:.1f} ms, max {self.percentile(1.0) * 1000:.1f} ms; "
            f"{self.retries} action(s) resent after a broken connection, {len(self.errors)} error(s)"
        ) + self.cpu_summary()

    def cpu_summary(self) -> str:
        """Where the CPU went: the servers' seconds per accepted action, the driver's, the machine's load."""
        if not self.server_cpu:
            return ""
        per_action = self.server_cpu / max(self.accepted, 1) * 1000
        each = ""
        if len(self.per_server_cpu) > 1:
            each = " = " + " + ".join(f"{cpu / max(self.accepted, 1) * 1000:.1f}" for cpu in self.per_server_cpu)
        return (f"; CPU: servers {self.server_cpu:.1f} s ({per_action:.1f}{each} ms per scripted action, bots' moves "
                f"included) and {self.server_wait:.1f} s waiting for a core, driver {self.driver_cpu:.1f} s, machine "
                f"{self.machine_busy:.0%} busy")

    def figures(self) -> dict[str, Any]:
        """The run's figures as numbers (``--json``): rates, latency percentiles in ms, CPU in s and ms/action."""
        accepted = max(self.accepted, 1)
        return {
            "games": len(self.runs), "finished": self.finished, "seconds": round(self.seconds, 3),
            "accepted": self.accepted, "actions_per_second": round(self.accepted / max(self.seconds, 1e-9), 2),
            "games_per_second": round(len(self.runs) / max(self.seconds, 1e-9), 3),
            **{f"p{int(q * 100)}_ms": round(self.percentile(q) * 1000, 1) for q in (0.5, 0.95, 0.99, 1.0)},
            "server_cpu": round(self.server_cpu, 2),
            "server_ms_per_action": round(self.server_cpu / accepted * 1000, 2),
            "per_server_ms_per_action": [round(cpu / accepted * 1000, 2) for cpu in self.per_server_cpu],
            "server_wait": round(self.server_wait, 2), "driver_cpu": round(self.driver_cpu, 2),
            "machine_busy": round(self.machine_busy, 3), "errors": len(self.errors), "retries": self.retries,
        }  # fmt: skip


async def _create(http: Http, run: GameRun, seed: int) -> None:
    # The load plays every human seat itself, so a chosen seed makes these practice games (docs/server.md).
    body = {"game": run.game, "players": 2, "seats": run.seats, "seed": seed, "practice": True}
    response = await http.post("/api/games", json=body)
    response.raise_for_status()
    created = response.json()
    for seat in created["seats"]:
        if seat.get("invite"):
            claimed = await http.post(f"/api/games/{created['id']}/claim", json={"invite": seat["invite"]})
            claimed.raise_for_status()
            seat["token"] = claimed.json()["token"]
    run.tokens = [seat["token"] for seat in created["seats"]]
    run.id = created["id"]  # only once every seat is held: a run with an id can be verified


async def _post(
    http: Http, run: GameRun, seat: int, version: int, text: str, log: int | None = None
) -> dict[str, Any] | None:
    """Play one action and time it; ``None`` (with the error noted) if the server refused it.

    A broken connection (typically a kept-alive connection the server closed just as it was reused) leaves
    the action stored or not: it is sent once more, unchanged, as docs/server.md tells clients to. A 409
    then means the first attempt was stored, which the record confirms; the retry is counted.
    """
    path = f"/api/games/{run.id}/actions"
    move: dict[str, Any] = {"token": run.tokens[seat], "version": version, "action": text}  # the body's token
    if log is not None:
        move["log"] = log  # the log entries held: the answer carries only the new ones, as for the game page
    began = time.perf_counter()
    try:
        response = await http.post(path, json=move)
    except TransportError:
        run.retries += 1
        response = await http.post(path, json=move)
        if response.status_code == 409 and await _stored_at(http, run, version, seat, text):
            run.latencies.append(time.perf_counter() - began)
            run.accepted.append((version, seat, text))
            return await _state(http, run, seat)
    elapsed = time.perf_counter() - began
    if response.status_code != 200:
        run.errors.append(f"{text!r} at version {version}: {response.status_code} {response.text[:200]}")
        return None
    run.latencies.append(elapsed)
    run.accepted.append((version, seat, text))
    body: dict[str, Any] = response.json()
    return body


async def _stored_at(http: Http, run: GameRun, version: int, seat: int, text: str) -> bool:
    actions = (await _get(http, f"/api/games/{run.id}/record"))["actions"]
    return version < len(actions) and actions[version][0] == seat and actions[version][1] in (text, None)


async def _get(http: Http, path: str, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """A read, tried twice: reading twice changes nothing, so a broken kept-alive connection is no error."""
    try:
        response = await http.get(path, headers=headers)
    except TransportError:
        response = await http.get(path, headers=headers)
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


async def _state(http: Http, run: GameRun, seat: int) -> dict[str, Any]:
    token = run.tokens[seat]
    return await _get(http, f"/api/games/{run.id}", headers={"Authorization": f"Bearer {token}"} if token else None)


async def _play_both_seats(
    http: Http, run: GameRun, moves: int, rng: random.Random, _wait: float, think: float
) -> None:
    """One scripted client holds every seat: it acts for whoever is to act, asking for that seat's view."""
    latest = await _state(http, run, 0)
    while len(run.accepted) < moves and not latest["over"]:
        seat = latest["to_act"][0]
        if latest["seat"] != seat:
            latest = await _state(http, run, seat)
        answer = await _post(http, run, seat, latest["version"], choose(latest["legal_actions"], rng))
        if answer is None:
            return
        latest = answer
        if think > 0:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    run.final_version, run.over = latest["version"], latest["over"]


async def _play_against_bot(
    http: Http, run: GameRun, moves: int, rng: random.Random, wait: float, think: float
) -> None:
    """The scripted seat follows the game on its WebSocket (as the game page does) and acts on its turn."""
    from websockets.asyncio.client import connect

    seat = next(index for index, token in enumerate(run.tokens) if token is not None)
    base = run.ws_url or http.base_url.replace("http", "ws", 1)
    address = f"{base}/ws/games/{run.id}?log=delta"  # log deltas, as the game page asks for
    async with connect(address, open_timeout=wait, close_timeout=2, max_size=2**22) as socket_:
        await socket_.send(json.dumps({"token": run.tokens[seat]}))  # the first message opens the seat

        async def newer(than: dict[str, Any] | None) -> dict[str, Any]:
            while True:
                try:
                    pushed: dict[str, Any] = json.loads(await asyncio.wait_for(socket_.recv(), wait))
                except TimeoutError:
                    held = "nothing" if than is None else f"version {than['version']}, to act {than['to_act']}"
                    raise TimeoutError(f"no push in {wait:g} s on {base} (the client held {held})") from None
                if pushed["seat"] is None:
                    continue  # the greeting before the token was read
                if than is None or pushed["version"] >= than["version"]:
                    return pushed

        latest = await newer(None)
        while len(run.accepted) < moves:
            while seat not in latest["to_act"] and not latest["over"]:
                latest = await newer(latest)  # the bot is thinking: the push after its move wakes us
            if latest["over"]:
                break
            held = latest["log_from"] + len(latest["log"])  # pushes and answers: the entries held at this version
            answer = await _post(http, run, seat, latest["version"], choose(latest["legal_actions"], rng), held)
            if answer is None:
                return
            if answer["version"] >= latest["version"]:
                latest = answer
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        run.final_version, run.over = latest["version"], latest["over"]


async def _player(
    http: Http, kind: tuple[str, list[str]], moves: int, seed: int, wait: float, think: float,
    ws_url: str = "",
) -> list[GameRun]:
    """One client's ``moves`` scripted actions, in as many games of one kind as that takes: some games end
    sooner than a long run's move count, so the client starts the next one (a new game every time, bounded)."""
    rng = random.Random(seed)
    runs: list[GameRun] = []
    if think > 0:  # people arrive over one thinking time, not all in the same instant
        await asyncio.sleep(rng.uniform(0, think))
    while sum(len(run.accepted) for run in runs) < moves and len(runs) <= moves:
        run = GameRun(kind[0], list(kind[1]), ws_url=ws_url)
        runs.append(run)
        try:
            await _create(http, run, seed + len(runs))
            play = _play_against_bot if run.has_bot else _play_both_seats
            await play(http, run, moves - sum(len(done.accepted) for done in runs[:-1]), rng, wait, think)
        except TransportError as error:  # this client's failure is reported, the others go on
            run.errors.append(f"TransportError: {error}")
        except Exception as error:
            run.errors.append(f"{type(error).__name__}: {error}")
        if run.errors or not run.over:
            break
    return runs


async def _verify(http: Http, run: GameRun) -> None:
    """Every acknowledged action is in the record at the version it was accepted at; nothing is extra."""
    actions = (await _get(http, f"/api/games/{run.id}/record"))["actions"]
    for version, seat, text in run.accepted:
        # Until the end the record withholds texts that could name hidden things (null): then the seat must match.
        found = actions[version] if version < len(actions) else None
        if found is None or found[0] != seat or found[1] not in (text, None):
            run.errors.append(f"acknowledged {text!r} (seat {seat}, version {version}) is not in the record")
    if not run.has_bot and len(actions) != len(run.accepted):
        run.errors.append(f"the record has {len(actions)} actions, the client had {len(run.accepted)} accepted")
    state = await _state(http, run, 0 if run.tokens[0] else 1)
    if state.get("bot_error"):
        run.errors.append(f"bot error: {state['bot_error']}")


async def run_load(
    url: str | list[str], games: int, moves: int, seed: int = 1, wait: float = 60.0, think: float = 0.0,
    pids: list[int] | None = None, push: str = "next",
) -> LoadReport:
    """``games`` clients at once, each in its own game, play ``moves`` scripted actions each, then verify.

    ``url`` is one server or several on one database: client i talks to server i mod N (every request of its
    games to that one process, as a client of one base URL behind a proxy that routes by game would) and follows
    its pushes there (``push`` "same") or, with several, on the next server ("next": every push crosses processes).
    A client starts within ``think`` seconds and waits 0.5-1.5 ``think``
    after each action (0: as fast as the servers answer, which measures them saturated). Every wait is bounded
    by ``wait`` seconds (HTTP timeouts, WebSocket reads), so a stuck server fails the run instead of hanging it.
    ``pids``: the server processes, whose CPU time while the clients play is reported.
    """
    urls = [url] if isinstance(url, str) else list(url)
    clients = [Http(base, timeout=wait) for base in urls]
    sockets = [base.replace("http", "ws", 1) for base in urls]
    try:
        began = time.perf_counter()
        cpu_before = [process_cpu(pid) for pid in pids or []], time.process_time(), machine_cpu()
        wait_before = sum(process_wait(pid) for pid in pids or [])
        players = [
            _player(clients[index % len(urls)], MIX[index % len(MIX)], moves, seed * 100_003 + index * 1_009, wait,
                    think, ws_url=sockets[(index + (1 if push == "next" else 0)) % len(urls)])
            for index in range(games)
        ]
        runs = [run for played in await asyncio.gather(*players) for run in played]
        seconds = time.perf_counter() - began
        per_server = [process_cpu(pid) - before for pid, before in zip(pids or [], cpu_before[0], strict=True)]
        server_cpu = sum(per_server)
        driver_cpu = time.process_time() - cpu_before[1]
        server_wait = sum(process_wait(pid) for pid in pids or []) - wait_before
        (busy_before, total_before), (busy, total) = cpu_before[2], machine_cpu()
        machine_busy = (busy - busy_before) / max(total - total_before, 1e-9)
        await asyncio.sleep(1.0 if len(urls) > 1 else 0.0)  # the last pushes reach every process
        for run in runs:
            if run.id:
                await _verify(clients[0], run)
    finally:
        for client in clients:
            await client.aclose()
    return LoadReport(runs, seconds, server_cpu, driver_cpu, machine_busy, server_wait, per_server)


def verify_stored(database: Path | str, runs: list[GameRun]) -> list[str]:
    """After the server stopped: each game's entries are numbered 0..n-1, hold every acknowledged action at
    its version, and (without a bot) nothing else."""
    entries = stored_entries(database)
    problems = []
    for run in (run for run in runs if run.id):
        rows = entries.get(run.id, [])
        if [row[0] for row in rows] != list(range(len(rows))):
            problems.append(f"game {run.id}: entry numbers are not 0..{len(rows) - 1}")
            continue
        for version, seat, text in run.accepted:
            if version >= len(rows) or rows[version][1:] != ("action", seat, text):
                problems.append(f"game {run.id}: acknowledged {text!r} is not stored as entry {version}")
        if not run.has_bot and len(rows) != len(run.accepted):
            problems.append(f"game {run.id}: {len(rows)} entries stored, {len(run.accepted)} acknowledged")
        if run.final_version >= 0 and len(rows) < run.final_version:
            problems.append(f"game {run.id}: {len(rows)} entries stored, the client saw version {run.final_version}")
    return problems


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="concurrent games")
    parser.add_argument("--moves", type=int, default=40, help="scripted actions per game")
    parser.add_argument("--bot-delay", type=float, default=0.01, help="the server's pause before each bot move")
    parser.add_argument("--think", type=float, default=0.0, help="each client's pause after its actions (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0, help="give up on the whole run after this")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the one database")
    parser.add_argument("--database", default=None, help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--push", choices=("next", "same"), default="next",
                        help="where a client with a bot seat follows its game's pushes: the next server (every push "
                             "crosses processes) or the one it sends its requests to")
    parser.add_argument("--workers", type=int, default=0,
                        help="bot workers (`ludoteca worker`): with any, the servers run with --no-bots and the "
                             "workers move every bot; their CPU is counted with the servers'")
    parser.add_argument("--json", type=Path, default=None, help="also write the run's figures to this file")
    parser.add_argument("--profile", type=Path, default=None,
                        help="a folder: each server runs under cProfile and writes server<i>.prof there")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ludoteca-load-") as folder:
        database: Path | str = args.database or Path(folder) / "games.sqlite3"
        servers = [
            ServerProcess(database, Path(folder) / f"server{i}.log", bot_delay=args.bot_delay,
                          env={"LUDOTECA_RATE_LIMIT": "off", "LUDOTECA_SOCKETS_PER_ADDRESS": "off"},
                          profile=args.profile / f"server{i}.prof" if args.profile else None,
                          extra=["--no-bots"] if args.workers else [])
            for i in range(args.servers)
        ]  # fmt: skip
        workers = [WorkerProcess(database, Path(folder) / f"worker{i}.log") for i in range(args.workers)]
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
        for server in [*servers, *workers]:
            server.start()
        try:
            pids = [server.process.pid for server in [*servers, *workers] if server.process is not None]
            load = run_load([server.url for server in servers], args.games, args.moves, args.seed, think=args.think,
                            pids=pids, push=args.push)
            report = asyncio.run(asyncio.wait_for(load, args.timeout))
        finally:
            for server in [*servers, *workers]:
                server.stop()
        problems = report.errors + verify_stored(database, report.runs)
        if args.json:
            setting = {"servers": args.servers, "workers": args.workers,
                       "database": "postgresql" if args.database else "sqlite",
                       "games_wanted": args.games, "moves": args.moves, "think": args.think, "push": args.push,
                       "problems": len(problems), "load_average": os.getloadavg()[0]}
            args.json.write_text(json.dumps({**setting, **report.figures()}, indent=1) + "\n")
        helpers = f" and {args.workers} bot worker(s)" if args.workers else ""
        print(f"{args.servers} server process(es){helpers} on {'PostgreSQL' if args.database else 'SQLite'}: "
              + report.summary(), file=out)
        for problem in problems[:20]:
            print("  " + problem, file=out)
        crashed = [server for server in [*servers, *workers] if "Traceback" in server.log.read_text(errors="replace")]
        if problems or crashed:
            for server in crashed or servers[:1]:
                print("a server's log ends with:\n" + server.log_tail(), file=out)
            return 1
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
