"""The FastAPI application: the HTTP API, the WebSocket, and the pages of the web client.

Routes (other tools depend on the first five; see docs/server.md):

* ``POST /api/games`` — create a game; ``GET /api/games`` — the lobby's list;
* ``GET /api/games/{id}?token=T`` — a seat's state (no token: the spectator's);
* ``POST /api/games/{id}/actions`` — play; ``POST /api/games/{id}/undo`` — take back one's last action;
* ``GET /api/games/{id}/record`` — the record (whole once the game is over);
* ``GET /api/games/{id}/replay?step=N&seat=S`` — a finished game after N actions;
* ``GET /api/catalog`` — the games and bots the lobby offers;
* ``WS /ws/games/{id}?token=T`` — the seat's state, pushed after every change;
* ``/``, ``/play/{id}``, ``/replay/{id}`` — the lobby, the game page and the replay viewer.

Every refusal is JSON ``{"detail": reason}``: 400 for bad input or an illegal move, 403 for a wrong
token, 404 for an unknown game, 409 for a move out of turn or from a stale version, 413 for a body over
the size limit and 429 for a client over the rate limit (``limits.py``; docs/server.md, Faults and limits).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictInt

from ludoteca.server import games as hooks
from ludoteca.server.hub import Hub
from ludoteca.server.limits import BodyLimit, Limits, RateLimit
from ludoteca.server.service import ApiError, GameService, Room
from ludoteca.server.storage import Storage, default_database_url

STATIC = hooks.STATIC


class NewGame(BaseModel):
    """A lobby request: which game, how many players, its options, and who sits at each seat."""

    game: str = Field(description="a game id, e.g. 'tigris-euphrates' (see GET /api/catalog)")
    players: StrictInt | None = Field(None, description="number of players (default: the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options by name")
    seats: list[str] | None = Field(None, description="'human' or a bot spec ('random', 'heuristic', 'ismcts:...')")
    seed: StrictInt | None = Field(None, description="the game's seed (default: random)")


class Move(BaseModel):
    """An action by the seat the token opens, against the version the client last saw."""

    token: str
    version: StrictInt
    action: str


class TakeBack(BaseModel):
    """Undo the seat's own last action."""

    token: str
    version: StrictInt


def create_app(database: str | None = None, bot_delay: float = 0.6, limits: Limits | None = None) -> FastAPI:
    """The application on ``database`` (any SQLAlchemy URL; default SQLite in the user's data directory).

    ``bot_delay`` is the pause in seconds before each bot move, so people can follow; with 0 the bots
    answer before the request that woke them returns, which makes tests deterministic. ``limits`` caps
    request bodies and each client's request rate (default: ``LUDOTECA_MAX_BODY`` and
    ``LUDOTECA_RATE_LIMIT`` from the environment, else 64 KiB and 300 requests per 10 s).
    """
    hub = Hub()
    limits = limits if limits is not None else Limits.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(database or default_database_url())
        service = GameService(storage, bot_delay)
        service.restore()

        async def push(room: Room) -> None:
            await hub.push(room.id, lambda seat: service.payload(room, seat))

        service.listeners.append(push)
        app.state.service = service
        await service.start_bots()
        try:
            yield
        finally:
            await service.stop_bots()
            storage.close()

    app = FastAPI(
        title="Ludoteca",
        summary="Play Ludoteca's games in the browser: an authoritative server with seats, bots and replays.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.limits = limits
    # The last one added runs first: a flood is turned away before its bodies are even read.
    app.add_middleware(BodyLimit, max_body=limits.max_body)
    app.add_middleware(RateLimit, requests=limits.rate_requests, seconds=limits.rate_seconds)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def service_of(request: Request | WebSocket) -> GameService:
        service: GameService = request.app.state.service
        return service

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"detail": error.reason}, status_code=error.status)

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
    async def list_games(request: Request) -> dict[str, Any]:
        """Every game on this server, newest first: in progress and finished (no tokens)."""
        service = service_of(request)
        rooms = sorted(service.rooms.values(), key=lambda room: room.stored.created_at, reverse=True)
        return {"games": [service.summary(room) for room in rooms]}

    @app.post("/api/games", tags=["lobby"])
    async def create_game(request: Request, body: NewGame) -> dict[str, Any]:
        """Start a game; returns its id, each human seat's secret token and URL, and the spectator's URL."""
        service = service_of(request)
        room = service.create(body.game, body.players, body.options, body.seats, body.seed)
        base = str(request.base_url).rstrip("/")
        seats = [
            {
                "seat": seat,
                "player": info.player,
                "token": info.token,
                "url": f"{base}/play/{room.id}?token={info.token}" if info.token else None,
            }
            for seat, info in enumerate(room.seats)
        ]
        response = {"id": room.id, "seats": seats, "spectator_url": f"{base}/play/{room.id}"}
        await service.notify(room)
        if service.bot_delay <= 0:
            await service.drive_bots(room)
        else:
            service.wake_bots(room)
        return response

    @app.get("/api/games/{game_id}", tags=["play"])
    async def get_game(request: Request, game_id: str, token: str | None = None) -> dict[str, Any]:
        """The state as the token's seat sees it (no token: a spectator), with the board's static data."""
        service = service_of(request)
        room = service.room(game_id)
        seat = room.seat_of(token)
        payload = service.payload(room, seat)
        payload["static"] = hooks.static_data(room.game_id, dict(room.state.game.options))
        return payload

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    async def post_action(request: Request, game_id: str, body: Move) -> dict[str, Any]:
        """Play one action; answers with the seat's new state (after any bot replies when bots do not pause)."""
        service = service_of(request)
        room = service.room(game_id)
        seat = await service.act(room, body.token, body.version, body.action)
        return service.payload(room, seat)

    @app.post("/api/games/{game_id}/undo", tags=["play"])
    async def post_undo(request: Request, game_id: str, body: TakeBack) -> dict[str, Any]:
        """Take back one's own last action while it revealed nothing (see docs/server.md, Undo)."""
        service = service_of(request)
        room = service.room(game_id)
        seat = await service.undo(room, body.token, body.version)
        return service.payload(room, seat)

    @app.get("/api/games/{game_id}/record", tags=["play"])
    async def get_record(request: Request, game_id: str, token: str | None = None) -> dict[str, Any]:
        """The game record: complete (replayable with ``ludoteca replay``) once the game is over; before that,
        the spectator's part without the seed or hidden action texts, whoever asks."""
        service = service_of(request)
        room = service.room(game_id)
        room.seat_of(token)  # a wrong token is refused even here
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
    async def game_socket(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Push the seat's state now and after every change; close 4404/4403 for an unknown game or token."""
        service = service_of(socket)
        try:
            room = service.room(game_id)
            seat = room.seat_of(token)
        except ApiError as error:
            await socket.close(code=4000 + error.status, reason=error.reason)
            return
        await socket.accept()
        hub.join(game_id, socket, seat)
        try:
            await socket.send_json(service.payload(room, seat))
            while True:
                await socket.receive_text()  # the client only listens; reading notices when it leaves
        except WebSocketDisconnect:
            pass
        finally:
            hub.leave(game_id, socket)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(request: Request, game_id: str) -> FileResponse:
        service_of(request).room(game_id)
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(request: Request, game_id: str) -> FileResponse:
        service_of(request).room(game_id)
        return FileResponse(STATIC / "replay.html")

    return app


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None, bot_delay: float = 0.6) -> None:
    """Run the server with uvicorn until interrupted (what ``ludoteca serve`` calls)."""
    import uvicorn

    app = create_app(database, bot_delay)
    limits: Limits = app.state.limits
    # Clients only listen on the WebSocket: a message as large as the body limit is already generous.
    ws_max_size = limits.max_body if limits.max_body > 0 else 16 * 1024 * 1024
    uvicorn.run(app, host=host, port=port, log_level="info", ws_max_size=ws_max_size)
