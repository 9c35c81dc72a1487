"""The WebSocket hub: who watches which game from which seat, and the push after every change.

Each connection belongs to one seat (or a spectator) and only ever receives that seat's payload,
computed once per seat and change, so a message can never carry another seat's hand.

A push never waits for a socket. Every socket has its own small queue and its own writer task: the
push puts the seat's payload (serialised once per seat and version) in each queue and returns. A
socket whose queue is full, or whose send has not gone through in ``SEND_SECONDS``, has fallen
behind: it is closed and forgotten, and the game goes on for everyone else. (Before, one socket that
never read blocked every move of its game once the system's buffers were full.) The number of sockets
per game and per client address is capped, so one client cannot hold thousands open.

A game socket that asked for log deltas (``?log=delta``, what the game page does) gets its seat's whole log
in its first message and after that only the entries its previous message did not carry, each message
naming the version its entries extend (``log_base``); a change that shortened the log (an undo) sends the
whole log again. The entries are always a slice of the seat's own visible log.

A socket follows either the game (``GAME``: its seat's payloads) or the table chat (``CHAT``: the chat's
messages, public); each only ever receives its own kind, through the same queues and caps.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

log = logging.getLogger("ludoteca.server")

QUEUE_MESSAGES = 8
"""Payloads a socket may have waiting; one more and it is dropped as too slow."""
SEND_SECONDS = 10.0
"""The longest one send may take before the socket is dropped as too slow."""
SOCKETS_PER_GAME = 64
SOCKETS_PER_ADDRESS = 32
TOO_SLOW = 4408
"""Close code for a socket dropped for not reading its messages."""
TOO_MANY = 4429
"""Close code for a socket refused by the per-game or per-address cap."""
GAME = "game"
CHAT = "chat"


class TooManySockets(Exception):
    """A game or a client address already has as many sockets as the hub allows."""


@dataclass(eq=False)
class Watcher:
    """One open socket: its game, seat and address, its queue of texts to send and its writer."""

    socket: WebSocket
    game_id: str
    seat: int | None
    address: str
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(QUEUE_MESSAGES))
    writer: asyncio.Task[None] | None = None
    kind: str = GAME
    delta: bool = False  # the client merges log deltas (it asked with ``?log=delta``)
    sent: tuple[int | None, int, int] | None = None  # (seat, version, log entries) of the last payload queued


class Hub:
    """Open WebSockets grouped by game, each with its own bounded queue and writer."""

    def __init__(self, per_game: int = SOCKETS_PER_GAME, per_address: int = SOCKETS_PER_ADDRESS,
                 send_seconds: float = SEND_SECONDS) -> None:
        self.watchers: dict[str, list[Watcher]] = {}
        self.per_game = per_game
        self.per_address = per_address
        self.send_seconds = send_seconds
        self.dropped = 0  # sockets closed for falling behind (for tests and logs)

    def join(self, game_id: str, socket: WebSocket, seat: int | None, address: str = "", kind: str = GAME,
             delta: bool = False) -> Watcher:
        """Register a socket; :class:`TooManySockets` if its game or its address is at the cap."""
        if len(self.watchers.get(game_id, [])) >= self.per_game:
            raise TooManySockets(f"this game already has {self.per_game} open connections")
        if address and sum(w.address == address for ws in self.watchers.values() for w in ws) >= self.per_address:
            raise TooManySockets(f"your address already has {self.per_address} open connections")
        watcher = Watcher(socket, game_id, seat, address, kind=kind, delta=delta)
        watcher.writer = asyncio.get_running_loop().create_task(self._write(watcher))
        self.watchers.setdefault(game_id, []).append(watcher)
        return watcher

    def leave(self, watcher: Watcher) -> None:
        left = [w for w in self.watchers.get(watcher.game_id, []) if w is not watcher]
        if left:
            self.watchers[watcher.game_id] = left
        else:
            self.watchers.pop(watcher.game_id, None)
        if watcher.writer is not None and watcher.writer is not asyncio.current_task():
            watcher.writer.cancel()

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, []))

    def watching(self, game_id: str) -> bool:
        """Whether a socket here follows the game itself (not only its chat): the process must keep it in step."""
        return any(watcher.kind == GAME for watcher in self.watchers.get(game_id, ()))

    def send(self, watcher: Watcher, payload: dict[str, Any]) -> None:
        """Queue one whole payload for one socket (its first state, or a seat's after it names its token)."""
        self._offer(watcher, json.dumps(payload))
        self._note_sent(watcher, payload)

    async def push(
        self, game_id: str, payload_for: Callable[[int | None, int | None, int | None], dict[str, Any]],
        log_epoch: int = 0,
    ) -> None:
        """Queue every watcher of ``game_id`` its own seat's payload; never waits for a socket.

        ``payload_for(seat, log_from, log_base)`` builds a seat's payload (a log delta when ``log_from`` is
        given); each distinct one is built and serialised once. A watcher that takes deltas gets the entries
        past those its last message carried, if that message was for the same seat at a version at or past
        ``log_epoch`` (since which the log has only grown); otherwise the whole log.
        """
        texts: dict[tuple[int | None, int | None, int | None], tuple[str, dict[str, Any]]] = {}
        for watcher in list(self.watchers.get(game_id, [])):
            if watcher.kind != GAME:
                continue
            key: tuple[int | None, int | None, int | None] = (watcher.seat, None, None)
            sent = watcher.sent
            if watcher.delta and sent is not None and sent[0] == watcher.seat and sent[1] >= log_epoch:
                key = (watcher.seat, sent[2], sent[1])
            if key not in texts:
                payload = payload_for(*key)
                texts[key] = json.dumps(payload), payload
            text, payload = texts[key]
            watcher.seat = payload.get("seat")  # a resigned seat's socket is a spectator's from now on
            self._offer(watcher, text)
            self._note_sent(watcher, payload)

    @staticmethod
    def _note_sent(watcher: Watcher, payload: dict[str, Any]) -> None:
        """Remember what a socket's client will hold once its queue is sent (messages go out in order, or the
        socket is dropped): the base of its next delta."""
        watcher.sent = (payload.get("seat"), payload.get("version", -1), payload.get("log_from", 0)
                        + len(payload.get("log", [])))

    def chat(self, game_id: str, message: dict[str, Any]) -> None:
        """Queue a chat message for every chat socket of ``game_id`` (the same text for all: it is public)."""
        text = json.dumps({"type": "chat", "message": message})
        for watcher in list(self.watchers.get(game_id, [])):
            if watcher.kind == CHAT:
                self._offer(watcher, text)

    def _offer(self, watcher: Watcher, text: str) -> None:
        try:
            watcher.queue.put_nowait(text)
        except asyncio.QueueFull:
            self._drop(watcher, "too many messages waiting")

    def _drop(self, watcher: Watcher, why: str) -> None:
        self.dropped += 1
        log.info("dropping a slow socket of game %s (%s)", watcher.game_id, why)
        self.leave(watcher)
        asyncio.get_running_loop().create_task(self._close(watcher, why))

    async def _close(self, watcher: Watcher, why: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(watcher.socket.close(code=TOO_SLOW, reason=f"too slow: {why}"), self.send_seconds)

    async def _write(self, watcher: Watcher) -> None:
        """Send the socket's queue in order; a send that hangs past ``send_seconds`` drops the socket."""
        while True:
            text = await watcher.queue.get()
            try:
                await asyncio.wait_for(watcher.socket.send_text(text), self.send_seconds)
            except TimeoutError:
                self._drop(watcher, f"a message took over {self.send_seconds:g} s")
                return
            except Exception:  # the browser went away between two moves
                log.debug("dropping a closed socket of game %s", watcher.game_id)
                self.leave(watcher)
                return
