"""The FastAPI application: the HTTP API, the WebSocket, and the pages of the web client.

Routes (other tools depend on the first five; see docs/server.md):

* ``POST /api/games`` — create a game; ``GET /api/games`` — the lobby's list;
* ``GET /api/games/{id}`` with ``Authorization: Bearer T`` — a seat's state (no token: the spectator's);
* ``POST /api/games/{id}/claim`` — take a seat with its invitation: the seat's token, once;
* ``POST /api/games/{id}/seats/{seat}/take`` — take a seat open to anyone: its token, once;
* ``POST /api/games/{id}/chat`` — a seat says something to the table; ``WS /ws/games/{id}/chat`` — the chat;
* ``POST /api/games/{id}/actions`` — play; ``POST /api/games/{id}/undo`` — take back one's last action;
* ``GET /api/games/{id}/record`` — the record (whole once the game is over);
* ``GET /api/games/{id}/replay?step=N&seat=S`` — a finished game after N actions;
* ``GET /api/catalog`` — the games and bots the lobby offers;
* ``WS /ws/games/{id}`` — the spectator's state, or a seat's once its first message names the token;
* ``/``, ``/play/{id}#token=T``, ``/join/{id}#invite=I``, ``/replay/{id}`` — the pages.

Tokens travel in the ``Authorization`` header (or a JSON body, or the socket's first message), never in
a URL the server sees: the pages keep them in the fragment, which browsers do not send. A ``?token=``
query is still read for older clients, and redacted from the access log (``transport.py``).

Every refusal is JSON ``{"detail": reason}``: 400 for bad input or an illegal move, 403 for a wrong
token, 404 for an unknown game, 409 for a move out of turn or from a stale version, 413 for a body over
the size limit and 429 for a client over the rate limit (``limits.py``; docs/server.md, Faults and limits).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictBool, StrictInt

from ludoteca.server import games as hooks
from ludoteca.server.cluster import follow
from ludoteca.server.hub import CHAT, TOO_MANY, Hub, TooManySockets
from ludoteca.server.limits import BodyLimit, Limits, RateLimit
from ludoteca.server.service import FIRST_HUMAN, FORGET_SECONDS, SERVE_SECONDS, ApiError, GameService, Room
from ludoteca.server.storage import Storage, default_database_url

LIST_LIMIT = 50
"""Games per page of the lobby's list, unless the request asks for fewer (at most ``LIST_MAX``)."""
LIST_MAX = 200

STATIC = hooks.STATIC


class NewGame(BaseModel):
    """A lobby request: which game, how many players, its options, and who sits at each seat."""

    game: str = Field(description="a game id, e.g. 'tigris-euphrates' (see GET /api/catalog)")
    players: StrictInt | None = Field(None, description="number of players (default: the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options by name")
    seats: list[str] | None = Field(None, description="'human' or a bot spec ('random', 'heuristic', 'ismcts:...')")
    seed: StrictInt | None = Field(None, description="the game's seed (default: 128 secret bits); with more "
                                   "than one human seat only in a practice game")
    me: StrictInt | None = Field(None, description="the creator's own seat, whose token the answer carries "
                                 "(default: the first human seat; null: none)")
    practice: StrictBool = Field(False, description="a practice game: a chosen seed is allowed, and it says so")
    name: str | None = Field(None, description="the creator's name (1-24 characters, public)")
    open_seats: StrictBool = Field(False, alias="open", description="every other human seat is open to anyone, "
                                   "who takes it without an invitation (friendly games: see docs/server.md)")


class Claim(BaseModel):
    """Take the seat an invitation names."""

    invite: str
    name: str | None = Field(None, description="the name of the person taking the seat (1-24 characters, public)")


class Take(BaseModel):
    """Take a seat open to anyone."""

    name: str = Field(description="the name of the person taking the seat (1-24 characters, public)")


class Say(BaseModel):
    """A chat message from the seat the token opens."""

    token: str | None = Field(None, description="the seat's token, if not sent as 'Authorization: Bearer'")
    text: str = Field(description="1-500 characters; newlines allowed, no other control characters")


class Move(BaseModel):
    """An action by the seat the token opens, against the version the client last saw."""

    token: str | None = Field(None, description="the seat's token, if not sent as 'Authorization: Bearer'")
    version: StrictInt
    action: str
    log: StrictInt | None = Field(None, description="how many log entries the client holds at 'version': the "
                                  "answer's log then carries only the entries after them (a delta; see log_from)")


class TakeBack(BaseModel):
    """Undo the seat's own last action."""

    token: str | None = Field(None, description="the seat's token, if not sent as 'Authorization: Bearer'")
    version: StrictInt


def token_of(request: Request | WebSocket, given: str | None = None) -> str | None:
    """The caller's token: the ``Authorization: Bearer`` header, else the body's field, else the query's."""
    header = request.headers.get("authorization", "")
    scheme, _, credentials = header.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    if given is not None:
        return given
    return request.query_params.get("token")


def check_public_url(url: str) -> str:
    """The address people reach this server at (``ludoteca serve --public-url``), without a trailing slash;
    a ``ValueError`` that says why for anything but an http(s) URL with a host and no query or fragment."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError as error:
        raise ValueError(f"--public-url {url!r} is not a URL: {error}") from None
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"--public-url {url!r} must start with http:// or https://")
    if not parts.hostname:
        raise ValueError(f"--public-url {url!r} names no host")
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise ValueError(f"--public-url {url!r} must not have a query (?) or a fragment (#)")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"--public-url {url!r} must not carry a user name or password")
    return url.strip().rstrip("/")


def create_app(
    database: str | None = None,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    expire_days: float = 30.0,
    bots: bool = True,
    poll_seconds: float | None = None,
    public_url: str | None = None,
    serve_seconds: float = SERVE_SECONDS,
    forget_seconds: float = FORGET_SECONDS,
) -> FastAPI:
    """The application on ``database`` (any SQLAlchemy URL; default SQLite in the user's data directory).

    ``bot_delay`` is the pause in seconds before each bot move, so people can follow; with 0 the bots
    answer before the request that woke them returns, which makes tests deterministic. ``limits`` caps
    request bodies and each client's request rate (default: ``LUDOTECA_MAX_BODY`` and
    ``LUDOTECA_RATE_LIMIT`` from the environment, else 64 KiB and 300 requests per 10 s). A game unchanged
    for ``expire_days`` days is ended as expired, at start-up and every hour (0: never). ``bots`` False
    leaves bot moves to ``ludoteca worker`` processes. Other processes on the same database are followed
    (``cluster.py``; ``poll_seconds`` overrides how often the database is polled; a game is kept in step while a
    socket here follows it or a request used it in the last ``serve_seconds``, and dropped from memory after
    ``forget_seconds`` without either: docs/scaling.md, The lazy follower). ``public_url`` starts
    every link the API hands out (seats, invitations, spectators); without it, the request's own scheme and
    host do.
    """
    public = check_public_url(public_url) if public_url is not None else None
    limits = limits if limits is not None else Limits.from_env()
    hub = Hub(per_address=limits.sockets_per_address or 2**31)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(database or default_database_url())
        service = GameService(storage, bot_delay, drive=bots, serve_seconds=serve_seconds,
                              forget_seconds=forget_seconds)
        service.watched = hub.watching
        service.restore()

        async def push(room: Room) -> None:
            await hub.push(room.id, lambda seat, log_from, log_base: service.payload(room, seat, log_from, log_base),
                           room.log_epoch)

        async def chat(game_id: str, message: dict[str, Any]) -> None:
            hub.chat(game_id, message)

        service.listeners.append(push)
        service.chat_listeners.append(chat)
        app.state.service = service
        await service.start_bots()
        sweeper = asyncio.get_running_loop().create_task(_expire_forever(service, expire_days))
        follower = follow(service, poll_seconds=poll_seconds)
        try:
            yield
        finally:
            await follower.stop()
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await service.stop_bots()
            service.pools.close()
            storage.close()

    app = FastAPI(
        title="Ludoteca",
        summary="Play Ludoteca's games in the browser: an authoritative server with seats, bots and replays.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.limits = limits
    # The last one added runs first: a flood is turned away before its bodies are even read.
    app.add_middleware(BodyLimit, max_body=limits.max_body, body_seconds=limits.body_seconds)
    app.add_middleware(RateLimit, requests=limits.rate_requests, seconds=limits.rate_seconds)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def service_of(request: Request | WebSocket) -> GameService:
        service: GameService = request.app.state.service
        return service

    def base_of(request: Request) -> str:
        """Where links point: ``--public-url``, else the scheme and host this request came to."""
        return public or str(request.base_url).rstrip("/")

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"detail": error.reason}, status_code=error.status, headers=error.headers or None)

    @app.exception_handler(RequestValidationError)
    async def bad_input(_request: Request, error: RequestValidationError) -> JSONResponse:
        reasons = []
        for problem in error.errors():
            where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body") or "the request"
            reasons.append(f"{where}: {problem.get('msg', 'is invalid')}")
        return JSONResponse({"detail": "; ".join(reasons) or "bad request"}, status_code=400)

    # ------------------------------------------------------------------ API
    @app.get("/api/catalog", tags=["lobby"])
    async def catalog(request: Request) -> dict[str, Any]:
        """The games the lobby can start (player counts, options, drawing) and the bots that can play."""
        return service_of(request).catalog()

    @app.get("/api/games", tags=["lobby"])
    async def list_games(
        request: Request,
        limit: int = Query(LIST_LIMIT, ge=1, le=LIST_MAX, description="games per page"),
        offset: int = Query(0, ge=0, description="games to skip (newest first)"),
        open_seats: bool = Query(False, alias="open", description="only games with a seat nobody has taken"),
        joinable: bool = Query(False, description="only games with a seat open to anyone that nobody has taken"),
    ) -> dict[str, Any]:
        """The games on this server, newest first, a page at a time: in progress and finished (no tokens). Read
        from the database, so every process lists every game, whichever process serves it."""
        return service_of(request).lobby(limit, offset, open_seats, joinable)

    @app.post("/api/games", tags=["lobby"])
    async def create_game(request: Request, body: NewGame) -> dict[str, Any]:
        """Start a game; returns its id, the creator's seat with its token, an invitation for every other
        human seat, and the spectator's URL (see docs/server.md, Security)."""
        service = service_of(request)
        me = body.me if "me" in body.model_fields_set else FIRST_HUMAN
        room, handed = service.create(body.game, body.players, body.options, body.seats, body.seed, me, body.practice,
                                      body.name, body.open_seats)
        base = base_of(request)
        seats = []
        for seat, info in enumerate(room.seats):
            entry: dict[str, Any] = {"seat": seat, "player": info.player, "token": None, "url": None}
            if info.open:  # anyone may take it: a link to the page that asks their name
                entry["open"] = True
                entry["url"] = f"{base}/join/{room.id}#seat={seat}"
            elif seat in handed and info.token_sha256 is not None:
                entry["token"] = handed[seat]
                entry["url"] = f"{base}/play/{room.id}#token={handed[seat]}"
            elif seat in handed:
                entry["invite"] = handed[seat]
                entry["url"] = f"{base}/join/{room.id}#invite={handed[seat]}"
            seats.append(entry)
        response = {"id": room.id, "seats": seats, "spectator_url": f"{base}/play/{room.id}",
                    "practice": room.stored.practice}
        await service.notify(room)
        if service.bot_delay <= 0:
            await service.drive_bots(room)
        else:
            service.wake_bots(room)
        return response

    @app.post("/api/games/{game_id}/claim", tags=["lobby"])
    async def claim_seat(request: Request, game_id: str, body: Claim) -> dict[str, Any]:
        """Take the seat an invitation names: its token, answered once (409 once the invitation is used)."""
        service = service_of(request)
        room = service.room(game_id)
        seat, token = await service.claim(room, body.invite, body.name)
        await service.notify(room)
        return {"seat": seat, "token": token, "url": f"{base_of(request)}/play/{room.id}#token={token}",
                "name": room.seats[seat].name}

    @app.post("/api/games/{game_id}/seats/{seat}/take", tags=["lobby"])
    async def take_seat(request: Request, game_id: str, seat: int, body: Take) -> dict[str, Any]:
        """Take a seat open to anyone, under a name: its token, answered once (409 once taken, 403 for a seat
        that is not open)."""
        service = service_of(request)
        room = service.room(game_id)
        seat, token = await service.take(room, seat, body.name)
        await service.notify(room)
        return {"seat": seat, "token": token, "url": f"{base_of(request)}/play/{room.id}#token={token}",
                "name": room.seats[seat].name}
    @app.get("/api/games/{game_id}", tags=["play"])
    async def get_game(request: Request, game_id: str) -> dict[str, Any]:
        """The state as the token's seat sees it (no token: a spectator), with the board's static data."""
        service = service_of(request)
        room = service.room(game_id)
        seat = service.seat_of(room, token_of(request))
        payload = service.payload(room, seat)
        payload["static"] = hooks.static_data(room.game_id, dict(room.state.game.options))
        payload["chat"] = service.chat(room)
        return payload

    @app.post("/api/games/{game_id}/chat", tags=["play"])
    async def post_chat(request: Request, game_id: str, body: Say) -> dict[str, Any]:
        """Say something to the table (a seat's token; at most 5 messages in 10 s): the stored message, which
        every socket of ``/ws/games/{id}/chat`` receives."""
        service = service_of(request)
        room = service.room(game_id)
        return await service.post_chat(room, token_of(request, body.token), body.text)

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    async def post_action(request: Request, game_id: str, body: Move) -> dict[str, Any]:
        """Play one action; answers with the seat's new state (after any bot replies when bots do not pause)."""
        service = service_of(request)
        room = service.room(game_id)
        seat = await service.act(room, token_of(request, body.token), body.version, body.action)
        return service.payload(room, seat, body.log, body.version if body.log is not None else None)

    async def seat_change(request: Request, game_id: str, body: TakeBack, change: str) -> dict[str, Any]:
        """Undo, resign or abandon: the same checks (token, version), then the seat's new state."""
        service = service_of(request)
        room = service.room(game_id)
        seat = await getattr(service, change)(room, token_of(request, body.token), body.version)
        return service.payload(room, seat)

    @app.post("/api/games/{game_id}/undo", tags=["play"])
    async def post_undo(request: Request, game_id: str, body: TakeBack) -> dict[str, Any]:
        """Take back one's own last action while it revealed nothing (see docs/server.md, Undo)."""
        return await seat_change(request, game_id, body, "undo")

    @app.post("/api/games/{game_id}/resign", tags=["play"])
    async def post_resign(request: Request, game_id: str, body: TakeBack) -> dict[str, Any]:
        """Give up one's seat: with two players the other wins; with more, a bot plays the seat to the end."""
        return await seat_change(request, game_id, body, "resign")

    @app.post("/api/games/{game_id}/abandon", tags=["play"])
    async def post_abandon(request: Request, game_id: str, body: TakeBack) -> dict[str, Any]:
        """Close a game in which no other person plays, with no result (its record is kept)."""
        return await seat_change(request, game_id, body, "abandon")

    @app.get("/api/games/{game_id}/record", tags=["play"])
    async def get_record(request: Request, game_id: str) -> dict[str, Any]:
        """The game record: complete (replayable with ``ludoteca replay``) once the game is over; before that,
        the spectator's part without the seed or hidden action texts, whoever asks."""
        service = service_of(request)
        room = service.room(game_id)
        service.seat_of(room, token_of(request))  # a wrong token is refused even here
        return service.record(room)

    @app.get("/api/games/{game_id}/replay", tags=["replay"])
    async def get_replay(
        request: Request,
        game_id: str,
        step: int = Query(0, description="how many actions to replay"),
        seat: int | None = Query(None, description="whose eyes to see through (default: a spectator's)"),
    ) -> dict[str, Any]:
        """A finished game as it stood after ``step`` actions."""
        service = service_of(request)
        room = service.room(game_id)
        return await asyncio.to_thread(service.replay_step, room, step, seat)

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(socket: WebSocket, game_id: str) -> None:
        """Push the state now and after every change: the spectator's until a message ``{"token": T}`` opens
        a seat (or the ``Authorization`` header did). With ``?log=delta`` every message after the first carries
        only the log entries its predecessor did not (``log_from``, ``log_base``; the whole log when it shrank).
        Closes 4404/4403 for an unknown game or token, 4400 for a message that is not such JSON text, 4429 past
        the connection caps."""
        service = service_of(socket)
        try:
            room = service.room(game_id)
            seat = service.seat_of(room, token_of(socket))
        except ApiError as error:
            await socket.close(code=4000 + error.status, reason=error.reason)
            return
        await socket.accept()
        address = socket.client.host if socket.client else ""
        try:  # ?log=delta: after the first message, each carries only the log entries the client lacks
            watcher = hub.join(game_id, socket, seat, address, delta=socket.query_params.get("log") == "delta")
        except TooManySockets as error:
            await socket.close(code=TOO_MANY, reason=str(error))
            return
        try:
            hub.send(watcher, service.payload(room, seat))
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                said = _socket_message(message)
                if isinstance(said, ApiError):
                    await socket.close(code=4000 + said.status, reason=said.reason)
                    break
                try:
                    watcher.seat = service.seat_of(room, said)
                except ApiError as error:
                    await socket.close(code=4000 + error.status, reason=error.reason)
                    break
                hub.send(watcher, service.payload(room, watcher.seat))
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(watcher)

    @app.websocket("/ws/games/{game_id}/chat")
    async def chat_socket(socket: WebSocket, game_id: str) -> None:
        """The table chat, public: ``{"type": "chat", "messages": [...]}`` (the last 100) at once, then
        ``{"type": "chat", "message": {...}}`` for each new one. Nothing is read from the client."""
        service = service_of(socket)
        try:
            room = service.room(game_id)
        except ApiError as error:
            await socket.close(code=4000 + error.status, reason=error.reason)
            return
        await socket.accept()
        address = socket.client.host if socket.client else ""
        try:
            watcher = hub.join(game_id, socket, None, address, kind=CHAT)
        except TooManySockets as error:
            await socket.close(code=TOO_MANY, reason=str(error))
            return
        try:
            hub.send(watcher, {"type": "chat", "messages": service.chat(room)})
            while (await socket.receive())["type"] != "websocket.disconnect":
                pass  # a chat socket only listens: messages are posted with a seat's token
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(watcher)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        """The page's service worker (turn notifications), served from the root: a worker's scope is the folder
        of its URL, so under /static/ it could not reach /play/ pages; ``Service-Worker-Allowed`` says the same."""
        worker = STATIC / "sw.js"
        if not worker.is_file():
            raise ApiError(404, "this server has no service worker")
        headers = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}
        return FileResponse(worker, media_type="application/javascript", headers=headers)

    def page(request: Request, game_id: str, name: str) -> FileResponse:
        """A game's page; for an unknown game the same page with status 404, which says so in words."""
        known = service_of(request).known(game_id)
        return FileResponse(STATIC / name, status_code=200 if known else 404)

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(request: Request, game_id: str) -> FileResponse:
        return page(request, game_id, "game.html")

    @app.get("/join/{game_id}", include_in_schema=False)
    async def join_page(request: Request, game_id: str) -> FileResponse:
        return page(request, game_id, "join.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(request: Request, game_id: str) -> FileResponse:
        return page(request, game_id, "replay.html")

    return app


async def _expire_forever(service: GameService, days: float) -> None:
    """End games unchanged for ``days`` days, now and every hour after."""
    if days <= 0:
        return
    while True:
        await service.expire(days)
        await asyncio.sleep(3600)


def _socket_message(message: Mapping[str, Any]) -> str | ApiError | None:
    """The token a client's socket message names (``None``: back to watching), or why it is refused."""
    text = message.get("text")
    if text is None:
        return ApiError(400, "only JSON text messages {\"token\": ...} are read on this socket, not binary frames")
    try:
        data = json.loads(text)
    except ValueError:
        return ApiError(400, "a socket message must be JSON: {\"token\": ...}")
    if not isinstance(data, dict) or set(data) != {"token"} or not isinstance(data["token"], str | None):
        return ApiError(400, "a socket message must be {\"token\": \"<your seat's token>\"} (or null)")
    token: str | None = data["token"]
    return token


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, bot_delay: float = 0.6,
          forwarded_allow_ips: str | None = None, expire_days: float = 30.0, bots: bool = True,
          public_url: str | None = None) -> None:
    """Run the server with uvicorn until interrupted (what ``ludoteca serve`` calls).

    ``forwarded_allow_ips``: the proxies whose ``X-Forwarded-For`` is believed (none by default; see
    ``transport.py``). ``public_url``: where people reach the server, for the links it hands out.
    """
    import uvicorn

    from ludoteca.server.transport import server_config

    app = create_app(database, bot_delay, expire_days=expire_days, bots=bots, public_url=public_url)
    limits: Limits = app.state.limits
    # Clients only send a token on the WebSocket: a message as large as the body limit is already generous.
    ws_max_size = limits.max_body if limits.max_body > 0 else 16 * 1024 * 1024
    uvicorn.Server(server_config(app, host, port, forwarded_allow_ips=forwarded_allow_ips,
                                 ws_max_size=ws_max_size)).run()


def work(database: str | None = None, stop: asyncio.Event | None = None) -> None:
    """Move bots of every game on ``database`` until interrupted (what ``ludoteca worker`` runs).

    A worker is a server without HTTP: it follows no game but those whose bot move it is making. It learns of a
    move to make from the change's note (PostgreSQL) or its poll (``Storage.waiting_bots``), reads that game and
    takes the move by its lease, so any number of workers (and servers) share the bots, and a killed worker's
    move is taken up by another once its lease runs out.
    """

    async def run() -> None:
        storage = Storage(database or default_database_url())
        service = GameService(storage, bot_delay=0.0)
        service.restore()
        follower = follow(service, eager=True)
        await service.start_bots()
        try:
            await (stop or asyncio.Event()).wait()
        finally:
            await follower.stop()
            await service.stop_bots()
            service.pools.close()
            storage.close()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run())
