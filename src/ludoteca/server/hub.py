"""The WebSocket hub: who watches which game from which seat, and the push after every change.

Each connection belongs to one seat (or a spectator) and only ever receives that seat's payload,
computed once per seat and change, so a message can never carry another seat's hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import WebSocket

log = logging.getLogger("ludoteca.server")


class Hub:
    """Open WebSockets grouped by game."""

    def __init__(self) -> None:
        self.watchers: dict[str, list[tuple[WebSocket, int | None]]] = {}

    def join(self, game_id: str, socket: WebSocket, seat: int | None) -> None:
        self.watchers.setdefault(game_id, []).append((socket, seat))

    def leave(self, game_id: str, socket: WebSocket) -> None:
        left = [(s, seat) for s, seat in self.watchers.get(game_id, []) if s is not socket]
        if left:
            self.watchers[game_id] = left
        else:
            self.watchers.pop(game_id, None)

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, []))

    async def push(self, game_id: str, payload_for: Callable[[int | None], dict[str, Any]]) -> None:
        """Send every watcher of ``game_id`` its own seat's payload; drop sockets that are gone."""
        cache: dict[int | None, dict[str, Any]] = {}
        for socket, seat in list(self.watchers.get(game_id, [])):
            if seat not in cache:
                cache[seat] = payload_for(seat)
            try:
                await socket.send_json(cache[seat])
            except Exception:  # the browser went away between two moves
                log.debug("dropping a closed socket of game %s", game_id)
                self.leave(game_id, socket)
