"""Several processes, one database: how each process learns what the others did.

Every change is stored before it is applied (``service.py``), and the database refuses a second entry at
the same version, so processes cannot fork a game. What remains is to *hear* of the others' changes, to
push them to this process's own sockets and to move the bots whose turn came.

**The lazy follower.** A process keeps in step only the games it *serves* (``GameService.serves``): those with
a socket open on it, those whose bot move it is making, and those a request used in the last few seconds
(``SERVE_SECONDS``). Every other game it may hold is left as it was: the first request for it reads the entries
past the version held (one query; the whole game if it is not held, ``GameService.room``), and a game not
served for ``FORGET_SECONDS`` is dropped from memory. So two processes each serving their own games do not
each replay the other's actions, and a process's memory holds what it serves.

* **PostgreSQL**: every change sends ``NOTIFY ludoteca, '<game id> <version>[ bot]'`` in its own transaction
  (``Storage._notify``); a thread of each process ``LISTEN``\\ s and hands the notes to the event loop,
  which syncs at once the served games it is behind on, and ignores the others.
* **Any database** (SQLite's only way; PostgreSQL's safety net): a poll reads the stored versions of the
  served games (one small query) every ``poll_seconds`` and syncs those ahead of this process.

**Bots nobody follows.** Every change also stores whether a bot is to act (``games.bot_turn``). The process that
made the change moves the bot itself when it moves bots; otherwise (a ``--no-bots`` server, or it died before
taking the move's lease) the move is *waiting*: a bot to act, no live lease. The poll asks the database for the
moves waiting longer than ``BOT_GRACE`` (``Storage.waiting_bots``), and the process reads that one game, takes
the lease and moves; a worker (``eager``) also takes a move at once when a ``bot`` note names it. So a move
whose process died is taken up once its lease runs out, whoever follows the game.

The poll also reads the table chat's messages of the last few seconds, so that each process pushes to
its own sockets what was said through another (a chat message changes no version; on PostgreSQL its
``NOTIFY`` names version ``-2``, ``storage.CHAT_NOTE``, and the game's recent messages are read at once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from ludoteca.server.service import GameService
from ludoteca.server.storage import BOT_NOTE, CHANNEL, CHAT_NOTE

log = logging.getLogger("ludoteca.server")

POLL_SECONDS = 0.5
"""How often a process compares the stored versions with its own (SQLite; PostgreSQL polls 4x less)."""
CHAT_MARGIN = 5.0
"""Seconds of chat each poll reads again past the last poll: a message whose transaction began before the
last poll but committed after it is still read (each is pushed once: the service remembers them)."""
BOT_GRACE = 1.0
"""Seconds a bot move may wait, unleased, before a process that does not serve its game takes it: the process
that made the change takes the lease at once when it moves bots (``GameService.drive_bots``), so a move still
unleased after this is nobody's."""


class Follower:
    """Keeps one process's served games in step with the database, and finds the bot moves nobody is making:
    a poll task and, on PostgreSQL, a listener. ``eager``: take every bot move a note names (a worker)."""

    def __init__(self, service: GameService, poll_seconds: float | None = None, eager: bool = False) -> None:
        self.service = service
        listens = service.storage.notifies
        self.poll_seconds = poll_seconds if poll_seconds is not None else POLL_SECONDS * (4 if listens else 1)
        self.eager = eager
        self.heard: asyncio.Queue[str] = asyncio.Queue()
        self.stopping = threading.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self._poll()))
        if self.service.storage.notifies:
            self.tasks.append(loop.create_task(self._apply_heard()))
            self.thread = threading.Thread(target=self._listen, args=(loop,), name="ludoteca-listen", daemon=True)
            self.thread.start()

    async def stop(self) -> None:
        self.stopping.set()
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.thread is not None:
            await asyncio.to_thread(self.thread.join, 5)

    async def catch_up(self, game_id: str) -> None:
        """Sync one game (on the loop: see ``GameService.sync``) and tell this process's sockets (and bots, in a
        worker). A server leaves a bot move another process's change brought to the process that made the change
        (it moves the bot at once when it moves bots, already holding the lease); should nobody take it, the
        poll finds it waiting (``Storage.waiting_bots``). Trying the lease here would cost every process a
        write per bot move that another process is making."""
        service = self.service
        known = service.rooms.get(game_id)
        before = known.version if known is not None else -1
        room = service.sync(game_id)
        if room is None:
            return
        if room.version != before:
            await service.notify(room)
        if self.eager:
            service.wake_bots(room)

    async def take_bot_move(self, game_id: str) -> None:
        """A bot move nobody serving the game is making: read the game (it may be behind, or not held) and move."""
        service = self.service
        if not service.drive or game_id in service.load_errors:
            return
        room = service.rooms.get(game_id)
        if room is not None and room.driving:
            return  # this process is at it already
        room = service.sync(game_id)
        if room is not None:
            room.touched = time.monotonic()
            service.wake_bots(room)

    async def _poll(self) -> None:
        service = self.service
        while True:
            try:
                served = [key for key, room in service.rooms.items() if service.serves(room)]
                stored = await asyncio.to_thread(service.storage.versions_of, served) if served else {}
                for game_id, version in stored.items():
                    room = service.rooms.get(game_id)
                    if room is None:
                        continue
                    if version > room.version:
                        await self.catch_up(game_id)
                if service.drive:  # bot moves nobody is making (a process that died, a --no-bots writer)
                    before = datetime.now(UTC) - timedelta(seconds=0.0 if self.eager else BOT_GRACE)
                    for game_id in await asyncio.to_thread(service.storage.waiting_bots, before):
                        await self.take_bot_move(game_id)
                await service.chat_news(self.poll_seconds + CHAT_MARGIN)
                service.forget()
            except Exception:  # a database hiccup must not stop the following
                log.exception("polling the database failed")
            await asyncio.sleep(self.poll_seconds)

    async def _apply_heard(self) -> None:
        while True:
            game_id, version, *rest = [*(await self.heard.get()).split(" "), ""]
            if version == str(CHAT_NOTE):
                try:
                    await self.service.chat_news(CHAT_MARGIN, game_id)
                except Exception:
                    log.exception("reading the chat of game %s failed", game_id)
                continue
            room = self.service.rooms.get(game_id)
            try:
                if room is not None and self.service.serves(room):
                    if version.lstrip("-").isdigit() and 0 <= int(version) <= room.version:
                        continue  # this process wrote it, or has read it already
                    await self.catch_up(game_id)
                elif self.eager and BOT_NOTE in rest:
                    await self.take_bot_move(game_id)
                # Any other game: not followed here; a request for it reads it first (GameService.room).
            except Exception:
                log.exception("syncing game %s failed", game_id)

    def _listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """``LISTEN`` on PostgreSQL (a dedicated connection, in this thread) until stopped; reconnect on errors."""
        import psycopg

        url = self.service.storage.engine.url.set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while not self.stopping.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not self.stopping.is_set():
                        for note in connection.notifies(timeout=0.2):  # short: stop() waits for it
                            loop.call_soon_threadsafe(self.heard.put_nowait, note.payload)
            except Exception as error:  # the database restarted: listen again shortly
                if not self.stopping.is_set():
                    log.warning("listening to the database failed (%s); retrying", error)
                    self.stopping.wait(1.0)


def follow(service: GameService, **options: Any) -> Follower:
    """Start following the database for ``service`` (call inside the running event loop)."""
    follower = Follower(service, **options)
    follower.start()
    return follower
